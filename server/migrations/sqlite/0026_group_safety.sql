-- Trust & safety in groups. A report may be about a group (its owner answers for its name and
-- picture) or about one message in it (its sender answers for it); staff read the group's
-- history beside the report. A message set aside for staff may have been sent to a group: then
-- it has no recipient of its own, and staff releasing it deliver it to the group.
ALTER TABLE reports ADD COLUMN group_id INTEGER REFERENCES chat_groups (id) ON DELETE SET NULL;
ALTER TABLE reports ADD COLUMN group_event_id INTEGER REFERENCES group_events (id) ON DELETE SET NULL;

-- SQLite changes a column's NOT NULL by building the table again.
CREATE TABLE safety_queue_next (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    kind         TEXT    NOT NULL CHECK (kind IN ('caution', 'spam')),
    reason       TEXT    NOT NULL,
    sender_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    group_id     INTEGER REFERENCES chat_groups (id) ON DELETE CASCADE,
    message_id   INTEGER,
    client_id    TEXT    NOT NULL,
    content      TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at   INTEGER NOT NULL,
    decided_at   INTEGER,
    decided_by   INTEGER REFERENCES users (id),
    msg_type     TEXT    NOT NULL DEFAULT 'txt',
    CHECK ((recipient_id IS NULL) <> (group_id IS NULL))
);
INSERT INTO safety_queue_next (id, kind, reason, sender_id, recipient_id, message_id, client_id,
        content, status, created_at, decided_at, decided_by, msg_type)
    SELECT id, kind, reason, sender_id, recipient_id, message_id, client_id, content, status,
        created_at, decided_at, decided_by, msg_type
    FROM safety_queue;
DROP TABLE safety_queue;
ALTER TABLE safety_queue_next RENAME TO safety_queue;
CREATE INDEX safety_queue_open ON safety_queue (id) WHERE status = 'open';
-- A retried send queues nothing more.
CREATE UNIQUE INDEX safety_queue_client ON safety_queue (sender_id, client_id);

-- Group messages a member deleted for themself: hidden from their history, kept for the others.
CREATE TABLE group_hidden (
    user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    event_id INTEGER NOT NULL REFERENCES group_events (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, event_id)
);
