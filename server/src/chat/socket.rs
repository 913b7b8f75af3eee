//! The `/im` WebSocket: authenticates with the IM token, registers the connection (closing the
//! account's older one with 206), and then serves frames until either side goes away.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message as Ws, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use futures::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::account::sessions::token_hash;
use crate::api::error::ApiError;
use crate::api::extract::Query;
use crate::app::App;
use crate::chat::hub::{Outbound, Registration};
use crate::chat::model::{Message, MessageRow, Outgoing};
use crate::chat::service;
use crate::chat::store::ChatStore;
use crate::i18n::Lang;
use crate::people::store::PeopleStore;

const PING_EVERY: Duration = Duration::from_secs(25);
const SILENCE_LIMIT: Duration = Duration::from_secs(60);
const REPLAY_BATCH: i64 = 200;
/// Most hub signals served together, their frames sent in one write.
const COALESCE: usize = 64;
/// How long a closing connection waits for the client to answer its close frame.
const CLOSE_GRACE: Duration = Duration::from_secs(5);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Connect {
    user: Option<String>,
    access_token: Option<String>,
}

/// `GET /im?user=u42&accessToken=...`
pub async fn upgrade(
    State(app): State<App>,
    Query(q): Query<Connect>,
    ws: WebSocketUpgrade,
) -> Response {
    let (Some(user), Some(token)) = (
        q.user.filter(|u| !u.is_empty()),
        q.access_token.filter(|t| !t.is_empty()),
    ) else {
        return ApiError::Malformed("empty params".into()).into_response();
    };
    let user_id = match app
        .db
        .im_token_user(&token_hash(&token), app.clock.unix())
        .await
    {
        Ok(Some(id)) if crate::account::model::em_user(id) == user => id,
        Ok(_) => return ApiError::Unauthorized.into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let lang = Lang::current();
    // tungstenite's default read buffer (128 KiB) is zero-filled, hence resident, for every
    // connection, idle or not; a larger frame still arrives whole, the buffer grows to it.
    ws.max_message_size(16 * 1024 * 1024)
        .read_buffer_size(1024)
        .on_upgrade(
            move |socket| async move { Connection::new(app, user_id, lang).run(socket).await },
        )
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
enum Frame {
    Send(Outgoing),
    #[serde(rename_all = "camelCase")]
    Resume {
        last_seq: i64,
    },
    Delivered {
        ids: Vec<i64>,
    },
    Read {
        peer: Option<i64>,
        ids: Option<Vec<i64>>,
    },
    Typing {
        to: i64,
    },
    Recall {
        id: i64,
    },
    Ping,
}

struct Connection {
    app: App,
    user_id: i64,
    lang: Lang,
    /// The highest sequence sent on this connection; None until the client resumes.
    last_sent: Option<i64>,
}

enum Next {
    Continue,
    Close(Option<u16>),
}

impl Connection {
    fn new(app: App, user_id: i64, lang: Lang) -> Self {
        Self {
            app,
            user_id,
            lang,
            last_sent: None,
        }
    }

    async fn run(mut self, socket: WebSocket) {
        let mut registration = self.app.hub.register(self.user_id);
        let (mut sink, mut stream) = socket.split();
        let last_seq = self.app.db.last_seq(self.user_id).await.unwrap_or(0);
        let hello = Out::Hello {
            user_id: self.user_id,
            last_seq,
            recall_minutes: self.app.config.chat.recall_minutes,
        };
        let mut ok = sink.send(Ws::Text(hello.text().into())).await.is_ok();
        let mut ping = tokio::time::interval(PING_EVERY);
        let mut heard = Instant::now();
        let mut close_code = None;
        while ok {
            let next = tokio::select! {
                incoming = stream.next() => match incoming {
                    Some(Ok(Ws::Text(text))) => {
                        heard = Instant::now();
                        // Boxed: the send path's futures are large and would otherwise be part of
                        // every idle connection's task.
                        let frames = Box::pin(self.handle(&text)).await;
                        send_all(&mut sink, frames).await
                    }
                    Some(Ok(Ws::Binary(_))) => {
                        heard = Instant::now();
                        send_all(&mut sink, vec![error_frame(None, &ApiError::Malformed("binary frame".into()))]).await
                    }
                    Some(Ok(Ws::Ping(_) | Ws::Pong(_))) => {
                        heard = Instant::now();
                        Next::Continue
                    }
                    Some(Ok(Ws::Close(_))) | Some(Err(_)) | None => Next::Close(None),
                },
                out = registration.rx.recv() => match out {
                    Some(first) => {
                        // Boxed, as `handle`: idle connections keep only a pointer's room for it.
                        let (frames, kicked) = Box::pin(self.outbound(first, &mut registration)).await;
                        match (send_all(&mut sink, frames).await, kicked) {
                            (_, Some(code)) => Next::Close(Some(code)),
                            (next, None) => next,
                        }
                    }
                    None => Next::Close(None),
                },
                _ = ping.tick() => {
                    let silent = heard.elapsed() > SILENCE_LIMIT;
                    if silent || sink.send(Ws::Ping(Vec::new().into())).await.is_err() {
                        Next::Close(None)
                    } else {
                        Next::Continue
                    }
                }
            };
            if let Next::Close(code) = next {
                close_code = code;
                ok = false;
            }
        }
        // A kicked connection is out of the hub already, and a replaced one must not remove
        // its successor: unregister checks the id.
        self.app.hub.unregister(self.user_id, registration.id);
        if let Some(code) = close_code {
            let frame = CloseFrame {
                code: 4000 + code,
                reason: code.to_string().into(),
            };
            if sink.send(Ws::Close(Some(frame))).await.is_ok() {
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
        } else {
            let _ = sink.close().await;
        }
    }

    /// Serves one frame from the client; returns the frames to send back.
    async fn handle(&mut self, text: &str) -> Vec<String> {
        let frame: Frame = match serde_json::from_str(text) {
            Ok(f) => f,
            Err(e) => return vec![error_frame(None, &ApiError::Malformed(e.to_string()))],
        };
        let app = self.app.clone();
        let me = self.user_id;
        let lang = self.lang;
        crate::i18n::with_lang(lang, async move {
            match frame {
                Frame::Send(out) => match service::send(&app, me, &out).await {
                    Ok(sent) => {
                        // The ack of the next event in my sequence stands for that event (my own
                        // copy of the message), which this connection then does not send again.
                        if self.last_sent == Some(sent.seq - 1) {
                            self.last_sent = Some(sent.seq);
                        }
                        let ack = Out::Ack {
                            client_id: &sent.message.client_id,
                            seq: sent.seq,
                            message: &sent.message,
                        };
                        vec![ack.text()]
                    }
                    Err(e) => vec![error_frame(out.client_id.as_deref(), &e)],
                },
                Frame::Resume { last_seq } => {
                    self.last_sent = Some(last_seq.max(0));
                    self.flush().await
                }
                Frame::Delivered { ids } => match service::mark_delivered(&app, me, &ids).await {
                    Ok(()) => vec![],
                    Err(e) => vec![error_frame(None, &e)],
                },
                Frame::Read { peer, ids } => {
                    match service::mark_read(&app, me, peer, &ids.unwrap_or_default()).await {
                        Ok(_) => vec![],
                        Err(e) => vec![error_frame(None, &e)],
                    }
                }
                Frame::Typing { to } => {
                    // Only to someone I may message: never across a block, either way.
                    if matches!(app.db.card(me, to).await, Ok(Some(_))) {
                        app.hub.typing(me, to);
                    }
                    vec![]
                }
                Frame::Recall { id } => match service::recall(&app, me, id).await {
                    Ok(_) => vec![],
                    Err(e) => vec![error_frame(None, &e)],
                },
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
        registration: &mut Registration,
    ) -> (Vec<String>, Option<u16>) {
        let mut frames = Vec::new();
        let mut next = Some(first);
        let mut taken = 0;
        while let Some(out) = next.take() {
            match out {
                Outbound::Events => {
                    registration.pending.store(false, Ordering::Release);
                    frames.extend(self.flush().await);
                }
                Outbound::Message { seq, row } => frames.extend(self.live(seq, &row).await),
                Outbound::Typing { from } => frames.push(Out::Typing { from }.text()),
                Outbound::Kick { code } => {
                    frames.push(Out::Kicked { code }.text());
                    return (frames, Some(code));
                }
            }
            taken += 1;
            if taken < COALESCE {
                next = registration.rx.try_recv().ok();
            }
        }
        (frames, None)
    }

    /// A message stored on this node, with its event's number: sent as it is when it is the
    /// next event, nothing when it was sent already, and after a gap the events from the database.
    async fn live(&mut self, seq: i64, row: &MessageRow) -> Vec<String> {
        match self.last_sent {
            Some(last) if seq == last + 1 => {
                self.last_sent = Some(seq);
                vec![event_frame(seq, "message", row, self.user_id)]
            }
            Some(last) if seq > last => self.flush().await,
            _ => Vec::new(),
        }
    }

    /// Every stored event after the last one sent, in order (nothing before the client resumed).
    async fn flush(&mut self) -> Vec<String> {
        let Some(mut last) = self.last_sent else {
            return Vec::new();
        };
        let mut frames = Vec::new();
        loop {
            let events = match self
                .app
                .db
                .events_after(self.user_id, last, REPLAY_BATCH)
                .await
            {
                Ok(events) => events,
                Err(e) => {
                    tracing::warn!(error = %e, "could not read chat events");
                    break;
                }
            };
            let ids: Vec<i64> = events
                .iter()
                .filter(|e| e.kind == "message" || e.kind == "update")
                .filter_map(|e| e.message_id)
                .collect();
            let rows = self.app.db.messages(&ids).await.unwrap_or_default();
            let count = events.len();
            for event in events {
                let body = match event.kind.as_str() {
                    kind @ ("message" | "update") => {
                        let Some(row) = rows.iter().find(|r| Some(r.id) == event.message_id) else {
                            continue;
                        };
                        frames.push(event_frame(event.seq, kind, row, self.user_id));
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
            if i64::try_from(count).unwrap_or(0) < REPLAY_BATCH {
                break;
            }
        }
        self.last_sent = Some(last);
        frames
    }
}

async fn send_all(
    sink: &mut futures::stream::SplitSink<WebSocket, Ws>,
    frames: Vec<String>,
) -> Next {
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
        recall_minutes: i64,
    },
    Event {
        seq: i64,
        event: Event<'a>,
    },
    Ack {
        client_id: &'a str,
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
    Message { kind: &'a str, message: Message },
    Other(Value),
}

impl Out<'_> {
    fn text(&self) -> String {
        // Nothing here can fail to serialize (no maps with non-string keys).
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// An `event` frame about a message, as `viewer` sees it.
fn event_frame(seq: i64, kind: &str, row: &MessageRow, viewer: i64) -> String {
    let message = Message::view(row, viewer);
    Out::Event {
        seq,
        event: Event::Message { kind, message },
    }
    .text()
}

fn error_frame(client_id: Option<&str>, e: &ApiError) -> String {
    let data = match e {
        ApiError::Upgrade => json!({ "upgrade": true }),
        _ => Value::Null,
    };
    Out::Error {
        client_id,
        code: e.status().as_u16(),
        msg: e.message(),
        data,
    }
    .text()
}
