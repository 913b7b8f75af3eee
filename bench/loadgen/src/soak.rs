//! `soak`: the traffic of the soak benchmark (`bench/soak.sh`), in one process so that every
//! message and every answer is accounted for.
//!
//! - Chat: `users` accounts connected to `/im` through the balancer, in pairs (0 with 1, 2 with
//!   3, ...), writing to each other at `chat_rate` messages a second all together. Each client
//!   behaves as the web app does (docs/im-protocol.md, SPEC section 4): it keeps the highest event
//!   number it has processed (an ack one past it stands for its own copy), and when its socket
//!   drops it tries again after 300 ms, then up to 5 attempts 5 s apart, resumes from that number
//!   and sends again whatever was not acknowledged, with the same client ids. Every message id a
//!   client is shown (live or replayed) is kept, so that a message shown twice is seen.
//! - HTTP: requests at `http_rate` a second (an open loop: request `i` is due at
//!   `start + i / rate`) as the first `http_users` accounts: discover, the people lists, the
//!   feed's first page, posting to the feed (half the posts with a picture uploaded before),
//!   likes, picture uploads and fetching the uploaded picture back. Every answer is counted by
//!   status; every 5xx is kept with its time, its `Retry-After` and whether a node or the balancer
//!   made it.
//!
//! The script kills a node and starts it again while this runs, and writes what it did and when
//! (`timeline`: `kill <unix ms> <node address>`, `restart <unix ms>`, `ready <unix ms>`), which is
//! read at the end to tell which sockets were on the killed node and which answers came while it
//! was down. After the run, sending stops, what is on the way is waited for (at most `drain`
//! seconds), and the database is asked whether every acknowledged message is stored once, with
//! one event for each side. Lines starting with `RESULT` and `CHECK` are the report.

use std::collections::{BTreeMap, HashMap};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::Context;
use base64::Engine;
use futures::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use crate::conn::{self, Ws};
use crate::seed::Account;

/// SPEC section 4 and the web app (`connection/machine.ts`): a dropped socket is opened again
/// after 300 ms, then at most 5 attempts 5 s apart; an attempt has a minute to be greeted.
const RECONNECT_DELAY: Duration = Duration::from_millis(300);
const RECONNECT_INTERVAL: Duration = Duration::from_secs(5);
const MAX_ATTEMPTS: u32 = 5;
const HELLO_WAIT: Duration = Duration::from_secs(60);
/// An HTTP request with no answer after this long counts as unanswered.
const HTTP_WAIT: Duration = Duration::from_secs(30);

pub struct Soak {
    /// The balancer.
    pub server: SocketAddr,
    pub accounts: Vec<Account>,
    pub users: usize,
    pub chat_rate: f64,
    pub http_rate: f64,
    pub http_users: usize,
    pub http_connections: usize,
    pub seconds: u64,
    pub drain: u64,
    /// A small JPEG, uploaded as the app uploads a photo.
    pub picture: Vec<u8>,
    /// The PostgreSQL database of the nodes.
    pub db: String,
    pub ready_file: PathBuf,
    pub timeline: PathBuf,
    pub sources: Vec<Ipv4Addr>,
    pub concurrency: usize,
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

// --- Chat ---------------------------------------------------------------------------------

/// The phase of the run, as the clients see it.
const RUN: u8 = 0;
/// No new messages; what is on the way is still taken in.
const DRAIN: u8 = 1;
const DONE: u8 = 2;

/// One socket of a client: which node served it, from when to when.
struct Session {
    node: String,
    opened: u64,
    closed: Option<u64>,
}

/// One drop of a client's socket and what it took to be greeted again.
struct Reconnect {
    from_node: String,
    dropped: u64,
    why: String,
    attempts: u32,
    to_node: Option<String>,
    greeted: Option<u64>,
    first_error: Option<String>,
}

/// What one client did and was shown.
#[derive(Default)]
struct Book {
    last_seq: i64,
    next: u64,
    /// Sent and neither acknowledged nor refused yet: number -> frame.
    pending: BTreeMap<u64, String>,
    /// Acknowledged: number -> message id.
    acked: BTreeMap<u64, i64>,
    /// Refused sends by error code.
    refused: BTreeMap<u16, u64>,
    first_refusal: Option<String>,
    /// The partner's message ids, as they came (live or replayed), repeats kept.
    received: Vec<i64>,
    /// Event numbers skipped (a lost event), and events at or below the last one processed.
    gaps: u64,
    repeated: u64,
    /// A repeated acknowledgement naming another message than the first.
    ack_changed: u64,
    kicked: u64,
    unreadable: u64,
    /// Error frames with a 5xx code: (when, code).
    error_5xx: Vec<(u64, u16)>,
    /// Upgrades answered with an HTTP error: (when, status, Retry-After given, nodes tried).
    upgrade_refusals: Vec<(u64, u16, bool, String)>,
    /// How long after its first sending each of the partner's messages was shown, in ms.
    delays: Vec<u32>,
    sessions: Vec<Session>,
    reconnects: Vec<Reconnect>,
}

/// Counters the clients share, for the progress lines and the end of the drain.
#[derive(Default)]
struct Live {
    sent: AtomicU64,
    acked: AtomicU64,
    received: AtomicU64,
    pending: AtomicI64,
    connected: AtomicI64,
    drops: AtomicU64,
}

struct ChatCtx {
    server: SocketAddr,
    accounts: Vec<Account>,
    sources: Vec<Ipv4Addr>,
    run: u32,
    period: Duration,
    live: Live,
}

/// A socket greeted: the socket, the node the balancer chose and the greeting's `lastSeq`.
type Greeted = (Ws, String, i64);

/// Opens a socket through the balancer and waits for the greeting; the node is the balancer's
/// `X-Amora-Node` header.
async fn open(ctx: &ChatCtx, me: usize) -> anyhow::Result<Greeted> {
    let account = &ctx.accounts[me];
    let source = ctx.sources[me % ctx.sources.len()];
    let attempt = async {
        let stream = conn::tcp(ctx.server, source).await?;
        let url = format!(
            "ws://{}/im?user=u{}&accessToken={}",
            ctx.server, account.id, account.token
        );
        let (mut ws, answer) =
            match tokio_tungstenite::client_async_with_config(url, stream, Some(conn::config()))
                .await
            {
                Ok(opened) => opened,
                Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
                    let header = |name: &str| {
                        answer
                            .headers()
                            .get(name)
                            .and_then(|v| v.to_str().ok())
                            .map(str::to_owned)
                    };
                    return Err(Refused {
                        status: answer.status().as_u16(),
                        retry_after: header("retry-after").is_some(),
                        nodes: header("x-amora-node").unwrap_or_default(),
                    }
                    .into());
                }
                Err(e) => return Err(e.into()),
            };
        // The balancer's tries, last the one that answered ("a:1, b:2").
        let node = answer
            .headers()
            .get("x-amora-node")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .map_or_else(|| "?".to_owned(), |v| v.trim().to_owned());
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(t.as_str())?;
                    if v["type"] == "hello" {
                        return Ok((ws, node, v["lastSeq"].as_i64().unwrap_or(0)));
                    }
                    anyhow::bail!("expected hello, got {t}");
                }
                Some(Ok(Message::Close(c))) => anyhow::bail!("closed before hello: {c:?}"),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.into()),
                None => anyhow::bail!("closed before hello"),
            }
        }
    };
    tokio::time::timeout(HELLO_WAIT, attempt)
        .await
        .map_err(|_| anyhow::anyhow!("no hello within {HELLO_WAIT:?}"))?
}

/// An upgrade answered with an HTTP error instead of a socket.
#[derive(Debug)]
struct Refused {
    status: u16,
    retry_after: bool,
    nodes: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the upgrade was answered {}", self.status)
    }
}

impl std::error::Error for Refused {}

fn handle(ctx: &ChatCtx, book: &mut Book, me: usize, text: &str) {
    let Ok(v) = serde_json::from_str::<Value>(text) else {
        book.unreadable += 1;
        return;
    };
    let partner = ctx.accounts[me ^ 1].id;
    match v["type"].as_str() {
        Some("event") => {
            let seq = v["seq"].as_i64().unwrap_or(0);
            if seq <= book.last_seq {
                book.repeated += 1;
            } else {
                book.gaps += u64::try_from(seq - book.last_seq - 1).unwrap_or(0);
                book.last_seq = seq;
            }
            let event = &v["event"];
            let message = &event["message"];
            if event["kind"] == "message" && message["from"].as_i64() == Some(partner) {
                if let Some(id) = message["id"].as_i64() {
                    book.received.push(id);
                    ctx.live.received.fetch_add(1, Ordering::Relaxed);
                }
                // The text ends with when it was first sent (unix ms).
                let sent = message["content"]["text"]
                    .as_str()
                    .and_then(|t| t.rsplit(' ').next())
                    .and_then(|t| t.parse::<u64>().ok());
                if let Some(sent) = sent {
                    book.delays
                        .push(u32::try_from(now_ms().saturating_sub(sent)).unwrap_or(u32::MAX));
                }
            }
        }
        Some("ack") => {
            let seq = v["seq"].as_i64().unwrap_or(0);
            let n = v["clientId"]
                .as_str()
                .and_then(|c| c.rsplit('-').next())
                .and_then(|n| n.parse::<u64>().ok());
            let id = v["message"]["id"].as_i64();
            if let (Some(n), Some(id)) = (n, id) {
                match book.acked.get(&n) {
                    Some(first) if *first != id => book.ack_changed += 1,
                    Some(_) => {}
                    None => {
                        book.acked.insert(n, id);
                        ctx.live.acked.fetch_add(1, Ordering::Relaxed);
                    }
                }
                if book.pending.remove(&n).is_some() {
                    ctx.live.pending.fetch_sub(1, Ordering::Relaxed);
                }
            }
            // It stands for our own copy only when it is the next number (docs/im-protocol.md).
            if seq == book.last_seq + 1 {
                book.last_seq = seq;
            }
        }
        Some("error") => {
            let code = u16::try_from(v["code"].as_u64().unwrap_or(0)).unwrap_or(0);
            let n = v["clientId"]
                .as_str()
                .and_then(|c| c.rsplit('-').next())
                .and_then(|n| n.parse::<u64>().ok());
            if let Some(n) = n {
                if book.pending.remove(&n).is_some() {
                    ctx.live.pending.fetch_sub(1, Ordering::Relaxed);
                }
            }
            *book.refused.entry(code).or_default() += 1;
            book.first_refusal.get_or_insert_with(|| text.to_owned());
            if code >= 500 {
                book.error_5xx.push((now_ms(), code));
            }
        }
        Some("kicked") => book.kicked += 1,
        _ => {}
    }
}

/// After a drop: 300 ms, then attempts 5 s apart until one is greeted. The app stops after the
/// fifth and offers Retry; this client goes on (a person tapping Retry) so that the run's
/// bookkeeping stays whole, and the attempts past the fifth fail the check.
async fn reconnect(
    ctx: &ChatCtx,
    me: usize,
    book: &mut Book,
    from_node: String,
    why: String,
    phase: &watch::Receiver<u8>,
) -> Option<(Ws, String)> {
    let dropped = now_ms();
    if let Some(s) = book.sessions.last_mut() {
        s.closed = Some(dropped);
    }
    ctx.live.connected.fetch_sub(1, Ordering::Relaxed);
    ctx.live.drops.fetch_add(1, Ordering::Relaxed);
    let mut record = Reconnect {
        from_node,
        dropped,
        why,
        attempts: 0,
        to_node: None,
        greeted: None,
        first_error: None,
    };
    tokio::time::sleep(RECONNECT_DELAY).await;
    loop {
        if *phase.borrow() == DONE {
            book.reconnects.push(record);
            return None;
        }
        record.attempts += 1;
        match open(ctx, me).await {
            Ok((mut ws, node, _)) => {
                let greeted = now_ms();
                record.to_node = Some(node.clone());
                record.greeted = Some(greeted);
                book.reconnects.push(record);
                book.sessions.push(Session {
                    node: node.clone(),
                    opened: greeted,
                    closed: None,
                });
                ctx.live.connected.fetch_add(1, Ordering::Relaxed);
                // Resume from the last event processed, then send again what was not
                // acknowledged (same client ids: stored once, acknowledged alike). A failure here
                // shows on the next read.
                let resume = format!(r#"{{"type":"resume","lastSeq":{}}}"#, book.last_seq);
                let mut frames = vec![resume];
                frames.extend(book.pending.values().cloned());
                for f in frames {
                    if ws.send(Message::text(f)).await.is_err() {
                        break;
                    }
                }
                return Some((ws, node));
            }
            Err(e) => {
                if let Some(r) = e.downcast_ref::<Refused>() {
                    book.upgrade_refusals.push((
                        now_ms(),
                        r.status,
                        r.retry_after,
                        r.nodes.clone(),
                    ));
                }
                record.first_error.get_or_insert_with(|| format!("{e:#}"));
                tokio::time::sleep(RECONNECT_INTERVAL).await;
            }
        }
    }
}

async fn client(
    ctx: Arc<ChatCtx>,
    me: usize,
    first: Greeted,
    mut phase: watch::Receiver<u8>,
) -> Book {
    let (mut ws, mut node, last_seq) = first;
    let mut book = Book {
        last_seq,
        ..Book::default()
    };
    book.sessions.push(Session {
        node: node.clone(),
        opened: now_ms(),
        closed: None,
    });
    let partner = ctx.accounts[me ^ 1].id;
    let offset = ctx.period.mul_f64(rand::random::<f64>());
    let mut tick = tokio::time::interval_at(Instant::now() + offset, ctx.period);
    loop {
        let now = *phase.borrow();
        if now == DONE {
            break;
        }
        let dropped: Option<String> = tokio::select! {
            changed = phase.changed() => {
                if changed.is_err() {
                    break;
                }
                None
            }
            _ = tick.tick(), if now == RUN => {
                let n = book.next;
                book.next += 1;
                let frame = format!(
                    r#"{{"type":"send","clientId":"s{}-{me}-{n}","to":{partner},"msgType":"txt","content":{{"text":"soak message {n} from {me} sent {}"}}}}"#,
                    ctx.run,
                    now_ms()
                );
                book.pending.insert(n, frame.clone());
                ctx.live.pending.fetch_add(1, Ordering::Relaxed);
                ctx.live.sent.fetch_add(1, Ordering::Relaxed);
                match ws.send(Message::text(frame)).await {
                    Ok(()) => None,
                    Err(e) => Some(format!("send: {e}")),
                }
            }
            frame = ws.next() => match frame {
                Some(Ok(Message::Text(t))) => {
                    handle(&ctx, &mut book, me, t.as_str());
                    None
                }
                Some(Ok(Message::Close(c))) => Some(format!("closed: {c:?}")),
                Some(Ok(_)) => None,
                Some(Err(e)) => Some(format!("{e}")),
                None => Some("closed".to_owned()),
            },
        };
        if let Some(why) = dropped {
            let from = std::mem::take(&mut node);
            match reconnect(&ctx, me, &mut book, from, why, &phase).await {
                Some((w, n)) => {
                    ws = w;
                    node = n;
                }
                None => return book,
            }
        }
    }
    if let Some(s) = book.sessions.last_mut() {
        s.closed = Some(now_ms());
    }
    let _ = ws.close(None).await;
    book
}

// --- HTTP ---------------------------------------------------------------------------------

/// The share of each kind of request, in hundredths, in order.
const MIX: [(&str, u64); 6] = [
    ("discover", 30),
    ("lists", 10),
    ("feed", 25),
    ("like", 17),
    ("post", 10),
    ("upload", 8),
];

const DISCOVER: [&str; 4] = [
    "/prod-api/system/user/profile/homePage/all?pageSize=20",
    "/prod-api/system/user/profile/homePage/all?pageSize=20&country=Japan",
    "/prod-api/system/user/profile/homePage/all?pageSize=20&minAge=30&maxAge=40",
    "/prod-api/system/user/profile/homePage/all?pageSize=20&online=true",
];
const LISTS: [&str; 2] = [
    "/prod-api/system/like/likeTo?pageSize=20",
    "/prod-api/system/like/likeMe?pageSize=20",
];

/// A well-mixed number from `i` (splitmix64), so that kinds and people follow no pattern.
fn mix(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One HTTP/1.1 answer, its body read by length or in chunks (`pace` reads its answers so too).
pub(crate) struct Answer {
    pub(crate) status: u16,
    retry_after: bool,
    /// A node's answer carries its request id; the balancer's own does not.
    from_node: bool,
    /// The nodes the balancer tried, in order (its `X-Amora-Node`: "a:1, b:2").
    nodes: String,
    close: bool,
    body: Vec<u8>,
}

/// A 5xx as it came.
struct Failure {
    /// When the request was written, and when its answer came (unix ms).
    sent: u64,
    at: u64,
    label: &'static str,
    status: u16,
    retry_after: bool,
    from_node: bool,
    nodes: String,
    body: String,
}

#[derive(Default)]
struct HttpBook {
    /// (kind, status) -> answers.
    statuses: BTreeMap<(&'static str, u16), u64>,
    /// Per kind: latencies in µs from when each request was due.
    latencies: BTreeMap<&'static str, Vec<u32>>,
    failures: Vec<Failure>,
    /// Requests with no answer at all: (when, kind, why).
    unanswered: Vec<(u64, &'static str, String)>,
    /// Answers by the node that gave them (the last one the balancer tried).
    by_node: BTreeMap<String, u64>,
    /// Requests the balancer passed on to another node after the first failed them.
    passed_on: u64,
}

struct HttpCtx {
    server: SocketAddr,
    accounts: Vec<Account>,
    users: usize,
    http_users: usize,
    rate: f64,
    run: u32,
    picture_body: String,
    /// Per person: keys of pictures uploaded and not yet posted.
    keys: Mutex<Vec<Vec<String>>>,
    answered: AtomicU64,
    failed: AtomicU64,
}

pub(crate) async fn read_answer(stream: &mut BufReader<TcpStream>) -> anyhow::Result<Answer> {
    let mut line = String::new();
    if stream.read_line(&mut line).await? == 0 {
        anyhow::bail!("closed before an answer");
    }
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("not an HTTP answer: {line:?}"))?;
    let (mut length, mut chunked) = (0usize, false);
    let mut answer = Answer {
        status,
        retry_after: false,
        from_node: false,
        nodes: String::new(),
        close: false,
        body: Vec::new(),
    };
    loop {
        line.clear();
        if stream.read_line(&mut line).await? == 0 {
            anyhow::bail!("closed in the headers");
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            let value = value.trim();
            let name = name.to_ascii_lowercase();
            match name.as_str() {
                "content-length" => length = value.parse()?,
                "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
                "retry-after" => answer.retry_after = true,
                "x-request-id" => answer.from_node = true,
                "x-amora-node" => answer.nodes = value.to_owned(),
                "connection" => answer.close = value.eq_ignore_ascii_case("close"),
                _ => {}
            }
        }
    }
    if !chunked {
        answer.body = vec![0; length];
        stream.read_exact(&mut answer.body).await?;
        return Ok(answer);
    }
    loop {
        line.clear();
        stream.read_line(&mut line).await?;
        let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or("0"), 16)?;
        let mut chunk = vec![0; size + 2];
        stream.read_exact(&mut chunk).await?;
        if size == 0 {
            return Ok(answer);
        }
        chunk.truncate(size);
        answer.body.extend_from_slice(&chunk);
    }
}

/// One request on the connection (opened when there is none); the connection is dropped after
/// any failure or when the balancer says it closes.
async fn exchange(
    server: SocketAddr,
    conn: &mut Option<BufReader<TcpStream>>,
    request: &[u8],
) -> anyhow::Result<Answer> {
    if conn.is_none() {
        let stream = TcpStream::connect(server).await?;
        stream.set_nodelay(true)?;
        *conn = Some(BufReader::new(stream));
    }
    let Some(stream) = conn.as_mut() else {
        anyhow::bail!("no connection");
    };
    let result = async {
        stream.get_mut().write_all(request).await?;
        read_answer(stream).await
    };
    match tokio::time::timeout(HTTP_WAIT, result).await {
        Ok(Ok(answer)) => {
            if answer.close {
                *conn = None;
            }
            Ok(answer)
        }
        Ok(Err(e)) => {
            *conn = None;
            Err(e)
        }
        Err(_) => {
            *conn = None;
            anyhow::bail!("no answer within {HTTP_WAIT:?}")
        }
    }
}

fn request_bytes(
    server: SocketAddr,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&str>,
) -> Vec<u8> {
    let mut r =
        format!("{method} {path} HTTP/1.1\r\nHost: {server}\r\nAuthorization: Bearer {token}\r\n");
    if let Some(b) = body {
        r.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            b.len()
        ));
    }
    r.push_str("\r\n");
    let mut bytes = r.into_bytes();
    if let Some(b) = body {
        bytes.extend_from_slice(b.as_bytes());
    }
    bytes
}

/// The path of an address the server handed out (it may carry the public origin).
fn path_of(url: &str) -> &str {
    match url.find("://") {
        Some(scheme) => {
            let rest = &url[scheme + 3..];
            rest.find('/').map_or("/", |p| &rest[p..])
        }
        None => url,
    }
}

impl HttpCtx {
    /// Request `i`: its kind, the person making it, and the request's bytes.
    fn plan(&self, i: u64) -> (&'static str, usize, Vec<u8>) {
        let h = mix(i ^ u64::from(self.run));
        let u = usize::try_from(h % self.http_users as u64).unwrap_or(0);
        let token = self.accounts[u].session.as_deref().unwrap_or_default();
        let mut pick = (h >> 20) % 100;
        let mut kind = MIX[0].0;
        for (k, share) in MIX {
            if pick < share {
                kind = k;
                break;
            }
            pick -= share;
        }
        let second = (h >> 40) as usize;
        let get = |path: &str| request_bytes(self.server, "GET", path, token, None);
        let bytes = match kind {
            "discover" => get(DISCOVER[second % DISCOVER.len()]),
            "lists" => get(LISTS[second % LISTS.len()]),
            "feed" => get("/prod-api/system/dynamic/list?pageSize=20"),
            "like" => {
                // Someone of the other gender (the seed alternates them).
                let half = (self.users / 2).max(1);
                let other = (second % half) * 2 + (1 - u % 2);
                let id = self.accounts[other.min(self.users - 1)].id;
                get(&format!("/prod-api/system/like/opera/{id}?like=true"))
            }
            "post" => {
                let key = lock(&self.keys)[u].pop();
                let images = key.map_or(String::new(), |k| format!(r#","images":["{k}"]"#));
                let body = format!(
                    r#"{{"content":"Soak post {i} by {u}: an evening walk by the river"{images}}}"#
                );
                request_bytes(
                    self.server,
                    "POST",
                    "/prod-api/system/dynamic",
                    token,
                    Some(&body),
                )
            }
            _ => request_bytes(
                self.server,
                "POST",
                "/prod-api/common/image/uploads/base64",
                token,
                Some(&self.picture_body),
            ),
        };
        (kind, u, bytes)
    }
}

fn record(
    ctx: &HttpCtx,
    book: &mut HttpBook,
    kind: &'static str,
    (due, sent): (Instant, u64),
    result: &anyhow::Result<Answer>,
) {
    match result {
        Ok(a) => {
            ctx.answered.fetch_add(1, Ordering::Relaxed);
            *book.statuses.entry((kind, a.status)).or_default() += 1;
            let last = a.nodes.rsplit(',').next().unwrap_or_default().trim();
            *book.by_node.entry(last.to_owned()).or_default() += 1;
            if a.nodes.contains(',') {
                book.passed_on += 1;
            }
            book.latencies
                .entry(kind)
                .or_default()
                .push(u32::try_from(due.elapsed().as_micros()).unwrap_or(u32::MAX));
            if a.status >= 500 {
                ctx.failed.fetch_add(1, Ordering::Relaxed);
                let body: String = String::from_utf8_lossy(&a.body).chars().take(200).collect();
                book.failures.push(Failure {
                    sent,
                    at: now_ms(),
                    label: kind,
                    status: a.status,
                    retry_after: a.retry_after,
                    from_node: a.from_node,
                    nodes: a.nodes.clone(),
                    body: body.replace('\n', " "),
                });
            }
        }
        Err(e) => {
            ctx.failed.fetch_add(1, Ordering::Relaxed);
            book.unanswered.push((now_ms(), kind, format!("{e:#}")));
        }
    }
}

/// One keep-alive connection's share of the requests: `k`, `k + connections`, ...
async fn http_connection(
    ctx: Arc<HttpCtx>,
    k: u64,
    step: u64,
    start: Instant,
    total: u64,
) -> HttpBook {
    let mut book = HttpBook::default();
    let mut conn = None;
    let mut i = k;
    while i < total {
        let due = start + Duration::from_secs_f64(i as f64 / ctx.rate);
        tokio::time::sleep_until(due).await;
        let (kind, u, request) = ctx.plan(i);
        let sent = now_ms();
        let result = exchange(ctx.server, &mut conn, &request).await;
        record(&ctx, &mut book, kind, (due, sent), &result);
        if kind == "upload" {
            let uploaded = result
                .ok()
                .filter(|a| a.status == 200)
                .and_then(|a| serde_json::from_slice::<Value>(&a.body).ok());
            if let Some(v) = uploaded {
                let data = &v["data"];
                // Half the uploads are posted later; the picture is fetched back at once
                // (signed by one node, perhaps served by another, from the bucket).
                if i.is_multiple_of(2) {
                    if let Some(key) = data["key"].as_str() {
                        lock(&ctx.keys)[u].push(key.to_owned());
                    }
                }
                if let Some(url) = data["url"].as_str() {
                    let token = ctx.accounts[u].session.as_deref().unwrap_or_default();
                    let get = request_bytes(ctx.server, "GET", path_of(url), token, None);
                    let (fetched, sent) = (Instant::now(), now_ms());
                    let result = exchange(ctx.server, &mut conn, &get).await;
                    record(&ctx, &mut book, "media", (fetched, sent), &result);
                }
            }
        }
        i += step;
    }
    book
}

// --- The run ------------------------------------------------------------------------------

/// What the script did: the kill (time, node), the restart and the restarted node's readiness.
#[derive(Default)]
struct Timeline {
    kill: Option<(u64, String)>,
    restart: Option<u64>,
    ready: Option<u64>,
}

fn read_timeline(path: &PathBuf) -> Timeline {
    let mut t = Timeline::default();
    let text = std::fs::read_to_string(path).unwrap_or_default();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let (Some(what), Some(at)) = (words.next(), words.next().and_then(|a| a.parse().ok()))
        else {
            continue;
        };
        match what {
            "kill" => t.kill = Some((at, words.next().unwrap_or("?").to_owned())),
            "restart" => t.restart = Some(at),
            "ready" => t.ready = Some(at),
            _ => {}
        }
    }
    t
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    f64::from(sorted[i]) / 1000.0
}

/// "key:count,key:count", or "-" for none.
fn counts<K: std::fmt::Display>(map: &BTreeMap<K, u64>) -> String {
    if map.is_empty() {
        return "-".to_owned();
    }
    map.iter()
        .map(|(k, n)| format!("{k}:{n}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "PASS"
    } else {
        "FAIL"
    }
}

pub async fn run(s: Soak) -> anyhow::Result<()> {
    anyhow::ensure!(
        s.users >= 2 && s.users.is_multiple_of(2),
        "--users must be even (pairs)"
    );
    anyhow::ensure!(
        s.accounts.len() >= s.users,
        "{} users need as many accounts",
        s.users
    );
    anyhow::ensure!(
        s.http_users >= 1 && s.http_users <= s.users,
        "--http-users must be 1 to --users"
    );
    anyhow::ensure!(
        s.accounts[..s.http_users]
            .iter()
            .all(|a| a.session.is_some()),
        "the accounts file has no session tokens: seed it again"
    );
    anyhow::ensure!(
        s.chat_rate > 0.0 && s.http_rate > 0.0,
        "rates must be above 0"
    );
    let run: u32 = rand::random::<u32>() % 1_000_000;
    let accounts: Vec<Account> = s.accounts[..s.users].to_vec();
    let chat = Arc::new(ChatCtx {
        server: s.server,
        accounts: accounts.clone(),
        sources: s.sources.clone(),
        run,
        period: Duration::from_secs_f64(s.users as f64 / s.chat_rate),
        live: Live::default(),
    });

    // Everyone connects first (the run starts with the chat's users online).
    let began = std::time::Instant::now();
    let opened: Vec<(usize, anyhow::Result<Greeted>)> = futures::stream::iter(0..s.users)
        .map(|me| {
            let chat = chat.clone();
            async move { (me, open(&chat, me).await) }
        })
        .buffer_unordered(s.concurrency.max(1))
        .collect()
        .await;
    let mut firsts: Vec<Option<Greeted>> = (0..s.users).map(|_| None).collect();
    let mut first_error = None;
    for (me, r) in opened {
        match r {
            Ok(mut x) => {
                // Resume from the greeting's number: nothing before this run is wanted.
                let resume = format!(r#"{{"type":"resume","lastSeq":{}}}"#, x.2);
                x.0.send(Message::text(resume)).await?;
                firsts[me] = Some(x);
            }
            Err(e) => {
                first_error.get_or_insert_with(|| format!("{e:#}"));
            }
        }
    }
    if let Some(e) = first_error {
        anyhow::bail!(
            "{} of {} sockets did not open; the first: {e}",
            firsts.iter().filter(|f| f.is_none()).count(),
            s.users
        );
    }
    let mut per_node: BTreeMap<String, usize> = BTreeMap::new();
    for (_, node, _) in firsts.iter().flatten() {
        *per_node.entry(node.clone()).or_default() += 1;
    }
    eprintln!(
        "{} sockets open in {:.1} s: {}",
        s.users,
        began.elapsed().as_secs_f64(),
        per_node
            .iter()
            .map(|(n, c)| format!("{n} {c}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    chat.live.connected.store(
        i64::try_from(s.users).unwrap_or(i64::MAX),
        Ordering::Relaxed,
    );

    let picture_b64 = base64::engine::general_purpose::STANDARD.encode(&s.picture);
    let http = Arc::new(HttpCtx {
        server: s.server,
        accounts: accounts.clone(),
        users: s.users,
        http_users: s.http_users,
        rate: s.http_rate,
        run,
        picture_body: format!(r#"{{"image":"data:image/jpeg;base64,{picture_b64}"}}"#),
        keys: Mutex::new(vec![Vec::new(); s.http_users]),
        answered: AtomicU64::new(0),
        failed: AtomicU64::new(0),
    });

    // Start: the script times the kill and the restart from this moment.
    let t0 = now_ms();
    let start = Instant::now();
    let tmp = s.ready_file.with_extension("tmp");
    std::fs::write(&tmp, format!("{t0}\n"))?;
    std::fs::rename(&tmp, &s.ready_file)?;
    eprintln!("traffic started at {t0}");

    let (phase_tx, phase_rx) = watch::channel(RUN);
    let clients: Vec<_> = firsts
        .into_iter()
        .enumerate()
        .filter_map(|(me, f)| f.map(|f| (me, f)))
        .map(|(me, f)| tokio::spawn(client(chat.clone(), me, f, phase_rx.clone())))
        .collect();
    let total = (s.http_rate * s.seconds as f64).ceil() as u64;
    let step = s.http_connections.max(1) as u64;
    let requesters: Vec<_> = (0..step)
        .map(|k| tokio::spawn(http_connection(http.clone(), k, step, start, total)))
        .collect();

    let progress = {
        let chat = chat.clone();
        let http = http.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval_at(
                Instant::now() + Duration::from_secs(30),
                Duration::from_secs(30),
            );
            loop {
                every.tick().await;
                let l = &chat.live;
                eprintln!(
                    "t={:>4}s sockets={} drops={} sent={} acked={} received={} pending={} http={} http_failed={}",
                    (now_ms() - t0) / 1000,
                    l.connected.load(Ordering::Relaxed),
                    l.drops.load(Ordering::Relaxed),
                    l.sent.load(Ordering::Relaxed),
                    l.acked.load(Ordering::Relaxed),
                    l.received.load(Ordering::Relaxed),
                    l.pending.load(Ordering::Relaxed),
                    http.answered.load(Ordering::Relaxed),
                    http.failed.load(Ordering::Relaxed),
                );
            }
        })
    };

    tokio::time::sleep_until(start + Duration::from_secs(s.seconds)).await;
    let _ = phase_tx.send(DRAIN);
    let mut http_book = HttpBook::default();
    for r in requesters {
        let b = r.await?;
        for (k, v) in b.statuses {
            *http_book.statuses.entry(k).or_default() += v;
        }
        for (k, v) in b.latencies {
            http_book.latencies.entry(k).or_default().extend(v);
        }
        http_book.failures.extend(b.failures);
        http_book.unanswered.extend(b.unanswered);
        for (k, v) in b.by_node {
            *http_book.by_node.entry(k).or_default() += v;
        }
        http_book.passed_on += b.passed_on;
    }
    // What is on the way: every send answered, every acknowledged message shown to its
    // recipient (or the drain's time is up).
    let drain_until = Instant::now() + Duration::from_secs(s.drain);
    let drained_in = Instant::now();
    while Instant::now() < drain_until {
        let l = &chat.live;
        if l.pending.load(Ordering::Relaxed) <= 0
            && l.received.load(Ordering::Relaxed) >= l.acked.load(Ordering::Relaxed)
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let drain_secs = drained_in.elapsed().as_secs_f64();
    let _ = phase_tx.send(DONE);
    let mut books = Vec::with_capacity(s.users);
    for c in clients {
        books.push(c.await?);
    }
    progress.abort();
    let ended = now_ms();
    let timeline = read_timeline(&s.timeline);

    report_chat(&s, run, &books, drain_secs).await?;
    report_reconnects(&books, &timeline, t0);
    report_http(&http_book, &books, &timeline, t0, s.seconds);
    println!(
        "RESULT run started={t0} ended={ended} kill={} restart={} ready={}",
        timeline.kill.as_ref().map_or(0, |k| k.0),
        timeline.restart.unwrap_or(0),
        timeline.ready.unwrap_or(0)
    );
    Ok(())
}

async fn report_chat(s: &Soak, run: u32, books: &[Book], drain_secs: f64) -> anyhow::Result<()> {
    let sent: u64 = books.iter().map(|b| b.next).sum();
    let acked: usize = books.iter().map(|b| b.acked.len()).sum();
    let pending: usize = books.iter().map(|b| b.pending.len()).sum();
    let mut refused: BTreeMap<u16, u64> = BTreeMap::new();
    for b in books {
        for (c, n) in &b.refused {
            *refused.entry(*c).or_default() += n;
        }
    }
    let gaps: u64 = books.iter().map(|b| b.gaps).sum();
    let repeated: u64 = books.iter().map(|b| b.repeated).sum();
    let ack_changed: u64 = books.iter().map(|b| b.ack_changed).sum();
    let kicked: u64 = books.iter().map(|b| b.kicked).sum();
    let unreadable: u64 = books.iter().map(|b| b.unreadable).sum();
    let (mut once, mut missing, mut twice) = (0u64, 0u64, 0u64);
    let mut received_unacked = 0u64;
    let mut examples: Vec<String> = Vec::new();
    for (me, b) in books.iter().enumerate() {
        let partner = &books[me ^ 1];
        let mut seen: HashMap<i64, u32> = HashMap::with_capacity(partner.received.len());
        for id in &partner.received {
            *seen.entry(*id).or_default() += 1;
        }
        let mut acked_ids = std::collections::HashSet::with_capacity(b.acked.len());
        for (n, id) in &b.acked {
            acked_ids.insert(*id);
            match seen.get(id).copied().unwrap_or(0) {
                0 => {
                    missing += 1;
                    if examples.len() < 10 {
                        examples.push(format!("missing: {me} -> {} n={n} id={id}", me ^ 1));
                    }
                }
                1 => once += 1,
                c => {
                    twice += 1;
                    if examples.len() < 10 {
                        examples.push(format!("shown {c} times: {me} -> {} n={n} id={id}", me ^ 1));
                    }
                }
            }
        }
        received_unacked += seen.keys().filter(|id| !acked_ids.contains(id)).count() as u64;
    }
    let received: usize = books.iter().map(|b| b.received.len()).sum();
    let mut delays: Vec<u32> = books
        .iter()
        .flat_map(|b| b.delays.iter().copied())
        .collect();
    delays.sort_unstable();
    let late = delays.iter().filter(|d| **d > 10_000).count();

    // The database: each acknowledged message stored once, as acknowledged, with one event in
    // each side's sequence.
    let mut acked_by_client: HashMap<String, (i64, i64, i64)> = HashMap::with_capacity(acked);
    for (me, b) in books.iter().enumerate() {
        for (n, id) in &b.acked {
            acked_by_client.insert(
                format!("s{run}-{me}-{n}"),
                (*id, s.accounts[me].id, s.accounts[me ^ 1].id),
            );
        }
    }
    use sqlx::Connection;
    let mut db = sqlx::PgConnection::connect(&s.db)
        .await
        .context("the database")?;
    let rows: Vec<(i64, i64, i64, String, i64, i64)> = sqlx::query_as(
        "SELECT m.id, m.sender_id, m.recipient_id, m.client_id, \
           count(e.seq) FILTER (WHERE e.user_id = m.recipient_id), \
           count(e.seq) FILTER (WHERE e.user_id = m.sender_id) \
         FROM messages m LEFT JOIN user_events e ON e.message_id = m.id AND e.kind = 'message' \
         WHERE m.client_id LIKE $1 GROUP BY m.id",
    )
    .bind(format!("s{run}-%"))
    .fetch_all(&mut db)
    .await?;
    let _ = db.close().await;
    let mut stored: HashMap<&str, u32> = HashMap::with_capacity(rows.len());
    let (mut db_mismatch, mut db_events_bad, mut db_unacked) = (0u64, 0u64, 0u64);
    for (id, sender, recipient, client_id, to_recipient, to_sender) in &rows {
        *stored.entry(client_id.as_str()).or_default() += 1;
        match acked_by_client.get(client_id) {
            Some((aid, asender, arecipient)) => {
                if aid != id || asender != sender || arecipient != recipient {
                    db_mismatch += 1;
                    if examples.len() < 20 {
                        examples.push(format!(
                            "stored otherwise: {client_id} acked as {aid}, stored as {id}"
                        ));
                    }
                }
            }
            None => db_unacked += 1,
        }
        if *to_recipient != 1 || *to_sender != 1 {
            db_events_bad += 1;
            if examples.len() < 20 {
                examples.push(format!(
                    "events of message {id}: {to_recipient} to the recipient, {to_sender} to the sender"
                ));
            }
        }
    }
    let db_missing = acked_by_client
        .keys()
        .filter(|c| !stored.contains_key(c.as_str()))
        .count();
    let db_twice = stored.values().filter(|c| **c > 1).count();

    println!(
        "RESULT chat users={} sent={sent} acked={acked} refused={} unanswered_sends={pending} received={received} \
         delivered_once={once} missing={missing} duplicates={twice} received_unacked={received_unacked} \
         event_gaps={gaps} events_repeated={repeated} ack_changed={ack_changed} kicked={kicked} unreadable={unreadable} \
         drain_s={drain_secs:.1}",
        s.users,
        counts(&refused),
    );
    println!(
        "RESULT chat_db rows={} acked_not_stored={db_missing} stored_twice={db_twice} stored_otherwise={db_mismatch} \
         stored_unacked={db_unacked} events_not_one_each={db_events_bad}",
        rows.len()
    );
    println!(
        "RESULT chat_delay shown={} p50_ms={:.0} p99_ms={:.0} p999_ms={:.0} max_ms={:.0} over_10s={late}",
        delays.len(),
        percentile(&delays, 0.50) * 1000.0,
        percentile(&delays, 0.99) * 1000.0,
        percentile(&delays, 0.999) * 1000.0,
        delays.last().map_or(0.0, |v| f64::from(*v)),
    );
    if let Some(r) = books.iter().find_map(|b| b.first_refusal.as_deref()) {
        println!("RESULT chat first_refusal={r}");
    }
    for e in &examples {
        println!("RESULT chat example {e}");
    }
    let ok = missing == 0
        && twice == 0
        && pending == 0
        && gaps == 0
        && repeated == 0
        && ack_changed == 0
        && db_missing == 0
        && db_twice == 0
        && db_mismatch == 0
        && db_events_bad == 0
        && acked > 0;
    println!(
        "CHECK 1 {} every acknowledged message shown to its recipient exactly once and stored once: \
         {acked} acknowledged, {once} shown once, {missing} never shown, {twice} shown more than once, \
         {pending} sends never answered, {gaps} event numbers skipped, {repeated} events repeated; \
         database: {} rows, {db_missing} acknowledged but not stored, {db_mismatch} stored otherwise, \
         {db_events_bad} without exactly one event for each side",
        verdict(ok),
        rows.len()
    );
    Ok(())
}

fn report_reconnects(books: &[Book], timeline: &Timeline, t0: u64) {
    let Some((kill, killed)) = timeline.kill.clone() else {
        println!("RESULT reconnect no_kill=1");
        println!("CHECK 2 FAIL no node was killed (no kill line in the timeline)");
        return;
    };
    let back = timeline.ready.unwrap_or(u64::MAX);
    // Sockets on the killed node when it was killed.
    let on_killed = books
        .iter()
        .filter(|b| {
            b.sessions
                .iter()
                .any(|s| s.node == killed && s.opened <= kill && s.closed.is_none_or(|c| c >= kill))
        })
        .count();
    let mut attempts: BTreeMap<u32, u64> = BTreeMap::new();
    let (mut dropped, mut reconnected, mut beyond, mut never, mut to_killed) = (0, 0, 0, 0, 0);
    let mut took: Vec<u32> = Vec::new();
    let mut other_drops = 0u64;
    let mut other_examples: Vec<String> = Vec::new();
    let mut first_errors: BTreeMap<String, u64> = BTreeMap::new();
    for (me, b) in books.iter().enumerate() {
        for r in &b.reconnects {
            let ours = r.from_node == killed && r.dropped + 1000 >= kill && r.dropped <= back;
            if !ours {
                other_drops += 1;
                if other_examples.len() < 10 {
                    other_examples.push(format!(
                        "client {me} on {} at t={:.1}s: {} ({} attempts)",
                        r.from_node,
                        r.dropped.saturating_sub(t0) as f64 / 1000.0,
                        r.why,
                        r.attempts
                    ));
                }
                continue;
            }
            dropped += 1;
            if let Some(e) = &r.first_error {
                // The error's kind, without the numbers that vary.
                let kind: String = e.chars().filter(|c| !c.is_ascii_digit()).take(80).collect();
                *first_errors.entry(kind).or_default() += 1;
            }
            match (&r.to_node, r.greeted) {
                (Some(node), Some(at)) => {
                    *attempts.entry(r.attempts).or_default() += 1;
                    if r.attempts <= MAX_ATTEMPTS {
                        reconnected += 1;
                    } else {
                        beyond += 1;
                    }
                    if *node == killed {
                        to_killed += 1;
                    }
                    took.push(u32::try_from(at - r.dropped).unwrap_or(u32::MAX));
                }
                _ => never += 1,
            }
        }
    }
    took.sort_unstable();
    let max_attempts = attempts.keys().max().copied().unwrap_or(0);
    println!(
        "RESULT reconnect killed_node={killed} on_killed={on_killed} dropped={dropped} within_5={reconnected} beyond_5={beyond} \
         never={never} to_killed_node={to_killed} max_attempts={max_attempts} attempts={} \
         to_hello_p50_ms={:.0} to_hello_p99_ms={:.0} to_hello_max_ms={:.0} other_drops={other_drops}",
        attempts
            .iter()
            .map(|(a, n)| format!("{a}:{n}"))
            .collect::<Vec<_>>()
            .join(","),
        percentile(&took, 0.50) * 1000.0,
        percentile(&took, 0.99) * 1000.0,
        took.last().map_or(0.0, |v| f64::from(*v)),
    );
    for (e, n) in &first_errors {
        println!("RESULT reconnect failed_attempt {n} x {e}");
    }
    for e in &other_examples {
        println!("RESULT reconnect other_drop {e}");
    }
    let ok = on_killed > 0
        && dropped >= on_killed
        && reconnected == dropped
        && to_killed == 0
        && never == 0;
    println!(
        "CHECK 2 {} every client on the killed node reconnected to another within {MAX_ATTEMPTS} attempts: \
         {on_killed} on it ({killed}), {dropped} dropped, {reconnected} within {MAX_ATTEMPTS} (attempts {}), {beyond} needed more, \
         {never} never, {to_killed} back on the killed node; {other_drops} drops elsewhere",
        verdict(ok),
        attempts
            .iter()
            .map(|(a, n)| format!("{a}: {n}"))
            .collect::<Vec<_>>()
            .join(", "),
    );
}

fn report_http(book: &HttpBook, books: &[Book], timeline: &Timeline, t0: u64, seconds: u64) {
    let kill = timeline.kill.as_ref().map(|k| k.0);
    let ready = timeline.ready;
    let down = |at: u64| match (kill, ready) {
        (Some(k), Some(r)) => at >= k && at <= r,
        (Some(k), None) => at >= k,
        _ => false,
    };
    let mut by_status: BTreeMap<u16, u64> = BTreeMap::new();
    let mut kinds: Vec<&'static str> = MIX.iter().map(|(k, _)| *k).collect();
    kinds.push("media");
    for kind in &kinds {
        let statuses: Vec<String> = book
            .statuses
            .iter()
            .filter(|((k, _), _)| k == kind)
            .map(|((_, s), n)| format!("{s}:{n}"))
            .collect();
        let mut lat = book.latencies.get(kind).cloned().unwrap_or_default();
        lat.sort_unstable();
        println!(
            "RESULT http kind={kind} answers={} statuses={} p50_ms={:.1} p99_ms={:.1} max_ms={:.1}",
            lat.len(),
            if statuses.is_empty() {
                "-".to_owned()
            } else {
                statuses.join(",")
            },
            percentile(&lat, 0.50),
            percentile(&lat, 0.99),
            lat.last().map_or(0.0, |v| f64::from(*v) / 1000.0),
        );
    }
    for ((_, s), n) in &book.statuses {
        *by_status.entry(*s).or_default() += n;
    }
    let total: u64 = by_status.values().sum();
    // `cut_off`: the balancer's answer to a request the killed node was serving when it died
    // (sent to it before the kill, answered after). Nothing can answer those: the node is gone
    // mid-request, and the balancer must not send a POST again to another node. They are
    // counted apart, and the check allows them.
    let (mut allowed, mut not_allowed, mut cut_off) = (0u64, 0u64, 0u64);
    for f in &book.failures {
        let ok = f.status == 503 && f.retry_after && down(f.at);
        // Sent to the killed node before the kill and answered after it: a request the node
        // was serving when it died.
        let in_flight = timeline.kill.as_ref().is_some_and(|(k, node)| {
            f.sent <= *k && f.at >= *k && f.nodes.split(',').any(|n| n.trim() == node)
        });
        if ok {
            allowed += 1;
        } else if in_flight && !f.from_node {
            cut_off += 1;
        } else {
            not_allowed += 1;
        }
        println!(
            "RESULT http 5xx sent={:.3}s answered={:.3}s kind={} status={} retry_after={} from={} nodes={} in_flight_at_kill={in_flight} allowed={ok} body={}",
            f.sent.saturating_sub(t0) as f64 / 1000.0,
            f.at.saturating_sub(t0) as f64 / 1000.0,
            f.label,
            f.status,
            f.retry_after,
            if f.from_node { "node" } else { "balancer" },
            f.nodes.replace(' ', ""),
            f.body
        );
    }
    for (at, kind, why) in &book.unanswered {
        println!(
            "RESULT http unanswered t={:.1}s kind={kind} why={why}",
            at.saturating_sub(t0) as f64 / 1000.0
        );
    }
    println!(
        "RESULT http total={total} per_s={:.1} statuses={} 5xx_allowed={allowed} 5xx_cut_off={cut_off} 5xx_not_allowed={not_allowed} unanswered={} \
         by_node={} passed_on={}",
        total as f64 / seconds.max(1) as f64,
        counts(&by_status),
        book.unanswered.len(),
        counts(&book.by_node),
        book.passed_on,
    );
    // The chat socket's 5xx: upgrades answered with one (a reconnect's attempt), and error
    // frames, whose codes are the REST codes (docs/im-protocol.md). A frame has no header: a
    // 503 while the node is down is allowed.
    let (mut socket_allowed, mut socket_other) = (0u64, 0u64);
    let mut frames: BTreeMap<(u16, bool), u64> = BTreeMap::new();
    let mut upgrades: BTreeMap<(u16, bool), u64> = BTreeMap::new();
    let mut first_frames: Vec<(u64, u16)> = Vec::new();
    // (status, Retry-After, nodes tried, allowed) -> (count, first, last)
    type Kind = (u16, bool, String, bool);
    let mut refusals: BTreeMap<Kind, (u64, u64, u64)> = BTreeMap::new();
    for b in books {
        for (at, code) in &b.error_5xx {
            let ok = *code == 503 && down(*at);
            *frames.entry((*code, ok)).or_default() += 1;
            first_frames.push((*at, *code));
            if ok {
                socket_allowed += 1;
            } else {
                socket_other += 1;
            }
        }
        for (at, status, retry_after, nodes) in &b.upgrade_refusals {
            if *status < 500 {
                continue;
            }
            let ok = *status == 503 && *retry_after && down(*at);
            *upgrades.entry((*status, ok)).or_default() += 1;
            if ok {
                socket_allowed += 1;
            } else {
                socket_other += 1;
            }
            let entry = refusals
                .entry((*status, *retry_after, nodes.replace(' ', ""), ok))
                .or_insert((0, u64::MAX, 0));
            entry.0 += 1;
            entry.1 = entry.1.min(*at);
            entry.2 = entry.2.max(*at);
        }
    }
    for ((status, retry_after, nodes, ok), (n, first, last)) in &refusals {
        println!(
            "RESULT socket upgrade_5xx count={n} status={status} retry_after={retry_after} nodes={nodes} allowed={ok} \
             first_at={:.3}s last_at={:.3}s",
            first.saturating_sub(t0) as f64 / 1000.0,
            last.saturating_sub(t0) as f64 / 1000.0
        );
    }
    first_frames.sort_unstable();
    if let (Some(first), Some(last)) = (first_frames.first(), first_frames.last()) {
        println!(
            "RESULT socket error_frames_5xx count={} first_at={:.3}s last_at={:.3}s",
            first_frames.len(),
            first.0.saturating_sub(t0) as f64 / 1000.0,
            last.0.saturating_sub(t0) as f64 / 1000.0
        );
    }
    let label = |m: &BTreeMap<(u16, bool), u64>| -> String {
        if m.is_empty() {
            return "none".to_owned();
        }
        m.iter()
            .map(|((c, ok), n)| format!("{n} x {c}{}", if *ok { " (while down)" } else { "" }))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "RESULT socket 5xx_allowed={socket_allowed} 5xx_not_allowed={socket_other} error_frames={} upgrades={}",
        label(&frames).replace(' ', ""),
        label(&upgrades).replace(' ', "")
    );
    let ok = not_allowed == 0 && socket_other == 0 && book.unanswered.is_empty() && total > 0;
    println!(
        "CHECK 3 {} no 5xx but 503 with Retry-After while the node was down: {total} HTTP answers ({}), \
         {allowed} such 503, {cut_off} cut off in flight on the killed node, {not_allowed} other 5xx, {} requests unanswered; chat socket: error frames {}, \
         upgrades {}",
        verdict(ok),
        by_status
            .iter()
            .map(|(s, n)| format!("{s}: {n}"))
            .collect::<Vec<_>>()
            .join(", "),
        book.unanswered.len(),
        label(&frames),
        label(&upgrades),
    );
}
