-- Fewer writes a message.
--
-- History with one person reads both directions through messages_received (recipient, sender,
-- id), one equality pair each; the conversations list reads my sent messages through the unique
-- (sender_id, client_id) index. messages_sent was a fourth index entry for every message.
DROP INDEX messages_sent;
-- Accounts are never deleted (they are marked deleted), and the check before every send reads
-- both people: the keys to users guarded nothing and cost two trigger queries a message, each
-- locking the user's row.
ALTER TABLE messages
    DROP CONSTRAINT messages_sender_id_fkey,
    DROP CONSTRAINT messages_recipient_id_fkey;
