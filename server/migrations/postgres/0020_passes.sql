-- People passed in Discover's card deck: not offered again to whoever passed them for 30 days
-- (counted from `created_at`); liking them or undoing the pass removes the row.
CREATE TABLE passes (
    passer_id  BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    passed_id  BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT  NOT NULL,
    PRIMARY KEY (passer_id, passed_id)
);
CREATE INDEX passes_passed ON passes (passed_id);
