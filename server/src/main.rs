//! The `amora` command: serve the app, run migrations, print the OpenAPI document, back up and
//! restore the SQLite database, and the operator's commands (accounts, notices, versions,
//! products; audited as the operator's).

use std::path::PathBuf;
use std::time::Duration;

use amora_server::account::model::Level;
use amora_server::account::store::AccountStore;
use amora_server::api::error::ApiError;
use amora_server::audit::Actor;
use amora_server::i18n::Lang;
use amora_server::notices::{NewNotice, NewVersion};
use amora_server::wallet::model::ProductChange;
use amora_server::{App, Config, Server};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "amora",
    version,
    about = "Amora: international dating and social app"
)]
struct Cli {
    /// Configuration file (default: amora.toml in the working folder, if present).
    #[arg(long, global = true, env = "AMORA_CONFIG")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server (API, chat, media and web app).
    Serve,
    /// Apply database migrations and exit.
    Migrate,
    /// Print the OpenAPI document.
    Openapi,
    /// Copy the SQLite database into FILE (a new file), consistently, while the server runs.
    /// On PostgreSQL use pg_dump -Fc.
    Backup { file: PathBuf },
    /// Put the backup FILE in place of the SQLite database; the server must be stopped.
    /// On PostgreSQL use pg_restore.
    Restore { file: PathBuf },
    /// Create demo profiles (with generated avatars) and the demo account.
    Demo {
        #[arg(long, default_value_t = 60)]
        users: usize,
    },
    /// Operator commands on accounts.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Announcements of the Bulletin.
    Notice {
        #[command(subcommand)]
        command: NoticeCommand,
    },
    /// Released versions (the app offers the update).
    Version {
        #[command(subcommand)]
        command: VersionCommand,
    },
    /// The catalogue of memberships, gold and character packs.
    Product {
        #[command(subcommand)]
        command: ProductCommand,
    },
}

#[derive(Subcommand)]
enum ProductCommand {
    /// Change a product: what is not given stays as it is.
    Set {
        /// The product's code (vip-1m, gold-600, chars-2000, ...).
        #[arg(long)]
        code: String,
        /// Price in integer cents.
        #[arg(long)]
        price_cents: Option<i64>,
        /// Three capital letters (USD).
        #[arg(long)]
        currency: Option<String>,
        /// Price in gold coins.
        #[arg(long, conflicts_with = "no_coins")]
        price_coins: Option<i64>,
        /// No longer sold for gold.
        #[arg(long)]
        no_coins: bool,
        /// Coins or characters granted.
        #[arg(long)]
        amount: Option<i64>,
        /// Months of a membership.
        #[arg(long)]
        months: Option<i64>,
        /// On sale (true) or not (false).
        #[arg(long)]
        active: Option<bool>,
    },
}

#[derive(Subcommand)]
enum NoticeCommand {
    /// Publish an announcement, or (`--of ID`) its text in another language.
    Add {
        #[arg(long)]
        title: String,
        #[arg(long)]
        body: String,
        /// en, zh-Hans, zh-Hant, ja, es, kr, ge or ru (English by default).
        #[arg(long)]
        language: Option<String>,
        #[arg(long)]
        of: Option<i64>,
    },
}

#[derive(Subcommand)]
enum VersionCommand {
    /// List a release.
    Add {
        #[arg(long)]
        version: String,
        /// web, android or ios.
        #[arg(long, default_value = "web")]
        platform: String,
        #[arg(long, default_value = "")]
        notes: String,
        #[arg(long)]
        url: Option<String>,
        /// Older versions may no longer be used.
        #[arg(long)]
        mandatory: bool,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Grant or extend a membership.
    Grant {
        #[arg(long)]
        email: String,
        #[arg(long)]
        level: String,
        #[arg(long)]
        days: i64,
    },
    /// Give an account the staff role (moderation).
    Admin {
        #[arg(long)]
        email: String,
    },
}

/// An operator command the server refused, in the operator's words.
fn refused(e: ApiError) -> anyhow::Error {
    match e {
        ApiError::Invalid(msg) | ApiError::Conflict(msg) => anyhow::anyhow!(msg.text(Lang::En)),
        ApiError::NotFound => anyhow::anyhow!("not found"),
        e => e.into(),
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Command::Openapi = cli.command {
        println!("{}", amora_server::routes::openapi_json());
        return Ok(());
    }
    let config = Config::load(cli.config.as_deref())?;
    init_logs(config.log_json);
    match cli.command {
        Command::Serve => serve(config).await,
        Command::Migrate => {
            let app = App::build(config).await?;
            tracing::info!(backend = app.db.backend(), "migrations applied");
            Ok(())
        }
        Command::User { command } => user(config, command).await,
        Command::Backup { file } => {
            let bytes = amora_server::ops::backup::backup(&config.database_url(), &file)?;
            println!("backed up into {} ({bytes} bytes)", file.display());
            Ok(())
        }
        Command::Restore { file } => {
            amora_server::ops::backup::restore(&config.database_url(), &file)?;
            println!("restored {}", file.display());
            Ok(())
        }
        Command::Notice {
            command:
                NoticeCommand::Add {
                    title,
                    body,
                    language,
                    of,
                },
        } => {
            let app = App::build(config).await?;
            let notice = NewNotice {
                of,
                user_id: None,
                language: language.as_deref().unwrap_or("en"),
                title: &title,
                body: &body,
            };
            let id = app
                .staff
                .add_notice(Actor::Operator, notice)
                .await
                .map_err(refused)?;
            println!("notice {id}");
            app.db.close().await;
            Ok(())
        }
        Command::Version {
            command:
                VersionCommand::Add {
                    version,
                    platform,
                    notes,
                    url,
                    mandatory,
                },
        } => {
            let app = App::build(config).await?;
            let release = NewVersion {
                version: version.clone(),
                platform: platform.clone(),
                notes,
                url,
                mandatory,
            };
            app.staff
                .add_version(Actor::Operator, release)
                .await
                .map_err(refused)?;
            println!("{platform} {version} listed");
            app.db.close().await;
            Ok(())
        }
        Command::Product {
            command:
                ProductCommand::Set {
                    code,
                    price_cents,
                    currency,
                    price_coins,
                    no_coins,
                    amount,
                    months,
                    active,
                },
        } => {
            let app = App::build(config).await?;
            let change = ProductChange {
                price_cents,
                currency,
                price_coins: if no_coins {
                    Some(None)
                } else {
                    price_coins.map(Some)
                },
                amount,
                months,
                active,
            };
            let product = app
                .staff
                .set_product(Actor::Operator, &code, &change)
                .await
                .map_err(refused)?;
            println!("{}", serde_json::to_string(&product)?);
            app.db.close().await;
            Ok(())
        }
        Command::Demo { users } => {
            let app = App::build(config).await?;
            app.people.ensure_service_accounts().await?;
            if app.people.demo_seeded().await? {
                println!("demo profiles exist already");
            } else {
                app.people.seed_demo(&app.passwords, users).await?;
                app.feed.seed_demo().await?;
                app.notices.seed_demo().await?;
                println!(
                    "{users} demo profiles created; log in as '{}' with password '{}'",
                    amora_server::people::demo::DEMO_USER,
                    amora_server::people::demo::DEMO_PASSWORD
                );
            }
            app.db.close().await;
            Ok(())
        }
        Command::Openapi => Ok(()),
    }
}

fn init_logs(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn,tower_http=info".into());
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    tracing::info!(config = %config.redacted(), "starting");
    let server = Server::start(config).await?;
    tracing::info!("listening on http://{}", server.addr);
    shutdown_signal().await;
    tracing::info!("shutting down");
    server.stop(Duration::from_secs(10)).await;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

async fn user(config: Config, command: UserCommand) -> anyhow::Result<()> {
    let app = App::build(config).await?;
    let accounts = AccountStore::new(app.db.clone());
    let now = app.clock.unix();
    match command {
        UserCommand::Grant { email, level, days } => {
            let level =
                Level::parse(&level).ok_or_else(|| anyhow::anyhow!("level must be VIP or SVIP"))?;
            anyhow::ensure!(days > 0, "days must be positive");
            let until = accounts
                .grant_membership(&email, level.as_str(), days, now)
                .await?
                .ok_or_else(|| anyhow::anyhow!("no active account with email {email}"))?;
            println!(
                "{email}: {} until {}",
                level.as_str(),
                amora_server::clock::rfc3339(until)
            );
        }
        UserCommand::Admin { email } => {
            anyhow::ensure!(
                accounts.set_role(&email, "staff").await?,
                "no active account with email {email}"
            );
            println!("{email}: staff");
        }
    }
    app.db.close().await;
    Ok(())
}
