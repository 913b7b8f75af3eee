//! Sessions: opaque 256-bit bearer tokens. Only their SHA-256 is stored, so a leaked database
//! holds no usable token. Logout, password change and account deletion revoke them.
//!
//! The router puts `Sessions` into every API request as its `Authenticator` (a layer), so the
//! `Session` extractor (`api/session.rs`) needs no state of its own.

use futures::future::BoxFuture;

use crate::account::bans::BanStore;
use crate::account::store::AccountStore;
use crate::account::token::{new_token, token_hash};
use crate::api::error::ApiError;
use crate::api::session::{Authenticate, Session};
use crate::clock::Clock;
use crate::ground::Ground;

/// Opening sessions and recognising their tokens.
#[derive(Clone)]
pub struct Sessions {
    store: AccountStore,
    bans: BanStore,
    clock: Clock,
    /// How long a session lasts.
    days: i64,
}

impl Sessions {
    pub fn new(ground: &Ground) -> Sessions {
        Sessions {
            store: AccountStore::new(ground.db.clone()),
            bans: BanStore::new(ground.db.clone()),
            clock: ground.clock.clone(),
            days: ground.config.session_days,
        }
    }

    /// Opens a session for `user_id` and returns its token.
    pub async fn open(&self, user_id: i64) -> Result<String, ApiError> {
        let (token, hash) = new_token();
        let now = self.clock.unix();
        let expires = now + self.days * 86_400;
        self.store
            .create_session(user_id, &hash, now, expires)
            .await?;
        Ok(token)
    }

    /// The live session behind `token`, or 401; a session a ban ended is answered with the ban
    /// (403 with its reason and end). Marks the person active (at most once a minute).
    pub async fn authenticate(&self, token: &str) -> Result<Session, ApiError> {
        let now = self.clock.unix();
        let hash = token_hash(token);
        let found = self.store.session_by_token(&hash, now).await?;
        let Some((session_id, user_id, last_active)) = found else {
            return Err(self.ended(&hash, now).await?);
        };
        if now - last_active >= 60 {
            self.store.touch_user(user_id, now).await?;
        }
        Ok(Session {
            user_id,
            session_id,
        })
    }
}

impl Sessions {
    /// Why a token opens no session: the ban that ended it, or 401.
    async fn ended(&self, hash: &str, now: i64) -> Result<ApiError, ApiError> {
        let Some(user_id) = self.bans.suspended_session(hash, now).await? else {
            return Ok(ApiError::Unauthorized);
        };
        Ok(match self.bans.suspension(user_id, now).await? {
            Some(suspension) => ApiError::Suspended(Box::new(suspension)),
            None => ApiError::Unauthorized,
        })
    }
}

impl Authenticate for Sessions {
    fn authenticate<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Session, ApiError>> {
        Box::pin(Sessions::authenticate(self, token))
    }
}
