-- Translations of what people read outside the chat: a dynamic, a comment on one, a person's
-- About me (`kind`, and `item_id` the dynamic's, the comment's or the person's id). Kept per
-- reader, target language and the source text's hash, so reading again costs nothing and an
-- edited text is a new one.
CREATE TABLE text_translations (
    reader_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('dynamic', 'comment', 'about')),
    item_id     BIGINT  NOT NULL,
    target      TEXT    NOT NULL,
    source_hash TEXT    NOT NULL,
    text        TEXT    NOT NULL,
    characters  BIGINT  NOT NULL,
    provider    TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    PRIMARY KEY (reader_id, kind, item_id, target, source_hash)
);
CREATE INDEX text_translations_item ON text_translations (kind, item_id);
