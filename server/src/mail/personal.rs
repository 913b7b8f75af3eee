//! What outgoing mail holds about one person (`docs/privacy.md`): mail still waiting in the
//! outbox for their address, removed with the account.

use crate::db::{on_tx, Fate, Tables, Tx};

pub const TABLES: Tables = &[(
    "mail_outbox",
    Fate::Removed("mail waiting to be sent to them"),
)];

/// Removes the mail waiting for `email`.
pub async fn erase(tx: &mut Tx, email: &str) -> sqlx::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("DELETE FROM mail_outbox WHERE LOWER(recipient) = LOWER($1)")
            .bind(email).execute(&mut **conn).await?;
        Ok(())
    })
}
