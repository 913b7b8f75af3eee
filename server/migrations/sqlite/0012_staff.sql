-- The operator's side: reports closed by staff, bans, a hold on people many have reported, the
-- trust & safety queue of messages, first contacts of new accounts, and the audit log.

-- How staff closed a report: dismiss, ban or remove (the reported person's public content).
ALTER TABLE reports ADD COLUMN action TEXT CHECK (action IN ('dismiss', 'ban', 'remove'));
ALTER TABLE reports ADD COLUMN closed_at INTEGER;
ALTER TABLE reports ADD COLUMN closed_by INTEGER REFERENCES users (id);
-- The queue reads the open reports in order, past however many closed ones; the closed are read
-- most recently closed first; a person's reports newest first.
CREATE INDEX reports_open ON reports (id) WHERE status = 'open';
CREATE INDEX reports_closed ON reports (closed_at, id) WHERE status = 'closed';
CREATE INDEX reports_target ON reports (target_id, id);

-- A banned account (`status = 'banned'`) stays banned until `banned_until` (NULL: until unbanned).
ALTER TABLE users ADD COLUMN ban_reason TEXT;
ALTER TABLE users ADD COLUMN banned_until INTEGER;
-- Set when enough different people reported someone lately: hidden from discover until staff
-- close the reports.
ALTER TABLE users ADD COLUMN held_at INTEGER;

-- Messages for staff to look at: a risky first message, delivered with a caution ('caution',
-- `message_id` set), or a message held as spam and not delivered ('spam', its content kept here).
CREATE TABLE safety_queue (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    kind         TEXT    NOT NULL CHECK (kind IN ('caution', 'spam')),
    reason       TEXT    NOT NULL,
    sender_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    message_id   INTEGER,
    client_id    TEXT    NOT NULL,
    content      TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at   INTEGER NOT NULL,
    decided_at   INTEGER,
    decided_by   INTEGER REFERENCES users (id)
);
CREATE INDEX safety_queue_open ON safety_queue (id) WHERE status = 'open';
-- A retried send queues nothing more.
CREATE UNIQUE INDEX safety_queue_client ON safety_queue (sender_id, client_id);

-- The conversations a new account started, for its daily cap.
CREATE TABLE first_contacts (
    sender_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (sender_id, recipient_id)
);
CREATE INDEX first_contacts_day ON first_contacts (sender_id, created_at);

-- Dynamics with open flags, and album photos waiting, in the order of the review queue.
CREATE INDEX dynamic_flags_queue ON dynamic_flags (dynamic_id) WHERE status = 'open';
CREATE INDEX album_photos_waiting ON album_photos (id) WHERE approved = FALSE;

-- Every staff action, as it happened. Rows are only ever added: the database refuses the rest.
-- `staff_id` NULL is an operator command on the server's machine.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    staff_id    INTEGER,
    action      TEXT    NOT NULL,
    target_kind TEXT    NOT NULL,
    target_id   TEXT    NOT NULL,
    before      TEXT,
    after       TEXT,
    created_at  INTEGER NOT NULL
);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id, id);
CREATE INDEX audit_log_staff ON audit_log (staff_id, id);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;

-- A notice for one person (a photo of theirs staff removed, say); NULL: for everyone.
ALTER TABLE notices ADD COLUMN user_id INTEGER REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX notices_user ON notices (user_id, id);
