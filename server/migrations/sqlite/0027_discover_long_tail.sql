-- Discover's long tail: a search nobody made lately reads few rows.
--
-- A first list holds only the first pages' people and counts the search up to 1,000 from the
-- index alone: the birthday joins the discover indexes, so an age range is checked in the
-- index before any row is read. Lists get their ids from the node that found them (random), so
-- they are written after the answer, several in one statement.
ALTER TABLE discover_lists ADD COLUMN counted INTEGER;

DROP INDEX users_discover;
CREATE INDEX users_discover ON users (gender, last_active_at, id, birthday)
    WHERE status = 'active' AND role <> 'service' AND held_at IS NULL;
DROP INDEX users_discover_country;
CREATE INDEX users_discover_country ON users (country, gender, last_active_at, id, birthday)
    WHERE status = 'active' AND role <> 'service' AND held_at IS NULL;
DROP INDEX users_discover_language;
CREATE INDEX users_discover_language ON users (country, gender, language, last_active_at, id, birthday)
    WHERE status = 'active' AND role <> 'service' AND held_at IS NULL;
