-- Failed sign-ins per account. Counted over a window (`account.login_failure_window_secs`):
-- past `rate_limit.login_per_account` of them the right password is delayed and wrong ones are
-- refused. Kept here rather than in memory so the count holds across restarts and nodes; the
-- sweep deletes rows older than the window. Right passwords are never written.
CREATE TABLE login_failures (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    failed_at   INTEGER NOT NULL
);
CREATE INDEX login_failures_user ON login_failures (user_id, failed_at);

-- Mail codes are counted per account and day (`account.codes_per_day`).
CREATE INDEX email_codes_user_created ON email_codes (user_id, created_at);

-- The sweep deletes expired sessions.
CREATE INDEX sessions_expires ON sessions (expires_at);
