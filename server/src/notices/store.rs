//! Announcements (with a text per language), released versions and the web app's error reports
//! on SQLite and PostgreSQL.

use crate::db::on_db;
use crate::db::{Db, WriteTx};

/// An announcement in one language.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct NoticeRow {
    pub id: i64,
    pub title: String,
    pub body: String,
    pub created_at: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VersionRow {
    pub version: String,
    pub platform: String,
    pub notes: String,
    pub url: Option<String>,
    pub mandatory: bool,
    pub released_at: i64,
}

/// An error the web app met, as it reported it (already cut to size).
#[derive(Debug, Clone)]
pub struct ClientError<'a> {
    pub user_id: Option<i64>,
    pub message: &'a str,
    pub stack: Option<&'a str>,
    pub url: &'a str,
    pub user_agent: Option<&'a str>,
}

#[derive(Clone, Debug)]
pub struct NoticeStore {
    db: Db,
}

impl NoticeStore {
    pub fn new(db: Db) -> NoticeStore {
        NoticeStore { db }
    }

    /// Publishes an announcement, or (`of`) adds or replaces its text in another language;
    /// answers the notice's id, none when `of` names no notice.
    pub async fn add_notice(
        &self,
        of: Option<i64>,
        language: &str,
        title: &str,
        body: &str,
        now: i64,
    ) -> sqlx::Result<Option<i64>> {
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let id: Option<i64> = match of {
                Some(id) => sqlx::query_scalar("SELECT id FROM notices WHERE id = $1 AND deleted_at IS NULL")
                    .bind(id).fetch_optional(&mut *tx).await?,
                None => Some(sqlx::query_scalar("INSERT INTO notices (created_at) VALUES ($1) RETURNING id")
                    .bind(now).fetch_one(&mut *tx).await?),
            };
            let Some(id) = id else { return Ok(None) };
            sqlx::query(
                "INSERT INTO notice_texts (notice_id, language, title, body, created_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (notice_id, language) DO UPDATE SET title = excluded.title, body = excluded.body",
            ).bind(id).bind(language).bind(title).bind(body).bind(now).execute(&mut *tx).await?;
            tx.commit().await?;
            Ok(Some(id))
        })
    }

    /// Withdraws an announcement; false when there was none.
    pub async fn delete_notice(&self, id: i64, now: i64) -> sqlx::Result<bool> {
        on_db!(&self.db, pool => sqlx::query("UPDATE notices SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL")
            .bind(id).bind(now).execute(pool).await.map(|r| r.rows_affected() > 0))
    }

    /// Announcements newest first, each in `language` where it has that text, otherwise in the
    /// first language it was written in; and how many there are.
    pub async fn notices(
        &self,
        language: &str,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<NoticeRow>, i64)> {
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(
                "SELECT n.id, t.title, t.body, n.created_at
                 FROM notices n JOIN notice_texts t ON t.notice_id = n.id
                 WHERE n.deleted_at IS NULL AND t.language = COALESCE(
                   (SELECT x.language FROM notice_texts x WHERE x.notice_id = n.id AND x.language = $1),
                   (SELECT x.language FROM notice_texts x WHERE x.notice_id = n.id
                    ORDER BY x.created_at, x.language LIMIT 1))
                 ORDER BY n.id DESC LIMIT $2 OFFSET $3",
            ).bind(language).bind(limit).bind(offset).fetch_all(pool).await?;
            let total = sqlx::query_scalar("SELECT COUNT(*) FROM notices WHERE deleted_at IS NULL")
                .fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    /// Lists a release; a version already listed for the platform is replaced.
    pub async fn add_version(&self, v: &VersionRow) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO versions (version, platform, notes, url, mandatory, released_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (platform, version) DO UPDATE SET notes = excluded.notes, url = excluded.url,
               mandatory = excluded.mandatory, released_at = excluded.released_at",
        ).bind(&v.version).bind(&v.platform).bind(&v.notes).bind(&v.url).bind(v.mandatory)
            .bind(v.released_at).execute(pool).await.map(|_| ()))
    }

    /// Released versions, newest first.
    pub async fn versions(&self) -> sqlx::Result<Vec<VersionRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT version, platform, notes, url, mandatory, released_at FROM versions
             ORDER BY released_at DESC, id DESC LIMIT 100",
        ).fetch_all(pool).await)
    }

    pub async fn add_client_error(&self, e: &ClientError<'_>, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO client_errors (user_id, message, stack, url, user_agent, created_at)
             VALUES ($1, $2, $3, $4, $5, $6)",
        ).bind(e.user_id).bind(e.message).bind(e.stack).bind(e.url).bind(e.user_agent).bind(now)
            .execute(pool).await.map(|_| ()))
    }

    /// Forgets error reports older than `before`.
    pub async fn forget_client_errors(&self, before: i64) -> sqlx::Result<u64> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM client_errors WHERE created_at < $1")
            .bind(before).execute(pool).await.map(|r| r.rows_affected()))
    }
}
