-- Real payment providers: the provider's own reference for an order's checkout (a PayPal order,
-- a Stripe Checkout Session) and where the buyer was sent; money that went back afterwards.

ALTER TABLE orders ADD COLUMN provider_ref TEXT;
ALTER TABLE orders ADD COLUMN checkout_url TEXT;
-- When a refund, reversal or dispute took the purchase back (once, whatever came after).
ALTER TABLE orders ADD COLUMN reversed_at INTEGER;
CREATE UNIQUE INDEX orders_provider_ref ON orders (pay_type, provider_ref);

-- Every notice of money going back, once per provider's key (a refund, a dispute); what it took
-- back, and what it could not because it was spent (the shortfall, for the operator).
CREATE TABLE order_reversals (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id     INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    reversal_key TEXT    NOT NULL UNIQUE,
    -- The whole price went back (a partial refund leaves the purchase standing).
    whole        BOOLEAN NOT NULL,
    -- Coins or characters taken back, or seconds of membership.
    taken        INTEGER NOT NULL DEFAULT 0,
    shortfall    INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL
);
CREATE INDEX order_reversals_order ON order_reversals (order_id);
