-- People: likes (a wink is the same act), footprints, blocks, reports, contacts and remarks,
-- when each list was last opened (for the red counters), and discover results served per day.

CREATE TABLE likes (
    liker_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    liked_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (liker_id, liked_id),
    CHECK (liker_id <> liked_id)
);
CREATE INDEX likes_liked ON likes (liked_id, created_at);

-- One footprint per viewer, viewed person and UTC day.
CREATE TABLE footprints (
    visitor_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    visited_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day        INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (visitor_id, visited_id, day)
);
CREATE INDEX footprints_visited ON footprints (visited_id, created_at);

CREATE TABLE blocks (
    blocker_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);

CREATE TABLE reports (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    reporter_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reason      TEXT    NOT NULL,
    content     TEXT,
    images      TEXT    NOT NULL DEFAULT '',
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at  INTEGER NOT NULL
);

CREATE TABLE contacts (
    owner_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    contact_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (owner_id, contact_id),
    CHECK (owner_id <> contact_id)
);

CREATE TABLE remarks (
    owner_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    remark     TEXT    NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (owner_id, target_id)
);

CREATE TABLE list_seen (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    list    TEXT    NOT NULL CHECK (list IN ('likeTo', 'likeMe', 'visitor', 'dynamics')),
    seen_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, list)
);

CREATE TABLE discover_served (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day     INTEGER NOT NULL,
    served  INTEGER NOT NULL,
    PRIMARY KEY (user_id, day)
);

CREATE INDEX users_discover ON users (status, gender, last_active_at);
