//! The operator's side: staff work the reports queue and the review queue (album photos,
//! flagged dynamics, messages trust & safety set aside, verification selfies, appeals against
//! bans), ban and unban, write notices and
//! versions, set prices, and read the web app's error reports and the audit log. Everything
//! here answers only staff (`StaffMember`), and every change lands in the audit log.

mod catalogue;
mod notices;
mod people;
mod reports;
mod review;
pub mod routes;
pub mod store;
pub mod views;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;

use crate::account::model::Role;
use crate::account::users::Users;
use crate::album::Album;
use crate::api::envelope::{Page, Paging};
use crate::api::error::{ApiError, ApiResult};
use crate::api::session::Session;
use crate::audit::{Actor, AuditEntry, AuditLog, Entry, Filter};
use crate::chat::Chat;
use crate::clock::Clock;
use crate::feed::Feed;
use crate::ground::Ground;
use crate::i18n::Msg;
use crate::media::Media;
use crate::notices::Notices;
use crate::staff::store::StaffStore;
use crate::verification::Verification;
use crate::wallet::Wallet;

/// How staff close a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closing {
    Dismiss,
    /// Bans the reported person and closes every open report against them.
    Ban,
    /// Removes the reported person's public content: avatar, about me, dynamics, album.
    Remove,
}

impl Closing {
    pub fn parse(action: Option<&str>) -> Result<Closing, Msg> {
        match action {
            Some("dismiss") => Ok(Closing::Dismiss),
            Some("ban") => Ok(Closing::Ban),
            Some("remove") => Ok(Closing::Remove),
            _ => Err(Msg::ReportAction),
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Closing::Dismiss => "dismiss",
            Closing::Ban => "ban",
            Closing::Remove => "remove",
        }
    }
}

/// What staff decide on something under review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Approve,
    Reject,
}

impl Decision {
    pub fn parse(decision: Option<&str>) -> Result<Decision, Msg> {
        match decision {
            Some("approve") => Ok(Decision::Approve),
            Some("reject") => Ok(Decision::Reject),
            _ => Err(Msg::ReviewDecision),
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Decision::Approve => "approve",
            Decision::Reject => "reject",
        }
    }
}

/// Why staff take down a photo or a dynamic: the person is told it in their language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeDownReason {
    Nudity,
    Violence,
    Hate,
    Spam,
    /// Someone else's photo.
    NotTheirs,
    Other,
}

impl TakeDownReason {
    pub const ALL: [TakeDownReason; 6] = [
        TakeDownReason::Nudity,
        TakeDownReason::Violence,
        TakeDownReason::Hate,
        TakeDownReason::Spam,
        TakeDownReason::NotTheirs,
        TakeDownReason::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TakeDownReason::Nudity => "nudity",
            TakeDownReason::Violence => "violence",
            TakeDownReason::Hate => "hate",
            TakeDownReason::Spam => "spam",
            TakeDownReason::NotTheirs => "not_theirs",
            TakeDownReason::Other => "other",
        }
    }

    /// None when staff gave no reason; an unknown one is refused.
    pub fn parse(raw: Option<&str>) -> Result<Option<TakeDownReason>, Msg> {
        match raw.map(str::trim).filter(|r| !r.is_empty()) {
            None => Ok(None),
            Some(raw) => TakeDownReason::ALL
                .into_iter()
                .find(|r| r.as_str() == raw)
                .map(Some)
                .ok_or(Msg::TakeDownReason),
        }
    }

    /// The line of the notice the person reads.
    pub fn told(self) -> Msg {
        match self {
            TakeDownReason::Nudity => Msg::TakeDownNudity,
            TakeDownReason::Violence => Msg::TakeDownViolence,
            TakeDownReason::Hate => Msg::TakeDownHate,
            TakeDownReason::Spam => Msg::TakeDownSpam,
            TakeDownReason::NotTheirs => Msg::TakeDownNotTheirs,
            TakeDownReason::Other => Msg::TakeDownOther,
        }
    }
}

/// Staff's reason for taking something down: a listed reason and words of their own.
#[derive(Debug, Clone, Default)]
pub struct TakeDown {
    pub reason: Option<TakeDownReason>,
    pub note: Option<String>,
}

impl TakeDown {
    /// Checks what staff sent; nothing is decided until it is valid.
    pub fn parse(reason: Option<&str>, note: Option<&str>) -> Result<TakeDown, Msg> {
        let reason = TakeDownReason::parse(reason)?;
        let note = note.map(str::trim).filter(|n| !n.is_empty());
        if note.is_some_and(|n| n.chars().count() > 500) {
            return Err(Msg::TakeDownNote);
        }
        Ok(TakeDown {
            reason,
            note: note.map(str::to_owned),
        })
    }

    /// The notice's paragraphs after `first`.
    fn told(&self, first: Msg) -> Vec<Msg> {
        std::iter::once(first)
            .chain(self.reason.map(TakeDownReason::told))
            .collect()
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({ "reason": self.reason.map(TakeDownReason::as_str), "note": self.note })
    }
}

/// A ban as staff give it.
pub struct Ban<'a> {
    /// Staff's own words, for staff and the audit log.
    pub reason: Option<&'a str>,
    /// What the person is told (`BanCode`).
    pub code: Option<&'a str>,
    pub days: Option<i64>,
}

/// The services staff work on, each asked only for what staff need of it.
pub struct Desks {
    pub notices: Notices,
    pub chat: Chat,
    pub verification: Verification,
    pub feed: Feed,
    pub album: Album,
    pub wallet: Wallet,
}

/// The staff service.
#[derive(Clone)]
pub struct Staff {
    store: StaffStore,
    accounts: Users,
    feed: Feed,
    album: Album,
    wallet: Wallet,
    notices: Notices,
    chat: Chat,
    verification: Verification,
    audit: AuditLog,
    media: Media,
    clock: Clock,
}

impl Staff {
    pub fn new(ground: &Ground, parts: Desks) -> Staff {
        Staff {
            store: StaffStore::new(ground.db.clone()),
            accounts: Users::new(ground.db.clone()),
            feed: parts.feed,
            album: parts.album,
            wallet: parts.wallet,
            notices: parts.notices,
            chat: parts.chat,
            verification: parts.verification,
            audit: AuditLog::new(ground.db.clone(), ground.clock.clone()),
            media: ground.media.clone(),
            clock: ground.clock.clone(),
        }
    }

    /// The staff member behind a session, or 403.
    async fn member(&self, session: Session) -> ApiResult<StaffMember> {
        match self.accounts.user(session.user_id).await? {
            Some(user) if user.role == Role::Staff => Ok(StaffMember(session.user_id)),
            _ => Err(ApiError::Forbidden(Msg::StaffOnly)),
        }
    }

    async fn record(&self, by: Actor, entry: Entry<'_>) {
        self.audit.record(by, entry).await;
    }

    pub async fn audit(&self, filter: &Filter, paging: Paging) -> ApiResult<Page<AuditEntry>> {
        self.audit.entries(filter, paging).await
    }
}

/// A signed-in staff member; anyone else is refused (401 without a session, 403 with one).
#[derive(Debug, Clone, Copy)]
pub struct StaffMember(pub i64);

impl From<StaffMember> for Actor {
    fn from(member: StaffMember) -> Actor {
        Actor::Staff(member.0)
    }
}

impl<S> FromRequestParts<S> for StaffMember
where
    S: Send + Sync,
    Staff: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let session = Session::from_request_parts(parts, state).await?;
        Staff::from_ref(state).member(session).await
    }
}
