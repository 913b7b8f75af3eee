-- What each person wants pushed, and when not. No row: every kind on, no quiet hours.
CREATE TABLE push_settings (
    user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    messages      BOOLEAN NOT NULL DEFAULT TRUE,
    likes         BOOLEAN NOT NULL DEFAULT TRUE,
    visitors      BOOLEAN NOT NULL DEFAULT TRUE,
    matches       BOOLEAN NOT NULL DEFAULT TRUE,
    gifts         BOOLEAN NOT NULL DEFAULT TRUE,
    announcements BOOLEAN NOT NULL DEFAULT TRUE,
    -- Quiet hours in minutes after midnight in the person's time zone: both or neither.
    quiet_from    INTEGER,
    quiet_to      INTEGER,
    time_zone     TEXT    NOT NULL DEFAULT 'UTC',
    updated_at    INTEGER NOT NULL
);

-- Pushes about likes, visitors and matches sent in the last hour, to keep them to a few an hour.
CREATE TABLE push_sent (
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind    TEXT    NOT NULL,
    sent_at INTEGER NOT NULL
);
CREATE INDEX push_sent_user ON push_sent (user_id, sent_at);
