//! Sessions: opaque 256-bit bearer tokens. Only their SHA-256 is stored, so a leaked database
//! holds no usable token. Logout, password change and account deletion revoke them.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::account::store::AccountStore;
use crate::account::token::{new_token, token_hash};
use crate::api::error::ApiError;
use crate::app::App;

/// Opens a session for `user_id` and returns its token.
pub async fn open(app: &App, user_id: i64) -> Result<String, ApiError> {
    let (token, hash) = new_token();
    let now = app.clock.unix();
    let expires = now + app.config.session_days * 86_400;
    app.db.create_session(user_id, &hash, now, expires).await?;
    Ok(token)
}

/// The live session behind `token`, or 401. Marks the person active (at most once a minute).
pub async fn authenticate(app: &App, token: &str) -> Result<Session, ApiError> {
    let now = app.clock.unix();
    let found = app.db.session_by_token(&token_hash(token), now).await?;
    let Some((session_id, user_id, last_active)) = found else {
        return Err(ApiError::Unauthorized);
    };
    if now - last_active >= 60 {
        app.db.touch_user(user_id, now).await?;
    }
    Ok(Session {
        user_id,
        session_id,
    })
}

/// The signed-in person behind `Authorization: Bearer <token>`; 401 otherwise.
#[derive(Debug, Clone, Copy)]
pub struct Session {
    pub user_id: i64,
    pub session_id: i64,
}

impl<S: Send + Sync> FromRequestParts<S> for Session
where
    App: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        if let Some(session) = parts.extensions.get::<Session>() {
            return Ok(*session);
        }
        let token = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| {
                v.strip_prefix("Bearer ")
                    .or_else(|| v.strip_prefix("bearer "))
            })
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or(ApiError::Unauthorized)?;
        let app = App::from_ref(state);
        let session = authenticate(&app, token).await?;
        parts.extensions.insert(session);
        Ok(session)
    }
}
