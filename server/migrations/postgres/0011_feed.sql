-- The social half: dynamics (posts) with photos, likes, flags and comments; the six-photo album;
-- announcements in several languages, released versions, and the web app's own error reports.

-- A dynamic's photos are the keys of its stored pictures, space-separated, in order (a thumbnail
-- sits beside each key). Counts are kept on the row, moved in the transaction that changes them,
-- so a feed page reads no aggregate. Ids grow with time: the feed pages by id (keyset).
CREATE TABLE dynamics (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content    TEXT    NOT NULL DEFAULT '',
    images     TEXT    NOT NULL DEFAULT '',
    likes      BIGINT  NOT NULL DEFAULT 0 CHECK (likes >= 0),
    comments   BIGINT  NOT NULL DEFAULT 0 CHECK (comments >= 0),
    created_at BIGINT  NOT NULL,
    edited_at  BIGINT,
    removed_at BIGINT
);
CREATE INDEX dynamics_user ON dynamics (user_id, id);
-- The red badge: new dynamics of the people someone likes since a moment.
CREATE INDEX dynamics_user_created ON dynamics (user_id, created_at);

CREATE TABLE dynamic_likes (
    dynamic_id BIGINT  NOT NULL REFERENCES dynamics (id) ON DELETE CASCADE,
    user_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (dynamic_id, user_id)
);

-- Flags wait for staff (the operator console's review queue) while `open`.
CREATE TABLE dynamic_flags (
    dynamic_id BIGINT  NOT NULL REFERENCES dynamics (id) ON DELETE CASCADE,
    user_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason     TEXT    NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (dynamic_id, user_id)
);
CREATE INDEX dynamic_flags_open ON dynamic_flags (status, created_at);

-- A top-level comment has no parent; a sub-comment's parent is always top-level. `subs` counts
-- a top-level comment's sub-comments.
CREATE TABLE comments (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    dynamic_id       BIGINT  NOT NULL REFERENCES dynamics (id) ON DELETE CASCADE,
    user_id          BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id        BIGINT  REFERENCES comments (id) ON DELETE CASCADE,
    reply_to_user_id BIGINT  REFERENCES users (id) ON DELETE SET NULL,
    content          TEXT    NOT NULL,
    subs             BIGINT  NOT NULL DEFAULT 0 CHECK (subs >= 0),
    created_at       BIGINT  NOT NULL
);
CREATE INDEX comments_dynamic ON comments (dynamic_id, parent_id, id);
CREATE INDEX comments_parent ON comments (parent_id, id);

-- An album photo is shown to others once staff approved it and while its owner keeps it open.
CREATE TABLE album_photos (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    image_key   TEXT    NOT NULL,
    is_open     BOOLEAN NOT NULL DEFAULT TRUE,
    approved    BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  BIGINT  NOT NULL,
    reviewed_at BIGINT
);
CREATE INDEX album_photos_user ON album_photos (user_id, id);
CREATE INDEX album_photos_review ON album_photos (approved, id);

CREATE TABLE notices (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at BIGINT  NOT NULL,
    deleted_at BIGINT
);

-- A notice's text per language; the first written is the one shown where none matches.
CREATE TABLE notice_texts (
    notice_id  BIGINT  NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
    language   TEXT    NOT NULL,
    title      TEXT    NOT NULL,
    body       TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (notice_id, language)
);

CREATE TABLE versions (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    version     TEXT    NOT NULL,
    platform    TEXT    NOT NULL,
    notes       TEXT    NOT NULL,
    url         TEXT,
    mandatory   BOOLEAN NOT NULL DEFAULT FALSE,
    released_at BIGINT  NOT NULL,
    UNIQUE (platform, version)
);

CREATE TABLE client_errors (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT  REFERENCES users (id) ON DELETE SET NULL,
    message    TEXT    NOT NULL,
    stack      TEXT,
    url        TEXT    NOT NULL,
    user_agent TEXT,
    created_at BIGINT  NOT NULL
);
CREATE INDEX client_errors_created ON client_errors (created_at);

-- Blocks are looked up from both sides for every dynamic and comment shown.
CREATE INDEX blocks_pair_back ON blocks (blocked_id, blocker_id);
