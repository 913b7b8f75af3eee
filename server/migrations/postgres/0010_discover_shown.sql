-- Discover's daily allowance counts different people shown, not cards served: a person seen
-- again the same day costs nothing.
DROP TABLE discover_served;

CREATE TABLE discover_shown (
    viewer_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day       BIGINT  NOT NULL,
    shown_id  BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (viewer_id, day, shown_id)
);
