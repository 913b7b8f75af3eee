//! Translation storage: translations per reader, the cache, allowances and language choices.

use crate::db::{on_db, on_tx, Db};
use crate::ledger::{self, Asset, Entry, LedgerError};

/// What a translation is of: a chat message, a group message, or a text people read elsewhere
/// (`kind` is `dynamic`, `comment` or `about`; `id` the dynamic's, the comment's or the person's).
#[derive(Debug, Clone, Copy)]
pub enum Subject<'a> {
    Message(i64),
    GroupMessage(i64),
    Text { kind: &'a str, id: i64 },
}

/// A translation to keep, and how it is paid.
pub struct NewTranslation<'a> {
    pub subject: Subject<'a>,
    pub reader: i64,
    pub target: &'a str,
    pub text: &'a str,
    pub source_hash: &'a str,
    pub provider: &'a str,
    pub characters: i64,
    /// Characters taken from today's member allowance (at most `allowance_cap` a day)...
    pub from_allowance: i64,
    pub allowance_cap: i64,
    /// ...and from the character packs.
    pub from_pack: i64,
    pub day: i64,
    pub now: i64,
}

/// Translation storage on SQLite and PostgreSQL.
#[derive(Clone, Debug)]
pub struct TranslateStore {
    db: Db,
}

impl TranslateStore {
    pub fn new(db: Db) -> TranslateStore {
        TranslateStore { db }
    }

    pub async fn stored_translation(
        &self,
        message_id: i64,
        reader: i64,
        target: &str,
    ) -> sqlx::Result<Option<String>> {
        let found: Option<(String,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT text FROM translations WHERE message_id = $1 AND reader_id = $2 AND target = $3",
        ).bind(message_id).bind(reader).bind(target).fetch_optional(pool).await)?;
        Ok(found.map(|(t,)| t))
    }

    pub async fn stored_group_translation(
        &self,
        message_id: i64,
        reader: i64,
        target: &str,
    ) -> sqlx::Result<Option<String>> {
        let found: Option<(String,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT text FROM group_translations WHERE message_id = $1 AND reader_id = $2 AND target = $3",
        ).bind(message_id).bind(reader).bind(target).fetch_optional(pool).await)?;
        Ok(found.map(|(t,)| t))
    }

    /// The translation `reader` has of a text (this version of it, by `source_hash`).
    pub async fn stored_text_translation(
        &self,
        reader: i64,
        kind: &str,
        id: i64,
        target: &str,
        source_hash: &str,
    ) -> sqlx::Result<Option<String>> {
        let found: Option<(String,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT text FROM text_translations
             WHERE reader_id = $1 AND kind = $2 AND item_id = $3 AND target = $4 AND source_hash = $5",
        ).bind(reader).bind(kind).bind(id).bind(target).bind(source_hash).fetch_optional(pool).await)?;
        Ok(found.map(|(t,)| t))
    }

    pub async fn cached(
        &self,
        source_hash: &str,
        target: &str,
    ) -> sqlx::Result<Option<(String, String)>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT text, provider FROM translation_cache WHERE source_hash = $1 AND target = $2",
        ).bind(source_hash).bind(target).fetch_optional(pool).await)
    }

    pub async fn allowance_used(&self, user_id: i64, day: i64) -> sqlx::Result<i64> {
        let found: Option<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT used FROM translation_allowance WHERE user_id = $1 AND day = $2",
        ).bind(user_id).bind(day).fetch_optional(pool).await)?;
        Ok(found.map_or(0, |(u,)| u))
    }

    /// Stores the translation and charges it in one transaction; false when the reader had it
    /// already (nothing charged).
    pub async fn save_translation(&self, t: &NewTranslation<'_>) -> Result<bool, LedgerError> {
        let mut tx = self.db.begin_write().await?;
        on_tx!(&mut tx, conn => {
            let inserted = match t.subject {
                Subject::Message(message_id) => sqlx::query(
                    "INSERT INTO translations (message_id, reader_id, target, text, characters, provider, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (message_id, reader_id, target) DO NOTHING",
                )
                .bind(message_id).bind(t.reader).bind(t.target).bind(t.text).bind(t.characters).bind(t.provider).bind(t.now)
                .execute(&mut **conn).await?.rows_affected(),
                Subject::GroupMessage(message_id) => sqlx::query(
                    "INSERT INTO group_translations (message_id, reader_id, target, text, characters, provider, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (message_id, reader_id, target) DO NOTHING",
                )
                .bind(message_id).bind(t.reader).bind(t.target).bind(t.text).bind(t.characters).bind(t.provider).bind(t.now)
                .execute(&mut **conn).await?.rows_affected(),
                Subject::Text { kind, id } => sqlx::query(
                    "INSERT INTO text_translations (reader_id, kind, item_id, target, source_hash, text, characters, provider, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                     ON CONFLICT (reader_id, kind, item_id, target, source_hash) DO NOTHING",
                )
                .bind(t.reader).bind(kind).bind(id).bind(t.target).bind(t.source_hash).bind(t.text)
                .bind(t.characters).bind(t.provider).bind(t.now)
                .execute(&mut **conn).await?.rows_affected(),
            };
            if inserted == 0 {
                return Ok(false);
            }
            if t.from_allowance > 0 {
                sqlx::query("INSERT INTO translation_allowance (user_id, day, used) VALUES ($1, $2, 0) ON CONFLICT (user_id, day) DO NOTHING")
                    .bind(t.reader).bind(t.day).execute(&mut **conn).await?;
                let taken = sqlx::query(
                    "UPDATE translation_allowance SET used = used + $3 WHERE user_id = $1 AND day = $2 AND used + $3 <= $4",
                )
                .bind(t.reader).bind(t.day).bind(t.from_allowance).bind(t.allowance_cap)
                .execute(&mut **conn).await?.rows_affected();
                if taken == 0 {
                    return Err(LedgerError::Insufficient(Asset::Characters));
                }
            }
        });
        if t.from_pack > 0 {
            let key = match t.subject {
                Subject::Message(message_id) => {
                    format!("translation:{message_id}:{}:{}", t.reader, t.target)
                }
                Subject::GroupMessage(message_id) => {
                    format!("translation:group:{message_id}:{}:{}", t.reader, t.target)
                }
                Subject::Text { kind, id } => format!(
                    "translation:{kind}:{id}:{}:{}:{}",
                    t.reader, t.target, t.source_hash
                ),
            };
            ledger::post(
                &mut tx,
                &Entry {
                    user_id: t.reader,
                    asset: Asset::Characters,
                    amount: -t.from_pack,
                    reason: "translation",
                    idempotency_key: &key,
                    now: t.now,
                },
            )
            .await?;
        }
        on_tx!(&mut tx, conn => sqlx::query(
            "INSERT INTO translation_cache (source_hash, target, text, provider, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (source_hash, target) DO NOTHING",
        )
        .bind(t.source_hash).bind(t.target).bind(t.text).bind(t.provider).bind(t.now)
        .execute(&mut **conn).await.map(|_| ()))?;
        tx.commit().await?;
        Ok(true)
    }

    pub async fn set_chat_language(
        &self,
        user_id: i64,
        partner: i64,
        target: &str,
        now: i64,
    ) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO chat_languages (user_id, partner_id, target, updated_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id, partner_id) DO UPDATE SET target = excluded.target, updated_at = excluded.updated_at",
        ).bind(user_id).bind(partner).bind(target).bind(now).execute(pool).await.map(|_| ()))
    }

    pub async fn chat_language(&self, user_id: i64, partner: i64) -> sqlx::Result<Option<String>> {
        Ok(self.chat_choice(user_id, partner).await?.map(|(t, _)| t))
    }

    /// My choice for a partner: (target, translated on arrival).
    pub async fn chat_choice(
        &self,
        user_id: i64,
        partner: i64,
    ) -> sqlx::Result<Option<(String, bool)>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT target, on_arrival FROM chat_languages WHERE user_id = $1 AND partner_id = $2",
        ).bind(user_id).bind(partner).fetch_optional(pool).await)
    }

    /// Each partner's choice: (partner, target, translated on arrival).
    pub async fn chat_languages(&self, user_id: i64) -> sqlx::Result<Vec<(i64, String, bool)>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT partner_id, target, on_arrival FROM chat_languages WHERE user_id = $1 ORDER BY partner_id",
        ).bind(user_id).fetch_all(pool).await)
    }

    /// Asks for (or stops) a partner's messages being translated on arrival; a partner without a
    /// language choice gets `none` (read in my own language).
    pub async fn set_on_arrival(
        &self,
        user_id: i64,
        partner: i64,
        on: bool,
        now: i64,
    ) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO chat_languages (user_id, partner_id, target, updated_at, on_arrival) VALUES ($1, $2, 'none', $3, $4)
             ON CONFLICT (user_id, partner_id) DO UPDATE SET on_arrival = excluded.on_arrival, updated_at = excluded.updated_at",
        ).bind(user_id).bind(partner).bind(now).bind(on).execute(pool).await.map(|_| ()))
    }

    /// The partners whose messages `user_id` has translated on arrival.
    pub async fn on_arrival_partners(&self, user_id: i64) -> sqlx::Result<Vec<i64>> {
        let rows: Vec<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT partner_id FROM chat_languages WHERE user_id = $1 AND on_arrival",
        ).bind(user_id).fetch_all(pool).await)?;
        Ok(rows.into_iter().map(|(p,)| p).collect())
    }

    /// The newest translation `reader` has of each of these messages: id -> (target, text).
    pub async fn latest_translations(
        &self,
        reader: i64,
        message_ids: &[i64],
        group: bool,
    ) -> sqlx::Result<Vec<(i64, String, String)>> {
        if message_ids.is_empty() {
            return Ok(Vec::new());
        }
        let marks: Vec<String> = (0..message_ids.len())
            .map(|i| format!("${}", i + 2))
            .collect();
        let table = if group {
            "group_translations"
        } else {
            "translations"
        };
        let sql = format!(
            "SELECT message_id, target, text FROM {table} WHERE reader_id = $1 AND message_id IN ({})
             ORDER BY message_id, created_at, target",
            marks.join(", ")
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query_as(&sql).bind(reader);
            for id in message_ids {
                q = q.bind(*id);
            }
            q.fetch_all(pool).await
        })
    }
}
