//! One-to-one traffic among pairs. Everyone writes to their partner.
//!
//! - max phase: each sender keeps `window` messages on the way (sent, not yet received by the
//!   partner) and sends the next as soon as one arrives: the rate is then what the server
//!   sustains, the same closed loop for every protocol.
//! - rate phase: every sender sends on its own clock (open loop) so that all together send at
//!   the asked rate (by default half the max phase's): the latency at a load the server keeps
//!   up with.
//!
//! With `group`, the connections are the members of one group (`members` of them) and the
//! first `senders` write to it: a message counts once for each member who reads it (a message to
//! 199 people is 199 deliveries), and a sender's window opens again when the member after it
//! reads its message.
//!
//! Messages are counted and timed where the recipient reads them; only those read inside the
//! measured seconds (after the warm-up) count. The latency is from just before the sender writes
//! the frame to the recipient reading the frame that carries the message.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use futures::stream::SplitSink;
use futures::{SinkExt, StreamExt};
use tokio::sync::{Mutex, Semaphore};
use tokio_tungstenite::tungstenite::Message;

use crate::conn::{self, Login, Ws};
use crate::Proto;

pub struct Chat {
    pub server: SocketAddr,
    pub path: String,
    pub users: Vec<Login>,
    pub pairs: usize,
    pub window: usize,
    pub seconds: u64,
    pub warmup: u64,
    pub rate: Option<f64>,
    pub sources: Vec<Ipv4Addr>,
    pub pid: Option<u32>,
    pub pg: Option<String>,
    pub group: Option<GroupLoad>,
}

/// Traffic in one group instead of pairs.
#[derive(Clone, Copy, Debug)]
pub struct GroupLoad {
    pub id: i64,
    /// Connections, one per member.
    pub members: usize,
    /// The members who write.
    pub senders: usize,
}

static START: OnceLock<Instant> = OnceLock::new();

fn micros() -> u64 {
    let start = START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX)
}

/// Counters the readers and writers share.
struct Shared {
    proto: Proto,
    run: u32,
    /// The phase whose measured seconds are running (1 max, 2 rate), 0 outside them.
    measuring: AtomicU8,
    delivered: AtomicU64,
    measured: [AtomicU64; 3],
    sent: AtomicU64,
    errors: AtomicU64,
    /// Per sender: messages it may still put on the way (max phase).
    windows: Vec<Semaphore>,
    /// Per sender: the next message number.
    numbers: Vec<AtomicU64>,
    addresses: Vec<String>,
    /// Connections that ended before the run did.
    closed: AtomicU64,
    group: Option<GroupLoad>,
}

impl Shared {
    /// Deliveries one message makes.
    fn fan_out(&self) -> u64 {
        self.group.map_or(1, |g| g.members as u64 - 1)
    }
}

impl Shared {
    fn lost(&self, me: usize, why: &str) {
        if self.closed.fetch_add(1, Ordering::Relaxed) == 0 {
            eprintln!("connection {me} ended early: {why}");
        }
    }
}

type Sink = Arc<Mutex<SplitSink<Ws, Message>>>;

enum Mode {
    Max { window: usize },
    Rate(f64),
}

struct PhaseResult {
    rate: f64,
    undelivered: u64,
    server_cpu: Option<f64>,
    /// CPU of the database's backends (PostgreSQL), in cores.
    db_cpu: Option<f64>,
    own_cpu: Option<f64>,
    /// Share of the machine's CPU time that was busy (any process).
    machine_busy: Option<f64>,
}

/// (busy, total) jiffies of the whole machine so far (the first line of /proc/stat).
fn machine_jiffies() -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let values: Vec<f64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|v| v.parse().ok())
        .collect();
    let total: f64 = values.iter().sum();
    // idle and iowait are the fourth and fifth.
    let idle = values.get(3)? + values.get(4).unwrap_or(&0.0);
    Some((total - idle, total))
}

/// The PostgreSQL backends serving the benchmarked database (they run on this machine).
async fn backends(pg: &Option<String>) -> Vec<String> {
    use sqlx::Connection;
    let Some(url) = pg else {
        return Vec::new();
    };
    let Ok(mut conn) = sqlx::PgConnection::connect(url).await else {
        return Vec::new();
    };
    let pids: Vec<(i32,)> = sqlx::query_as(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap_or_default();
    let _ = conn.close().await;
    pids.into_iter().map(|(p,)| p.to_string()).collect()
}

/// CPU seconds (user + system) a process has used so far.
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

pub async fn run(c: Chat) -> anyhow::Result<()> {
    let senders = c.group.map_or(c.pairs * 2, |g| g.members);
    if c.users.len() < senders {
        anyhow::bail!("{senders} connections need as many accounts");
    }
    let proto = match c.users[0] {
        Login::Amora(_) => Proto::Amora,
        Login::Xmpp { .. } => Proto::Xmpp,
    };
    micros();
    let shared = Arc::new(Shared {
        proto,
        run: rand::random(),
        measuring: AtomicU8::new(0),
        delivered: AtomicU64::new(0),
        measured: Default::default(),
        sent: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        windows: (0..senders).map(|_| Semaphore::new(0)).collect(),
        numbers: (0..senders).map(|_| AtomicU64::new(0)).collect(),
        addresses: c.users[..senders].iter().map(Login::address).collect(),
        closed: AtomicU64::new(0),
        group: c.group,
    });

    let started = Instant::now();
    let mut opened: Vec<(usize, Ws)> = futures::stream::iter(0..senders)
        .map(|i| {
            let login = c.users[i].clone();
            let source = c.sources[i % c.sources.len()];
            let path = c.path.clone();
            let server = c.server;
            async move {
                conn::open(server, &path, source, &login)
                    .await
                    .map(|ws| (i, ws))
            }
        })
        .buffer_unordered(64)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    opened.sort_by_key(|(i, _)| *i);
    eprintln!(
        "{senders} connections signed in in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut sinks: Vec<Sink> = Vec::with_capacity(senders);
    let mut readers = Vec::with_capacity(senders);
    for (me, ws) in opened {
        let (sink, mut stream) = ws.split();
        sinks.push(Arc::new(Mutex::new(sink)));
        let shared = shared.clone();
        let mut stop = stop_rx.clone();
        let trace = std::env::var_os("LOADGEN_TRACE").is_some();
        readers.push(tokio::spawn(async move {
            let mut samples: Vec<(u8, u32)> = Vec::new();
            loop {
                let frame = tokio::select! {
                    f = stream.next() => f,
                    _ = stop.changed() => break,
                };
                let text = match frame {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(c))) => {
                        shared.lost(me, &format!("closed by the server: {c:?}"));
                        break;
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => {
                        shared.lost(me, &e.to_string());
                        break;
                    }
                    None => {
                        shared.lost(me, "closed");
                        break;
                    }
                };
                let text = text.as_str();
                if trace {
                    eprintln!("[{me}] {text}");
                }
                if let Some((sender, sent_at)) = conn::received(text, me) {
                    let now = micros();
                    shared.delivered.fetch_add(1, Ordering::Relaxed);
                    let watcher = shared.group.is_none_or(|g| me == (sender + 1) % g.members);
                    if let Some(w) = shared.windows.get(sender).filter(|_| watcher) {
                        w.add_permits(1);
                    }
                    let phase = shared.measuring.load(Ordering::Relaxed);
                    if phase > 0 {
                        shared.measured[usize::from(phase)].fetch_add(1, Ordering::Relaxed);
                        let latency =
                            u32::try_from(now.saturating_sub(sent_at)).unwrap_or(u32::MAX);
                        samples.push((phase, latency));
                    }
                } else if is_error(shared.proto, text) {
                    if shared.errors.fetch_add(1, Ordering::Relaxed) == 0 {
                        eprintln!("first error: {text}");
                    }
                    // The refused message will not arrive: give its place back.
                    shared.windows[me].add_permits(1);
                }
            }
            samples
        }));
    }

    let mut results = Vec::new();
    let rate = match c.rate {
        Some(rate) => rate,
        None => {
            let max = phase(&c, &shared, &sinks, 1, Mode::Max { window: c.window }).await;
            // In messages a second: a group message is counted once per member reading it.
            let half = max.rate / 2.0 / shared.fan_out() as f64;
            results.push(("max", max));
            half
        }
    };
    results.push((
        "rate",
        phase(&c, &shared, &sinks, 2, Mode::Rate(rate)).await,
    ));

    let _ = stop_tx.send(true);
    let closed = shared.closed.load(Ordering::Relaxed);
    if closed > 0 {
        eprintln!("{closed} connections ended before the run did");
    }
    let mut samples: [Vec<u32>; 3] = Default::default();
    for r in readers {
        for (phase, latency) in r.await.unwrap_or_default() {
            samples[usize::from(phase)].push(latency);
        }
    }
    for sink in &sinks {
        let _ = sink.lock().await.close().await;
    }
    for (name, result) in &results {
        let phase = if *name == "max" { 1 } else { 2 };
        let s = &mut samples[phase];
        s.sort_unstable();
        let pct = |p: usize| -> f64 {
            if s.is_empty() {
                return f64::NAN;
            }
            f64::from(s[(s.len() * p / 100).min(s.len() - 1)]) / 1000.0
        };
        let max_ms = s.last().map_or(f64::NAN, |v| f64::from(*v) / 1000.0);
        let cpu = |v: Option<f64>| v.map_or("-".to_owned(), |v| format!("{v:.2}"));
        println!(
            "RESULT phase={name} pairs={} connections={senders} group_senders={} messages_per_s={:.0} p50_ms={:.2} p90_ms={:.2} \
             p99_ms={:.2} max_ms={max_ms:.2} samples={} undelivered={} server_cpu_cores={} db_cpu_cores={} cpu_ms_per_message={} loadgen_cpu_cores={} machine_busy={}",
            c.pairs,
            c.group.map_or(0, |g| g.senders),
            result.rate,
            pct(50),
            pct(90),
            pct(99),
            s.len(),
            result.undelivered,
            cpu(result.server_cpu),
            cpu(result.db_cpu),
            cpu(
                result
                    .server_cpu
                    .map(|s| (s + result.db_cpu.unwrap_or(0.0)) * 1000.0 / result.rate.max(1e-9))
            ),
            cpu(result.own_cpu),
            cpu(result.machine_busy),
        );
    }
    println!(
        "RESULT phase=total sent={} delivered={} errors={} closed_early={closed}",
        shared.sent.load(Ordering::Relaxed),
        shared.delivered.load(Ordering::Relaxed),
        shared.errors.load(Ordering::Relaxed),
    );
    Ok(())
}

fn is_error(proto: Proto, text: &str) -> bool {
    match proto {
        Proto::Amora => text.contains(r#""type":"error""#),
        Proto::Xmpp => text.contains(r#"type="error""#),
    }
}

/// Runs one phase: warm-up, measured seconds, then waits for what is still on the way.
async fn phase(
    c: &Chat,
    shared: &Arc<Shared>,
    sinks: &[Sink],
    index: u8,
    mode: Mode,
) -> PhaseResult {
    let senders = shared.group.map_or(sinks.len(), |g| g.senders);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(c.warmup + c.seconds);
    if let Mode::Max { window } = mode {
        for w in &shared.windows {
            // Whatever was left from before, then the window.
            w.forget_permits(usize::MAX >> 4);
            w.add_permits(window);
        }
    }
    let mut writers = Vec::with_capacity(senders);
    for (me, sink) in sinks.iter().enumerate().take(senders) {
        let sink = sink.clone();
        let shared = shared.clone();
        let period = match mode {
            Mode::Rate(rate) => Some(Duration::from_secs_f64(senders as f64 / rate.max(1.0))),
            Mode::Max { .. } => None,
        };
        writers.push(tokio::spawn(async move {
            let peer = me ^ 1;
            let mut ticks = period.map(|p| {
                let offset = p.mul_f64(rand::random::<f64>());
                tokio::time::interval_at(tokio::time::Instant::now() + offset, p)
            });
            loop {
                let go = match ticks.as_mut() {
                    Some(t) => tokio::time::timeout_at(deadline, t.tick()).await.is_ok(),
                    None => match tokio::time::timeout_at(deadline, shared.windows[me].acquire())
                        .await
                    {
                        Ok(Ok(permit)) => {
                            permit.forget();
                            true
                        }
                        _ => false,
                    },
                };
                if !go {
                    break;
                }
                let n = shared.numbers[me].fetch_add(1, Ordering::Relaxed);
                let frame = match shared.group {
                    Some(g) => conn::group_message_frame(shared.run, g.id, n, me, micros()),
                    None => conn::message_frame(
                        shared.proto,
                        shared.run,
                        &shared.addresses[peer],
                        n,
                        me,
                        micros(),
                    ),
                };
                if sink.lock().await.send(Message::text(frame)).await.is_err() {
                    break;
                }
                shared.sent.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    let server_pid = c.pid.map(|p| p.to_string());
    tokio::time::sleep(Duration::from_secs(c.warmup)).await;
    let backends = backends(&c.pg).await;
    let db_cpu = |pids: &[String]| -> Option<f64> {
        (!pids.is_empty()).then(|| pids.iter().filter_map(|p| cpu_seconds(p)).sum())
    };
    let db0 = db_cpu(&backends);
    let cpu0 = (
        server_pid.as_deref().and_then(cpu_seconds),
        cpu_seconds("self"),
    );
    let machine0 = machine_jiffies();
    let before = shared.measured[usize::from(index)].load(Ordering::Relaxed);
    let t0 = Instant::now();
    shared.measuring.store(index, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(c.seconds)).await;
    shared.measuring.store(0, Ordering::Relaxed);
    let elapsed = t0.elapsed().as_secs_f64();
    let cpu1 = (
        server_pid.as_deref().and_then(cpu_seconds),
        cpu_seconds("self"),
    );
    let machine1 = machine_jiffies();
    let db1 = db_cpu(&backends);
    let count = shared.measured[usize::from(index)].load(Ordering::Relaxed) - before;
    for w in writers {
        let _ = w.await;
    }
    // Let what is on the way arrive (at most 10 s), so the next phase starts clean.
    let until = Instant::now() + Duration::from_secs(10);
    let undelivered = loop {
        let sent = shared.sent.load(Ordering::Relaxed) * shared.fan_out();
        let arrived =
            shared.delivered.load(Ordering::Relaxed) + shared.errors.load(Ordering::Relaxed);
        if arrived >= sent || Instant::now() > until {
            break sent.saturating_sub(arrived);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let per_second = |a: Option<f64>, b: Option<f64>| Some((b? - a?) / elapsed);
    PhaseResult {
        rate: count as f64 / elapsed,
        undelivered,
        server_cpu: per_second(cpu0.0, cpu1.0),
        db_cpu: per_second(db0, db1),
        own_cpu: per_second(cpu0.1, cpu1.1),
        machine_busy: match (machine0, machine1) {
            (Some((b0, t0)), Some((b1, t1))) if t1 > t0 => Some((b1 - b0) / (t1 - t0)),
            _ => None,
        },
    }
}
