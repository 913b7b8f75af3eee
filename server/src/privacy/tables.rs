//! Every domain's tables, and what a person's data in each becomes (`Fate`): each domain says it
//! in its own `personal.rs`, beside the code that writes those rows into the archive and erases
//! them. A table the migrations make that no domain names, or that two name, fails the story
//! `privacy_tables::every_table_says_what_account_deletion_does_with_it`, so a new table cannot
//! slip past account deletion unnoticed.

use crate::db::Tables;

/// The domains that own tables, by the name of their folder, in the order of the privacy
/// notice's sections.
pub const OWNERS: &[(&str, Tables)] = &[
    ("account", crate::account::personal::TABLES),
    ("verification", crate::verification::personal::TABLES),
    ("chat", crate::chat::personal::TABLES),
    ("translate", crate::translate::personal::TABLES),
    ("feed", crate::feed::personal::TABLES),
    ("album", crate::album::personal::TABLES),
    ("people", crate::people::personal::TABLES),
    ("notify", crate::notify::personal::TABLES),
    ("notices", crate::notices::personal::TABLES),
    ("mail", crate::mail::personal::TABLES),
    ("wallet", crate::wallet::personal::TABLES),
    ("ledger", crate::ledger::personal::TABLES),
    ("audit", crate::audit::personal::TABLES),
];
