-- Web Push: the server's VAPID key (one, shared by every node) and people's subscriptions.

CREATE TABLE vapid_keys (
    id          BIGINT  PRIMARY KEY CHECK (id = 1),
    private_key TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);

CREATE TABLE push_subscriptions (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint   TEXT    NOT NULL UNIQUE,
    p256dh     TEXT    NOT NULL,
    auth       TEXT    NOT NULL,
    created_at BIGINT  NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
