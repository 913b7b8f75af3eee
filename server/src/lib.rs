//! Amora's server: the REST API under `/prod-api`, media, and the built web app, on SQLite or
//! PostgreSQL. `routes.rs` assembles the HTTP surface, `app.rs` the services it serves from;
//! `main.rs` is the `amora` command, and tests start the same server with `Server::start`.

pub mod account;
pub mod album;
pub mod api;
pub mod app;
pub mod audit;
pub mod chat;
pub mod clock;
pub mod config;
pub mod counters;
pub mod db;
pub mod feed;
pub mod ground;
pub mod i18n;
pub mod ledger;
pub mod mail;
pub mod media;
pub mod notices;
pub mod notify;
pub mod ops;
pub mod people;
pub mod places;
pub mod privacy;
pub mod routes;
pub mod staff;
pub mod translate;
pub mod verification;
pub mod wallet;
pub mod web;

use std::net::SocketAddr;
use std::time::Duration;

use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub use crate::app::App;
pub use crate::config::Config;
pub use crate::routes::router;

/// A running server: its state, its address, and the way to stop it.
pub struct Server {
    pub app: App,
    /// The hold on the SQLite database that keeps a restore from replacing it while we serve.
    _database: Option<ops::backup::DatabaseLock>,
    pub addr: SocketAddr,
    /// Where `/metrics` is served when it has an address of its own.
    pub metrics_addr: Option<SocketAddr>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<std::io::Result<()>>,
}

impl Server {
    /// Builds the app from `config` and listens on `config.addr` (port 0 picks a free one).
    pub async fn start(config: Config) -> anyhow::Result<Server> {
        config.check_production()?;
        let database = ops::backup::DatabaseLock::serving(&config.database_url())?;
        let app = App::build(config).await?;
        app.people.ensure_service_accounts().await?;
        if let Some(url) = app.config.nats_url.as_deref() {
            app.hub.join(url, &app.config.nats_prefix).await?;
            tracing::info!("chat joined the other nodes through NATS");
        }
        if app.config.demo && !app.people.demo_seeded().await? {
            app.people.seed_demo(&app.passwords, 60).await?;
            app.feed.seed_demo().await?;
            app.notices.seed_demo().await?;
            tracing::info!(
                "demo profiles created; log in as '{}' with password '{}'",
                people::demo::DEMO_USER,
                people::demo::DEMO_PASSWORD
            );
        }
        let listener = TcpListener::bind(app.config.addr).await?;
        let addr = listener.local_addr()?;
        // Small frames (chat events, acknowledgements) go out at once instead of waiting for the
        // peer's delayed ACK of the previous one.
        let listener = listener.tap_io(|tcp| {
            if let Err(e) = tcp.set_nodelay(true) {
                tracing::debug!(error = %e, "could not set TCP_NODELAY");
            }
        });
        let metrics_addr = match app.config.metrics_addr {
            Some(addr) => {
                let metrics = TcpListener::bind(addr).await?;
                let addr = metrics.local_addr()?;
                tracing::info!("metrics on http://{addr}/metrics");
                tokio::spawn(async move { axum::serve(metrics, ops::metrics_router()).await });
                Some(addr)
            }
            None => None,
        };
        let (stop, stopped) = oneshot::channel::<()>();
        let sweeper = app.clone();
        tokio::spawn(async move {
            let every = std::time::Duration::from_secs(sweeper.config.sweep_seconds.max(1));
            let mut tick = tokio::time::interval(every);
            loop {
                tick.tick().await;
                sweeper.limits.forget_idle();
                sweeper.chat.forget_old_repeats();
                if let Err(e) = sweeper.chat.return_red_packets().await {
                    tracing::warn!(error = %e, "could not return expired red packets");
                }
                if let Err(e) = sweeper.accounts.purge_expired().await {
                    tracing::warn!(error = %e, "could not purge expired sessions");
                }
                if let Err(e) = sweeper.people.forget_earlier_days().await {
                    tracing::warn!(error = %e, "could not forget earlier days' discover");
                }
                if let Err(e) = sweeper.people.forget_old_lists().await {
                    tracing::warn!(error = %e, "could not forget old discover lists");
                }
                if let Err(e) = sweeper.notify.forget_old_pushes().await {
                    tracing::warn!(error = %e, "could not forget the pushes counted");
                }
                if let Err(e) = sweeper.notices.forget_old_errors().await {
                    tracing::warn!(error = %e, "could not forget old error reports");
                }
                if let Err(e) = sweeper.privacy.forget_expired_records().await {
                    tracing::warn!(error = %e, "could not forget deleted accounts' expired records");
                }
                if let Err(e) = sweeper
                    .media
                    .forget_unpublished_uploads(sweeper.clock.unix())
                    .await
                {
                    tracing::warn!(error = %e, "could not delete unpublished uploads");
                }
                if let Err(e) = sweeper.wallet.reconcile().await {
                    tracing::warn!(error = %e, "could not ask the payment providers about waiting orders");
                }
            }
        });
        let service = router(app.clone()).into_make_service_with_connect_info::<SocketAddr>();
        let task = tokio::spawn(async move {
            axum::serve(listener, service)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await
        });
        Ok(Server {
            app,
            _database: database,
            addr,
            metrics_addr,
            stop: Some(stop),
            task,
        })
    }

    /// Stops accepting, lets requests in flight finish (up to `grace`), closes the database.
    pub async fn stop(mut self, grace: Duration) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = tokio::time::timeout(grace, &mut self.task).await;
        self.app.db.close().await;
    }
}
