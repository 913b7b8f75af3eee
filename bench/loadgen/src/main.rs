//! Load generator of the chat benchmarks (`bench/chat.sh`).
//!
//! - `seed`: accounts with live sessions and IM tokens, written straight into the database (the
//!   same token hashing as the server), so tens of thousands exist in seconds instead of going
//!   through Argon2id one registration at a time.
//! - `idle`: opens N authenticated `/im` connections and reports the server's resident memory per
//!   connection.
//! - `chat`: one-to-one traffic among many pairs, on `/im` or on XMPP over WebSocket (RFC 7395),
//!   first at the highest rate the server sustains, then at half of it; delivered messages per
//!   second and the latency from sending a message to the recipient receiving it.
//!   With `--group`, the traffic of some members writing to one group of many instead.
//! - `pace`: GET requests at a steady rate, each latency counted from when it was due (the latency
//!   a request has at a given rate, where wrk measures queueing at the highest one).
//! - `plan`: the query plan and the time of one SQL statement through sqlx (the feed benchmark,
//!   `bench/feed.sh`, runs it on the server's feed query).
//! - `soak`: chat and HTTP traffic through a load balancer in front of several nodes for a long
//!   while, one of them killed and started again meanwhile (`bench/soak.sh`); every
//!   acknowledged message, reconnection and answer accounted for.
//!
//! Every connection is opened from one of several 127.0.0.x addresses (ephemeral ports are per
//! source address). Only loopback addresses are accepted.

mod chat;
mod conn;
mod idle;
mod pace;
mod plan;
mod seed;
mod soak;

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser)]
#[command(name = "loadgen", about = "Chat load generator (loopback only)")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Proto {
    /// Amora's `/im` socket (docs/im-protocol.md).
    Amora,
    /// XMPP over WebSocket (RFC 7395): SASL PLAIN, bind, presence, chat messages.
    Xmpp,
}

#[derive(Subcommand)]
enum Command {
    /// Create accounts with a session and an IM token each; writes "id<TAB>IM token<TAB>session
    /// token" lines.
    Seed {
        /// sqlite://path or postgres://...
        #[arg(long)]
        db: String,
        #[arg(long)]
        users: usize,
        /// Prefix of the user names (bench0, bench1, ...).
        #[arg(long, default_value = "bench")]
        prefix: String,
        #[arg(long)]
        out: PathBuf,
    },
    /// Open N idle authenticated connections and report the server's memory per connection.
    Idle {
        /// The server's address (a loopback address).
        #[arg(long)]
        server: SocketAddr,
        /// The server's process id (its VmRSS is read from /proc).
        #[arg(long)]
        pid: u32,
        /// The accounts file written by `seed`.
        #[arg(long)]
        accounts: PathBuf,
        #[arg(long)]
        connections: usize,
        /// The first account of the file to use (so that several load generators, one for each
        /// server process, sign in different people).
        #[arg(long, default_value_t = 0)]
        offset: usize,
        /// Source addresses 127.0.0.2 .. 127.0.0.(1 + sources).
        #[arg(long, default_value_t = 8)]
        sources: u8,
        /// Connections being opened at once.
        #[arg(long, default_value_t = 256)]
        concurrency: usize,
        /// Seconds to wait with every connection open before reading the memory again.
        #[arg(long, default_value_t = 3)]
        settle: u64,
    },
    /// One-to-one traffic among pairs: the highest rate, then the latency at half of it.
    Chat {
        #[arg(long, value_enum)]
        proto: Proto,
        #[arg(long)]
        server: SocketAddr,
        /// Amora: the accounts file of `seed`. XMPP: users are <prefix><i>@<domain>.
        #[arg(long)]
        accounts: Option<PathBuf>,
        #[arg(long, default_value = "localhost")]
        domain: String,
        #[arg(long, default_value = "bench")]
        prefix: String,
        #[arg(long, default_value = "secret1")]
        password: String,
        /// WebSocket path (Amora: /im; Prosody: /xmpp-websocket).
        #[arg(long)]
        path: Option<String>,
        #[arg(long, default_value_t = 500)]
        pairs: usize,
        /// Messages each sender may have on the way (sent, not yet received) in the max phase.
        #[arg(long, default_value_t = 1)]
        window: usize,
        /// Seconds of each phase that are measured (after a warm-up).
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        #[arg(long, default_value_t = 3)]
        warmup: u64,
        /// Skip the max phase and send at this many messages per second (all senders together).
        #[arg(long)]
        rate: Option<f64>,
        #[arg(long, default_value_t = 8)]
        sources: u8,
        /// The server's process id, to report the CPU time it used in each phase.
        #[arg(long)]
        pid: Option<u32>,
        /// The server's PostgreSQL database: the CPU time of its backends counts as well.
        #[arg(long)]
        pg: Option<String>,
        /// Traffic in this group (its members are the first `--members` accounts) instead of
        /// pairs.
        #[arg(long)]
        group: Option<i64>,
        #[arg(long, default_value_t = 200)]
        members: usize,
        /// Members writing to the group.
        #[arg(long, default_value_t = 20)]
        senders: usize,
    },
    /// GET requests at a steady rate (an open loop): the latency a request has at that rate.
    Pace {
        #[arg(long)]
        server: SocketAddr,
        /// Paths requested in turn.
        #[arg(long = "path")]
        paths: Vec<String>,
        /// A file of more paths, one a line, requested in turn after `--path`s.
        #[arg(long)]
        paths_file: Option<std::path::PathBuf>,
        /// Header lines sent with every request (`Authorization: Bearer ...`).
        #[arg(long = "header")]
        headers: Vec<String>,
        /// Requests a second, all connections together.
        #[arg(long)]
        rate: f64,
        #[arg(long, default_value_t = 15)]
        seconds: u64,
        #[arg(long, default_value_t = 2)]
        warmup: u64,
        #[arg(long, default_value_t = 64)]
        connections: usize,
    },
    /// Chat and HTTP traffic through a load balancer for a long while (bench/soak.sh): pairs
    /// writing to each other on /im, reconnecting as the app does, and REST requests at a steady
    /// rate; then every acknowledged message, reconnection and answer checked.
    Soak {
        /// The load balancer (a loopback address).
        #[arg(long)]
        server: SocketAddr,
        /// The accounts file written by `seed` (with session tokens).
        #[arg(long)]
        accounts: PathBuf,
        /// Chat users, in pairs; the first `--http-users` of them also make the REST requests.
        #[arg(long, default_value_t = 2000)]
        users: usize,
        /// Chat messages a second, all users together.
        #[arg(long, default_value_t = 100.0)]
        chat_rate: f64,
        /// REST requests a second, all together.
        #[arg(long, default_value_t = 40.0)]
        http_rate: f64,
        #[arg(long, default_value_t = 200)]
        http_users: usize,
        /// Keep-alive connections the REST requests share.
        #[arg(long, default_value_t = 16)]
        http_connections: usize,
        #[arg(long, default_value_t = 600)]
        seconds: u64,
        /// Seconds at most to wait, after the run, for what is on the way.
        #[arg(long, default_value_t = 30)]
        drain: u64,
        /// The JPEG uploaded as a photo.
        #[arg(long)]
        picture: PathBuf,
        /// The nodes' PostgreSQL database (postgres://...), checked after the run.
        #[arg(long)]
        db: String,
        /// Written (unix milliseconds) when the traffic starts.
        #[arg(long)]
        ready_file: PathBuf,
        /// What the script did and when: `kill <ms> <node>`, `restart <ms>`, `ready <ms>` lines.
        #[arg(long)]
        timeline: PathBuf,
        #[arg(long, default_value_t = 8)]
        sources: u8,
        /// Sockets being opened at once at the start.
        #[arg(long, default_value_t = 128)]
        concurrency: usize,
    },
    /// The plan of one SQL statement and the time it takes, run through sqlx as the server runs it.
    Plan {
        /// sqlite://path or postgres://...
        #[arg(long)]
        db: String,
        /// A file holding the statement, with $1, $2, ... for the integers of --bind.
        #[arg(long)]
        sql: PathBuf,
        /// The integers bound to $1, $2, ... in order.
        #[arg(long = "bind", allow_negative_numbers = true)]
        binds: Vec<i64>,
        /// Runs timed after the plan.
        #[arg(long, default_value_t = 200)]
        repeat: usize,
        /// Seconds of timed runs at most.
        #[arg(long, default_value_t = 10)]
        seconds: u64,
        /// PostgreSQL: the generic plan (what a prepared statement uses after five runs).
        #[arg(long)]
        generic: bool,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Seed {
            db,
            users,
            prefix,
            out,
        } => seed::run(&db, users, &prefix, &out).await,
        Command::Soak {
            server,
            accounts,
            users,
            chat_rate,
            http_rate,
            http_users,
            http_connections,
            seconds,
            drain,
            picture,
            db,
            ready_file,
            timeline,
            sources,
            concurrency,
        } => {
            loopback(server)?;
            soak::run(soak::Soak {
                server,
                accounts: seed::read_accounts(&accounts)?,
                users,
                chat_rate,
                http_rate,
                http_users,
                http_connections,
                seconds,
                drain,
                picture: std::fs::read(&picture)?,
                db,
                ready_file,
                timeline,
                sources: source_addresses(sources),
                concurrency,
            })
            .await
        }
        Command::Plan {
            db,
            sql,
            binds,
            repeat,
            seconds,
            generic,
        } => {
            plan::run(plan::Plan {
                db,
                sql: std::fs::read_to_string(&sql)?,
                binds,
                repeat,
                budget: std::time::Duration::from_secs(seconds),
                generic,
            })
            .await
        }
        Command::Pace {
            server,
            mut paths,
            paths_file,
            headers,
            rate,
            seconds,
            warmup,
            connections,
        } => {
            loopback(server)?;
            if let Some(file) = paths_file {
                let text = std::fs::read_to_string(&file)?;
                paths.extend(text.lines().filter(|l| !l.is_empty()).map(str::to_owned));
            }
            pace::run(pace::Pace {
                server,
                paths,
                headers,
                rate,
                seconds,
                warmup,
                connections,
            })
            .await
        }
        Command::Idle {
            server,
            pid,
            accounts,
            connections,
            offset,
            sources,
            concurrency,
            settle,
        } => {
            loopback(server)?;
            idle::run(idle::Idle {
                server,
                pid,
                accounts: seed::read_accounts(&accounts)?
                    .into_iter()
                    .skip(offset)
                    .collect(),
                connections,
                sources: source_addresses(sources),
                concurrency,
                settle: std::time::Duration::from_secs(settle),
            })
            .await
        }
        Command::Chat {
            proto,
            server,
            accounts,
            domain,
            prefix,
            password,
            path,
            pairs,
            window,
            seconds,
            warmup,
            rate,
            sources,
            pid,
            pg,
            group,
            members,
            senders,
        } => {
            loopback(server)?;
            let users = match proto {
                Proto::Amora => {
                    let file = accounts.ok_or_else(|| anyhow::anyhow!("--accounts is needed"))?;
                    seed::read_accounts(&file)?
                        .into_iter()
                        .map(conn::Login::Amora)
                        .collect()
                }
                Proto::Xmpp => (0..pairs * 2)
                    .map(|i| conn::Login::Xmpp {
                        user: format!("{prefix}{i}"),
                        domain: domain.clone(),
                        password: password.clone(),
                    })
                    .collect(),
            };
            let path = path.unwrap_or_else(|| match proto {
                Proto::Amora => "/im".into(),
                Proto::Xmpp => "/xmpp-websocket".into(),
            });
            chat::run(chat::Chat {
                server,
                path,
                users,
                pairs,
                window,
                seconds,
                warmup,
                rate,
                sources: source_addresses(sources),
                pid,
                pg,
                group: group.map(|id| chat::GroupLoad {
                    id,
                    members,
                    senders: senders.min(members),
                }),
            })
            .await
        }
    }
}

/// 127.0.0.2, 127.0.0.3, ...: the client ends of the connections.
fn source_addresses(n: u8) -> Vec<Ipv4Addr> {
    (0..n.max(1))
        .map(|i| Ipv4Addr::new(127, 0, 0, 2 + i))
        .collect()
}

fn loopback(addr: SocketAddr) -> anyhow::Result<()> {
    if addr.ip().is_loopback() {
        Ok(())
    } else {
        anyhow::bail!("{addr} is not a loopback address: this tool only loads this machine")
    }
}
