-- Payments a provider vouched for that do not match their order (another amount or currency):
-- nothing is granted; staff look at each in the review queue (and settle it at the provider).
-- One row per provider transaction, however often the return or the notification repeats it.
CREATE TABLE payment_discrepancies (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id     INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    provider     TEXT    NOT NULL,
    provider_txn TEXT    NOT NULL UNIQUE,
    paid_cents   INTEGER NOT NULL,
    paid_currency TEXT   NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at   INTEGER NOT NULL,
    decided_at   INTEGER,
    decided_by   INTEGER REFERENCES users (id)
);
CREATE INDEX payment_discrepancies_open ON payment_discrepancies (id) WHERE status = 'open';
