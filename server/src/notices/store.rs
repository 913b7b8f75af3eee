//! Announcements (with a text per language), released versions and the web app's error reports
//! on SQLite and PostgreSQL.

use crate::db::{on_db, on_tx, placeholders, Db};

/// An announcement in one language.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct NoticeRow {
    pub id: i64,
    pub title: String,
    pub body: String,
    pub created_at: i64,
}

/// An error report of the web app as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClientErrorRow {
    pub id: i64,
    pub user_id: Option<i64>,
    pub message: String,
    pub stack: Option<String>,
    pub url: String,
    pub user_agent: Option<String>,
    pub created_at: i64,
}

/// One language's text of a notice.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct NoticeTextRow {
    pub notice_id: i64,
    pub language: String,
    pub title: String,
    pub body: String,
}

/// A notice, or a text of one, as staff write it.
pub struct NewNotice<'a> {
    /// Adds this language's text to notice `of` rather than publishing a new notice.
    pub of: Option<i64>,
    /// A notice for this one person only.
    pub user_id: Option<i64>,
    pub language: &'a str,
    pub title: &'a str,
    pub body: &'a str,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VersionRow {
    /// None until stored.
    pub id: Option<i64>,
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

    /// Publishes an announcement (to everyone, or to `n.user_id` alone), or (`n.of`) adds or
    /// replaces its text in another language; answers the notice's id, none when `of` names no
    /// notice or `n.user_id` nobody.
    pub async fn add_notice(&self, n: &NewNotice<'_>, now: i64) -> sqlx::Result<Option<i64>> {
        let mut tx = self.db.begin_write().await?;
        let id = on_tx!(&mut tx, conn => {
            let id: Option<i64> = match n.of {
                Some(id) => sqlx::query_scalar("SELECT id FROM notices WHERE id = $1 AND deleted_at IS NULL")
                    .bind(id).fetch_optional(&mut **conn).await?,
                // A notice to one person needs that person.
                None => sqlx::query_scalar(
                    "INSERT INTO notices (created_at, user_id) SELECT $1, $2
                     WHERE $2 IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $2) RETURNING id",
                ).bind(now).bind(n.user_id).fetch_optional(&mut **conn).await?,
            };
            let Some(id) = id else { return Ok(None) };
            sqlx::query(
                "INSERT INTO notice_texts (notice_id, language, title, body, created_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (notice_id, language) DO UPDATE SET title = excluded.title, body = excluded.body",
            ).bind(id).bind(n.language).bind(n.title).bind(n.body).bind(now).execute(&mut **conn).await?;
            id
        });
        tx.commit().await?;
        Ok(Some(id))
    }

    /// Withdraws an announcement; false when there was none.
    pub async fn delete_notice(&self, id: i64, now: i64) -> sqlx::Result<bool> {
        on_db!(&self.db, pool => sqlx::query("UPDATE notices SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL")
            .bind(id).bind(now).execute(pool).await.map(|r| r.rows_affected() > 0))
    }

    /// The announcements `reader` may read (everyone's, and their own), newest first, each in
    /// `language` where it has that text, otherwise in the first language it was written in; and
    /// how many there are.
    pub async fn notices(
        &self,
        language: &str,
        reader: Option<i64>,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<NoticeRow>, i64)> {
        const FOR_READER: &str = "n.deleted_at IS NULL AND (n.user_id IS NULL OR n.user_id = $1)";
        // Without a reader, `$1` is bound to an id no account has.
        let reader = reader.unwrap_or(0);
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(&format!(
                "SELECT n.id, t.title, t.body, n.created_at
                 FROM notices n JOIN notice_texts t ON t.notice_id = n.id
                 WHERE {FOR_READER} AND t.language = COALESCE(
                   (SELECT x.language FROM notice_texts x WHERE x.notice_id = n.id AND x.language = $2),
                   (SELECT x.language FROM notice_texts x WHERE x.notice_id = n.id
                    ORDER BY x.created_at, x.language LIMIT 1))
                 ORDER BY n.id DESC LIMIT $3 OFFSET $4"),
            ).bind(reader).bind(language).bind(limit).bind(offset).fetch_all(pool).await?;
            let total = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM notices n WHERE {FOR_READER}"))
                .bind(reader).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    /// A notice that is not withdrawn, with all its texts.
    pub async fn notice(
        &self,
        id: i64,
    ) -> sqlx::Result<Option<((i64, Option<i64>, i64), Vec<NoticeTextRow>)>> {
        on_db!(&self.db, pool => {
            let notice: Option<(i64, Option<i64>, i64)> = sqlx::query_as(
                "SELECT id, user_id, created_at FROM notices WHERE id = $1 AND deleted_at IS NULL",
            ).bind(id).fetch_optional(pool).await?;
            let Some(notice) = notice else { return Ok(None) };
            let texts = sqlx::query_as(
                "SELECT notice_id, language, title, body FROM notice_texts WHERE notice_id = $1
                 ORDER BY created_at, language",
            ).bind(id).fetch_all(pool).await?;
            Ok(Some((notice, texts)))
        })
    }

    /// Every notice that is not withdrawn, newest first, with all its texts (for staff).
    pub async fn all_notices(
        &self,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<(i64, Option<i64>, i64)>, Vec<NoticeTextRow>, i64)> {
        on_db!(&self.db, pool => {
            let notices: Vec<(i64, Option<i64>, i64)> = sqlx::query_as(
                "SELECT id, user_id, created_at FROM notices WHERE deleted_at IS NULL
                 ORDER BY id DESC LIMIT $1 OFFSET $2",
            ).bind(limit).bind(offset).fetch_all(pool).await?;
            let ids: Vec<i64> = notices.iter().map(|n| n.0).collect();
            let texts = if ids.is_empty() {
                Vec::new()
            } else {
                let sql = format!(
                    "SELECT notice_id, language, title, body FROM notice_texts WHERE notice_id IN ({})
                     ORDER BY notice_id, created_at, language",
                    placeholders(1, ids.len())
                );
                let mut q = sqlx::query_as(&sql);
                for id in &ids {
                    q = q.bind(*id);
                }
                q.fetch_all(pool).await?
            };
            let total = sqlx::query_scalar("SELECT COUNT(*) FROM notices WHERE deleted_at IS NULL")
                .fetch_one(pool).await?;
            Ok((notices, texts, total))
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

    /// A listed release, as it is now.
    pub async fn version(&self, platform: &str, version: &str) -> sqlx::Result<Option<VersionRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id, version, platform, notes, url, mandatory, released_at FROM versions
             WHERE platform = $1 AND version = $2",
        ).bind(platform).bind(version).fetch_optional(pool).await)
    }

    /// Withdraws a release; answers it, none when there was none.
    pub async fn delete_version(&self, id: i64) -> sqlx::Result<Option<VersionRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "DELETE FROM versions WHERE id = $1
             RETURNING id, version, platform, notes, url, mandatory, released_at",
        ).bind(id).fetch_optional(pool).await)
    }

    /// Released versions, newest first.
    pub async fn versions(&self) -> sqlx::Result<Vec<VersionRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id, version, platform, notes, url, mandatory, released_at FROM versions
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

    /// Error reports newest first, and how many there are.
    pub async fn client_errors(
        &self,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<ClientErrorRow>, i64)> {
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(
                "SELECT id, user_id, message, stack, url, user_agent, created_at FROM client_errors
                 ORDER BY id DESC LIMIT $1 OFFSET $2",
            ).bind(limit).bind(offset).fetch_all(pool).await?;
            let total = sqlx::query_scalar("SELECT COUNT(*) FROM client_errors").fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    /// Forgets error reports older than `before`.
    pub async fn forget_client_errors(&self, before: i64) -> sqlx::Result<u64> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM client_errors WHERE created_at < $1")
            .bind(before).execute(pool).await.map(|r| r.rows_affected()))
    }
}
