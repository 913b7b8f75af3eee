//! The one error type of the API. It is the response: its HTTP status equals the envelope's
//! `code`, and its `msg` is localized to the request's language. Internal errors are logged with
//! their cause and answered as a bare 500: no detail leaks. A database that does not answer is
//! not our fault but an outage: wherever its error comes from, it is a 503 with `Retry-After`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use crate::api::suspension::Suspension;
use crate::db;
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
    /// 403 "This account has been suspended", with why, until when, and the pass to appeal.
    #[error("suspended")]
    Suspended(Box<Suspension>),
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
    /// 503 with `Retry-After`: the database is down, refusing connections or has none free
    /// within the pool's wait (`db::is_unavailable`). Nothing was done.
    #[error("database unavailable")]
    DatabaseUnavailable,
    #[error(transparent)]
    Internal(anyhow::Error),
}

/// Seconds a client is asked to wait before trying again while the database does not answer:
/// the pool tries it again on every request, so it is back as soon as the database is.
pub const DATABASE_RETRY_AFTER_SECS: u64 = 1;

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
            ApiError::Forbidden(_) | ApiError::Upgrade | ApiError::Suspended(_) => {
                StatusCode::FORBIDDEN
            }
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed | ApiError::WrongMethod(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests { .. } | ApiError::Limited { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::Unavailable(_) | ApiError::DatabaseUnavailable => {
                StatusCode::SERVICE_UNAVAILABLE
            }
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
            ApiError::Suspended(_) => Msg::AccountSuspended,
            ApiError::NotFound => Msg::NotFound,
            ApiError::MethodNotAllowed => Msg::BadRequest,
            ApiError::TooManyRequests { .. } => Msg::TooManyRequests,
            ApiError::DatabaseUnavailable => Msg::Unavailable,
            ApiError::Internal(_) => Msg::Internal,
        };
        msg.localized().to_owned()
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        anyhow::Error::from(e).into()
    }
}

/// Anything unexpected is ours (500), unless a database error in its chain says the database
/// is not answering.
impl From<anyhow::Error> for ApiError {
    fn from(e: anyhow::Error) -> Self {
        let unavailable = e
            .chain()
            .any(|cause| cause.downcast_ref().is_some_and(db::is_unavailable));
        if unavailable {
            tracing::warn!(error = %e, "the database is unavailable");
            ApiError::DatabaseUnavailable
        } else {
            ApiError::Internal(e)
        }
    }
}

impl ApiError {
    /// What an error answers besides its message, for the app to act on: `upgrade` offers
    /// membership; `recharge` names the recharge page's tab that buys what was missing; `confirm`
    /// asks the sender again before a message that may hurt (`harsh`).
    pub fn data(&self) -> Value {
        match self {
            ApiError::Upgrade => json!({ "upgrade": true }),
            ApiError::Suspended(suspension) => json!(suspension),
            ApiError::Invalid(Msg::InsufficientCoins) => json!({ "recharge": "gold" }),
            ApiError::Invalid(Msg::InsufficientCharacters) => json!({ "recharge": "character" }),
            ApiError::Conflict(Msg::AreYouSure) => json!({ "confirm": "harsh" }),
            ApiError::Limited {
                msg: Msg::VerificationTooSoon,
                retry_after_secs,
            } => json!({ "retryAfterSecs": retry_after_secs }),
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
        let retry_after = match self {
            ApiError::TooManyRequests { retry_after_secs }
            | ApiError::Limited {
                retry_after_secs, ..
            } => Some(retry_after_secs),
            ApiError::DatabaseUnavailable => Some(DATABASE_RETRY_AFTER_SECS),
            _ => None,
        };
        if let Some(retry_after_secs) = retry_after {
            if let Ok(v) = retry_after_secs.to_string().parse() {
                response
                    .headers_mut()
                    .insert(axum::http::header::RETRY_AFTER, v);
            }
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(e: ApiError) -> (StatusCode, Option<String>) {
        let response = e.into_response();
        let retry_after = response
            .headers()
            .get(axum::http::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        (response.status(), retry_after)
    }

    #[test]
    fn a_database_that_does_not_answer_is_a_503_to_retry() {
        let unavailable = StatusCode::SERVICE_UNAVAILABLE;
        let wait = Some(DATABASE_RETRY_AFTER_SECS.to_string());
        assert_eq!(
            answer(sqlx::Error::PoolTimedOut.into()),
            (unavailable, wait.clone())
        );
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert_eq!(
            answer(sqlx::Error::Io(refused).into()),
            (unavailable, wait.clone())
        );
        // However it was wrapped on its way up.
        let wrapped = anyhow::Error::from(sqlx::Error::PoolTimedOut).context("reading the session");
        assert_eq!(answer(wrapped.into()), (unavailable, wait));
    }

    #[test]
    fn other_database_errors_stay_ours() {
        let internal = (StatusCode::INTERNAL_SERVER_ERROR, None);
        assert_eq!(answer(sqlx::Error::RowNotFound.into()), internal);
        assert_eq!(answer(anyhow::anyhow!("a bug").into()), internal);
    }
}
