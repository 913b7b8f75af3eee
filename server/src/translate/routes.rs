//! Translation endpoints: `tranMsg` and the per-partner language choice (CHAT_LANGUAGES).

use axum::extract::{FromRef, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::account::model::parse_language;
use crate::account::sessions::Session;
use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::Query;
use crate::api::rate_limit::Action;
use crate::translate::Translate;
use crate::translate::{Translation, DO_NOT_TRANSLATE};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Translate: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(tran_msg))
        .routes(routes!(chat_languages, set_chat_language))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TranMsgQuery {
    /// The message to translate.
    id: Option<i64>,
    /// Target language code; default: my choice for that partner, else my language.
    target: Option<String>,
    /// Accepted and ignored (the seed sends it).
    year: Option<String>,
}

/// Translates one message for me, charged in characters (stored: reading again is free).
#[utoipa::path(post, path = "/system/content/tranMsg", tag = "translate", params(TranMsgQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Translation>), (status = 400), (status = 404), (status = 503)))]
async fn tran_msg(
    State(translate): State<Translate>,
    me: Session,
    Query(q): Query<TranMsgQuery>,
) -> ApiResult<Reply<Translation>> {
    let _ = q.year;
    translate
        .limits
        .check(Action::TranslateByAccount, &me.user_id.to_string())?;
    Ok(ok(translate
        .translate_message(
            me.user_id,
            q.id.ok_or(ApiError::NotFound)?,
            q.target.as_deref(),
        )
        .await?))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatLanguage {
    user_id: i64,
    /// A language code, or `none` for do-not-translate.
    abbr: String,
}

/// My translation language per chat partner.
#[utoipa::path(get, path = "/system/content/chatLanguage", tag = "translate", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<ChatLanguage>>)))]
async fn chat_languages(
    State(translate): State<Translate>,
    me: Session,
) -> ApiResult<Reply<Vec<ChatLanguage>>> {
    let rows = translate.store.chat_languages(me.user_id).await?;
    Ok(ok(rows
        .into_iter()
        .map(|(user_id, abbr)| ChatLanguage { user_id, abbr })
        .collect()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ChatLanguageQuery {
    user_id: Option<i64>,
    /// A language code, or `none`.
    abbr: Option<String>,
}

/// Chooses the language I read a partner in (or `none`).
#[utoipa::path(put, path = "/system/content/chatLanguage", tag = "translate", params(ChatLanguageQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<ChatLanguage>), (status = 400)))]
async fn set_chat_language(
    State(translate): State<Translate>,
    me: Session,
    Query(q): Query<ChatLanguageQuery>,
) -> ApiResult<Reply<ChatLanguage>> {
    let partner = q.user_id.ok_or(ApiError::NotFound)?;
    let abbr = match q.abbr.as_deref() {
        Some(DO_NOT_TRANSLATE) => DO_NOT_TRANSLATE.to_owned(),
        other => parse_language(other)?.to_owned(),
    };
    translate
        .store
        .set_chat_language(me.user_id, partner, &abbr, translate.clock.unix())
        .await?;
    Ok(ok(ChatLanguage {
        user_id: partner,
        abbr,
    }))
}
