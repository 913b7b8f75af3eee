//! What the staff API answers: reports with both people, the review queue, people as staff see
//! them.

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::account::bans::{BanCode, WaitingAppeal};
use crate::account::model::{Gender, Level, Role};
use crate::album::WaitingPhoto;
use crate::audit::AuditEntry;
use crate::chat::model::MessageType;
use crate::chat::safety::words_of;
use crate::clock::rfc3339;
use crate::feed::Flagged;
use crate::media::signed::Signer;
use crate::media::{thumb_of, Media};
use crate::staff::store::{GroupLineRow, PersonRow, ReportRow, SafetyRow, SentRow};
use crate::verification::model::Pose;
use crate::verification::WaitingRequest;
use crate::wallet::DiscrepancyRow;

/// Someone a report names.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Party {
    pub user_id: i64,
    pub user_name: String,
    pub avatar: Option<String>,
}

/// The reported person, with where they stand.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Target {
    pub user_id: i64,
    pub user_name: String,
    pub avatar: Option<String>,
    /// active, banned or deleted.
    pub status: String,
    /// Hidden from discover by many reports, until staff close them.
    pub held: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportView {
    pub id: i64,
    pub reason: String,
    pub content: Option<String>,
    /// Screenshots (signed URLs, valid for a while).
    pub images: Vec<String>,
    pub created_at: String,
    /// open or closed.
    pub status: String,
    /// How staff closed it: dismiss, ban or remove.
    pub action: Option<String>,
    pub closed_at: Option<String>,
    pub closed_by: Option<i64>,
    pub reporter: Party,
    pub target: Target,
    /// Every report against the target, this one included.
    pub target_reports: i64,
    /// The group chat the report is about (its owner is the target), or where the reported
    /// message was sent (its sender is).
    pub group: Option<ReportedGroup>,
    /// The reported message of the group, when the report is about one.
    pub message_id: Option<i64>,
}

/// A group chat a report is about.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportedGroup {
    pub id: i64,
    pub name: String,
    /// Dissolved by its owner, or closed by staff.
    pub ended: bool,
}

impl ReportView {
    pub fn from_row(r: ReportRow, signer: &Signer<'_>) -> ReportView {
        ReportView {
            id: r.id,
            reason: r.reason,
            content: r.content,
            images: r
                .images
                .lines()
                .filter(|k| !k.is_empty())
                .map(|k| signer.url(k))
                .collect(),
            created_at: rfc3339(r.created_at),
            status: r.status.as_str().to_owned(),
            action: r.action,
            closed_at: r.closed_at.map(rfc3339),
            closed_by: r.closed_by,
            reporter: Party {
                user_id: r.reporter_id,
                user_name: r.reporter_name,
                avatar: r.reporter_avatar.as_deref().map(Media::url),
            },
            target: Target {
                user_id: r.target_id,
                user_name: r.target_name,
                avatar: r.target_avatar.as_deref().map(Media::url),
                status: r.target_status.as_str().to_owned(),
                held: r.target_held,
            },
            target_reports: r.target_reports,
            group: r.group_id.map(|id| ReportedGroup {
                id,
                name: r.group_name.unwrap_or_default(),
                ended: r.group_ended,
            }),
            message_id: r.group_event_id,
        }
    }
}

/// A line of a group's history beside a report: a member's message, or what happened.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupLine {
    pub id: i64,
    pub seq: i64,
    /// message or system.
    pub kind: String,
    pub sender_id: Option<i64>,
    pub sender_name: Option<String>,
    /// txt, img, audio, loc, emoji, custom; system for a system line.
    #[serde(rename = "type")]
    pub msg_type: String,
    /// The message as stored (pictures with signed addresses); null once recalled.
    #[schema(value_type = Object)]
    pub content: Value,
    pub recalled: bool,
    pub created_at: String,
}

/// A message the reported person sent the reporter.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentMessage {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: String,
    #[schema(value_type = Object)]
    pub content: Value,
    pub created_at: String,
}

/// A report with what staff need to decide on it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDetail {
    #[serde(flatten)]
    pub report: ReportView,
    /// The newest messages the reported person sent the reporter, newest first.
    pub recent_messages: Vec<SentMessage>,
    /// Other reports against the same person, newest first.
    pub earlier_reports: Vec<ReportView>,
    /// For a report in a group: the group's latest lines, up to the reported message when
    /// there is one, newest first.
    pub group_lines: Vec<GroupLine>,
}

impl ReportDetail {
    pub fn new(
        row: ReportRow,
        sent: Vec<SentRow>,
        earlier: Vec<ReportRow>,
        lines: Vec<GroupLineRow>,
        signer: &Signer<'_>,
    ) -> ReportDetail {
        ReportDetail {
            report: ReportView::from_row(row, signer),
            recent_messages: sent
                .into_iter()
                .map(|m| {
                    let content = signer.image_content(&m.content).unwrap_or(m.content);
                    SentMessage {
                        id: m.id,
                        kind: m.kind,
                        content: serde_json::from_str(&content).unwrap_or_default(),
                        created_at: rfc3339(m.created_at),
                    }
                })
                .collect(),
            earlier_reports: earlier
                .into_iter()
                .map(|r| ReportView::from_row(r, signer))
                .collect(),
            group_lines: lines
                .into_iter()
                .map(|l| {
                    let content = signer.image_content(&l.content).unwrap_or(l.content);
                    GroupLine {
                        id: l.id,
                        seq: l.seq,
                        kind: l.kind,
                        sender_id: l.sender_id,
                        sender_name: l.sender_name,
                        msg_type: l.msg_type,
                        content: serde_json::from_str(&content).unwrap_or_default(),
                        recalled: l.recalled_at.is_some(),
                        created_at: rfc3339(l.created_at),
                    }
                })
                .collect(),
        }
    }
}

/// An album photo waiting for review.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewPhoto {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub url: String,
    pub thumb: String,
    /// The owner's choice, applied once approved.
    pub is_open: bool,
    pub created_at: String,
}

/// A dynamic people flagged.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewDynamic {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub content: String,
    pub images: Vec<String>,
    /// How many people flagged it.
    pub flags: i64,
    pub reasons: Vec<String>,
    pub created_at: String,
}

/// A message trust & safety set aside.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SafetyItem {
    pub id: i64,
    /// caution: a risky first message, delivered with a safety notice; spam: a text sent to
    /// many people, held and not delivered.
    pub kind: String,
    /// link, phone, email, money or repeated.
    pub reason: String,
    pub sender_id: i64,
    pub sender_name: String,
    /// Whom it went to: a person, or (recipient null) the group `groupId`.
    pub recipient_id: Option<i64>,
    pub recipient_name: Option<String>,
    pub group_id: Option<i64>,
    pub group_name: Option<String>,
    pub text: String,
    pub created_at: String,
}

impl SafetyItem {
    pub fn from_row(r: &SafetyRow) -> SafetyItem {
        let content: Value = serde_json::from_str(&r.content).unwrap_or_default();
        SafetyItem {
            id: r.id,
            kind: r.kind.clone(),
            reason: r.reason.clone(),
            sender_id: r.sender_id,
            sender_name: r.sender_name.clone(),
            recipient_id: r.recipient_id,
            recipient_name: r.recipient_name.clone(),
            group_id: r.group_id,
            group_name: r.group_name.clone(),
            // The words the message carries, whatever its type.
            text: MessageType::from_db(&r.msg_type)
                .and_then(|kind| words_of(kind, &content))
                .unwrap_or_default(),
            created_at: rfc3339(r.created_at),
        }
    }
}

/// A payment a provider vouched for with another amount or currency than its order's: nothing
/// was granted; staff settle it with the buyer at the provider (a refund), then close it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewPayment {
    pub id: i64,
    pub order_id: i64,
    /// The buyer.
    pub user_id: i64,
    pub user_name: String,
    /// paypal, stripe, apple or google.
    pub provider: String,
    /// The provider's transaction (`paypal:...`).
    pub transaction: String,
    pub product: String,
    /// What the order asks, in cents, and its currency.
    pub price_cents: i64,
    pub currency: String,
    /// What the provider says was paid (-1 when its amount was unreadable).
    pub paid_cents: i64,
    pub paid_currency: String,
    pub created_at: String,
}

impl ReviewPayment {
    pub fn from_row(r: &DiscrepancyRow) -> ReviewPayment {
        ReviewPayment {
            id: r.id,
            order_id: r.order_id,
            user_id: r.user_id,
            user_name: r.user_name.clone(),
            provider: r.provider.clone(),
            transaction: r.provider_txn.clone(),
            product: r.product_code.clone(),
            price_cents: r.price_cents,
            currency: r.currency.clone(),
            paid_cents: r.paid_cents,
            paid_currency: r.paid_currency.clone(),
            created_at: rfc3339(r.created_at),
        }
    }
}

/// A verification selfie waiting, beside the profile photo it is compared with.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewVerification {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    /// The pose asked for, and its drawing (an SVG `data:` URL).
    pub pose: String,
    pub pose_image: String,
    /// The selfie: a signed URL, given only to staff.
    pub selfie: String,
    /// The person's current profile photo.
    pub avatar: Option<String>,
    pub created_at: String,
}

impl ReviewVerification {
    fn from_row(row: WaitingRequest, signer: &Signer<'_>) -> ReviewVerification {
        let r = row.request;
        ReviewVerification {
            id: r.id,
            user_id: r.user_id,
            user_name: row.user_name,
            pose_image: Pose::parse(Some(&r.pose))
                .map(Pose::image)
                .unwrap_or_default(),
            pose: r.pose,
            selfie: r
                .selfie_key
                .as_deref()
                .map(|k| signer.url(k))
                .unwrap_or_default(),
            avatar: row.avatar_key.as_deref().map(Media::url),
            created_at: rfc3339(r.created_at),
        }
    }
}

/// A banned person's appeal, with the ban it is against.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewAppeal {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub avatar: Option<String>,
    /// What she wrote.
    pub text: String,
    /// The ban: its reason as she was told it (a code), staff's own words, and its end (none:
    /// until lifted).
    pub code: &'static str,
    pub ban_reason: Option<String>,
    pub banned_until: Option<String>,
    pub created_at: String,
}

impl ReviewAppeal {
    fn from_row(row: WaitingAppeal) -> ReviewAppeal {
        ReviewAppeal {
            id: row.id,
            user_id: row.user_id,
            user_name: row.user_name,
            avatar: row.avatar_key.as_deref().map(Media::url),
            text: row.body,
            code: BanCode::from_db(row.ban_code.as_deref()).as_str(),
            ban_reason: row.ban_reason,
            banned_until: row.banned_until.map(rfc3339),
            created_at: rfc3339(row.created_at),
        }
    }
}

/// How many wait in each part of the review queue (each counted up to 10,000: past it, at
/// least that many).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewCounts {
    pub photos: i64,
    pub dynamics: i64,
    pub messages: i64,
    pub payments: i64,
    pub verifications: i64,
    pub appeals: i64,
}

/// Everything waiting for a staff decision, longest waiting first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewQueue {
    pub photos: Vec<ReviewPhoto>,
    pub dynamics: Vec<ReviewDynamic>,
    pub messages: Vec<SafetyItem>,
    pub payments: Vec<ReviewPayment>,
    pub verifications: Vec<ReviewVerification>,
    pub appeals: Vec<ReviewAppeal>,
    pub counts: ReviewCounts,
}

impl ReviewQueue {
    pub fn new(
        photos: Vec<WaitingPhoto>,
        dynamics: Vec<Flagged>,
        messages: Vec<SafetyRow>,
        payments: Vec<DiscrepancyRow>,
        verifications: Vec<WaitingRequest>,
        [photos_waiting, dynamics_waiting, messages_waiting, payments_waiting, verifications_waiting]: [i64; 5],
        signer: &Signer<'_>,
    ) -> ReviewQueue {
        ReviewQueue {
            photos: photos
                .into_iter()
                .map(
                    |WaitingPhoto {
                         photo: p,
                         user_name,
                     }| ReviewPhoto {
                        id: p.id,
                        user_id: p.user_id,
                        user_name,
                        url: signer.url(&p.image_key),
                        thumb: signer.url(&thumb_of(&p.image_key)),
                        is_open: p.is_open,
                        created_at: rfc3339(p.created_at),
                    },
                )
                .collect(),
            dynamics: dynamics
                .into_iter()
                .map(|d| ReviewDynamic {
                    id: d.id,
                    user_id: d.user_id,
                    user_name: d.user_name,
                    content: d.content,
                    images: d.images.split_whitespace().map(Media::url).collect(),
                    flags: d.flags,
                    reasons: d.reasons.lines().map(str::to_owned).collect(),
                    created_at: rfc3339(d.created_at),
                })
                .collect(),
            messages: messages.iter().map(SafetyItem::from_row).collect(),
            payments: payments.iter().map(ReviewPayment::from_row).collect(),
            verifications: verifications
                .into_iter()
                .map(|v| ReviewVerification::from_row(v, signer))
                .collect(),
            appeals: Vec::new(),
            counts: ReviewCounts {
                photos: photos_waiting,
                dynamics: dynamics_waiting,
                messages: messages_waiting,
                payments: payments_waiting,
                verifications: verifications_waiting,
                appeals: 0,
            },
        }
    }
}

impl ReviewQueue {
    /// The queue with the appeals against bans waiting, and how many wait.
    pub fn with_appeals(mut self, appeals: Vec<WaitingAppeal>, waiting: i64) -> ReviewQueue {
        self.appeals = appeals.into_iter().map(ReviewAppeal::from_row).collect();
        self.counts.appeals = waiting;
        self
    }
}

/// A person as staff see them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Person {
    pub user_id: i64,
    pub user_name: String,
    pub email: Option<String>,
    pub avatar: Option<String>,
    /// active, banned or deleted.
    pub status: String,
    pub role: Role,
    pub level: Option<Level>,
    pub member_expires_at: Option<String>,
    pub created_at: String,
    pub last_active_at: String,
    /// Every report ever filed against them.
    pub reports_against: i64,
    /// Hidden from discover by many reports, until staff close them.
    pub held: bool,
    pub ban_reason: Option<String>,
    /// The end of a timed ban; none while banned means until lifted.
    pub banned_until: Option<String>,
}

impl Person {
    pub fn from_row(r: PersonRow) -> Person {
        Person {
            user_id: r.id,
            user_name: r.user_name,
            email: r.email,
            avatar: r.avatar_thumb_key.as_deref().map(Media::url),
            status: r.status.as_str().to_owned(),
            role: r.role,
            level: r.level,
            member_expires_at: r.member_expires_at.map(rfc3339),
            created_at: rfc3339(r.created_at),
            last_active_at: rfc3339(r.last_active_at),
            reports_against: r.reports_against,
            held: r.held,
            ban_reason: r.ban_reason,
            banned_until: r.banned_until.map(rfc3339),
        }
    }
}

/// A person's page for staff: who they are, reports against them, and what staff did.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonDetail {
    #[serde(flatten)]
    pub person: Person,
    pub gender: Gender,
    pub country: String,
    pub language: String,
    pub signature: Option<String>,
    /// The newest reports against them.
    pub reports: Vec<ReportView>,
    /// How many reports they filed.
    pub reports_filed: i64,
    /// The newest audit entries about them.
    pub history: Vec<AuditEntry>,
}

impl PersonDetail {
    pub fn new(
        row: PersonRow,
        reports: Vec<ReportRow>,
        reports_filed: i64,
        history: Vec<AuditEntry>,
        signer: &Signer<'_>,
    ) -> PersonDetail {
        let (gender, country, language, signature) = (
            row.gender,
            row.country.clone(),
            row.language.clone(),
            row.signature.clone(),
        );
        PersonDetail {
            person: Person::from_row(row),
            gender,
            country,
            language,
            signature,
            reports: reports
                .into_iter()
                .map(|r| ReportView::from_row(r, signer))
                .collect(),
            reports_filed,
            history,
        }
    }
}
