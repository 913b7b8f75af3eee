//! What notifications hold about one person (`docs/privacy.md`): their push settings with quiet
//! hours and their push subscriptions, in the archive; erased with the account, with the record
//! of pushes sent to them.

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};
use crate::notify::settings::clock_time;

use Fate::*;

pub const TABLES: Tables = &[
    ("push_subscriptions", Theirs),
    ("push_settings", Theirs),
    ("push_sent", Removed("the record of pushes sent")),
    ("vapid_keys", NotPersonal("the server's key for web push")),
];

type SettingsRow = (
    bool,
    bool,
    bool,
    bool,
    bool,
    bool,
    Option<i64>,
    Option<i64>,
    String,
    i64,
);

/// The archive's `settings` in `profile.json`.
pub async fn export(db: &Db, me: i64) -> sqlx::Result<Value> {
    let settings: Option<SettingsRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT messages, likes, visitors, matches, gifts, announcements, quiet_from, quiet_to, time_zone, updated_at
         FROM push_settings WHERE user_id = $1",
    ).bind(me).fetch_optional(pool).await)?;
    let push = match settings {
        Some((
            messages,
            likes,
            visitors,
            matches,
            gifts,
            announcements,
            from,
            to,
            zone,
            updated,
        )) => {
            json!({
                "messages": messages, "likes": likes, "visitors": visitors, "matches": matches,
                "gifts": gifts, "announcements": announcements,
                "quietHours": from.zip(to).map(|(from, to)| json!({ "from": clock_time(from), "to": clock_time(to) })),
                "timeZone": zone, "updatedAt": rfc3339(updated),
            })
        }
        // Never changed: every kind on, no quiet hours.
        None => json!({
            "messages": true, "likes": true, "visitors": true, "matches": true, "gifts": true,
            "announcements": true, "quietHours": null, "timeZone": "UTC",
            "updatedAt": null,
        }),
    };
    let subscriptions: Vec<(String, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT endpoint, created_at FROM push_subscriptions WHERE user_id = $1 ORDER BY id",
    ).bind(me).fetch_all(pool).await)?;
    Ok(json!({
        "push": push,
        "pushSubscriptions": subscriptions.iter().map(|(endpoint, at)| json!({
            "endpoint": endpoint, "createdAt": rfc3339(*at),
        })).collect::<Vec<_>>(),
    }))
}

/// Removes their subscriptions, settings and the record of pushes sent to them.
pub async fn erase(tx: &mut Tx, user_id: i64) -> sqlx::Result<()> {
    on_tx!(tx, conn => {
        for sql in [
            "DELETE FROM push_subscriptions WHERE user_id = $1",
            "DELETE FROM push_settings WHERE user_id = $1",
            "DELETE FROM push_sent WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }
        Ok(())
    })
}
