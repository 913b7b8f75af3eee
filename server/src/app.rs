//! The composition root: builds each domain's service from the configuration, sharing the
//! pieces they have in common (the database, the clock, media, the chat hub). Only the router
//! (`routes.rs`) and the server (`lib.rs`) know it; a handler receives the one service it needs.

use std::sync::Arc;

use axum::extract::FromRef;
use futures::future::BoxFuture;
use secrecy::ExposeSecret;

use crate::account::hooks::{AccountEvent, AccountHooks};
use crate::account::model::TranslationAllowance;
use crate::account::password::PasswordHasher;
use crate::account::sessions::Sessions;
use crate::account::Accounts;
use crate::album::Album;
use crate::api::error::ApiResult;
use crate::api::rate_limit::RateLimiter;
use crate::chat::hub::Hub;
use crate::chat::{Chat, KICKED};
use crate::clock::Clock;
use crate::config::Config;
use crate::counters::Counters;
use crate::db::Db;
use crate::feed::Feed;
use crate::ground::Ground;
use crate::mail::Mailer;
use crate::media::Media;
use crate::notices::Notices;
use crate::notify::Notify;
use crate::people::People;
use crate::places::Places;
use crate::privacy::Privacy;
use crate::staff::{Desks, Staff};
use crate::translate::Translate;
use crate::verification::Verification;
use crate::wallet::Wallet;

#[derive(Clone)]
pub struct App {
    pub config: Arc<Config>,
    pub db: Db,
    pub clock: Clock,
    pub limits: Arc<RateLimiter>,
    pub media: Media,
    pub passwords: PasswordHasher,
    /// This node's live chat connections.
    pub hub: Arc<Hub>,
    pub sessions: Sessions,
    pub accounts: Accounts,
    pub people: People,
    pub chat: Chat,
    pub wallet: Wallet,
    pub translate: Translate,
    pub notify: Notify,
    pub feed: Feed,
    pub album: Album,
    pub notices: Notices,
    pub staff: Staff,
    pub privacy: Privacy,
    pub verification: Verification,
    pub places: Places,
    /// The browser-side protections every answer carries.
    pub protections: crate::web::Protections,
}

impl App {
    /// Connects to the database (running its migrations), the media store and the mailer, and
    /// builds the services on them.
    pub async fn build(config: Config) -> anyhow::Result<App> {
        std::fs::create_dir_all(&config.data_dir)?;
        let config = Arc::new(config);
        let db = Db::connect(&config.database_url(), &config.db).await?;
        db.migrate().await?;
        let clock = Clock::default();
        let media = Media::from_config(&config)?;
        let mail = Mailer::from_config(&config, db.clone())?;
        let passwords = PasswordHasher::new(config.hash_concurrency);
        let counters = Counters::from_config(&config).await?;
        let limits = Arc::new(RateLimiter::new(&config.rate_limit, counters.clone()));
        let places = Places::from_settings(&config.map)?;
        let protections = crate::web::Protections::from_config(&config)?;
        let finding = match &config.finding_database_url {
            Some(url) => Db::connect(url.expose_secret(), &config.db).await?,
            None => db.clone(),
        };
        let ground = Ground {
            db: db.clone(),
            finding,
            clock: clock.clone(),
            config: config.clone(),
            limits: limits.clone(),
            counters,
            media: media.clone(),
        };
        let hub = Arc::new(Hub::new(config.chat.outbound_queue));
        let sessions = Sessions::new(&ground);
        let notify = Notify::new(&ground);
        let privacy = Privacy::new(&ground);
        let people = People::new(&ground, notify.clone(), places.clone());
        let feed = Feed::new(&ground, people.clone());
        let translate = Translate::new(&ground, feed.clone(), people.clone());
        translate.start().await;
        let wallet = Wallet::new(&ground)?;
        let chat = Chat::new(
            &ground,
            hub.clone(),
            notify.clone(),
            translate.clone(),
            people.clone(),
            wallet.clone(),
        )?;
        let neighbours = Arc::new(AccountNeighbours {
            chat: chat.clone(),
            people: people.clone(),
            notify: notify.clone(),
            privacy: privacy.clone(),
            translate: translate.clone(),
        });
        let accounts = Accounts::new(
            &ground,
            passwords.clone(),
            mail,
            sessions.clone(),
            neighbours,
        );
        let album = Album::new(&ground, people.clone());
        let notices = Notices::new(&ground);
        let verification = Verification::new(&ground, notices.clone());
        let staff = Staff::new(
            &ground,
            Desks {
                notices: notices.clone(),
                chat: chat.clone(),
                verification: verification.clone(),
                feed: feed.clone(),
                album: album.clone(),
                wallet: wallet.clone(),
            },
        );
        Ok(App {
            config,
            db,
            clock,
            limits,
            media,
            passwords,
            hub,
            sessions,
            accounts,
            people,
            chat,
            wallet,
            translate,
            notify,
            feed,
            album,
            notices,
            staff,
            privacy,
            verification,
            places,
            protections,
        })
    }
}

/// What the account's moments mean to the domains above it (`account/hooks.rs`).
struct AccountNeighbours {
    chat: Chat,
    people: People,
    notify: Notify,
    privacy: Privacy,
    translate: Translate,
}

impl AccountHooks for AccountNeighbours {
    fn happened(&self, event: AccountEvent) -> BoxFuture<'_, ApiResult<()>> {
        Box::pin(async move {
            match event {
                AccountEvent::SignedOut { user_id } => {
                    self.notify.forget_subscriptions(user_id).await?;
                }
                AccountEvent::PasswordChanged { user_id } => {
                    self.notify.forget_subscriptions(user_id).await?;
                    self.chat.kick(user_id, KICKED);
                }
                AccountEvent::Left { user_id } => {
                    self.chat.leave_every_group(user_id).await?;
                    self.privacy.erase(user_id).await?;
                    self.chat.kick(user_id, KICKED);
                }
            }
            Ok(())
        })
    }

    fn translation_allowance(
        &self,
        user_id: i64,
    ) -> BoxFuture<'_, ApiResult<Option<TranslationAllowance>>> {
        Box::pin(self.translate.allowance(user_id))
    }

    fn shares_area(&self, user_id: i64) -> BoxFuture<'_, ApiResult<bool>> {
        Box::pin(async move { Ok(self.people.shares_area(user_id).await?) })
    }
}

macro_rules! serves {
    ($($service:ty => $field:ident),* $(,)?) => {$(
        impl FromRef<App> for $service {
            fn from_ref(app: &App) -> $service {
                app.$field.clone()
            }
        }
    )*};
}

serves! {
    Sessions => sessions,
    Accounts => accounts,
    People => people,
    Chat => chat,
    Wallet => wallet,
    Translate => translate,
    Notify => notify,
    Feed => feed,
    Album => album,
    Notices => notices,
    Places => places,
    Staff => staff,
    Privacy => privacy,
    Verification => verification,
    Media => media,
    Arc<RateLimiter> => limits,
    Db => db,
    Clock => clock,
}
