//! What notices hold about one person (`docs/privacy.md`): notices written to them alone and the
//! error reports their app sent, removed with the account. Announcements to everyone and the
//! released versions are nobody's.

use crate::db::{on_tx, Fate, Tables, Tx};

use Fate::*;

pub const TABLES: Tables = &[
    ("notices", Removed("notices written to them alone")),
    (
        "notice_texts",
        Removed("the texts of notices written to them alone, removed with the notice"),
    ),
    ("client_errors", Removed("web app error reports")),
    ("versions", NotPersonal("released versions of the app")),
];

/// Removes the notices written to them alone, with their texts, and their app's error reports.
pub async fn erase(tx: &mut Tx, user_id: i64) -> sqlx::Result<()> {
    on_tx!(tx, conn => {
        for sql in [
            "DELETE FROM notice_texts WHERE notice_id IN (SELECT id FROM notices WHERE user_id = $1)",
            "DELETE FROM notices WHERE user_id = $1",
            "DELETE FROM client_errors WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }
        Ok(())
    })
}
