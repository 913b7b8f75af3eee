-- The wallet: the catalogue (products and gifts, kept here and changed by operator commands),
-- orders, red packets, gifts given, and coin claims. Money itself moves only in the ledger.

CREATE TABLE products (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code        TEXT    NOT NULL UNIQUE,
    kind        TEXT    NOT NULL CHECK (kind IN ('member', 'gold', 'character')),
    level       TEXT    CHECK (level IN ('VIP', 'SVIP')),
    months      BIGINT,
    amount      BIGINT,
    price_cents BIGINT  NOT NULL CHECK (price_cents >= 0),
    currency    TEXT    NOT NULL,
    price_coins BIGINT  CHECK (price_coins > 0),
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    sort        BIGINT  NOT NULL DEFAULT 0
);

INSERT INTO products (code, kind, level, months, amount, price_cents, currency, price_coins, sort) VALUES
    ('vip-1m',   'member', 'VIP',  1,  NULL, 1999, 'USD', 2000, 10),
    ('vip-3m',   'member', 'VIP',  3,  NULL, 4999, 'USD', 5000, 11),
    ('vip-12m',  'member', 'VIP',  12, NULL, 14999, 'USD', NULL, 12),
    ('svip-1m',  'member', 'SVIP', 1,  NULL, 2999, 'USD', 3000, 20),
    ('svip-3m',  'member', 'SVIP', 3,  NULL, 7499, 'USD', NULL, 21),
    ('svip-12m', 'member', 'SVIP', 12, NULL, 22999, 'USD', NULL, 22),
    ('gold-100',  'gold', NULL, NULL, 100,  199,  'USD', NULL, 30),
    ('gold-600',  'gold', NULL, NULL, 600,  999,  'USD', NULL, 31),
    ('gold-1500', 'gold', NULL, NULL, 1500, 1999, 'USD', NULL, 32),
    ('chars-2000',  'character', NULL, NULL, 2000,  299, 'USD', 300,  40),
    ('chars-10000', 'character', NULL, NULL, 10000, 999, 'USD', 1000, 41),
    ('chars-50000', 'character', NULL, NULL, 50000, 3999, 'USD', NULL, 42);

CREATE TABLE orders (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id   BIGINT  NOT NULL REFERENCES products (id),
    pay_type     TEXT    NOT NULL,
    state        TEXT    NOT NULL CHECK (state IN ('unfinished', 'finished', 'cancelled', 'failed')),
    price_cents  BIGINT  NOT NULL,
    currency     TEXT    NOT NULL,
    price_coins  BIGINT,
    checkout     TEXT    NOT NULL,
    provider_txn TEXT    UNIQUE,
    created_at   BIGINT  NOT NULL,
    updated_at   BIGINT  NOT NULL
);
-- One unfinished order per person at a time.
CREATE UNIQUE INDEX orders_one_unfinished ON orders (user_id) WHERE state = 'unfinished';

CREATE TABLE gifts (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code        TEXT    NOT NULL UNIQUE,
    kind        TEXT    NOT NULL CHECK (kind IN ('card', 'other')),
    icon        TEXT    NOT NULL,
    price_coins BIGINT  NOT NULL CHECK (price_coins > 0),
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    sort        BIGINT  NOT NULL DEFAULT 0
);

INSERT INTO gifts (code, kind, icon, price_coins, sort) VALUES
    ('rose', 'other', '🌹', 10, 1),
    ('coffee', 'other', '☕', 20, 2),
    ('chocolate', 'other', '🍫', 30, 3),
    ('teddy', 'other', '🧸', 80, 4),
    ('ring', 'other', '💍', 500, 5),
    ('love-card', 'card', '💌', 50, 10),
    ('birthday-card', 'card', '🎂', 50, 11),
    ('thank-you-card', 'card', '🙏', 40, 12);

CREATE TABLE gifts_given (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    message_id  BIGINT  NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    sender_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    receiver_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    gift_id     BIGINT  NOT NULL REFERENCES gifts (id),
    price_paid  BIGINT  NOT NULL,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX gifts_given_receiver ON gifts_given (receiver_id, id);

CREATE TABLE red_packets (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    sender_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    receiver_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_id   TEXT    NOT NULL,
    amount      BIGINT  NOT NULL CHECK (amount > 0),
    blessing    TEXT    NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN ('unclaimed', 'received', 'returned')),
    created_at  BIGINT  NOT NULL,
    settled_at  BIGINT,
    UNIQUE (sender_id, client_id)
);
CREATE INDEX red_packets_open ON red_packets (state, created_at);

CREATE TABLE coin_claims (
    user_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day     BIGINT  NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('claim', 'watch')),
    times   BIGINT  NOT NULL,
    PRIMARY KEY (user_id, day, kind)
);
