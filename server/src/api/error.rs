//! The one error type of the API. It is the response: its HTTP status equals the envelope's
//! `code`, and its `msg` is localized to the request's language. Internal errors are logged with
//! their cause and answered as a bare 500: no detail leaks.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use crate::i18n::Msg;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 with a catalogue message.
    #[error("bad request: {0:?}")]
    Invalid(Msg),
    /// 400 for input that does not parse; the detail (field, position) follows the message.
    #[error("malformed input: {0}")]
    Malformed(String),
    #[error("unauthorized")]
    Unauthorized,
    #[error("forbidden: {0:?}")]
    Forbidden(Msg),
    /// 403 for a membership-only feature: `data.upgrade = true` tells the app to offer it.
    #[error("membership required")]
    Upgrade,
    #[error("not found")]
    NotFound,
    #[error("method not allowed")]
    MethodNotAllowed,
    #[error("conflict: {0:?}")]
    Conflict(Msg),
    #[error("payload too large: {0:?}")]
    TooLarge(Msg),
    #[error("rate limited")]
    TooManyRequests { retry_after_secs: u64 },
    /// 429 with `Retry-After` and a message of its own (a daily cap, a lock until midnight).
    #[error("limited: {msg:?}")]
    Limited { msg: Msg, retry_after_secs: u64 },
    /// 405 with a message saying what to do instead.
    #[error("wrong method: {0:?}")]
    WrongMethod(Msg),
    /// 503: something we depend on (the mail server, say) failed; worth trying again.
    #[error("unavailable: {0:?}")]
    Unavailable(Msg),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<T, ApiError>;

/// A rule of the input, broken: models answer with the catalogue message saying which, and know
/// nothing of HTTP; it is a 400.
impl From<Msg> for ApiError {
    fn from(msg: Msg) -> Self {
        ApiError::Invalid(msg)
    }
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Invalid(_) | ApiError::Malformed(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) | ApiError::Upgrade => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed | ApiError::WrongMethod(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests { .. } | ApiError::Limited { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The localized message of the envelope.
    pub fn message(&self) -> String {
        let msg = match self {
            ApiError::Invalid(m)
            | ApiError::Forbidden(m)
            | ApiError::Conflict(m)
            | ApiError::TooLarge(m)
            | ApiError::Unavailable(m)
            | ApiError::WrongMethod(m)
            | ApiError::Limited { msg: m, .. } => *m,
            ApiError::Malformed(detail) => {
                return format!("{}: {detail}", Msg::BadRequest.localized())
            }
            ApiError::Unauthorized => Msg::LoginExpired,
            ApiError::Upgrade => Msg::UpgradeNow,
            ApiError::NotFound => Msg::NotFound,
            ApiError::MethodNotAllowed => Msg::BadRequest,
            ApiError::TooManyRequests { .. } => Msg::TooManyRequests,
            ApiError::Internal(_) => Msg::Internal,
        };
        msg.localized().to_owned()
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::Internal(e.into())
    }
}

impl ApiError {
    /// What an error answers besides its message, for the app to act on: `upgrade` offers
    /// membership; `recharge` names the recharge page's tab that buys what was missing.
    pub fn data(&self) -> Value {
        match self {
            ApiError::Upgrade => json!({ "upgrade": true }),
            ApiError::Invalid(Msg::InsufficientCoins) => json!({ "recharge": "gold" }),
            ApiError::Invalid(Msg::InsufficientCharacters) => json!({ "recharge": "character" }),
            _ => Value::Null,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(cause) = &self {
            tracing::error!(error = ?cause, "internal error");
        }
        let status = self.status();
        let body = json!({ "code": status.as_u16(), "msg": self.message(), "data": self.data() });
        let mut response = (status, Json(body)).into_response();
        if let ApiError::TooManyRequests { retry_after_secs }
        | ApiError::Limited {
            retry_after_secs, ..
        } = self
        {
            if let Ok(v) = retry_after_secs.to_string().parse() {
                response
                    .headers_mut()
                    .insert(axum::http::header::RETRY_AFTER, v);
            }
        }
        response
    }
}
