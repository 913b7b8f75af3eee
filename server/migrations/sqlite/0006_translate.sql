-- Translation: what each reader had translated (kept, so reading again costs nothing), a cache of
-- texts already translated into a language, the members' daily allowance used, and each
-- person's choice of language per chat partner.

CREATE TABLE translations (
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    reader_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target     TEXT    NOT NULL,
    text       TEXT    NOT NULL,
    characters INTEGER NOT NULL,
    provider   TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (message_id, reader_id, target)
);

CREATE TABLE translation_cache (
    source_hash TEXT    NOT NULL,
    target      TEXT    NOT NULL,
    text        TEXT    NOT NULL,
    provider    TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (source_hash, target)
);

CREATE TABLE translation_allowance (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day     INTEGER NOT NULL,
    used    INTEGER NOT NULL CHECK (used >= 0),
    PRIMARY KEY (user_id, day)
);

CREATE TABLE chat_languages (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    partner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target     TEXT    NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, partner_id)
);
