//! What the feed holds about one person (`docs/privacy.md`): their dynamics with their photos,
//! their comments and the dynamics they liked, in the archive; erased with the account, with the
//! counts on other people's dynamics and comments taken again.

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};
use crate::media::{archive_path, thumb_of};

use Fate::*;

pub const TABLES: Tables = &[
    ("dynamics", Theirs),
    ("comments", Theirs),
    ("dynamic_likes", Theirs),
    (
        "dynamic_flags",
        Removed("flags they put on dynamics: staff's queue, not theirs to take"),
    ),
];

/// The ids of the dynamics person `$1` wrote, for a statement of another domain's about them.
pub const DYNAMICS_WRITTEN: &str = "SELECT id FROM dynamics WHERE user_id = $1";
/// The ids of the comments person `$1` wrote.
pub const COMMENTS_WRITTEN: &str = "SELECT id FROM comments WHERE user_id = $1";

/// Ids read from the database written into one statement at a time when counts are taken again.
const CHUNK: usize = 500;

/// `posts.json`, and the keys of the photos it names.
pub async fn export(db: &Db, me: i64) -> sqlx::Result<(Value, Vec<String>)> {
    type DynamicRow = (i64, String, String, i64, i64, i64, Option<i64>, Option<i64>);
    let dynamics: Vec<DynamicRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT id, content, images, likes, comments, created_at, edited_at, removed_at
         FROM dynamics WHERE user_id = $1 ORDER BY id",
    ).bind(me).fetch_all(pool).await)?;
    type CommentRow = (i64, i64, Option<i64>, Option<i64>, String, i64);
    let comments: Vec<CommentRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT id, dynamic_id, parent_id, reply_to_user_id, content, created_at
         FROM comments WHERE user_id = $1 ORDER BY id",
    ).bind(me).fetch_all(pool).await)?;
    let liked: Vec<(i64, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT dynamic_id, created_at FROM dynamic_likes WHERE user_id = $1 ORDER BY created_at",
    ).bind(me).fetch_all(pool).await)?;
    let mut photos = Vec::new();
    let dynamics: Vec<Value> = dynamics
        .into_iter()
        .map(|(id, content, images, likes, comments, at, edited, removed)| {
            let keys: Vec<String> = images.split_whitespace().map(str::to_owned).collect();
            let paths: Vec<String> = keys.iter().map(|k| archive_path(k)).collect();
            photos.extend(keys);
            json!({
                "id": id, "content": content, "photos": paths, "likes": likes, "comments": comments,
                "createdAt": rfc3339(at), "editedAt": edited.map(rfc3339),
                "removedByStaffAt": removed.map(rfc3339),
            })
        })
        .collect();
    let file = json!({
        "dynamics": dynamics,
        "comments": comments.iter().map(|(id, dynamic, parent, reply_to, content, at)| json!({
            "id": id, "dynamicId": dynamic, "parentId": parent, "replyToUserId": reply_to,
            "content": content, "createdAt": rfc3339(*at),
        })).collect::<Vec<_>>(),
        "likedDynamics": liked.iter().map(|(id, at)| json!({
            "dynamicId": id, "createdAt": rfc3339(*at),
        })).collect::<Vec<_>>(),
    });
    Ok((file, photos))
}

/// Removes their comments (with the replies under them) and likes on other people's dynamics,
/// whose counts are taken again, then their own dynamics with everything on them; answers the
/// files of their dynamics' photos.
pub async fn erase(tx: &mut Tx, user_id: i64) -> sqlx::Result<Vec<String>> {
    on_tx!(tx, conn => {
        let images: Vec<(String,)> = sqlx::query_as("SELECT images FROM dynamics WHERE user_id = $1")
            .bind(user_id).fetch_all(&mut **conn).await?;
        let commented: Vec<(i64,)> = sqlx::query_as("SELECT DISTINCT dynamic_id FROM comments WHERE user_id = $1")
            .bind(user_id).fetch_all(&mut **conn).await?;
        let answered: Vec<(i64,)> = sqlx::query_as(
            "SELECT DISTINCT parent_id FROM comments WHERE user_id = $1 AND parent_id IS NOT NULL",
        ).bind(user_id).fetch_all(&mut **conn).await?;
        let liked: Vec<(i64,)> = sqlx::query_as("SELECT dynamic_id FROM dynamic_likes WHERE user_id = $1")
            .bind(user_id).fetch_all(&mut **conn).await?;
        for sql in [
            "DELETE FROM comments WHERE user_id = $1",
            "DELETE FROM dynamic_likes WHERE user_id = $1",
            "DELETE FROM dynamic_flags WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }
        for ids in answered.chunks(CHUNK) {
            sqlx::query(&format!(
                "UPDATE comments SET subs = (SELECT COUNT(*) FROM comments s WHERE s.parent_id = comments.id)
                 WHERE id IN ({})", id_list(ids),
            )).execute(&mut **conn).await?;
        }
        for ids in commented.chunks(CHUNK) {
            sqlx::query(&format!(
                "UPDATE dynamics SET comments = (SELECT COUNT(*) FROM comments c WHERE c.dynamic_id = dynamics.id)
                 WHERE id IN ({})", id_list(ids),
            )).execute(&mut **conn).await?;
        }
        for ids in liked.chunks(CHUNK) {
            sqlx::query(&format!(
                "UPDATE dynamics SET likes = (SELECT COUNT(*) FROM dynamic_likes l WHERE l.dynamic_id = dynamics.id)
                 WHERE id IN ({})", id_list(ids),
            )).execute(&mut **conn).await?;
        }
        sqlx::query("DELETE FROM dynamics WHERE user_id = $1")
            .bind(user_id).execute(&mut **conn).await?;
        Ok(images
            .iter()
            .flat_map(|(images,)| images.split_whitespace())
            .flat_map(|k| [thumb_of(k), k.to_owned()])
            .collect())
    })
}

/// Ids read from the database, written into a statement.
fn id_list(ids: &[(i64,)]) -> String {
    ids.iter()
        .map(|(id,)| id.to_string())
        .collect::<Vec<_>>()
        .join(",")
}
