-- Payments a provider vouched for that do not match their order (another amount or currency):
-- nothing is granted; staff look at each in the review queue (and settle it at the provider).
-- One row per provider transaction, however often the return or the notification repeats it.
CREATE TABLE payment_discrepancies (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id     BIGINT  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    provider     TEXT    NOT NULL,
    provider_txn TEXT    NOT NULL UNIQUE,
    paid_cents   BIGINT  NOT NULL,
    paid_currency TEXT   NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at   BIGINT  NOT NULL,
    decided_at   BIGINT,
    decided_by   BIGINT REFERENCES users (id)
);
CREATE INDEX payment_discrepancies_open ON payment_discrepancies (id) WHERE status = 'open';
