-- Group chats. A group's history is one gapless sequence of its own (`group_events.seq`,
-- `chat_groups.last_seq` the last number handed out): messages, the system lines that say who
-- did what ("Yuki added Carlos") and recalls. Each message is stored once, whatever the number
-- of members; what a member has been shown and read is a cursor on the membership row, and a
-- membership is kept after it ends (`left_seq`: the last event that member is shown), so a
-- client that was offline still learns it was removed.
CREATE TABLE chat_groups (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    name         TEXT    NOT NULL,
    avatar_key   TEXT,
    last_seq     INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL,
    -- Dissolved by its owner, or closed by staff: nothing more is sent to it.
    ended_at     INTEGER,
    closed_by    INTEGER REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE group_members (
    group_id   INTEGER  NOT NULL REFERENCES chat_groups (id) ON DELETE CASCADE,
    user_id    INTEGER  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- 0 owner, 1 admin, 2 member (SPEC section 3).
    role       INTEGER  NOT NULL CHECK (role IN (0, 1, 2)),
    joined_seq INTEGER  NOT NULL,
    left_seq   INTEGER,
    read_seq   INTEGER  NOT NULL,
    muted_until INTEGER,
    added_by   INTEGER  REFERENCES users (id) ON DELETE SET NULL,
    added_at   INTEGER  NOT NULL,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user ON group_members (user_id, group_id);

CREATE TABLE group_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    group_id    INTEGER NOT NULL REFERENCES chat_groups (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    -- 'message' (a member's), 'system' (a change of the group), 'recall' (of message `recalls`).
    kind        TEXT    NOT NULL CHECK (kind IN ('message', 'system', 'recall')),
    sender_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    client_id   TEXT,
    msg_type    TEXT    NOT NULL,
    content     TEXT    NOT NULL,
    recalls     INTEGER,
    created_at  INTEGER NOT NULL,
    recalled_at INTEGER,
    UNIQUE (group_id, seq),
    UNIQUE (sender_id, client_id)
);
CREATE INDEX group_events_sender ON group_events (sender_id, created_at);

-- People who may be added to groups only by people they have matched with.
CREATE TABLE group_adds_from_matches (
    user_id    INTEGER NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
);
