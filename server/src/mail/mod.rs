//! Outgoing mail. With `smtp_url` set, mail goes out over SMTP (`smtp://host:port`, or
//! `smtps://user:pass@host:port` with TLS); otherwise it is kept in the `mail_outbox` table and
//! written to the log, so a demo install works without a mail server. Bodies carry one-time
//! codes, so the log shows them only in demo mode.

pub mod personal;

use std::time::Duration;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;

use crate::config::Config;
use crate::db::on_db;
use crate::db::Db;

#[derive(Clone)]
pub enum Mailer {
    Smtp {
        transport: Box<AsyncSmtpTransport<Tokio1Executor>>,
        from: Mailbox,
    },
    Outbox {
        db: Db,
        /// Write each body to the log (demo mode only: bodies carry codes).
        log_bodies: bool,
    },
}

impl Mailer {
    pub fn from_config(config: &Config, db: Db) -> anyhow::Result<Mailer> {
        match &config.smtp_url {
            Some(url) => {
                let transport =
                    AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose_secret())?
                        .timeout(Some(Duration::from_secs(15)))
                        .build();
                Ok(Mailer::Smtp {
                    transport: Box::new(transport),
                    from: config.mail_from.parse()?,
                })
            }
            None => Ok(Mailer::Outbox {
                db,
                log_bodies: config.demo,
            }),
        }
    }

    pub async fn send(&self, to: &str, subject: &str, body: &str, now: i64) -> anyhow::Result<()> {
        match self {
            Mailer::Smtp { transport, from } => {
                let message = Message::builder()
                    .from(from.clone())
                    .to(to.parse()?)
                    .subject(subject)
                    .header(lettre::message::header::ContentType::TEXT_PLAIN)
                    .body(body.to_owned())?;
                transport.send(message).await?;
            }
            Mailer::Outbox { db, log_bodies } => {
                on_db!(db, pool => sqlx::query(
                    "INSERT INTO mail_outbox (recipient, subject, body, created_at) VALUES ($1, $2, $3, $4)",
                )
                .bind(to)
                .bind(subject)
                .bind(body)
                .bind(now)
                .execute(pool)
                .await
                .map(|r| r.rows_affected()))?;
                if *log_bodies {
                    tracing::info!(
                        to,
                        subject,
                        body,
                        "mail kept in the outbox (no SMTP configured)"
                    );
                } else {
                    tracing::info!(to, subject, "mail kept in the outbox (no SMTP configured)");
                }
            }
        }
        Ok(())
    }
}
