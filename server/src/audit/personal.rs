//! What the staff audit log holds about one person (`docs/privacy.md`): every staff action about
//! them, kept after the account goes; it cannot be changed or deleted.

use crate::db::{Fate, Tables};

pub const TABLES: Tables = &[(
    "audit_log",
    Fate::Kept("moderation: every staff action; it cannot be changed or deleted"),
)];
