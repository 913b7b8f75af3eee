-- Being told the truth about a ban: the reason staff picked from a short list (`ban_code`: spam,
-- fake_profile, inappropriate_content, harassment, underage, scam or other; `ban_reason` stays
-- staff's own note), and which ban of the person it is (`ban_count`, one more at every ban), so
-- that an appeal is once per ban.
ALTER TABLE users ADD COLUMN ban_code TEXT;
ALTER TABLE users ADD COLUMN ban_count INTEGER NOT NULL DEFAULT 0;

-- The sessions a ban ended: their bearer is told of the ban (403 with its reason and end)
-- rather than that the login expired. Deleted when the ban is lifted or they expire.
CREATE TABLE suspended_sessions (
    token_hash  TEXT    PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at  INTEGER NOT NULL
);
CREATE INDEX suspended_sessions_user ON suspended_sessions (user_id);

-- Short-lived passes given with a ban's answer: what an appeal is sent with, as a banned person
-- has no session. Stored hashed; good for the person's own ban only.
CREATE TABLE appeal_passes (
    token_hash  TEXT    PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ban         INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);
CREATE INDEX appeal_passes_user ON appeal_passes (user_id);

-- A banned person's appeal, once per ban: waiting in the review queue until staff lift the ban
-- (`lifted`) or keep it (`kept`).
CREATE TABLE ban_appeals (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ban         INTEGER NOT NULL,
    body        TEXT    NOT NULL,
    state       TEXT    NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'lifted', 'kept')),
    created_at  INTEGER NOT NULL,
    decided_at  INTEGER,
    UNIQUE (user_id, ban)
);
CREATE INDEX ban_appeals_waiting ON ban_appeals (state, id);
