-- The event log without foreign keys.
--
-- Only the chat store writes it, in the transaction that writes what an event points at, and
-- neither accounts (marked deleted) nor messages (hidden per side) are ever deleted, so the keys
-- guarded nothing and cost four trigger queries a message.
ALTER TABLE user_events
    DROP CONSTRAINT user_events_user_id_fkey,
    DROP CONSTRAINT user_events_message_id_fkey;
