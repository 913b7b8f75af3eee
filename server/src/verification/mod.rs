//! Photo verification: a person copies a drawn pose in a selfie taken with the camera, and
//! staff compare it with their profile photo. Approved, the person's cards carry `verified`
//! while their profile photo stays the one compared; refused, they are told why in their
//! language and may try again after a pause. Selfies are private (only staff get their signed
//! URLs) and deleted once staff decide; the decision stays in the audit log.

pub mod model;
pub mod personal;
mod poses;
pub mod routes;
pub mod store;

pub use store::WaitingRequest;

use std::sync::Arc;

use rand::seq::IndexedRandom;

use crate::account::users::Users;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::{Action, RateLimiter};
use crate::api::session::Session;
use crate::clock::{rfc3339, Clock};
use crate::ground::Ground;
use crate::i18n::{Lang, Msg};
use crate::media::Media;
use crate::notices::Notices;
use crate::verification::model::{
    Pose, PoseView, RejectReason, RequestState, Verdict, VerificationState, VerificationStatus,
    RETRY_AFTER_SECS,
};
use crate::verification::store::{RequestRow, Standing, VerificationStore};

/// The media store's folder of selfies: private (`media::signed`).
pub const FOLDER: &str = "verification";

/// The verification service.
#[derive(Clone)]
pub struct Verification {
    store: VerificationStore,
    accounts: Users,
    notices: Notices,
    media: Media,
    clock: Clock,
    limits: Arc<RateLimiter>,
}

impl Verification {
    pub fn new(ground: &Ground, notices: Notices) -> Verification {
        Verification {
            store: VerificationStore::new(ground.db.clone()),
            accounts: Users::new(ground.db.clone()),
            notices,
            media: ground.media.clone(),
            clock: ground.clock.clone(),
            limits: ground.limits.clone(),
        }
    }

    /// A pose drawn at random.
    pub fn pose(&self) -> PoseView {
        let pose = Pose::ALL
            .choose(&mut rand::rng())
            .copied()
            .unwrap_or(Pose::HandRaised);
        pose.into()
    }

    /// Where my verification stands.
    pub async fn status(&self, me: &Session) -> ApiResult<VerificationStatus> {
        Ok(status_of(&self.store.standing(me.user_id).await?))
    }

    /// Sends my selfie copying `pose` to staff. Nothing is stored when it is refused: an
    /// unknown pose, no profile photo to compare with, a request already waiting, a refusal
    /// too recent, photos already verified, or a selfie that is not a picture.
    pub async fn send(
        &self,
        me: &Session,
        pose: Option<&str>,
        selfie: &str,
    ) -> ApiResult<VerificationStatus> {
        let pose = Pose::parse(pose)?;
        self.limits
            .check(Action::UploadByAccount, &me.user_id.to_string())
            .await?;
        let standing = self.store.standing(me.user_id).await?;
        let now = self.clock.unix();
        if standing.verified {
            return Err(ApiError::Conflict(Msg::VerificationDone));
        }
        match &standing.latest {
            Some(RequestRow {
                state: RequestState::Pending,
                ..
            }) => return Err(ApiError::Conflict(Msg::VerificationPending)),
            Some(RequestRow {
                state: RequestState::Rejected,
                decided_at: Some(at),
                ..
            }) if *at + RETRY_AFTER_SECS > now => {
                return Err(ApiError::Limited {
                    msg: Msg::VerificationTooSoon,
                    retry_after_secs: u64::try_from(*at + RETRY_AFTER_SECS - now).unwrap_or(1),
                });
            }
            _ => {}
        }
        if !standing.has_avatar {
            return Err(ApiError::Invalid(Msg::VerificationNoAvatar));
        }
        let stored = self
            .media
            .put_base64_image(me.user_id, FOLDER, selfie)
            .await?;
        let added = self
            .store
            .add(me.user_id, pose.as_str(), &stored.key, now)
            .await;
        if !matches!(added, Ok(Ok(()))) {
            self.media.delete_pictures(&[stored.key]).await;
        }
        added?.map_err(|_| ApiError::Conflict(Msg::VerificationPending))?;
        self.status(me).await
    }

    /// Requests waiting for staff, longest waiting first, and how many wait.
    pub async fn waiting(&self, limit: i64) -> ApiResult<(Vec<WaitingRequest>, i64)> {
        Ok(self.store.waiting(limit).await?)
    }

    /// Staff's decision: the selfie is deleted either way; a refused person is told why, in
    /// their language. Answers the request as it waited; 404 when none waits with this id.
    pub async fn decide(&self, id: i64, verdict: Verdict) -> ApiResult<RequestRow> {
        let reason = match verdict {
            Verdict::Approve => None,
            Verdict::Reject(reason) => Some(reason),
        };
        let request = self
            .store
            .decide(
                id,
                verdict == Verdict::Approve,
                reason.map(RejectReason::as_str),
                self.clock.unix(),
            )
            .await?
            .ok_or(ApiError::NotFound)?;
        if let Some(key) = &request.selfie_key {
            self.media.delete_pictures(std::slice::from_ref(key)).await;
        }
        if let Some(reason) = reason {
            let lang = match self.accounts.user(request.user_id).await? {
                Some(person) => Lang::parse(&person.language).unwrap_or_default(),
                None => Lang::default(),
            };
            self.notices
                .tell(
                    request.user_id,
                    lang,
                    Msg::VerificationRejectedTitle,
                    &[reason.told()],
                    None,
                )
                .await?;
        }
        Ok(request)
    }
}

/// A person's standing as the app shows it.
fn status_of(standing: &Standing) -> VerificationStatus {
    let latest = standing.latest.as_ref();
    let state = match latest.map(|r| r.state) {
        _ if standing.verified => VerificationState::Verified,
        None => VerificationState::None,
        Some(RequestState::Pending) => VerificationState::Pending,
        Some(RequestState::Approved) => VerificationState::Changed,
        Some(RequestState::Rejected) => VerificationState::Rejected,
    };
    let rejected = latest.filter(|_| state == VerificationState::Rejected);
    VerificationStatus {
        state,
        reason: rejected
            .and_then(|r| r.reason.as_deref())
            .and_then(|r| RejectReason::parse(Some(r)).ok()),
        retry_at: rejected
            .and_then(|r| r.decided_at)
            .map(|at| rfc3339(at + RETRY_AFTER_SECS)),
        sent_at: latest.map(|r| rfc3339(r.created_at)),
    }
}
