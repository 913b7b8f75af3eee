//! The `amora` command: serve the app, run migrations, print the OpenAPI document, and the
//! operator's account commands.

use std::path::PathBuf;
use std::time::Duration;

use amora_server::account::model::Level;
use amora_server::account::store::AccountStore;
use amora_server::notices::NewVersion;
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
            let id = app
                .notices
                .add_notice(of, language.as_deref(), &title, &body)
                .await?;
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
            app.notices
                .add_version(NewVersion {
                    version: version.clone(),
                    platform: platform.clone(),
                    notes,
                    url,
                    mandatory,
                })
                .await?;
            println!("{platform} {version} listed");
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
