-- Translations of group messages, per reader and target language, as `translations` holds those
-- of one-to-one messages: each reader translates into their own language and pays for it once.
CREATE TABLE group_translations (
    message_id BIGINT  NOT NULL REFERENCES group_events (id) ON DELETE CASCADE,
    reader_id  BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target     TEXT    NOT NULL,
    text       TEXT    NOT NULL,
    characters BIGINT  NOT NULL,
    provider   TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (message_id, reader_id, target)
);
CREATE INDEX group_translations_reader ON group_translations (reader_id);
