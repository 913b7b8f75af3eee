//! Reports: telling the operators about a person, with a reason and screenshots.

use axum::extract::{FromRef, State};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok_with, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::Input;
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::people::model::REPORT_REASONS;
use crate::people::store::{Hold, NewReport};
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(report))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportRequest {
    user_id: Option<i64>,
    /// spam, fake_profile, inappropriate_content, harassment, underage, scam or other.
    reason: Option<String>,
    content: Option<String>,
    /// Up to three screenshots as base64 data URLs.
    images: Option<Vec<String>>,
}

/// Reports a person to the moderators.
#[utoipa::path(post, path = "/system/form/add", tag = "people", request_body = ReportRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 404)))]
async fn report(
    State(people): State<People>,
    me: Session,
    Input(req): Input<ReportRequest>,
) -> ApiResult<Reply<Option<String>>> {
    people
        .limits
        .check(Action::ReportByAccount, &me.user_id.to_string())?;
    let reason = req
        .reason
        .as_deref()
        .map(str::trim)
        .filter(|r| REPORT_REASONS.contains(r))
        .ok_or(ApiError::Invalid(Msg::ReportReason))?;
    let content = req
        .content
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let images = req.images.unwrap_or_default();
    if content.is_some_and(|c| c.chars().count() > 500) || images.len() > 3 {
        return Err(ApiError::Invalid(Msg::ReportTooLong));
    }
    let id = req.user_id.ok_or(ApiError::NotFound)?;
    if id == me.user_id {
        return Err(ApiError::Invalid(Msg::NotYourself));
    }
    people.accounts.user(id).await?.ok_or(ApiError::NotFound)?;
    let mut stored = Vec::new();
    // Every file written, thumbnails included, to remove them all if a later picture fails.
    let mut written = Vec::new();
    for image in &images {
        match people
            .media
            .put_base64_image(me.user_id, "reports", image)
            .await
        {
            Ok(picture) => {
                written.push(picture.thumb_key);
                written.push(picture.key.clone());
                stored.push(picture.key);
            }
            Err(e) => {
                people
                    .media
                    .delete(&written.iter().map(String::as_str).collect::<Vec<_>>())
                    .await;
                return Err(e);
            }
        }
    }
    let now = people.clock.unix();
    let safety = &people.config.safety;
    let hold = Hold {
        reporters: safety.report_hold_reporters,
        since: now - safety.report_hold_days * 86_400,
    };
    let report = NewReport {
        reporter: me.user_id,
        target: id,
        reason,
        content,
        images: &stored,
    };
    people.store.report(&report, hold, now).await?;
    Ok(ok_with(Msg::Reported, None))
}
