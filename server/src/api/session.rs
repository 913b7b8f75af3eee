//! Who is asking: the `Session` extractor. A handler that takes a `Session` has the bearer token
//! recognised then, once a request, and answers 401 without a valid one; an endpoint open to all
//! reads nothing. The token is recognised by whatever the router put into the request as its
//! `Authenticator` (the account's sessions, `account/sessions.rs`), so every domain may ask who
//! is asking without standing on the account.

use std::sync::Arc;

use axum::extract::{FromRequestParts, OptionalFromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use futures::future::BoxFuture;

use crate::api::error::ApiError;

/// The signed-in person behind `Authorization: Bearer <token>`; 401 otherwise.
#[derive(Debug, Clone, Copy)]
pub struct Session {
    pub user_id: i64,
    pub session_id: i64,
}

/// Recognises a bearer token: the live session behind it, or the error to answer (401, or the
/// ban that ended it).
pub trait Authenticate: Send + Sync + 'static {
    fn authenticate<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Session, ApiError>>;
}

/// What recognises tokens, put into every API request by the router (a layer).
#[derive(Clone)]
pub struct Authenticator(pub Arc<dyn Authenticate>);

/// The token of `Authorization: Bearer <token>`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

impl<S: Send + Sync> FromRequestParts<S> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        if let Some(session) = parts.extensions.get::<Session>() {
            return Ok(*session);
        }
        let token = bearer(&parts.headers).ok_or(ApiError::Unauthorized)?;
        let Authenticator(sessions) = parts
            .extensions
            .get::<Authenticator>()
            .cloned()
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no Authenticator layer")))?;
        let session = sessions.authenticate(token).await?;
        parts.extensions.insert(session);
        Ok(session)
    }
}

/// Where signing in is optional (an error report): the person when a valid token comes with
/// the request, nobody otherwise. A stale token is no reason to refuse.
impl<S: Send + Sync> OptionalFromRequestParts<S> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Option<Self>, ApiError> {
        match <Session as FromRequestParts<S>>::from_request_parts(parts, state).await {
            Ok(session) => Ok(Some(session)),
            Err(ApiError::Unauthorized) => Ok(None),
            Err(e) => Err(e),
        }
    }
}
