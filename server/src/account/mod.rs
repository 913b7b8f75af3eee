//! Accounts: registration, sign-in and sessions, the profile and avatar, mail verification with
//! its reward, password reset and change, account deletion (the erasure itself is `privacy`'s,
//! as `docs/privacy.md` describes), and the guards against guessing.

pub mod bans;
pub mod codes;
pub mod credentials;
pub mod forms;
pub mod guard;
pub mod hooks;
pub mod model;
pub mod password;
pub mod personal;
pub mod profile;
pub mod routes;
pub mod sessions;
pub mod signing;
pub mod store;
pub mod token;
pub mod users;

use std::sync::Arc;

use crate::account::bans::BanStore;
use crate::account::hooks::AccountHooks;
use crate::account::password::PasswordHasher;
use crate::account::sessions::Sessions;
use crate::account::store::AccountStore;
use crate::api::rate_limit::RateLimiter;
use crate::clock::Clock;
use crate::config::Config;
use crate::ground::Ground;
use crate::mail::Mailer;
use crate::media::Media;

/// The accounts service: what the account endpoints and guards work with. What signing out, a
/// new password and deletion mean to the chat, push and privacy reaches them through the hooks
/// (`hooks.rs`), which the composition root wires.
#[derive(Clone)]
pub struct Accounts {
    store: AccountStore,
    bans: BanStore,
    clock: Clock,
    config: Arc<Config>,
    limits: Arc<RateLimiter>,
    media: Media,
    passwords: PasswordHasher,
    mail: Mailer,
    sessions: Sessions,
    hooks: Arc<dyn AccountHooks>,
}

impl Accounts {
    pub fn new(
        ground: &Ground,
        passwords: PasswordHasher,
        mail: Mailer,
        sessions: Sessions,
        hooks: Arc<dyn AccountHooks>,
    ) -> Accounts {
        Accounts {
            store: AccountStore::new(ground.db.clone()),
            bans: BanStore::new(ground.db.clone()),
            clock: ground.clock.clone(),
            config: ground.config.clone(),
            limits: ground.limits.clone(),
            media: ground.media.clone(),
            passwords,
            mail,
            sessions,
            hooks,
        }
    }
}
