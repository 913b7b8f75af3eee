-- Chat: IM tokens bound to sessions, messages, and each account's event sequence.

CREATE TABLE im_tokens (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
);

CREATE TABLE messages (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    sender_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_id         TEXT    NOT NULL,
    kind              TEXT    NOT NULL,
    content           TEXT    NOT NULL,
    sender_seq        INTEGER NOT NULL,
    recipient_seq     INTEGER NOT NULL,
    created_at        INTEGER NOT NULL,
    delivered_at      INTEGER,
    read_at           INTEGER,
    recalled_at       INTEGER,
    sender_deleted    BOOLEAN NOT NULL DEFAULT FALSE,
    recipient_deleted BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (sender_id, client_id)
);
CREATE INDEX messages_sent ON messages (sender_id, recipient_id, id);
CREATE INDEX messages_received ON messages (recipient_id, sender_id, id);

-- Per account: the last number handed out, and every event in order. Events of kind 'message'
-- point at the message, so a replay shows its state now (a recalled message stays recalled).
CREATE TABLE user_sequences (
    user_id  INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    last_seq INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE user_events (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('message', 'receipt', 'recall', 'update')),
    message_id INTEGER REFERENCES messages (id) ON DELETE CASCADE,
    payload    TEXT    NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, seq)
);
