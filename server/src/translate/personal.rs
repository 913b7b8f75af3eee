//! What translation holds about one person (`docs/privacy.md`): the language each of their
//! conversations is translated into and the translations of dynamics, comments and About me they
//! had made, in the archive; erased with the account, with every translation of what they wrote
//! (and the shared cache's copy of it) and the ones they asked for.

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};

use Fate::*;

pub const TABLES: Tables = &[
    ("chat_languages", Theirs),
    (
        "translations",
        Removed("translations of their messages and the ones they asked for"),
    ),
    (
        "group_translations",
        Removed("translations of their group messages and the ones they asked for"),
    ),
    ("text_translations", Theirs),
    (
        "translation_cache",
        Removed("the shared cache's copies of their messages' translations"),
    ),
    (
        "translation_allowance",
        Removed("translation allowance counters"),
    ),
];

/// What person `$1` wrote that others may have had translated, as statements answering ids, from
/// the domains that keep it (`chat::personal`, `feed::personal`).
pub struct Written {
    pub messages: &'static str,
    pub group_messages: &'static str,
    pub dynamics: &'static str,
    pub comments: &'static str,
}

/// The archive's `languages.chat` and `languages.translationsRead` in `profile.json`.
pub async fn export(db: &Db, me: i64) -> sqlx::Result<(Value, Value)> {
    let chat: Vec<(i64, String, String, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT c.partner_id, u.user_name, c.target, c.updated_at
         FROM chat_languages c JOIN users u ON u.id = c.partner_id WHERE c.user_id = $1 ORDER BY c.partner_id",
    ).bind(me).fetch_all(pool).await)?;
    let read: Vec<(String, i64, String, String, i64, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT kind, item_id, target, text, characters, created_at
         FROM text_translations WHERE reader_id = $1 ORDER BY created_at, kind, item_id",
    ).bind(me).fetch_all(pool).await)?;
    let chat = chat
        .iter()
        .map(|(id, name, target, at)| {
            json!({
                "with": { "userId": id, "userName": name }, "language": target,
                "updatedAt": rfc3339(*at),
            })
        })
        .collect();
    let read = read
        .iter()
        .map(|(kind, id, target, text, characters, at)| {
            json!({
                "kind": kind, "id": id, "language": target, "text": text,
                "characters": characters, "createdAt": rfc3339(*at),
            })
        })
        .collect();
    Ok((Value::Array(chat), Value::Array(read)))
}

/// Removes the translations of what they wrote and of what they asked for, the shared cache's
/// copies of the former, their chat languages and allowance. Runs before the domains that keep
/// what they wrote erase it.
pub async fn erase(tx: &mut Tx, user_id: i64, written: &Written) -> sqlx::Result<()> {
    let Written {
        messages,
        group_messages,
        dynamics,
        comments,
    } = written;
    on_tx!(tx, conn => {
        sqlx::query(&format!(
            "DELETE FROM translation_cache WHERE EXISTS (
                SELECT 1 FROM translations t
                WHERE t.message_id IN ({messages}) AND t.target = translation_cache.target
                  AND t.text = translation_cache.text)",
        )).bind(user_id).execute(&mut **conn).await?;
        sqlx::query(&format!(
            "DELETE FROM translations WHERE reader_id = $1 OR message_id IN ({messages})",
        )).bind(user_id).execute(&mut **conn).await?;
        sqlx::query(&format!(
            "DELETE FROM translation_cache WHERE EXISTS (
                SELECT 1 FROM group_translations t
                WHERE t.message_id IN ({group_messages}) AND t.target = translation_cache.target
                  AND t.text = translation_cache.text)",
        )).bind(user_id).execute(&mut **conn).await?;
        sqlx::query(&format!(
            "DELETE FROM group_translations WHERE reader_id = $1 OR message_id IN ({group_messages})",
        )).bind(user_id).execute(&mut **conn).await?;
        let theirs = format!(
            "(kind = 'dynamic' AND item_id IN ({dynamics}))
            OR (kind = 'comment' AND item_id IN ({comments}))
            OR (kind = 'about' AND item_id = $1)"
        );
        sqlx::query(&format!(
            "DELETE FROM translation_cache WHERE EXISTS (
                SELECT 1 FROM (SELECT source_hash, target FROM text_translations WHERE {theirs}) t
                WHERE t.source_hash = translation_cache.source_hash AND t.target = translation_cache.target)",
        )).bind(user_id).execute(&mut **conn).await?;
        sqlx::query(&format!("DELETE FROM text_translations WHERE reader_id = $1 OR {theirs}"))
            .bind(user_id).execute(&mut **conn).await?;
        for sql in [
            "DELETE FROM chat_languages WHERE user_id = $1 OR partner_id = $1",
            "DELETE FROM translation_allowance WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }
        Ok(())
    })
}
