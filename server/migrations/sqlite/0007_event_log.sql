-- The event log without foreign keys, clustered on (user_id, seq).
--
-- Only the chat store writes it, in the transaction that writes what an event points at, and
-- neither accounts (marked deleted) nor messages (hidden per side) are ever deleted, so the keys
-- guarded nothing and cost four lookups a message. WITHOUT ROWID: one B-tree, in the order a
-- replay reads it, instead of a table and its primary-key index.
CREATE TABLE user_events_log (
    user_id    INTEGER NOT NULL,
    seq        INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('message', 'receipt', 'recall', 'update')),
    message_id INTEGER,
    payload    TEXT    NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, seq)
) WITHOUT ROWID;
INSERT INTO user_events_log (user_id, seq, kind, message_id, payload, created_at)
    SELECT user_id, seq, kind, message_id, payload, created_at FROM user_events;
DROP TABLE user_events;
ALTER TABLE user_events_log RENAME TO user_events;
