//! Photo verification endpoints (DESIGN.md section 10): thin handlers over `Verification`.

use axum::extract::{FromRef, State};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::Input;
use crate::api::session::Session;
use crate::verification::model::{PoseView, VerificationStatus};
use crate::verification::Verification;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Verification: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(pose))
        .routes(routes!(status, send))
}

/// A pose drawn at random, for the selfie to copy.
#[utoipa::path(get, path = "/system/user/verification/pose", tag = "verification",
    security(("bearer" = [])), responses((status = 200, body = Envelope<PoseView>), (status = 401)))]
async fn pose(State(verification): State<Verification>, _: Session) -> ApiResult<Reply<PoseView>> {
    Ok(ok(verification.pose()))
}

/// Where my photo verification stands: none, pending, verified, changed (approved for an
/// earlier profile photo) or rejected (with the reason and when I may try again).
#[utoipa::path(get, path = "/system/user/verification", tag = "verification",
    security(("bearer" = [])), responses((status = 200, body = Envelope<VerificationStatus>), (status = 401)))]
async fn status(
    State(verification): State<Verification>,
    me: Session,
) -> ApiResult<Reply<VerificationStatus>> {
    Ok(ok(verification.status(&me).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SendRequest {
    /// The `id` of the pose shown.
    pose: Option<String>,
    /// The selfie copying it, a base64 `data:` URL (JPEG, PNG or WebP; at most 10 MB).
    selfie: Option<String>,
}

/// Sends my selfie copying a pose to staff, who compare it with my profile photo. One request
/// waits at a time (409); after a refusal, a new one is taken 24 hours later (429 with
/// `Retry-After` before).
#[utoipa::path(post, path = "/system/user/verification", tag = "verification",
    request_body = SendRequest, security(("bearer" = [])),
    responses((status = 200, body = Envelope<VerificationStatus>), (status = 400), (status = 401),
        (status = 409), (status = 413), (status = 429)))]
async fn send(
    State(verification): State<Verification>,
    me: Session,
    Input(req): Input<SendRequest>,
) -> ApiResult<Reply<VerificationStatus>> {
    let selfie = req.selfie.unwrap_or_default();
    Ok(ok(verification
        .send(&me, req.pose.as_deref(), &selfie)
        .await?))
}
