//! Reports: telling the operators about a person, with a reason and screenshots.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok_with, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::Input;
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::people::forms::ReportRequest;
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(report))
}

/// Reports a person to the moderators.
#[utoipa::path(post, path = "/system/form/add", tag = "people", request_body = ReportRequest,
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 404)))]
async fn report(
    State(people): State<People>,
    me: Session,
    Input(req): Input<ReportRequest>,
) -> ApiResult<Reply<Option<String>>> {
    people.report(&me, req).await?;
    Ok(ok_with(Msg::Reported, None))
}
