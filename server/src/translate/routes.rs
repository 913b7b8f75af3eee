//! Translation endpoints: `tranText`, the per-partner language choice (CHAT_LANGUAGES), and
//! which languages reach which here. `tranMsg` is the chat's (`chat/routes.rs`): which message
//! a person may read is the chat's to say.

use axum::extract::{FromRef, State};
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::Query;
use crate::api::session::Session;
use crate::translate::choices::{ChatLanguage, TranslationRoutes};
use crate::translate::texts::{TextKind, TextTranslation};
use crate::translate::Translate;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Translate: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(tran_text))
        .routes(routes!(chat_languages, set_chat_language))
        .routes(routes!(set_on_arrival))
        .routes(routes!(translation_routes))
}

/// Which of the eight languages translation reaches here, and how, for anyone: the guide says
/// what is true before sign-in. (DESIGN.md names no endpoint for this; the routes of a signed-in
/// person's partners are in `chatLanguage`.) Read from memory, so no limit beyond the server's.
#[utoipa::path(get, path = "/system/content/translationRoutes", tag = "translate",
    responses((status = 200, body = Envelope<TranslationRoutes>)))]
async fn translation_routes(State(translate): State<Translate>) -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "public, max-age=300")],
        ok(translate.translation_routes()),
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TranTextQuery {
    /// `dynamic`, `comment` or `about` (a person's About me).
    kind: Option<String>,
    /// The dynamic's, the comment's or the person's id.
    id: Option<i64>,
    /// Target language code; default: my language.
    target: Option<String>,
}

/// Translates a text I may read (a dynamic, a comment, a person's About me) into my language,
/// charged in characters like a message (stored: reading again is free). 404 for a text I may
/// not see: deleted, taken down, of a banned person, or across a block either way.
#[utoipa::path(post, path = "/system/content/tranText", tag = "translate", params(TranTextQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<TextTranslation>), (status = 400), (status = 404), (status = 503)))]
async fn tran_text(
    State(translate): State<Translate>,
    me: Session,
    Query(q): Query<TranTextQuery>,
) -> ApiResult<Reply<TextTranslation>> {
    let kind = TextKind::parse(q.kind.as_deref())?;
    Ok(ok(translate
        .translate_text(
            me.user_id,
            kind,
            q.id.ok_or(ApiError::NotFound)?,
            q.target.as_deref(),
        )
        .await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ChatLanguagesQuery {
    /// A partner to answer as well when I have made no choice for them (then `abbr` is `none`).
    user_id: Option<i64>,
}

/// My translation language per chat partner, each with how the partner's language reaches me in
/// each language (`route`: `apertium`, `libretranslate`, `pivot` through English, or `none`).
#[utoipa::path(get, path = "/system/content/chatLanguage", tag = "translate", params(ChatLanguagesQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<ChatLanguage>>), (status = 404, description = "`userId` names nobody")))]
async fn chat_languages(
    State(translate): State<Translate>,
    me: Session,
    Query(q): Query<ChatLanguagesQuery>,
) -> ApiResult<Reply<Vec<ChatLanguage>>> {
    Ok(ok(translate.chat_languages(me.user_id, q.user_id).await?))
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
    responses((status = 200, body = Envelope<ChatLanguage>), (status = 400), (status = 404)))]
async fn set_chat_language(
    State(translate): State<Translate>,
    me: Session,
    Query(q): Query<ChatLanguageQuery>,
) -> ApiResult<Reply<ChatLanguage>> {
    let partner = q.user_id.ok_or(ApiError::NotFound)?;
    Ok(ok(translate
        .set_chat_language(me.user_id, partner, q.abbr.as_deref())
        .await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OnArrivalQuery {
    user_id: Option<i64>,
    /// `true`: translate their new messages as they arrive; `false`: only when I ask.
    on: Option<bool>,
}

/// Has a partner's new messages translated by the server as they arrive (into my language for
/// them, else my own), so the push and the message list show the translation even while the chat
/// is closed. Charged like any translation, per message, when it is made; one that fails leaves
/// the message untranslated.
#[utoipa::path(put, path = "/system/content/translateOnArrival", tag = "translate", params(OnArrivalQuery), security(("bearer" = [])),
    responses((status = 200, body = Envelope<ChatLanguage>), (status = 400), (status = 404, description = "`userId` names nobody")))]
async fn set_on_arrival(
    State(translate): State<Translate>,
    me: Session,
    Query(q): Query<OnArrivalQuery>,
) -> ApiResult<Reply<ChatLanguage>> {
    let partner = q.user_id.ok_or(ApiError::NotFound)?;
    let on =
        q.on.ok_or_else(|| ApiError::Malformed("on must be true or false".into()))?;
    Ok(ok(translate
        .set_on_arrival(me.user_id, partner, on)
        .await?))
}
