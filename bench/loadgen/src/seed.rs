//! Benchmark accounts written straight into the server's database.
//!
//! Registering through the API hashes each password with Argon2id (about 24 ms of a core each),
//! so 50,000 accounts would spend at least ten minutes of both cores on that alone. The
//! connections only need what `GET /im` checks: an active user, a live session, and an IM token
//! bound to it, whose SHA-256 (hex) is what the server stores (server/src/account/sessions.rs
//! `token_hash`). So we insert those rows ourselves. Their password hash is not a valid hash:
//! these accounts cannot log in with a password, only use the IM tokens written to the accounts
//! file.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::str::FromStr;
use std::time::Instant;

use anyhow::Context;
use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::{Connection, PgConnection, QueryBuilder, SqliteConnection};

/// An account the load generator connects as.
#[derive(Clone, Debug)]
pub struct Account {
    pub id: i64,
    /// The IM token (`/im?accessToken=`).
    pub token: String,
    /// The session's bearer token, for the REST API (files written before it was kept have none).
    pub session: Option<String>,
}

const BATCH: usize = 1000;

pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Inserts users (alternately male and female, so each pair may talk with the same-gender rule
/// on), then one session and one IM token each, in batches, in one transaction. The accounts
/// file keeps the session's token too, so that the soak's REST requests can sign in as them.
macro_rules! seed_on {
    ($conn:expr, $db:ty, $users:expr, $prefix:expr) => {{
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)?
            .as_secs() as i64;
        let expires = now + 30 * 86_400;
        let mut tx = $conn.begin().await?;
        let mut accounts = Vec::with_capacity($users);
        let indexes: Vec<usize> = (0..$users).collect();
        for chunk in indexes.chunks(BATCH) {
            let mut q: QueryBuilder<$db> = QueryBuilder::new(
                "INSERT INTO users (user_name, email, password_hash, gender, country, birthday, language, created_at, last_active_at) ",
            );
            q.push_values(chunk, |mut b, i| {
                b.push_bind(format!("{}{i}", $prefix))
                    .push_bind(format!("{}{i}@bench.invalid", $prefix))
                    .push_bind("!bench: no password")
                    .push_bind(if i % 2 == 0 { "male" } else { "female" })
                    .push_bind("Japan")
                    .push_bind("1990-01-01")
                    .push_bind("en")
                    .push_bind(now)
                    .push_bind(now);
            });
            q.push(" RETURNING id, user_name");
            let rows: Vec<(i64, String)> = q.build_query_as().fetch_all(&mut *tx).await?;
            let ids: HashMap<String, i64> = rows.into_iter().map(|(id, n)| (n, id)).collect();
            // (id, IM token, session token)
            let users: Vec<(i64, String, String)> = chunk
                .iter()
                .map(|i| {
                    let name = format!("{}{i}", $prefix);
                    ids.get(&name)
                        .map(|id| (*id, new_token(), new_token()))
                        .ok_or_else(|| anyhow::anyhow!("{name} was not inserted"))
                })
                .collect::<anyhow::Result<_>>()?;
            let mut q: QueryBuilder<$db> =
                QueryBuilder::new("INSERT INTO sessions (user_id, token_hash, created_at, expires_at) ");
            q.push_values(&users, |mut b, (id, _, session)| {
                b.push_bind(*id)
                    .push_bind(token_hash(session))
                    .push_bind(now)
                    .push_bind(expires);
            });
            q.push(" RETURNING id, user_id");
            let rows: Vec<(i64, i64)> = q.build_query_as().fetch_all(&mut *tx).await?;
            let sessions: HashMap<i64, i64> = rows.into_iter().map(|(s, u)| (u, s)).collect();
            let mut q: QueryBuilder<$db> =
                QueryBuilder::new("INSERT INTO im_tokens (token_hash, user_id, session_id, created_at) ");
            q.push_values(&users, |mut b, (id, token, _)| {
                b.push_bind(token_hash(token))
                    .push_bind(*id)
                    .push_bind(sessions.get(id).copied().unwrap_or_default())
                    .push_bind(now);
            });
            q.build().execute(&mut *tx).await?;
            accounts.extend(users.into_iter().map(|(id, token, session)| Account {
                id,
                token,
                session: Some(session),
            }));
        }
        tx.commit().await?;
        accounts
    }};
}

pub async fn run(db: &str, users: usize, prefix: &str, out: &Path) -> anyhow::Result<()> {
    let started = Instant::now();
    let accounts = if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        let mut conn = PgConnection::connect(db).await?;
        let accounts = seed_on!(conn, sqlx::Postgres, users, prefix);
        conn.close().await?;
        accounts
    } else {
        let options = sqlx::sqlite::SqliteConnectOptions::from_str(db)?
            .foreign_keys(true)
            .busy_timeout(std::time::Duration::from_secs(30));
        let mut conn = SqliteConnection::connect_with(&options).await?;
        let accounts = seed_on!(conn, sqlx::Sqlite, users, prefix);
        conn.close().await?;
        accounts
    };
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(out).with_context(|| format!("creating {}", out.display()))?,
    );
    for a in &accounts {
        writeln!(
            file,
            "{}\t{}\t{}",
            a.id,
            a.token,
            a.session.as_deref().unwrap_or_default()
        )?;
    }
    file.flush()?;
    eprintln!(
        "seeded {} accounts (user, session, IM token) in {:.1} s",
        accounts.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

pub fn read_accounts(path: &Path) -> anyhow::Result<Vec<Account>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let (Some(id), Some(token)) = (fields.next(), fields.next()) else {
                anyhow::bail!("bad accounts line: {line}");
            };
            Ok(Account {
                id: id.parse()?,
                token: token.to_owned(),
                session: fields.next().filter(|s| !s.is_empty()).map(str::to_owned),
            })
        })
        .collect()
}
