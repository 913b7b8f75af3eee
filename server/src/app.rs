//! The application state every handler receives, and its assembly from the configuration.

use std::ops::Deref;
use std::sync::Arc;

use crate::account::password::PasswordHasher;
use crate::api::rate_limit::RateLimiter;
use crate::chat::checks::Checks;
use crate::chat::hub::Hub;
use crate::chat::writer::Writer;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::mail::Mailer;
use crate::media::Media;

#[derive(Clone)]
pub struct App(Arc<AppInner>);

pub struct AppInner {
    pub config: Config,
    pub db: Db,
    pub media: Media,
    pub mail: Mailer,
    pub passwords: PasswordHasher,
    pub limits: RateLimiter,
    pub clock: Clock,
    /// This node's live chat connections.
    pub hub: Arc<Hub>,
    /// Reads what a send is checked against, many sends to a query.
    pub send_checks: Checks,
    /// Stores messages that cost nothing, many to a transaction.
    pub message_writer: Writer,
    /// Translation providers, routed per language pair.
    pub translator: Arc<crate::translate::providers::Router>,
    /// The translations running now (one per message, reader and language at a time).
    pub translations_in_flight: crate::translate::in_flight::InFlight,
}

impl Deref for App {
    type Target = AppInner;
    fn deref(&self) -> &AppInner {
        &self.0
    }
}

impl App {
    /// Connects to the database (running its migrations), the media store and the mailer.
    pub async fn build(config: Config) -> anyhow::Result<App> {
        std::fs::create_dir_all(&config.data_dir)?;
        let db = Db::connect(&config.database_url()).await?;
        db.migrate().await?;
        let media = Media::from_config(&config)?;
        let mail = Mailer::from_config(&config, db.clone())?;
        let passwords = PasswordHasher::new(config.hash_concurrency);
        let limits = RateLimiter::new(&config.rate_limit);
        let translator = crate::translate::providers::from_config(&config);
        let send_checks = Checks::spawn(db.clone());
        let hub = Arc::new(Hub::new(config.chat.outbound_queue));
        let message_writer = Writer::spawn(&db, hub.clone())?;
        Ok(App(Arc::new(AppInner {
            config,
            db,
            media,
            mail,
            passwords,
            limits,
            clock: Clock::default(),
            hub,
            send_checks,
            message_writer,
            translator,
            translations_in_flight: crate::translate::in_flight::InFlight::default(),
        })))
    }
}
