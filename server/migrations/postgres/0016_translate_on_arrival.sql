-- Translated on arrival: a person may ask for a partner's new messages to be translated by the
-- server as they arrive (into their chosen language for that partner, else their own), so pushes
-- and the message list carry the translation. A row with target 'none' holds this choice alone.
ALTER TABLE chat_languages ADD COLUMN on_arrival BOOLEAN NOT NULL DEFAULT FALSE;
