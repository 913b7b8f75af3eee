//! A person's own data: the archive of everything we hold about them (GDPR article 20, data
//! portability), the erasure of their account (article 17), and the end of what an erased
//! account leaves for bookkeeping (`retention`), as `docs/privacy.md` describes.
//!
//! Each domain knows its own tables: its `personal.rs` says what becomes of a person's rows in
//! each (`tables`), reads them for the archive in their stored form rather than in the views
//! other people get, and erases them on a transaction it is handed. This module lays the
//! archive out and runs the erasure, every domain's part in one write transaction, so that it
//! happens whole or not at all (a failure half-way would leave a person half-deleted). Media
//! files are read one at a time and deleted only after the transaction committed.

pub mod erase;
pub mod export;
pub mod retention;
pub mod routes;
pub mod tables;

use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use crate::api::error::ApiResult;
use crate::api::rate_limit::{Action, RateLimiter};
use crate::api::session::Session;
use crate::clock::Clock;
use crate::db::Db;
use crate::ground::Ground;
use crate::media::Media;

/// The privacy service: what the export endpoint and account deletion work with.
#[derive(Clone)]
pub struct Privacy {
    db: Db,
    clock: Clock,
    media: Media,
    limits: Arc<RateLimiter>,
    /// Where archives are built before they are sent (`<data_dir>/exports`).
    exports: PathBuf,
    /// When the sweep next looks for expired records (unix seconds): once a day is enough for a
    /// limit counted in years, and spares the database a scan each minute.
    next_retention: Arc<AtomicI64>,
}

impl Privacy {
    pub fn new(ground: &Ground) -> Privacy {
        Privacy {
            db: ground.db.clone(),
            clock: ground.clock.clone(),
            media: ground.media.clone(),
            limits: ground.limits.clone(),
            exports: ground.config.data_dir.join("exports"),
            next_retention: Arc::new(AtomicI64::new(0)),
        }
    }

    /// The archive of my data, built into a file that is gone once the answer is sent.
    pub async fn export(&self, me: Session) -> ApiResult<export::Archive> {
        self.limits
            .check(Action::ExportByAccount, &me.user_id.to_string())
            .await?;
        export::build(self, me.user_id).await
    }

    /// Erases a person's account as `docs/privacy.md` says: everything personal is removed in one
    /// transaction, then their pictures. Signing them out of the chat is the caller's part.
    pub async fn erase(&self, user_id: i64) -> ApiResult<()> {
        let files = erase::erase(&self.db, user_id, self.clock.unix()).await?;
        self.media
            .delete(&files.iter().map(String::as_str).collect::<Vec<_>>())
            .await;
        self.media
            .delete_under(&crate::media::upload_folder(user_id))
            .await;
        Ok(())
    }

    /// Deletes what deleted accounts left for bookkeeping once the law no longer asks us to
    /// keep it (`retention`), at most once a day; answers how many rows went.
    pub async fn forget_expired_records(&self) -> ApiResult<u64> {
        let now = self.clock.unix();
        if self.next_retention.load(Ordering::Relaxed) > now {
            return Ok(0);
        }
        let gone = retention::forget_expired_records(&self.db, now).await?;
        self.next_retention.store(now + 86_400, Ordering::Relaxed);
        Ok(gone)
    }
}
