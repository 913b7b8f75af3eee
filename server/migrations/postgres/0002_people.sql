-- People: likes (a wink is the same act), footprints, blocks, reports, contacts and remarks,
-- when each list was last opened (for the red counters), and discover results served per day.

CREATE TABLE likes (
    liker_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    liked_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (liker_id, liked_id),
    CHECK (liker_id <> liked_id)
);
CREATE INDEX likes_liked ON likes (liked_id, created_at);

-- One footprint per viewer, viewed person and UTC day.
CREATE TABLE footprints (
    visitor_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    visited_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day        BIGINT  NOT NULL,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (visitor_id, visited_id, day)
);
CREATE INDEX footprints_visited ON footprints (visited_id, created_at);

CREATE TABLE blocks (
    blocker_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);

CREATE TABLE reports (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reporter_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason      TEXT    NOT NULL,
    content     TEXT,
    images      TEXT    NOT NULL DEFAULT '',
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at  BIGINT  NOT NULL
);

CREATE TABLE contacts (
    owner_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    contact_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (owner_id, contact_id),
    CHECK (owner_id <> contact_id)
);

CREATE TABLE remarks (
    owner_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_id  BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    remark     TEXT    NOT NULL,
    updated_at BIGINT  NOT NULL,
    PRIMARY KEY (owner_id, target_id)
);

CREATE TABLE list_seen (
    user_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    list    TEXT    NOT NULL CHECK (list IN ('likeTo', 'likeMe', 'visitor', 'dynamics')),
    seen_at BIGINT  NOT NULL,
    PRIMARY KEY (user_id, list)
);

CREATE TABLE discover_served (
    user_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day     BIGINT  NOT NULL,
    served  BIGINT  NOT NULL,
    PRIMARY KEY (user_id, day)
);

CREATE INDEX users_discover ON users (status, gender, last_active_at);
