//! Photo verification's rules: the poses offered, why staff may refuse a selfie, how long a
//! person waits before trying again, and where a person's verification stands.

use base64::Engine;
use serde::Serialize;
use utoipa::ToSchema;

use crate::i18n::Msg;
use crate::verification::poses;

/// After a refusal, a new selfie may be sent this long after the decision.
pub const RETRY_AFTER_SECS: i64 = 24 * 3600;

/// A drawn pose the selfie copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pose {
    HandRaised,
    ThumbsUp,
    PeaceSign,
    TouchingEar,
    HandOnChin,
}

impl Pose {
    pub const ALL: [Pose; 5] = [
        Pose::HandRaised,
        Pose::ThumbsUp,
        Pose::PeaceSign,
        Pose::TouchingEar,
        Pose::HandOnChin,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Pose::HandRaised => "hand_raised",
            Pose::ThumbsUp => "thumbs_up",
            Pose::PeaceSign => "peace_sign",
            Pose::TouchingEar => "touching_ear",
            Pose::HandOnChin => "hand_on_chin",
        }
    }

    pub fn parse(raw: Option<&str>) -> Result<Pose, Msg> {
        Pose::ALL
            .into_iter()
            .find(|pose| Some(pose.as_str()) == raw)
            .ok_or(Msg::VerificationPose)
    }

    /// The drawing as a `data:` URL, for an `<img src>`.
    pub fn image(self) -> String {
        let strokes = match self {
            Pose::HandRaised => poses::HAND_RAISED,
            Pose::ThumbsUp => poses::THUMBS_UP,
            Pose::PeaceSign => poses::PEACE_SIGN,
            Pose::TouchingEar => poses::TOUCHING_EAR,
            Pose::HandOnChin => poses::HAND_ON_CHIN,
        };
        let svg = poses::svg(strokes);
        format!(
            "data:image/svg+xml;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(svg)
        )
    }
}

/// A pose as the app shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PoseView {
    /// What `POST /system/user/verification` takes as `pose`.
    pub id: String,
    /// The drawing, an SVG `data:` URL.
    pub image: String,
}

impl From<Pose> for PoseView {
    fn from(pose: Pose) -> PoseView {
        PoseView {
            id: pose.as_str().to_owned(),
            image: pose.image(),
        }
    }
}

/// Why staff refused a selfie; the person is told it in their language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RejectReason {
    /// The selfie does not copy the pose shown.
    Pose,
    /// The face is not clearly seen.
    Face,
    /// The person in the selfie is not the one in the profile photo.
    Match,
    /// Too dark, blurred or cut off.
    Quality,
}

impl RejectReason {
    pub const ALL: [RejectReason; 4] = [
        RejectReason::Pose,
        RejectReason::Face,
        RejectReason::Match,
        RejectReason::Quality,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RejectReason::Pose => "pose",
            RejectReason::Face => "face",
            RejectReason::Match => "match",
            RejectReason::Quality => "quality",
        }
    }

    pub fn parse(raw: Option<&str>) -> Result<RejectReason, Msg> {
        RejectReason::ALL
            .into_iter()
            .find(|reason| Some(reason.as_str()) == raw)
            .ok_or(Msg::VerificationReason)
    }

    /// The notice body the person reads.
    pub fn told(self) -> Msg {
        match self {
            RejectReason::Pose => Msg::VerificationReasonPose,
            RejectReason::Face => Msg::VerificationReasonFace,
            RejectReason::Match => Msg::VerificationReasonMatch,
            RejectReason::Quality => Msg::VerificationReasonQuality,
        }
    }
}

/// Staff's decision on a selfie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Approve,
    Reject(RejectReason),
}

/// A request as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestState {
    Pending,
    Approved,
    Rejected,
}

impl RequestState {
    pub fn as_str(self) -> &'static str {
        match self {
            RequestState::Pending => "pending",
            RequestState::Approved => "approved",
            RequestState::Rejected => "rejected",
        }
    }

    pub fn from_db(raw: &str) -> Option<RequestState> {
        match raw {
            "pending" => Some(RequestState::Pending),
            "approved" => Some(RequestState::Approved),
            "rejected" => Some(RequestState::Rejected),
            _ => None,
        }
    }
}

crate::db::text_enum!(RequestState);

/// Where my verification stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum VerificationState {
    /// Never sent a selfie.
    None,
    /// A selfie waits for staff.
    Pending,
    /// Approved, and the profile photo is the one staff compared.
    Verified,
    /// Approved for an earlier profile photo: a new selfie gives the badge back.
    Changed,
    /// The last selfie was refused (`reason`); a new one may be sent from `retryAt`.
    Rejected,
}

/// My verification as the app shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerificationStatus {
    pub state: VerificationState,
    /// Why the last selfie was refused.
    pub reason: Option<RejectReason>,
    /// RFC 3339: when a new selfie may be sent after a refusal.
    pub retry_at: Option<String>,
    /// RFC 3339: when the last selfie was sent.
    pub sent_at: Option<String>,
}
