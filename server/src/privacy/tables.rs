//! Every table the migrations make, and what a person's data in it becomes: taken with them in
//! the archive and removed with the account, removed only, kept (and why, as `docs/privacy.md`
//! says), or holding nothing about anyone. A table that is not here fails the story
//! `privacy_tables::every_table_says_what_account_deletion_does_with_it`, so a new table cannot
//! slip past account deletion unnoticed.

/// What a table's rows about a person become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Theirs: in the archive (`export.rs`) and removed or blanked with the account (`erase.rs`).
    Theirs,
    /// Removed with the account (`erase.rs`), and not in the archive: working records with
    /// nothing a person would take with them (sessions, codes, counters, markers).
    Removed(&'static str),
    /// Stays after the account goes, for the reason and the time `docs/privacy.md` gives.
    Kept(&'static str),
    /// Says nothing about any one person.
    NotPersonal(&'static str),
}

use Fate::*;

/// The tables, in the order of the privacy notice's sections.
pub const TABLES: &[(&str, Fate)] = &[
    // The profile and signing in.
    ("users", Theirs),
    ("sessions", Removed("signed-in devices: every device is signed out")),
    ("suspended_sessions", Removed("sessions a ban ended, kept to answer with the ban")),
    ("im_tokens", Removed("chat connection tokens")),
    ("email_codes", Removed("mail codes")),
    ("login_failures", Removed("failed sign-ins, for password guessing")),
    ("appeal_passes", Removed("the short-lived pass that lets a banned person appeal")),
    ("ban_appeals", Theirs),
    ("photo_verifications", Theirs),
    // Chat.
    ("messages", Theirs),
    ("user_events", Removed("the chat event log a device resumes from")),
    ("user_sequences", Removed("the chat event log's counter")),
    ("first_contacts", Removed("first-contact records for the new-account rules")),
    ("safety_queue", Kept("a message held for staff review keeps its row for moderation; its content is blanked")),
    ("chat_languages", Theirs),
    ("translations", Removed("translations of their messages and the ones they asked for")),
    ("text_translations", Theirs),
    ("translation_cache", Removed("the shared cache's copies of their messages' translations")),
    ("translation_allowance", Removed("translation allowance counters")),
    // Feed and album.
    ("dynamics", Theirs),
    ("comments", Theirs),
    ("dynamic_likes", Theirs),
    ("dynamic_flags", Removed("flags they put on dynamics: staff's queue, not theirs to take")),
    ("album_photos", Theirs),
    // People.
    ("likes", Theirs),
    ("matches", Theirs),
    ("passes", Theirs),
    ("visits", Theirs),
    ("footprints", Theirs),
    ("contacts", Theirs),
    ("remarks", Theirs),
    ("blocks", Theirs),
    ("discover_shown", Removed("who was shown to whom in discover")),
    ("list_seen", Removed("the red-badge markers")),
    ("discover_lists", NotPersonal("cached search results: people's ids only, gone within minutes; deleted accounts are never shown")),
    // Notifications and mail.
    ("push_subscriptions", Theirs),
    ("push_settings", Theirs),
    ("push_sent", Removed("the record of pushes sent")),
    ("notices", Removed("notices written to them alone")),
    ("notice_texts", Removed("the texts of notices written to them alone, removed with the notice")),
    ("mail_outbox", Removed("mail waiting to be sent to them")),
    // Money.
    ("balances", Kept("bookkeeping: 10 years after the year of the last ledger entry")),
    ("ledger_entries", Kept("bookkeeping: 10 years after the end of their year")),
    ("orders", Kept("bookkeeping: 10 years after the end of their year")),
    ("order_reversals", Kept("bookkeeping: as the order they reverse")),
    ("payment_discrepancies", Kept("bookkeeping: payments that did not match their order, as the order")),
    ("gifts_given", Kept("bookkeeping: coins moved between two people, as orders")),
    ("red_packets", Kept("bookkeeping: coins moved between two people, as orders")),
    ("coin_claims", Removed("free coin claim counters")),
    ("client_errors", Removed("web app error reports")),
    // Moderation.
    ("reports", Kept("moderation: what was reported and decided, as the audit log")),
    ("audit_log", Kept("moderation: every staff action; it cannot be changed or deleted")),
    // The catalogues and the server's own.
    ("products", NotPersonal("the shop's products")),
    ("gifts", NotPersonal("the gift catalogue")),
    ("versions", NotPersonal("released versions of the app")),
    ("vapid_keys", NotPersonal("the server's key for web push")),
];

/// What becomes of a table's rows about a person; none for a table the list does not know.
pub fn fate(table: &str) -> Option<Fate> {
    TABLES.iter().find(|(t, _)| *t == table).map(|(_, f)| *f)
}
