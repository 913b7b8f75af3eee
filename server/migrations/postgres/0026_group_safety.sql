-- Trust & safety in groups. A report may be about a group (its owner answers for its name and
-- picture) or about one message in it (its sender answers for it); staff read the group's
-- history beside the report. A message set aside for staff may have been sent to a group: then
-- it has no recipient of its own, and staff releasing it deliver it to the group.
ALTER TABLE reports ADD COLUMN group_id BIGINT REFERENCES chat_groups (id) ON DELETE SET NULL;
ALTER TABLE reports ADD COLUMN group_event_id BIGINT REFERENCES group_events (id) ON DELETE SET NULL;

ALTER TABLE safety_queue ALTER COLUMN recipient_id DROP NOT NULL;
ALTER TABLE safety_queue ADD COLUMN group_id BIGINT REFERENCES chat_groups (id) ON DELETE CASCADE;
ALTER TABLE safety_queue ADD CONSTRAINT safety_queue_to
    CHECK ((recipient_id IS NULL) <> (group_id IS NULL));

-- Group messages a member deleted for themself: hidden from their history, kept for the others.
CREATE TABLE group_hidden (
    user_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    event_id BIGINT NOT NULL REFERENCES group_events (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, event_id)
);
