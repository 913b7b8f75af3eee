//! Dynamics, their likes and flags, and comments on SQLite and PostgreSQL. What a viewer sees
//! goes through `shown`: never anything of a person they blocked or who blocked them, nor of a
//! banned or deleted account, nor a dynamic staff removed. Feeds page by id (keyset): page 50
//! costs what page 1 costs.

use crate::db::{counted, on_db, on_tx, placeholders, Db};
use crate::feed::model::{CommentRow, DynamicLike, DynamicRow};

/// The author columns of `u`.
const AUTHOR: &str = "u.id AS user_id, u.user_name, u.avatar_key, u.avatar_thumb_key, u.level,
    u.member_expires_at, u.gender, u.country, u.birthday, u.language";

/// The person `alias` may be shown to the viewer `$1`. Two `NOT EXISTS`, one per direction, so
/// each is one lookup in a primary key or in `blocks_pair_back`.
fn shown(alias: &str) -> String {
    format!(
        "{alias}.status = 'active'
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = {alias}.id)
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = {alias}.id AND b.blocked_id = $1)"
    )
}

/// Dynamics the viewer `$1` may see, with whether they like each: `filter` narrows the
/// dynamics (`AND ...`), `tail` orders and limits them. Limit first, then join: the inner query
/// walks `dynamics` alone (newest first by primary key, or by `dynamics_user` for one author)
/// and checks each author with lookups by key, until it has its page; only that page is joined
/// to its authors and to the viewer's likes (by primary key). A join over every dynamic would let
/// SQLite start from the people or build a filter of all of them, and let PostgreSQL hash all
/// of the viewer's likes, on every page.
fn dynamics_sql(filter: &str, tail: &str) -> String {
    dynamics_sql_with(filter, tail, "")
}

/// As [`dynamics_sql`], with `more` columns (each led by a comma) on every row.
fn dynamics_sql_with(filter: &str, tail: &str, more: &str) -> String {
    format!(
        "SELECT d.id, d.content, d.images, d.likes, d.comments, d.created_at, d.edited_at, {AUTHOR},
           (dl.user_id IS NOT NULL) AS liked {more}
         FROM (SELECT d.id FROM dynamics d
               WHERE d.removed_at IS NULL {filter}
                 AND EXISTS (SELECT 1 FROM users au WHERE au.id = d.user_id AND au.status = 'active')
                 AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = d.user_id)
                 AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = d.user_id AND b.blocked_id = $1)
               {tail}) page
         JOIN dynamics d ON d.id = page.id
         JOIN users u ON u.id = d.user_id
         LEFT JOIN dynamic_likes dl ON dl.dynamic_id = d.id AND dl.user_id = $1
         ORDER BY d.id DESC"
    )
}

/// Comments the viewer `$1` may see, walked from the comments to their authors (`CROSS JOIN`, as
/// for dynamics); `sub_count` is what the caller puts there.
fn comments_sql(sub_count: &str) -> String {
    format!(
        "SELECT c.id, c.dynamic_id, c.parent_id, c.reply_to_user_id, r.user_name AS reply_to_user_name,
           c.content, c.created_at, {AUTHOR}, {sub_count} AS sub_count
         FROM comments c CROSS JOIN users u
         LEFT JOIN users r ON r.id = c.reply_to_user_id
         WHERE u.id = c.user_id AND {}",
        shown("u")
    )
}

/// The sub-comments of `c` the viewer `$1` may see.
fn visible_subs() -> String {
    format!(
        "(SELECT COUNT(*) FROM comments s CROSS JOIN users su
          WHERE su.id = s.user_id AND s.parent_id = c.id AND {})",
        shown("su")
    )
}

/// Who owns a dynamic, and its photos (to delete them with it).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Owned {
    pub id: i64,
    pub user_id: i64,
    pub images: String,
}

/// A comment's place: its dynamic, its author and its parent.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CommentPlace {
    pub id: i64,
    pub dynamic_id: i64,
    pub user_id: i64,
    pub parent_id: Option<i64>,
}

/// A dynamic people flagged, waiting for staff: how many flagged it and why.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Flagged {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub content: String,
    pub images: String,
    pub created_at: i64,
    pub flags: i64,
    /// The reasons given, one a line.
    pub reasons: String,
}

#[derive(Clone, Debug)]
pub struct FeedStore {
    db: Db,
}

impl FeedStore {
    pub fn new(db: Db) -> FeedStore {
        FeedStore { db }
    }

    /// Newest first, below `before`; of one author when given.
    pub async fn feed(
        &self,
        viewer: i64,
        author: Option<i64>,
        before: i64,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<Vec<DynamicRow>> {
        // The limit and offset are written into the statement, not bound: PostgreSQL's plan
        // for a prepared statement with an unknown LIMIT walks every dynamic, so it would plan
        // each page afresh; page sizes are few, and the cursor keeps the offset at 0.
        let of_author = if author.is_some() {
            "AND d.user_id = $3"
        } else {
            ""
        };
        // Everyone's first page also says when the viewer last opened it (the red badge), in
        // the same statement: one lookup by key, made once for the statement.
        let badge = if author.is_none() && before == i64::MAX && offset == 0 {
            ", (SELECT seen_at FROM list_seen WHERE user_id = $1 AND list = 'dynamics') AS badge_seen_at"
        } else {
            ""
        };
        // A dynamic the viewer flagged is not listed to them again (a key lookup).
        let sql = dynamics_sql_with(
            &format!(
                "AND d.id < $2 {of_author}
                 AND NOT EXISTS (SELECT 1 FROM dynamic_flags f WHERE f.dynamic_id = d.id AND f.user_id = $1)"
            ),
            &format!("ORDER BY d.id DESC LIMIT {limit} OFFSET {offset}"),
            badge,
        );
        on_db!(&self.db, pool => {
            let q = sqlx::query_as(&sql).bind(viewer).bind(before);
            match author {
                Some(author) => q.bind(author).fetch_all(pool).await,
                None => q.fetch_all(pool).await,
            }
        })
    }

    /// One dynamic the viewer may see.
    pub async fn dynamic(&self, viewer: i64, id: i64) -> sqlx::Result<Option<DynamicRow>> {
        let sql = dynamics_sql("AND d.id = $2", "");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(viewer).bind(id).fetch_optional(pool).await)
    }

    /// The owners of those of `ids` that exist.
    pub async fn owners(&self, ids: &[i64]) -> sqlx::Result<Vec<Owned>> {
        let sql = format!(
            "SELECT id, user_id, images FROM dynamics WHERE removed_at IS NULL AND id IN ({})",
            placeholders(1, ids.len())
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query_as(&sql);
            for id in ids {
                q = q.bind(*id);
            }
            q.fetch_all(pool).await
        })
    }

    pub async fn publish(
        &self,
        user_id: i64,
        content: &str,
        images: &[String],
        now: i64,
    ) -> sqlx::Result<i64> {
        let images = images.join(" ");
        on_db!(&self.db, pool => sqlx::query_scalar(
            "INSERT INTO dynamics (user_id, content, images, created_at) VALUES ($1, $2, $3, $4)
             RETURNING id",
        ).bind(user_id).bind(content).bind(images).bind(now).fetch_one(pool).await)
    }

    pub async fn edit(&self, id: i64, content: &str, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "UPDATE dynamics SET content = $2, edited_at = $3 WHERE id = $1",
        ).bind(id).bind(content).bind(now).execute(pool).await.map(|_| ()))
    }

    /// Deletes dynamics with their comments, likes and flags.
    pub async fn delete(&self, ids: &[i64]) -> sqlx::Result<()> {
        let sql = format!(
            "DELETE FROM dynamics WHERE id IN ({})",
            placeholders(1, ids.len())
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query(&sql);
            for id in ids {
                q = q.bind(*id);
            }
            q.execute(pool).await.map(|_| ())
        })
    }

    /// Likes the dynamic, or takes the like back; the count moves with it.
    pub async fn toggle_like(&self, id: i64, user_id: i64, now: i64) -> sqlx::Result<DynamicLike> {
        let mut tx = self.db.begin_write().await?;
        let like = on_tx!(&mut tx, conn => {
            let taken_back = sqlx::query("DELETE FROM dynamic_likes WHERE dynamic_id = $1 AND user_id = $2")
                .bind(id).bind(user_id).execute(&mut **conn).await?.rows_affected() > 0;
            let (liked, step) = if taken_back {
                (false, -1_i64)
            } else {
                sqlx::query(
                    "INSERT INTO dynamic_likes (dynamic_id, user_id, created_at) VALUES ($1, $2, $3)",
                ).bind(id).bind(user_id).bind(now).execute(&mut **conn).await?;
                (true, 1)
            };
            let likes: i64 = sqlx::query_scalar(
                "UPDATE dynamics SET likes = likes + $2 WHERE id = $1 RETURNING likes",
            ).bind(id).bind(step).fetch_one(&mut **conn).await?;
            DynamicLike { liked, likes }
        });
        tx.commit().await?;
        Ok(like)
    }

    /// Flags a dynamic for staff; false when this person flagged it before.
    pub async fn flag(&self, id: i64, user_id: i64, reason: &str, now: i64) -> sqlx::Result<bool> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO dynamic_flags (dynamic_id, user_id, reason, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (dynamic_id, user_id) DO NOTHING",
        ).bind(id).bind(user_id).bind(reason).bind(now).execute(pool).await.map(|r| r.rows_affected() > 0))
    }

    /// The review queue of flagged dynamics, oldest dynamic first (read along the index of open
    /// flags, so a page costs the same however long the queue), and how many wait (up to
    /// `db::COUNTED`).
    pub async fn flagged(&self, limit: i64) -> sqlx::Result<(Vec<Flagged>, i64)> {
        on_db!(&self.db, pool => {
            let page: Vec<(i64, i64)> = sqlx::query_as(
                "SELECT dynamic_id, COUNT(*) FROM dynamic_flags WHERE status = 'open'
                 GROUP BY dynamic_id ORDER BY dynamic_id LIMIT $1",
            ).bind(limit).fetch_all(pool).await?;
            let waiting = sqlx::query_scalar(&counted(
                "SELECT DISTINCT dynamic_id FROM dynamic_flags WHERE status = 'open'",
            )).fetch_one(pool).await?;
            if page.is_empty() {
                return Ok((Vec::new(), waiting));
            }
            let list = placeholders(1, page.len());
            let dynamics_sql = format!(
                "SELECT d.id, d.user_id, u.user_name, d.content, d.images, d.created_at,
                        CAST(0 AS BIGINT) AS flags, '' AS reasons
                 FROM dynamics d JOIN users u ON u.id = d.user_id WHERE d.id IN ({list})"
            );
            let reasons_sql = format!(
                "SELECT dynamic_id, reason FROM dynamic_flags WHERE status = 'open' AND dynamic_id IN ({list})
                 ORDER BY created_at"
            );
            let mut dynamics = sqlx::query_as::<_, Flagged>(&dynamics_sql);
            let mut reasons = sqlx::query_as::<_, (i64, String)>(&reasons_sql);
            for (id, _) in &page {
                dynamics = dynamics.bind(*id);
                reasons = reasons.bind(*id);
            }
            let mut found = dynamics.fetch_all(pool).await?;
            let reasons = reasons.fetch_all(pool).await?;
            let mut rows = Vec::with_capacity(page.len());
            for (id, flags) in page {
                let Some(at) = found.iter().position(|d| d.id == id) else { continue };
                let given: Vec<&str> = reasons.iter().filter(|r| r.0 == id).map(|r| r.1.as_str()).collect();
                rows.push(Flagged { flags, reasons: given.join("\n"), ..found.swap_remove(at) });
            }
            Ok((rows, waiting))
        })
    }

    /// Staff's decision on a flagged dynamic: kept (its flags close) or removed for everyone,
    /// its author included (and its flags close). False when it has no open flag to decide on.
    /// Closes a dynamic's open flags, removing it for everyone when staff take it down; answers
    /// nothing when it had no open flag, else the author of what was taken down and the keys of
    /// the pictures taken down with it.
    pub async fn decide_flagged(
        &self,
        id: i64,
        remove: bool,
        now: i64,
    ) -> sqlx::Result<Option<(Option<i64>, Vec<String>)>> {
        let mut tx = self.db.begin_write().await?;
        let decided = on_tx!(&mut tx, conn => {
            let closed = sqlx::query("UPDATE dynamic_flags SET status = 'closed' WHERE dynamic_id = $1 AND status = 'open'")
                .bind(id).execute(&mut **conn).await?.rows_affected() > 0;
            let mut pictures = Vec::new();
            let mut author = None;
            if closed && remove {
                let removed: Option<(i64, String)> = sqlx::query_as(
                    "UPDATE dynamics SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL RETURNING user_id, images",
                )
                .bind(id).bind(now).fetch_optional(&mut **conn).await?;
                author = removed.as_ref().map(|r| r.0);
                pictures = keys_of(removed.iter().map(|r| &r.1));
            }
            closed.then_some((author, pictures))
        });
        tx.commit().await?;
        Ok(decided)
    }

    /// Removes every dynamic of a person for everyone (staff removing their content); answers
    /// how many, and the keys of their pictures.
    pub async fn remove_all_of(&self, user_id: i64, now: i64) -> sqlx::Result<(u64, Vec<String>)> {
        let mut tx = self.db.begin_write().await?;
        let taken_down = on_tx!(&mut tx, conn => {
            let removed: Vec<String> = sqlx::query_scalar(
                "UPDATE dynamics SET removed_at = $2 WHERE user_id = $1 AND removed_at IS NULL RETURNING images",
            )
            .bind(user_id).bind(now).fetch_all(&mut **conn).await?;
            sqlx::query(
                "UPDATE dynamic_flags SET status = 'closed'
                 WHERE status = 'open' AND dynamic_id IN (SELECT id FROM dynamics WHERE user_id = $1)",
            ).bind(user_id).execute(&mut **conn).await?;
            (removed.len() as u64, keys_of(removed.iter()))
        });
        tx.commit().await?;
        Ok(taken_down)
    }

    /// New dynamics of people `user_id` likes since they last opened the feed.
    pub async fn unseen(&self, user_id: i64) -> sqlx::Result<i64> {
        let sql = format!(
            "SELECT COUNT(*) FROM likes l CROSS JOIN dynamics d CROSS JOIN users u
             WHERE d.user_id = l.liked_id AND u.id = d.user_id AND l.liker_id = $1 AND d.removed_at IS NULL AND d.created_at >
               COALESCE((SELECT seen_at FROM list_seen WHERE user_id = $1 AND list = 'dynamics'), 0)
               AND {}",
            shown("u")
        );
        on_db!(&self.db, pool => sqlx::query_scalar(&sql).bind(user_id).fetch_one(pool).await)
    }

    /// Top-level comments of a dynamic, oldest first, and how many there are.
    pub async fn comments(
        &self,
        viewer: i64,
        dynamic_id: i64,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<CommentRow>, i64)> {
        let rows_sql = format!(
            "{} AND c.dynamic_id = $2 AND c.parent_id IS NULL ORDER BY c.id LIMIT $3 OFFSET $4",
            comments_sql(&visible_subs())
        );
        let count_sql = format!(
            "SELECT COUNT(*) FROM comments c CROSS JOIN users u
             WHERE u.id = c.user_id AND c.dynamic_id = $2 AND c.parent_id IS NULL AND {}",
            shown("u")
        );
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(&rows_sql).bind(viewer).bind(dynamic_id).bind(limit).bind(offset)
                .fetch_all(pool).await?;
            let total = sqlx::query_scalar(&count_sql).bind(viewer).bind(dynamic_id).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    /// Sub-comments of a top-level comment, oldest first, and how many there are.
    pub async fn sub_comments(
        &self,
        viewer: i64,
        parent_id: i64,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<CommentRow>, i64)> {
        let rows_sql = format!(
            "{} AND c.parent_id = $2 ORDER BY c.id LIMIT $3 OFFSET $4",
            comments_sql("CAST(0 AS BIGINT)")
        );
        let count_sql = format!(
            "SELECT COUNT(*) FROM comments c CROSS JOIN users u
             WHERE u.id = c.user_id AND c.parent_id = $2 AND {}",
            shown("u")
        );
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(&rows_sql).bind(viewer).bind(parent_id).bind(limit).bind(offset)
                .fetch_all(pool).await?;
            let total = sqlx::query_scalar(&count_sql).bind(viewer).bind(parent_id).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    /// The first `n` sub-comments of each of `parents`, oldest first.
    pub async fn first_sub_comments(
        &self,
        viewer: i64,
        parents: &[i64],
        n: i64,
    ) -> sqlx::Result<Vec<CommentRow>> {
        if parents.is_empty() {
            return Ok(Vec::new());
        }
        let inner = comments_sql("CAST(0 AS BIGINT)").replacen(
            " AS sub_count",
            " AS sub_count, ROW_NUMBER() OVER (PARTITION BY c.parent_id ORDER BY c.id) AS place",
            1,
        );
        let sql = format!(
            "SELECT * FROM ({inner} AND c.parent_id IN ({})) firsts WHERE place <= $2
             ORDER BY parent_id, id",
            placeholders(3, parents.len())
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query_as(&sql).bind(viewer).bind(n);
            for id in parents {
                q = q.bind(*id);
            }
            q.fetch_all(pool).await
        })
    }

    /// One comment the viewer may see.
    pub async fn comment(&self, viewer: i64, id: i64) -> sqlx::Result<Option<CommentRow>> {
        let sql = format!("{} AND c.id = $2", comments_sql(&visible_subs()));
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(viewer).bind(id).fetch_optional(pool).await)
    }

    /// Where a comment is, whoever may see it.
    pub async fn comment_place(&self, id: i64) -> sqlx::Result<Option<CommentPlace>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id, dynamic_id, user_id, parent_id FROM comments WHERE id = $1",
        ).bind(id).fetch_optional(pool).await)
    }

    /// Adds a comment; the dynamic's count and its parent's move with it.
    pub async fn add_comment(
        &self,
        dynamic_id: i64,
        user_id: i64,
        parent_id: Option<i64>,
        reply_to: Option<i64>,
        content: &str,
        now: i64,
    ) -> sqlx::Result<i64> {
        let mut tx = self.db.begin_write().await?;
        let id = on_tx!(&mut tx, conn => {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO comments (dynamic_id, user_id, parent_id, reply_to_user_id, content, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            ).bind(dynamic_id).bind(user_id).bind(parent_id).bind(reply_to).bind(content).bind(now)
                .fetch_one(&mut **conn).await?;
            sqlx::query("UPDATE dynamics SET comments = comments + 1 WHERE id = $1")
                .bind(dynamic_id).execute(&mut **conn).await?;
            if let Some(parent) = parent_id {
                sqlx::query("UPDATE comments SET subs = subs + 1 WHERE id = $1")
                    .bind(parent).execute(&mut **conn).await?;
            }
            id
        });
        tx.commit().await?;
        Ok(id)
    }

    /// Removes a comment with its sub-comments; the counts move with them.
    pub async fn remove_comment(&self, place: &CommentPlace) -> sqlx::Result<()> {
        let mut tx = self.db.begin_write().await?;
        on_tx!(&mut tx, conn => {
            let subs: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM comments WHERE parent_id = $1")
                .bind(place.id).fetch_one(&mut **conn).await?;
            let removed = sqlx::query("DELETE FROM comments WHERE id = $1")
                .bind(place.id).execute(&mut **conn).await?.rows_affected();
            if removed > 0 {
                sqlx::query("UPDATE dynamics SET comments = comments - $2 WHERE id = $1")
                    .bind(place.dynamic_id).bind(1 + subs).execute(&mut **conn).await?;
                if let Some(parent) = place.parent_id {
                    sqlx::query("UPDATE comments SET subs = subs - 1 WHERE id = $1")
                        .bind(parent).execute(&mut **conn).await?;
                }
            }
        });
        tx.commit().await?;
        Ok(())
    }

    /// The first demo profiles (`amora demo`), with their languages.
    pub async fn demo_authors(&self, n: i64) -> sqlx::Result<Vec<(i64, String)>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id, language FROM users WHERE email LIKE 'demo%@amora.app' AND email <> 'demo@amora.app'
             AND status = 'active' ORDER BY id LIMIT $1",
        ).bind(n).fetch_all(pool).await)
    }
}

/// The picture keys of dynamics' `images` columns (keys separated by spaces).
fn keys_of<'i>(images: impl Iterator<Item = &'i String>) -> Vec<String> {
    images
        .flat_map(|keys| keys.split_whitespace().map(str::to_owned))
        .collect()
}
