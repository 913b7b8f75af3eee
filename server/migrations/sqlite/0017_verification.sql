-- Photo verification: a person copies a drawn pose in a selfie and staff compare it with their
-- profile photo. A request is pending until staff decide; its selfie is private and deleted with
-- the decision (selfie_key NULL then), the decision itself kept in the audit log. At most one
-- request waits per person.
CREATE TABLE photo_verifications (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    pose        TEXT    NOT NULL,
    selfie_key  TEXT,
    state       TEXT    NOT NULL DEFAULT 'pending',
    reason      TEXT,
    created_at  INTEGER NOT NULL,
    decided_at  INTEGER
);
CREATE INDEX photo_verifications_user ON photo_verifications (user_id, id);
CREATE UNIQUE INDEX photo_verifications_one_pending ON photo_verifications (user_id) WHERE state = 'pending';
CREATE INDEX photo_verifications_waiting ON photo_verifications (state, id);

-- The avatar an approved selfie matched: a person is verified while it is still their avatar,
-- so a new profile photo suspends the badge until a new selfie is approved.
ALTER TABLE users ADD COLUMN verified_avatar_key TEXT;
