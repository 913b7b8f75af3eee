-- Accounts, sessions, mail codes, the ledger and the mail outbox.
-- Times are unix seconds (INTEGER); the PostgreSQL twin uses BIGINT.

CREATE TABLE users (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    user_name         TEXT    NOT NULL,
    email             TEXT,
    password_hash     TEXT    NOT NULL,
    gender            TEXT    NOT NULL CHECK (gender IN ('female', 'male')),
    country           TEXT    NOT NULL,
    birthday          TEXT    NOT NULL,
    language          TEXT    NOT NULL,
    signature         TEXT,
    telephone         TEXT,
    avatar_key        TEXT,
    avatar_thumb_key  TEXT,
    email_verified    BOOLEAN NOT NULL DEFAULT FALSE,
    level             TEXT CHECK (level IN ('VIP', 'SVIP')),
    member_expires_at INTEGER,
    role              TEXT    NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'staff', 'service')),
    status            TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'banned', 'deleted')),
    created_at        INTEGER NOT NULL,
    last_active_at    INTEGER NOT NULL,
    deleted_at        INTEGER
);
CREATE UNIQUE INDEX users_user_name_key ON users (LOWER(user_name));
CREATE UNIQUE INDEX users_email_key ON users (LOWER(email));

CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash   TEXT    NOT NULL UNIQUE,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE email_codes (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     TEXT    NOT NULL CHECK (purpose IN ('verify', 'reset')),
    code_hash   TEXT    NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    used        BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);
CREATE INDEX email_codes_user ON email_codes (user_id, purpose);

-- The ledger: entries are only ever appended; balances are their running sums and can never
-- go negative (the CHECK holds under any interleaving of writers).
CREATE TABLE balances (
    user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    asset    TEXT    NOT NULL CHECK (asset IN ('coins', 'characters')),
    balance  INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
    PRIMARY KEY (user_id, asset)
);

CREATE TABLE ledger_entries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    asset           TEXT    NOT NULL CHECK (asset IN ('coins', 'characters')),
    amount          INTEGER NOT NULL CHECK (amount <> 0),
    balance_after   INTEGER NOT NULL CHECK (balance_after >= 0),
    reason          TEXT    NOT NULL,
    idempotency_key TEXT    NOT NULL UNIQUE,
    created_at      INTEGER NOT NULL
);
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, asset, id);

CREATE TABLE mail_outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient   TEXT    NOT NULL,
    subject     TEXT    NOT NULL,
    body        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
);
