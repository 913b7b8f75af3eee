//! Sessions: opaque 256-bit bearer tokens. Only their SHA-256 is stored, so a leaked database
//! holds no usable token. Logout, password change and account deletion revoke them.

use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::account::store::AccountStore;
use crate::api::error::ApiError;
use crate::api::extract::Session;
use crate::app::App;

/// A new token and the hash the database keeps.
pub fn new_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let hash = token_hash(&token);
    (token, hash)
}

/// Equality that takes as long whatever the bytes (for secrets).
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

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
