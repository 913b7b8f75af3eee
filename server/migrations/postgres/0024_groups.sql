-- Group chats. A group's history is one gapless sequence of its own (`group_events.seq`,
-- `chat_groups.last_seq` the last number handed out): messages, the system lines that say who
-- did what ("Yuki added Carlos") and recalls. Each message is stored once, whatever the number
-- of members; what a member has been shown and read is a cursor on the membership row, and a
-- membership is kept after it ends (`left_seq`: the last event that member is shown), so a
-- client that was offline still learns it was removed.
CREATE TABLE chat_groups (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name         TEXT    NOT NULL,
    avatar_key   TEXT,
    last_seq     BIGINT  NOT NULL DEFAULT 0,
    created_at   BIGINT  NOT NULL,
    -- Dissolved by its owner, or closed by staff: nothing more is sent to it.
    ended_at     BIGINT,
    closed_by    BIGINT  REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE group_members (
    group_id   BIGINT   NOT NULL REFERENCES chat_groups (id) ON DELETE CASCADE,
    user_id    BIGINT   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- 0 owner, 1 admin, 2 member (SPEC section 3).
    role       BIGINT   NOT NULL CHECK (role IN (0, 1, 2)),
    joined_seq BIGINT   NOT NULL,
    left_seq   BIGINT,
    read_seq   BIGINT   NOT NULL,
    muted_until BIGINT,
    added_by   BIGINT   REFERENCES users (id) ON DELETE SET NULL,
    added_at   BIGINT   NOT NULL,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user ON group_members (user_id, group_id);

CREATE TABLE group_events (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    group_id    BIGINT  NOT NULL REFERENCES chat_groups (id) ON DELETE CASCADE,
    seq         BIGINT  NOT NULL,
    -- 'message' (a member's), 'system' (a change of the group), 'recall' (of message `recalls`).
    kind        TEXT    NOT NULL CHECK (kind IN ('message', 'system', 'recall')),
    sender_id   BIGINT  REFERENCES users (id) ON DELETE SET NULL,
    client_id   TEXT,
    msg_type    TEXT    NOT NULL,
    content     TEXT    NOT NULL,
    recalls     BIGINT,
    created_at  BIGINT  NOT NULL,
    recalled_at BIGINT,
    UNIQUE (group_id, seq),
    UNIQUE (sender_id, client_id)
);
CREATE INDEX group_events_sender ON group_events (sender_id, created_at);

-- People who may be added to groups only by people they have matched with.
CREATE TABLE group_adds_from_matches (
    user_id    BIGINT  NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT  NOT NULL
);
