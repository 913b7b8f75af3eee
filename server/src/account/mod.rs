//! Accounts: registration, sign-in and sessions, the profile and avatar, mail verification with
//! its reward, password reset and change, account deletion (the erasure itself is `privacy`'s,
//! as `docs/privacy.md` describes), and the guards against guessing.

pub mod bans;
pub mod codes;
pub mod guard;
pub mod model;
pub mod password;
pub mod routes;
pub mod sessions;
pub mod store;
pub mod token;

use std::sync::Arc;

use crate::account::bans::BanStore;
use crate::account::password::PasswordHasher;
use crate::account::sessions::Sessions;
use crate::account::store::AccountStore;
use crate::api::rate_limit::RateLimiter;
use crate::chat::Chat;
use crate::clock::Clock;
use crate::config::Config;
use crate::ground::Ground;
use crate::mail::Mailer;
use crate::media::Media;
use crate::notify::Notify;
use crate::privacy::Privacy;

/// The accounts service: what the account endpoints and guards work with. Signing out, a new
/// password and deletion also end the person's chat connections and forget their push
/// subscriptions, so it holds the chat and notification services, and the privacy service that
/// erases a deleted account.
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
    chat: Chat,
    notify: Notify,
    privacy: Privacy,
}

impl Accounts {
    pub fn new(
        ground: &Ground,
        passwords: PasswordHasher,
        mail: Mailer,
        sessions: Sessions,
        chat: Chat,
        notify: Notify,
        privacy: Privacy,
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
            chat,
            notify,
            privacy,
        }
    }
}
