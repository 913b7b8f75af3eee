//! Album photos on SQLite and PostgreSQL. A photo is shown to others once staff approved it and
//! while its owner keeps it open; `waiting` and `review` are what the operator console calls.

use crate::db::{counted, on_db, on_tx, placeholders, Db};

/// An album photo as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PhotoRow {
    pub id: i64,
    pub user_id: i64,
    pub image_key: String,
    pub is_open: bool,
    pub approved: bool,
    pub created_at: i64,
}

/// A photo waiting for review, and whose it is.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct WaitingPhoto {
    #[sqlx(flatten)]
    pub photo: PhotoRow,
    pub user_name: String,
}

/// Adding would pass the album's size.
#[derive(Debug)]
pub struct AlbumFull;

#[derive(Clone, Debug)]
pub struct AlbumStore {
    db: Db,
}

const COLUMNS: &str = "id, user_id, image_key, is_open, approved, created_at";

impl AlbumStore {
    pub fn new(db: Db) -> AlbumStore {
        AlbumStore { db }
    }

    /// A person's photos, oldest first: all of them for the owner, the approved open ones for
    /// anyone else.
    pub async fn photos(&self, owner: i64, all: bool) -> sqlx::Result<Vec<PhotoRow>> {
        let shown = if all {
            ""
        } else {
            "AND approved = TRUE AND is_open = TRUE"
        };
        let sql =
            format!("SELECT {COLUMNS} FROM album_photos WHERE user_id = $1 {shown} ORDER BY id");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(owner).fetch_all(pool).await)
    }

    /// Adds photos unless the album would then hold more than `max`; counted and added in one
    /// write transaction, so two uploads at once cannot pass the limit together.
    pub async fn add(
        &self,
        owner: i64,
        keys: &[String],
        max: i64,
        now: i64,
    ) -> sqlx::Result<Result<(), AlbumFull>> {
        let mut tx = self.db.begin_write().await?;
        on_tx!(&mut tx, conn => {
            let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM album_photos WHERE user_id = $1")
                .bind(owner).fetch_one(&mut **conn).await?;
            if held + keys.len() as i64 > max {
                return Ok(Err(AlbumFull));
            }
            for key in keys {
                sqlx::query("INSERT INTO album_photos (user_id, image_key, created_at) VALUES ($1, $2, $3)")
                    .bind(owner).bind(key).bind(now).execute(&mut **conn).await?;
            }
        });
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// How many photos the album holds.
    pub async fn count(&self, owner: i64) -> sqlx::Result<i64> {
        on_db!(&self.db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM album_photos WHERE user_id = $1")
            .bind(owner).fetch_one(pool).await)
    }

    /// Those of `ids` that belong to `owner`.
    pub async fn owned(&self, owner: i64, ids: &[i64]) -> sqlx::Result<Vec<PhotoRow>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM album_photos WHERE user_id = $1 AND id IN ({})",
            placeholders(2, ids.len())
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query_as(&sql).bind(owner);
            for id in ids {
                q = q.bind(*id);
            }
            q.fetch_all(pool).await
        })
    }

    pub async fn set_open(&self, owner: i64, ids: &[i64], open: bool) -> sqlx::Result<()> {
        let sql = format!(
            "UPDATE album_photos SET is_open = $2 WHERE user_id = $1 AND id IN ({})",
            placeholders(3, ids.len())
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query(&sql).bind(owner).bind(open);
            for id in ids {
                q = q.bind(*id);
            }
            q.execute(pool).await.map(|_| ())
        })
    }

    pub async fn remove(&self, owner: i64, ids: &[i64]) -> sqlx::Result<()> {
        let sql = format!(
            "DELETE FROM album_photos WHERE user_id = $1 AND id IN ({})",
            placeholders(2, ids.len())
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query(&sql).bind(owner);
            for id in ids {
                q = q.bind(*id);
            }
            q.execute(pool).await.map(|_| ())
        })
    }

    /// Photos waiting for review with their owners' names, longest waiting first, and how many
    /// wait (up to `db::COUNTED`).
    pub async fn waiting(&self, limit: i64) -> sqlx::Result<(Vec<WaitingPhoto>, i64)> {
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(
                "SELECT p.id, p.user_id, p.image_key, p.is_open, p.approved, p.created_at, u.user_name
                 FROM album_photos p JOIN users u ON u.id = p.user_id
                 WHERE p.approved = FALSE ORDER BY p.id LIMIT $1",
            ).bind(limit).fetch_all(pool).await?;
            let waiting = sqlx::query_scalar(&counted("SELECT 1 FROM album_photos WHERE approved = FALSE"))
                .fetch_one(pool).await?;
            Ok((rows, waiting))
        })
    }

    /// Deletes every photo of a person (staff removing their content); answers the rows, to
    /// delete their files.
    pub async fn remove_all_of(&self, owner: i64) -> sqlx::Result<Vec<PhotoRow>> {
        let sql = format!("DELETE FROM album_photos WHERE user_id = $1 RETURNING {COLUMNS}");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(owner).fetch_all(pool).await)
    }

    /// Staff's decision on a photo waiting for review: approved, it is shown as its owner chose;
    /// rejected, it is deleted (its row is returned, to delete its files and tell its owner).
    /// None when no photo with this id waits.
    pub async fn review(&self, id: i64, approve: bool, now: i64) -> sqlx::Result<Option<PhotoRow>> {
        on_db!(&self.db, pool => {
            if approve {
                let sql = format!(
                    "UPDATE album_photos SET approved = TRUE, reviewed_at = $2 WHERE id = $1 AND approved = FALSE
                     RETURNING {COLUMNS}"
                );
                sqlx::query_as(&sql).bind(id).bind(now).fetch_optional(pool).await
            } else {
                let sql = format!("DELETE FROM album_photos WHERE id = $1 AND approved = FALSE RETURNING {COLUMNS}");
                sqlx::query_as(&sql).bind(id).fetch_optional(pool).await
            }
        })
    }
}
