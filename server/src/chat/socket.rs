//! The `/im` WebSocket: authenticates with the IM token, registers the connection (closing the
//! account's older one with 206), and then serves frames until either side goes away.
//!
//! Each connection is bounded: frames of at most 64 KiB (an image send excepted),
//! at most 100 ids a frame, a budget of frames a second, a bounded queue of signals (`hub.rs`),
//! writes that must be taken within a time, and missed events read and sent a page at a time (read
//! again after a wait when the database could not answer, so a busy moment delays nothing for long).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message as Ws, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use futures::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::account::token::token_hash;
use crate::api::error::ApiError;
use crate::api::extract::Query;
use crate::chat::groups::model::GroupEventRow;
use crate::chat::hub::{Outbound, Registration};
use crate::chat::model::{Message, MessageRow, Outgoing};
use crate::chat::Chat;
use crate::i18n::Lang;
use crate::media::signed::Signer;

const PING_EVERY: Duration = Duration::from_secs(25);
const SILENCE_LIMIT: Duration = Duration::from_secs(60);
/// Stored events read (and sent) at a time when a connection catches up.
const REPLAY_BATCH: i64 = 200;
/// Largest frame from a client, but for an image send.
const MAX_FRAME: usize = 64 * 1024;
/// Largest image send: a picture of `MAX_IMAGE_BYTES` in base64, and the frame around it.
const MAX_IMAGE_FRAME: usize = crate::media::MAX_IMAGE_BYTES / 3 * 4 + 8 * 1024;
/// Most ids one frame may name (as the REST endpoints).
const MAX_IDS: usize = 100;
/// Close codes: a frame too large (RFC 6455), and a client that keeps sending over its budget.
const CLOSE_TOO_BIG: u16 = 1009;
const CLOSE_OVER_BUDGET: u16 = 4429;
/// Most hub signals served together, their frames sent in one write.
const COALESCE: usize = 64;
/// How long a closing connection waits for the client to answer its close frame.
const CLOSE_GRACE: Duration = Duration::from_secs(5);
/// The first wait before stored events that could not be read (the database busy or away) are
/// read again; it doubles with each failure in a row, up to `READ_AGAIN_MAX`.
const READ_AGAIN_FIRST: Duration = Duration::from_millis(500);
const READ_AGAIN_MAX: Duration = Duration::from_secs(8);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Connect {
    user: Option<String>,
    access_token: Option<String>,
    /// The app's language: a browser's socket carries its own `Accept-Language`, not the app's.
    lang: Option<String>,
}

/// `GET /im?user=u42&accessToken=...&lang=es`
pub async fn upgrade(
    State(chat): State<Chat>,
    Query(q): Query<Connect>,
    ws: WebSocketUpgrade,
) -> Response {
    let (Some(user), Some(token)) = (
        q.user.filter(|u| !u.is_empty()),
        q.access_token.filter(|t| !t.is_empty()),
    ) else {
        return ApiError::Malformed("empty params".into()).into_response();
    };
    let user_id = match chat
        .store
        .im_token_user(&token_hash(&token), chat.clock.unix())
        .await
    {
        Ok(Some(id)) if crate::account::model::em_user(id) == user => id,
        Ok(_) => return ApiError::Unauthorized.into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let lang = q
        .lang
        .as_deref()
        .and_then(Lang::parse)
        .unwrap_or_else(Lang::current);
    // tungstenite's default read buffer (128 KiB) is zero-filled, hence resident, for every
    // connection, idle or not; a larger frame still arrives whole, the buffer grows to it.
    // Image sends are the one frame above 64 KiB (any other is refused once read, in `run`); a
    // non-member's is refused as their picture would be over REST.
    ws.max_message_size(MAX_IMAGE_FRAME)
        .max_frame_size(MAX_IMAGE_FRAME)
        .read_buffer_size(1024)
        .on_upgrade(move |socket| Connection::new(chat, user_id, lang).run(socket))
}

/// A frame from the client.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Frame {
    Send(Outgoing),
    #[serde(rename_all = "camelCase")]
    Resume {
        last_seq: i64,
        /// Each group's last number the client has (docs/im-protocol.md, "Groups").
        groups: Option<HashMap<String, i64>>,
    },
    Delivered {
        ids: Vec<i64>,
    },
    #[serde(rename_all = "camelCase")]
    Read {
        peer: Option<i64>,
        ids: Option<Vec<i64>>,
        group_id: Option<i64>,
        up_to: Option<i64>,
    },
    Typing {
        to: i64,
    },
    #[serde(rename_all = "camelCase")]
    Recall {
        id: i64,
        group_id: Option<i64>,
    },
    Ping,
}

/// Reads one frame from the client, touching nothing: what does not parse is `Malformed`.
/// Public so that the fuzz target `im_frame` (`fuzz/`) drives it with anything a client sends.
pub fn read_frame(text: &str) -> Result<Frame, ApiError> {
    crate::api::extract::refuse_nul_in_json(text.as_bytes())?;
    serde_json::from_str(text).map_err(|e| ApiError::Malformed(e.to_string()))
}

struct Connection {
    chat: Chat,
    user_id: i64,
    lang: Lang,
    /// The highest sequence sent on this connection; None until the client resumes.
    last_sent: Option<i64>,
    /// The last page of stored events read was full: more may follow it.
    behind: bool,
    /// Stored events could not be read: when to read them again, and how many reads in a row
    /// have failed. Nothing is skipped meanwhile; the next read starts where the last sent ended.
    read_again: Option<Instant>,
    failed_reads: u32,
    /// What this connection has sent of each group (once the client has resumed).
    groups: GroupCursors,
    budget: Budget,
    write_timeout: Duration,
}

enum Next {
    Continue,
    /// Close with this WebSocket close code (or none).
    Close(Option<u16>),
    /// The peer does not take what is written: drop the connection without a closing handshake.
    Drop,
}

/// Frames a client may send: a token bucket of `rate` a second holding at most `burst`.
struct Budget {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
    /// Frames refused since the last one served.
    refused: u32,
}

impl Budget {
    fn new(rate: u32, burst: u32) -> Self {
        let burst = f64::from(burst.max(1));
        Budget {
            tokens: burst,
            at: Instant::now(),
            rate: f64::from(rate.max(1)),
            burst,
            refused: 0,
        }
    }

    /// Takes a frame's token: false when there is none.
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let earned = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + earned).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.refused = 0;
            true
        } else {
            self.refused += 1;
            false
        }
    }

    /// A client that has had a burst's worth of refusals in a row is not listening to them.
    fn ignored(&self) -> bool {
        f64::from(self.refused) > self.burst
    }
}

/// Just enough of a frame to tell an image send.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Kind {
    #[serde(rename = "type")]
    kind: Option<String>,
    msg_type: Option<String>,
}

fn is_image_send(text: &str) -> bool {
    serde_json::from_str::<Kind>(text)
        .is_ok_and(|k| k.kind.as_deref() == Some("send") && k.msg_type.as_deref() == Some("img"))
}

impl Connection {
    fn new(chat: Chat, user_id: i64, lang: Lang) -> Self {
        let settings = &chat.config.chat;
        let budget = Budget::new(settings.frames_per_second, settings.frame_burst);
        let write_timeout = Duration::from_millis(settings.write_timeout_ms.max(1));
        Self {
            chat,
            user_id,
            lang,
            last_sent: None,
            behind: false,
            read_again: None,
            failed_reads: 0,
            groups: GroupCursors::default(),
            budget,
            write_timeout,
        }
    }

    /// Serves the connection until either side goes away. Split here, before the connection's
    /// future is made: an `async fn` keeps room for its arguments for as long as it runs, and
    /// the socket whole is several hundred bytes.
    fn run(self, socket: WebSocket) -> impl std::future::Future<Output = ()> {
        let (sink, stream) = socket.split();
        self.serve(sink, stream)
    }

    /// What an idle connection waits in is all of this future's memory: whatever is rarely
    /// needed (the greeting's queries, serving a frame or a signal, the close) is boxed while
    /// it runs, leaving a pointer's room.
    async fn serve(mut self, mut sink: Sink, mut stream: Stream) {
        let registration = self.chat.hub.register(self.user_id);
        let timeout = self.write_timeout;
        let hello = Box::pin(self.hello()).await;
        let mut ok = matches!(
            Box::pin(write(&mut sink, vec![hello], timeout)).await,
            Next::Continue
        );
        let mut ping = tokio::time::interval(PING_EVERY);
        let mut heard = Instant::now();
        let mut ending = Next::Close(None);
        while ok {
            let mut next = tokio::select! {
                incoming = stream.next() => match incoming {
                    Some(Ok(Ws::Text(text))) => {
                        heard = Instant::now();
                        Box::pin(self.text(&text, &mut sink)).await
                    }
                    Some(Ok(Ws::Binary(_))) => {
                        heard = Instant::now();
                        if self.budget.take() {
                            Box::pin(write(&mut sink, vec![error_frame(None, &ApiError::Malformed("binary frame".into()))], timeout)).await
                        } else if self.budget.ignored() {
                            Next::Close(Some(CLOSE_OVER_BUDGET))
                        } else {
                            Next::Continue
                        }
                    }
                    Some(Ok(Ws::Ping(_) | Ws::Pong(_))) => {
                        heard = Instant::now();
                        Next::Continue
                    }
                    Some(Ok(Ws::Close(_))) | Some(Err(_)) | None => Next::Close(None),
                },
                out = registration.recv() => Box::pin(self.signal(out, &registration, &mut sink)).await,
                () = at(self.read_again) => {
                    self.read_again = None;
                    self.behind = true;
                    Next::Continue
                }
                _ = ping.tick() => {
                    if heard.elapsed() > SILENCE_LIMIT {
                        Next::Close(None)
                    } else {
                        Box::pin(async {
                            match tokio::time::timeout(timeout, sink.send(Ws::Ping(Vec::new().into()))).await {
                                Ok(Ok(())) => Next::Continue,
                                Ok(Err(_)) => Next::Close(None),
                                Err(_) => Next::Drop,
                            }
                        })
                        .await
                    }
                }
            };
            // Missed events, a page at a time, before anything else: never all in memory.
            while self.behind && matches!(next, Next::Continue) {
                let frames = Box::pin(self.flush()).await;
                next = Box::pin(write(&mut sink, frames, timeout)).await;
            }
            if !matches!(next, Next::Continue) {
                ending = next;
                ok = false;
            }
        }
        // A kicked connection is out of the hub already, and a replaced one must not remove
        // its successor: unregister checks the id.
        self.chat.hub.unregister(self.user_id, registration.id);
        Box::pin(close(sink, stream, ending, timeout)).await;
    }

    /// The `hello` frame: my last event's number and each of my groups' last one.
    async fn hello(&self) -> String {
        let last_seq = self.chat.store.last_seq(self.user_id).await.unwrap_or(0);
        let groups = self
            .chat
            .groups
            .memberships_of(self.user_id)
            .await
            .unwrap_or_default()
            .into_iter()
            .filter(|(_, _, left, _)| left.is_none())
            .map(|(group, _, _, last)| (group.to_string(), last))
            .collect();
        Out::Hello {
            user_id: self.user_id,
            last_seq,
            groups,
            recall_minutes: self.chat.config.chat.recall_minutes,
            same_gender_blocked: self.chat.config.chat.same_gender_blocked,
        }
        .text()
    }

    /// A text frame from the client, within its size and budget: served, and the answer written.
    async fn text(&mut self, text: &str, sink: &mut Sink) -> Next {
        let timeout = self.write_timeout;
        if text.len() > MAX_FRAME && !is_image_send(text) {
            Next::Close(Some(CLOSE_TOO_BIG))
        } else if !self.budget.take() {
            if self.budget.ignored() {
                Next::Close(Some(CLOSE_OVER_BUDGET))
            } else {
                write(sink, vec![over_budget(text, self.lang).await], timeout).await
            }
        } else {
            let frames = self.handle(text).await;
            write(sink, frames, timeout).await
        }
    }

    /// A signal from the hub (None: the hub let go of this connection): its frames written.
    async fn signal(
        &mut self,
        out: Option<Outbound>,
        registration: &Registration,
        sink: &mut Sink,
    ) -> Next {
        let timeout = self.write_timeout;
        match (out, registration.closing()) {
            // Let go by the hub: kicked without room in the queue, or too far behind.
            (_, code @ 1..) => {
                let kicked = code.checked_sub(4000).filter(|c| matches!(c, 206 | 217));
                match kicked {
                    Some(code) => {
                        match write(sink, vec![Out::Kicked { code }.text()], timeout).await {
                            Next::Continue => Next::Close(Some(4000 + code)),
                            other => other,
                        }
                    }
                    None => Next::Close(Some(code)),
                }
            }
            (Some(first), _) => {
                let (frames, kicked) = self.outbound(first, registration).await;
                match (write(sink, frames, timeout).await, kicked) {
                    (Next::Drop, _) => Next::Drop,
                    (_, Some(code)) => Next::Close(Some(4000 + code)),
                    (next, None) => next,
                }
            }
            (None, _) => Next::Close(None),
        }
    }

    /// Serves one frame from the client; returns the frames to send back.
    async fn handle(&mut self, text: &str) -> Vec<String> {
        let frame = match read_frame(text) {
            Ok(f) => f,
            Err(e) => return vec![error_frame(None, &e)],
        };
        let chat = self.chat.clone();
        let me = self.user_id;
        let lang = self.lang;
        crate::i18n::with_lang(lang, async move {
            match frame {
                Frame::Send(out) => match chat.send(me, &out).await {
                    Ok(sent) => {
                        // The ack of the next event in my sequence (or the group's) stands for
                        // that event (my own copy of the message), which this connection then
                        // does not send again.
                        match out.group_id {
                            Some(group) => self.groups.acked(group, sent.seq),
                            None if self.last_sent == Some(sent.seq - 1) => {
                                self.last_sent = Some(sent.seq);
                            }
                            None => {}
                        }
                        let ack = Out::Ack {
                            client_id: &sent.message.client_id,
                            group_id: out.group_id,
                            seq: sent.seq,
                            message: &sent.message,
                        };
                        vec![ack.text()]
                    }
                    Err(e) => vec![error_frame(out.client_id.as_deref(), &e)],
                },
                Frame::Resume { last_seq, groups } => {
                    self.last_sent = Some(last_seq.max(0));
                    match chat.groups.memberships_of(me).await {
                        Ok(memberships) => self
                            .groups
                            .resume(&memberships, &groups.unwrap_or_default()),
                        Err(e) => tracing::warn!(error = %e, "could not read group memberships"),
                    }
                    self.flush().await
                }
                Frame::Delivered { ids } | Frame::Read { ids: Some(ids), .. }
                    if ids.len() > MAX_IDS =>
                {
                    vec![error_frame(None, &ApiError::Malformed("ids".into()))]
                }
                Frame::Delivered { ids } => match chat.mark_delivered(me, &ids).await {
                    Ok(()) => vec![],
                    Err(e) => vec![error_frame(None, &e)],
                },
                Frame::Read {
                    group_id: Some(group),
                    up_to,
                    ..
                } => match chat.read_group(me, group, up_to).await {
                    Ok(()) => vec![],
                    Err(e) => vec![error_frame(None, &e)],
                },
                Frame::Read { peer, ids, .. } => {
                    match chat.mark_read(me, peer, &ids.unwrap_or_default()).await {
                        Ok(_) => vec![],
                        Err(e) => vec![error_frame(None, &e)],
                    }
                }
                Frame::Typing { to } => {
                    // Only to someone I may message: never across a block, either way.
                    if matches!(chat.people.visible_card(me, to).await, Ok(Some(_))) {
                        chat.hub.typing(me, to);
                    }
                    vec![]
                }
                Frame::Recall { id, group_id } => {
                    let recalled = match group_id {
                        Some(group) => chat.recall_in_group(me, group, id).await,
                        None => chat.recall(me, id).await,
                    };
                    match recalled {
                        Ok(_) => vec![],
                        Err(e) => vec![error_frame(None, &e)],
                    }
                }
                Frame::Ping => vec![Out::Pong.text()],
            }
        })
        .await
    }

    /// What the hub told this connection, and whatever else it has queued meanwhile (up to
    /// `COALESCE`), as frames for one write; and the code to close with when it was kicked.
    async fn outbound(
        &mut self,
        first: Outbound,
        registration: &Registration,
    ) -> (Vec<String>, Option<u16>) {
        let mut frames = Vec::new();
        let mut next = Some(first);
        let mut taken = 0;
        while let Some(out) = next.take() {
            match out {
                Outbound::Events => {
                    registration.events_taken();
                    // While behind, the pages still to come cover whatever is new.
                    if !self.behind {
                        frames.extend(self.flush().await);
                    }
                }
                Outbound::Message { seq, row } => frames.extend(self.live(seq, &row).await),
                Outbound::GroupEvent { row } => frames.extend(self.live_group(&row).await),
                Outbound::GroupEvents { group } => {
                    if self.last_sent.is_some() {
                        self.know_group(group).await;
                        self.groups.pending.insert(group);
                        if !self.behind {
                            frames.extend(self.flush().await);
                        }
                    }
                }
                Outbound::Typing { from } => frames.push(Out::Typing { from }.text()),
                Outbound::Kick { code } => {
                    frames.push(Out::Kicked { code }.text());
                    return (frames, Some(code));
                }
            }
            taken += 1;
            if taken < COALESCE {
                next = registration.try_recv();
            }
        }
        (frames, None)
    }

    /// A message stored on this node, with its event's number: sent as it is when it is the
    /// next event, nothing when it was sent already, and after a gap the events from the database.
    async fn live(&mut self, seq: i64, row: &MessageRow) -> Vec<String> {
        match self.last_sent {
            _ if self.behind => Vec::new(),
            Some(last) if seq == last + 1 => {
                self.last_sent = Some(seq);
                let signer = self.chat.media.signer(self.chat.clock.unix());
                vec![event_frame(seq, "message", row, self.user_id, &signer)]
            }
            Some(last) if seq > last => self.flush().await,
            _ => Vec::new(),
        }
    }

    /// A group's event stored on this node: sent as it is when it is the group's next event for
    /// this connection, nothing when it was sent already, and after a gap the group's events from
    /// the database.
    async fn live_group(&mut self, row: &GroupEventRow) -> Vec<String> {
        if self.last_sent.is_none() {
            return Vec::new();
        }
        self.know_group(row.group_id).await;
        let Some(&(sent, upto)) = self.groups.sent.get(&row.group_id) else {
            return Vec::new();
        };
        if self.behind || self.groups.pending.contains(&row.group_id) {
            self.groups.pending.insert(row.group_id);
            return Vec::new();
        }
        if row.seq == sent + 1 && row.seq <= upto {
            self.groups.sent.insert(row.group_id, (row.seq, upto));
            let signer = self.chat.media.signer(self.chat.clock.unix());
            return vec![group_event_frame(row, self.user_id, &signer)];
        }
        if row.seq > sent + 1 {
            self.groups.pending.insert(row.group_id);
            return self.flush().await;
        }
        Vec::new()
    }

    /// Starts following a group this connection has not heard of (I was added since I
    /// resumed): from my joining.
    async fn know_group(&mut self, group: i64) {
        if self.groups.sent.contains_key(&group) {
            return;
        }
        if let Ok(Some(m)) = self.chat.groups.membership(group, self.user_id).await {
            let upto = m.left_seq.unwrap_or(i64::MAX);
            self.groups.sent.insert(group, (m.joined_seq, upto));
        }
    }

    /// The next page of the groups' stored events after the last ones sent, in order;
    /// `behind` says whether more may follow.
    async fn flush_groups(&mut self) -> Vec<String> {
        let mut frames = Vec::new();
        let signer = self.chat.media.signer(self.chat.clock.unix());
        while let Some(group) = self.groups.pending.first().copied() {
            let Some(&(sent, upto)) = self.groups.sent.get(&group) else {
                self.groups.pending.remove(&group);
                continue;
            };
            let events = match self
                .chat
                .groups
                .events_after(group, sent, upto, REPLAY_BATCH)
                .await
            {
                Ok(events) => events,
                Err(e) => {
                    tracing::warn!(error = %e, "could not read group events");
                    self.read_failed();
                    return frames;
                }
            };
            if let Some(last) = events.last() {
                self.groups.sent.insert(group, (last.seq, upto));
            }
            frames.extend(
                events
                    .iter()
                    .map(|e| group_event_frame(e, self.user_id, &signer)),
            );
            if i64::try_from(events.len()).unwrap_or(0) >= REPLAY_BATCH {
                self.behind = true;
                return frames;
            }
            self.groups.pending.remove(&group);
        }
        frames
    }

    /// The next page of stored events after the last one sent, in order (nothing before the
    /// client resumed), then of the groups' events; `behind` says whether more may follow.
    async fn flush(&mut self) -> Vec<String> {
        let mut frames = self.flush_account().await;
        if !self.behind && !self.groups.pending.is_empty() {
            frames.extend(self.flush_groups().await);
        }
        frames
    }

    /// A read of stored events failed: they are read again after a wait that doubles with each
    /// failure in a row (a busy database is not asked again by every connection at once).
    fn read_failed(&mut self) {
        self.behind = false;
        if self.read_again.is_none() {
            let wait = READ_AGAIN_FIRST
                .saturating_mul(1 << self.failed_reads.min(4))
                .min(READ_AGAIN_MAX);
            self.read_again = Some(Instant::now() + wait);
            self.failed_reads += 1;
        }
    }

    /// The next page of the account's own stored events after the last one sent.
    async fn flush_account(&mut self) -> Vec<String> {
        self.behind = false;
        let Some(mut last) = self.last_sent else {
            return Vec::new();
        };
        let events = match self
            .chat
            .store
            .events_after(self.user_id, last, REPLAY_BATCH)
            .await
        {
            Ok(events) => events,
            Err(e) => {
                tracing::warn!(error = %e, "could not read chat events");
                self.read_failed();
                return Vec::new();
            }
        };
        let ids: Vec<i64> = events
            .iter()
            .filter(|e| e.kind == "message" || e.kind == "update")
            .filter_map(|e| e.message_id)
            .collect();
        let rows = match self.chat.store.messages(&ids).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "could not read chat messages");
                self.read_failed();
                return Vec::new();
            }
        };
        self.failed_reads = 0;
        let signer = self.chat.media.signer(self.chat.clock.unix());
        self.behind = i64::try_from(events.len()).unwrap_or(0) >= REPLAY_BATCH;
        let mut frames = Vec::with_capacity(events.len());
        for event in events {
            let body = match event.kind.as_str() {
                kind @ ("message" | "update") => {
                    let Some(row) = rows.iter().find(|r| Some(r.id) == event.message_id) else {
                        continue;
                    };
                    frames.push(event_frame(event.seq, kind, row, self.user_id, &signer));
                    last = event.seq;
                    continue;
                }
                kind => {
                    let mut payload: Value =
                        serde_json::from_str(&event.payload).unwrap_or(json!({}));
                    payload["kind"] = json!(kind);
                    payload
                }
            };
            frames.push(
                Out::Event {
                    seq: event.seq,
                    event: Event::Other(body),
                }
                .text(),
            );
            last = event.seq;
        }
        self.last_sent = Some(last);
        frames
    }
}

/// Ready at `when`; never without one. The timer is boxed: an idle connection waits in this
/// future, and has room only for a pointer.
async fn at(when: Option<Instant>) {
    match when {
        Some(when) => Box::pin(tokio::time::sleep_until(when.into())).await,
        None => std::future::pending().await,
    }
}

type Sink = futures::stream::SplitSink<WebSocket, Ws>;
type Stream = futures::stream::SplitStream<WebSocket>;

/// Ends the connection as `ending` says: a close frame with its code, waiting for the client's
/// answer; a close frame alone; or, for a peer that takes nothing, nothing more written.
async fn close(mut sink: Sink, mut stream: Stream, ending: Next, timeout: Duration) {
    match ending {
        Next::Close(Some(code)) => {
            let reason = match code.checked_sub(4000) {
                Some(im @ (206 | 217)) => im.to_string(),
                _ => String::new(),
            };
            let frame = CloseFrame {
                code,
                reason: reason.into(),
            };
            let sent = tokio::time::timeout(timeout, sink.send(Ws::Close(Some(frame)))).await;
            if matches!(sent, Ok(Ok(()))) {
                // Wait for the client's answer before the connection goes: closing with its
                // frames (a pong, say) unread resets the connection, and the client may then
                // never see the code that tells it to sign out.
                let _ = tokio::time::timeout(CLOSE_GRACE, async {
                    while let Some(Ok(frame)) = stream.next().await {
                        if matches!(frame, Ws::Close(_)) {
                            break;
                        }
                    }
                })
                .await;
            }
        }
        Next::Close(None) | Next::Continue => {
            let _ = tokio::time::timeout(timeout, sink.close()).await;
        }
        // Nothing more is written to a peer that takes nothing: the socket just goes.
        Next::Drop => {}
    }
}

/// Writes frames, within `timeout`: a peer that does not take them in time is dropped.
async fn write(sink: &mut Sink, frames: Vec<String>, timeout: Duration) -> Next {
    if frames.is_empty() {
        return Next::Continue;
    }
    tokio::time::timeout(timeout, send_all(sink, frames))
        .await
        .unwrap_or(Next::Drop)
}

async fn send_all(sink: &mut Sink, frames: Vec<String>) -> Next {
    if frames.is_empty() {
        return Next::Continue;
    }
    for frame in frames {
        if sink.feed(Ws::Text(frame.into())).await.is_err() {
            return Next::Close(None);
        }
    }
    match sink.flush().await {
        Ok(()) => Next::Continue,
        Err(_) => Next::Close(None),
    }
}

/// Frames from the server, written straight to JSON text (no `Value` built on the way).
#[derive(Serialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
enum Out<'a> {
    Hello {
        user_id: i64,
        last_seq: i64,
        /// Each of my groups' last event number.
        groups: BTreeMap<String, i64>,
        recall_minutes: i64,
        /// Chats between people of the same gender are refused (customer service excepted).
        same_gender_blocked: bool,
    },
    Event {
        seq: i64,
        event: Event<'a>,
    },
    GroupEvent {
        group_id: i64,
        seq: i64,
        event: Event<'a>,
    },
    Ack {
        client_id: &'a str,
        #[serde(skip_serializing_if = "Option::is_none")]
        group_id: Option<i64>,
        seq: i64,
        message: &'a Message,
    },
    Error {
        client_id: Option<&'a str>,
        code: u16,
        msg: String,
        data: Value,
    },
    Typing {
        from: i64,
    },
    Pong,
    Kicked {
        code: u16,
    },
}

/// The `event` of an event frame: about a message, or any other kind as stored.
#[derive(Serialize)]
#[serde(untagged)]
enum Event<'a> {
    Message {
        kind: &'a str,
        message: Box<Message>,
    },
    Other(Value),
}

impl Out<'_> {
    fn text(&self) -> String {
        // Nothing here can fail to serialize (no maps with non-string keys).
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// An `event` frame about a message, as `viewer` sees it.
fn event_frame(seq: i64, kind: &str, row: &MessageRow, viewer: i64, signer: &Signer) -> String {
    let message = Box::new(Message::view(row, viewer, signer));
    Out::Event {
        seq,
        event: Event::Message { kind, message },
    }
    .text()
}

/// A `groupEvent` frame, as member `viewer` sees it.
fn group_event_frame(row: &GroupEventRow, viewer: i64, signer: &Signer) -> String {
    let event = match row.recalls {
        Some(id) if row.kind == "recall" => Event::Other(json!({ "kind": "recall", "id": id })),
        _ => Event::Message {
            kind: "message",
            message: Box::new(row.message(viewer, None, signer)),
        },
    };
    Out::GroupEvent {
        group_id: row.group_id,
        seq: row.seq,
        event,
    }
    .text()
}

/// What one connection has sent of each of its account's groups.
#[derive(Default)]
struct GroupCursors {
    /// For each group: the last event sent, and the last this member is shown (their leaving).
    sent: HashMap<i64, (i64, i64)>,
    /// Groups that may have events not yet sent.
    pending: BTreeSet<i64>,
}

impl GroupCursors {
    /// After a resume: every group I am in or was in, from the number the client gives (from
    /// my joining, when it gives none), pending where events follow it.
    fn resume(
        &mut self,
        memberships: &[(i64, i64, Option<i64>, i64)],
        given: &HashMap<String, i64>,
    ) {
        self.sent.clear();
        self.pending.clear();
        for &(group, joined, left, last) in memberships {
            let upto = left.unwrap_or(i64::MAX);
            let from = given
                .get(&group.to_string())
                .map_or(joined, |n| (*n).max(joined));
            self.sent.insert(group, (from, upto));
            if from < last.min(upto) {
                self.pending.insert(group);
            }
        }
    }

    /// An ack of my message, numbered `seq`, stands for that event when it is the next.
    fn acked(&mut self, group: i64, seq: i64) {
        if let Some((sent, _)) = self.sent.get_mut(&group) {
            if *sent == seq - 1 {
                *sent = seq;
            }
        }
    }
}

/// The answer to a frame over the budget: a 429 error, with the client id of a send.
async fn over_budget(text: &str, lang: Lang) -> String {
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Id {
        client_id: Option<String>,
    }
    let id = serde_json::from_str::<Id>(text)
        .ok()
        .and_then(|i| i.client_id);
    let e = ApiError::TooManyRequests {
        retry_after_secs: 1,
    };
    crate::i18n::with_lang(lang, async { error_frame(id.as_deref(), &e) }).await
}

fn error_frame(client_id: Option<&str>, e: &ApiError) -> String {
    Out::Error {
        client_id,
        code: e.status().as_u16(),
        msg: e.message(),
        data: e.data(),
    }
    .text()
}
