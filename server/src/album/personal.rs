//! What the album holds about one person (`docs/privacy.md`): their photos with their state, in
//! the archive with their bytes, and erased with the account.

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};
use crate::media::{archive_path, thumb_of};

pub const TABLES: Tables = &[("album_photos", Fate::Theirs)];

/// `album.json`, and the keys of the photos it names.
pub async fn export(db: &Db, me: i64) -> sqlx::Result<(Value, Vec<String>)> {
    let album: Vec<(i64, String, bool, bool, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT id, image_key, is_open, approved, created_at FROM album_photos WHERE user_id = $1 ORDER BY id",
    ).bind(me).fetch_all(pool).await)?;
    let mut photos = Vec::new();
    let album: Vec<Value> = album
        .into_iter()
        .map(|(id, key, open, approved, at)| {
            let state = match (approved, open) {
                (false, _) => "review",
                (true, true) => "open",
                (true, false) => "private",
            };
            let path = archive_path(&key);
            photos.push(key);
            json!({ "id": id, "photo": path, "state": state, "isOpen": open, "createdAt": rfc3339(at) })
        })
        .collect();
    Ok((json!({ "photos": album }), photos))
}

/// Removes their photos; answers their files.
pub async fn erase(tx: &mut Tx, user_id: i64) -> sqlx::Result<Vec<String>> {
    on_tx!(tx, conn => {
        let album: Vec<(String,)> = sqlx::query_as("SELECT image_key FROM album_photos WHERE user_id = $1")
            .bind(user_id).fetch_all(&mut **conn).await?;
        sqlx::query("DELETE FROM album_photos WHERE user_id = $1")
            .bind(user_id).execute(&mut **conn).await?;
        Ok(album.into_iter().flat_map(|(k,)| [thumb_of(&k), k]).collect())
    })
}
