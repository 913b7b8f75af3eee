//! What photo verification holds about one person (`docs/privacy.md`): each selfie they sent,
//! with its pose, state and the reason given, in the archive; erased with the account, with a
//! selfie still waiting for staff.

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};
use crate::media::{archive_path, thumb_of};

pub const TABLES: Tables = &[("photo_verifications", Fate::Theirs)];

/// `verification.json`, and the keys of the selfies it names.
pub async fn export(db: &Db, me: i64) -> sqlx::Result<(Value, Vec<String>)> {
    let verified: Option<(bool,)> = on_db!(db, pool => sqlx::query_as(
        "SELECT COALESCE(verified_avatar_key = avatar_key, FALSE) FROM users WHERE id = $1",
    ).bind(me).fetch_optional(pool).await)?;
    type Row = (
        String,
        Option<String>,
        String,
        Option<String>,
        i64,
        Option<i64>,
    );
    let requests: Vec<Row> = on_db!(db, pool => sqlx::query_as(
        "SELECT pose, selfie_key, state, reason, created_at, decided_at
         FROM photo_verifications WHERE user_id = $1 ORDER BY id",
    ).bind(me).fetch_all(pool).await)?;
    let mut photos = Vec::new();
    let requests: Vec<Value> = requests
        .into_iter()
        .map(|(pose, selfie, state, reason, at, decided_at)| {
            let path = selfie.as_deref().map(archive_path);
            photos.extend(selfie);
            json!({
                "pose": pose, "selfie": path, "state": state, "reason": reason,
                "sentAt": rfc3339(at), "decidedAt": decided_at.map(rfc3339),
            })
        })
        .collect();
    let file = json!({
        "verified": verified.is_some_and(|(v,)| v),
        "requests": requests,
    });
    Ok((file, photos))
}

/// Removes their requests; answers the files of a selfie still waiting for staff.
pub async fn erase(tx: &mut Tx, user_id: i64) -> sqlx::Result<Vec<String>> {
    on_tx!(tx, conn => {
        let selfies: Vec<(String,)> = sqlx::query_as(
            "SELECT selfie_key FROM photo_verifications WHERE user_id = $1 AND selfie_key IS NOT NULL",
        ).bind(user_id).fetch_all(&mut **conn).await?;
        sqlx::query("DELETE FROM photo_verifications WHERE user_id = $1")
            .bind(user_id).execute(&mut **conn).await?;
        Ok(selfies.into_iter().flat_map(|(k,)| [thumb_of(&k), k]).collect())
    })
}
