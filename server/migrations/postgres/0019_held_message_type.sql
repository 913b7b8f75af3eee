-- A message held for staff keeps its type (a text, a custom card), so that staff releasing it
-- deliver it as it was sent.
ALTER TABLE safety_queue ADD COLUMN msg_type TEXT NOT NULL DEFAULT 'txt';
