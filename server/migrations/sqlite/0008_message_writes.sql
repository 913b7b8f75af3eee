-- Fewer writes a message.
--
-- History with one person reads both directions through messages_received (recipient, sender,
-- id), one equality pair each; the conversations list reads my sent messages through the unique
-- (sender_id, client_id) index. messages_sent was a fourth index entry for every message.
DROP INDEX messages_sent;
