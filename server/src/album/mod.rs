//! The album: at most six photos a person shows on their profile. Uploading and viewing
//! someone else's album are member features; a new photo waits for staff review and only its
//! owner sees it until approved; the owner switches each photo open or private and deletes.

pub mod personal;
pub mod routes;
pub mod store;

pub use store::{PhotoRow, WaitingPhoto};

use serde::Serialize;
use utoipa::ToSchema;

use crate::account::users::Users;
use crate::album::store::AlbumStore;
use crate::api::envelope::Page;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::{Action, RateLimiter};
use crate::api::session::Session;
use crate::clock::Clock;
use crate::ground::Ground;
use crate::i18n::Msg;
use crate::media::signed::Signer;
use crate::media::{thumb_of, Media};
use crate::people::People;
use std::sync::Arc;

/// Most photos in an album, SPEC section 9.
pub const MAX_PHOTOS: i64 = 6;

/// The media store's folder of album photos.
const FOLDER: &str = "album";

/// Where an album photo stands, as its owner sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PhotoState {
    Open,
    Private,
    /// Waiting for staff: only its owner sees it.
    Review,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Photo {
    pub id: i64,
    pub url: String,
    pub thumb: String,
    pub state: PhotoState,
    /// The owner's choice, kept while the photo is under review.
    pub is_open: bool,
    pub created_at: String,
}

impl Photo {
    /// The photo with its addresses signed: they work for a while for whom the album showed
    /// them to.
    fn from_row(row: PhotoRow, signer: &Signer<'_>) -> Photo {
        let state = match (row.approved, row.is_open) {
            (false, _) => PhotoState::Review,
            (true, true) => PhotoState::Open,
            (true, false) => PhotoState::Private,
        };
        Photo {
            id: row.id,
            url: signer.url(&row.image_key),
            thumb: signer.url(&thumb_of(&row.image_key)),
            state,
            is_open: row.is_open,
            created_at: crate::clock::rfc3339(row.created_at),
        }
    }
}

/// The album service.
#[derive(Clone)]
pub struct Album {
    store: AlbumStore,
    people: People,
    accounts: Users,
    media: Media,
    clock: Clock,
    limits: Arc<RateLimiter>,
}

impl Album {
    pub fn new(ground: &Ground, people: People) -> Album {
        Album {
            store: AlbumStore::new(ground.db.clone()),
            people,
            accounts: Users::new(ground.db.clone()),
            media: ground.media.clone(),
            clock: ground.clock.clone(),
            limits: ground.limits.clone(),
        }
    }

    /// Member features answer 403 with `data.upgrade` to everyone else.
    async fn require_member(&self, me: &Session) -> ApiResult<()> {
        let row = self
            .accounts
            .user(me.user_id)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        row.membership(self.clock.unix())
            .map(|_| ())
            .ok_or(ApiError::Upgrade)
    }

    /// A person's album: all of mine with their states; someone else's open, approved photos
    /// (members only; 404 when they are hidden from me).
    pub async fn photos(&self, me: &Session, owner: Option<i64>) -> ApiResult<Page<Photo>> {
        let owner = owner.unwrap_or(me.user_id);
        let mine = owner == me.user_id;
        if !mine {
            if !self.people.may_see(me.user_id, owner).await? {
                return Err(ApiError::NotFound);
            }
            self.require_member(me).await?;
        }
        let signer = self.media.signer(self.clock.unix());
        let rows: Vec<Photo> = self
            .store
            .photos(owner, mine)
            .await?
            .into_iter()
            .map(|row| Photo::from_row(row, &signer))
            .collect();
        Ok(Page {
            total: rows.len() as i64,
            rows,
        })
    }

    /// Adds photos to my album (members); each waits for review. Nothing is stored when the
    /// album would hold more than six.
    pub async fn add(&self, me: &Session, images: &[String]) -> ApiResult<Page<Photo>> {
        self.require_member(me).await?;
        if images.is_empty() {
            return Err(ApiError::Invalid(Msg::AlbumNoImages));
        }
        if self.store.count(me.user_id).await? + images.len() as i64 > MAX_PHOTOS {
            return Err(ApiError::Invalid(Msg::AlbumFull));
        }
        // Each picture is decoded: each counts.
        self.limits
            .check_n(
                Action::UploadByAccount,
                &me.user_id.to_string(),
                Media::new_pictures(images),
            )
            .await?;
        let stored: Vec<String> = self
            .media
            .accept_images(me.user_id, FOLDER, images)
            .await?
            .into_iter()
            .map(|picture| picture.key)
            .collect();
        let added = self
            .store
            .add(me.user_id, &stored, MAX_PHOTOS, self.clock.unix())
            .await;
        if !matches!(added, Ok(Ok(()))) {
            self.media.delete_pictures(&stored).await;
        }
        added?.map_err(|_| ApiError::Invalid(Msg::AlbumFull))?;
        self.photos(me, None).await
    }

    /// Switches my photos open or private; 404 and nothing changed when one is not mine.
    pub async fn set_open(&self, me: &Session, ids: &[i64], open: bool) -> ApiResult<()> {
        self.own_all(me, ids).await?;
        Ok(self.store.set_open(me.user_id, ids, open).await?)
    }

    /// Deletes my photos; 404 and nothing deleted when one is not mine.
    pub async fn remove(&self, me: &Session, ids: &[i64]) -> ApiResult<()> {
        let rows = self.own_all(me, ids).await?;
        self.store.remove(me.user_id, ids).await?;
        let keys: Vec<String> = rows.into_iter().map(|r| r.image_key).collect();
        self.media.delete_pictures(&keys).await;
        Ok(())
    }

    async fn own_all(&self, me: &Session, ids: &[i64]) -> ApiResult<Vec<PhotoRow>> {
        let mut unique = ids.to_vec();
        unique.sort_unstable();
        unique.dedup();
        let rows = self.store.owned(me.user_id, &unique).await?;
        if rows.len() != unique.len() {
            return Err(ApiError::NotFound);
        }
        Ok(rows)
    }
}

/// What staff ask of the album (`staff/`).
impl Album {
    /// Staff's decision on a waiting photo: approved, it is shown as its owner chose; rejected,
    /// it is deleted (its row is answered, to delete its files and tell its owner). None when no
    /// photo with this id waits.
    pub async fn review(&self, id: i64, approve: bool, now: i64) -> sqlx::Result<Option<PhotoRow>> {
        self.store.review(id, approve, now).await
    }

    /// The photos waiting for review, and how many wait.
    pub async fn waiting(&self, limit: i64) -> sqlx::Result<(Vec<WaitingPhoto>, i64)> {
        self.store.waiting(limit).await
    }

    /// Removes all of a person's photos: the rows removed (their files are the caller's to delete).
    pub async fn remove_all_of(&self, owner: i64) -> sqlx::Result<Vec<PhotoRow>> {
        self.store.remove_all_of(owner).await
    }
}
