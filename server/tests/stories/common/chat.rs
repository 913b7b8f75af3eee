//! Chat as the chat stories need it: sending over REST, reading a conversation, and a small
//! WebSocket client for `/im` (docs/im-protocol.md) that reads JSON frames with a time-out.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as Ws;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::{Body, Person, Reply, TestApp};

pub const SEND: &str = "/prod-api/system/content/sendMsg";
pub const SEND_OTHER: &str = "/prod-api/system/content/sendMsgOther";
pub const HISTORY: &str = "/prod-api/system/content/list";
pub const UNREAD: &str = "/prod-api/system/content/getUnRead";
pub const CONVERSATIONS: &str = "/prod-api/system/content/getUnReadAll";
pub const MARK_READ: &str = "/prod-api/system/content";
pub const DELETE: &str = "/prod-api/system/content/delMsg";
pub const RECALL: &str = "/prod-api/system/content/recall";
pub const EMOJI: &str = "/prod-api/system/content/emoji";
pub const IM_TOKEN: &str = "/prod-api/em/getEmToken";
pub const BLOCK: &str = "/prod-api/system/blacklisted/add";

/// How long a frame that should come may take.
const WAIT: Duration = Duration::from_secs(10);

impl TestApp {
    /// `from` sends a text to `to` over REST with its own client id.
    pub async fn send_msg(&self, from: &Person, to: i64, text: &str) -> Reply {
        self.send_content(from, to, "txt", json!({ "text": text }), None)
            .await
    }

    /// `from` sends a message of any type over REST.
    pub async fn send_content(
        &self,
        from: &Person,
        to: i64,
        msg_type: &str,
        content: Value,
        client_id: Option<&str>,
    ) -> Reply {
        let mut body = json!({ "to": to, "msgType": msg_type, "content": content });
        if let Some(client_id) = client_id {
            body["clientId"] = json!(client_id);
        }
        self.post(SEND, Some(&from.token), body).await
    }

    /// A text that must be stored: the stored message.
    pub async fn says(&self, from: &Person, to: &Person, text: &str) -> Value {
        self.send_msg(from, to.id, text).await.ok()["message"].clone()
    }

    /// The whole conversation of `who` with `peer`, newest first, page by page.
    pub async fn conversation(&self, who: &Person, peer: i64) -> Vec<Value> {
        let mut all = Vec::new();
        for page_num in 1.. {
            let page = self
                .get(
                    &format!("{HISTORY}?userId={peer}&pageSize=100&pageNum={page_num}"),
                    Some(&who.token),
                )
                .await
                .ok();
            let rows = page["rows"].as_array().unwrap();
            all.extend(rows.iter().cloned());
            if rows.len() < 100 {
                assert_eq!(all.len() as i64, page["total"].as_i64().unwrap());
                break;
            }
        }
        all
    }

    /// How many messages `who` has not read.
    pub async fn unread(&self, who: &Person) -> i64 {
        self.get(UNREAD, Some(&who.token))
            .await
            .ok()
            .as_i64()
            .unwrap()
    }

    /// The conversations of `who` (recent contacts), newest first.
    pub async fn conversations(&self, who: &Person) -> Vec<Value> {
        self.call("POST", CONVERSATIONS, Some(&who.token), Body::None)
            .await
            .ok()["rows"]
            .as_array()
            .unwrap()
            .clone()
    }

    pub async fn block(&self, who: &Person, whom: i64) {
        self.post(BLOCK, Some(&who.token), json!({ "userId": whom }))
            .await
            .ok();
    }

    /// Stored messages, read directly.
    pub async fn messages_stored(&self) -> i64 {
        self.count("messages").await
    }

    /// `(emUser, token)` for the chat socket.
    pub async fn im_token(&self, who: &Person) -> (String, String) {
        let data = self.get(IM_TOKEN, Some(&who.token)).await.ok();
        assert_eq!(data["url"], "/im");
        (
            data["emUser"].as_str().unwrap().to_owned(),
            data["token"].as_str().unwrap().to_owned(),
        )
    }

    /// Opens `/im` with these query parameters: the client, or the HTTP status and body of the
    /// refusal.
    pub async fn open_im(
        &self,
        query: &str,
        headers: &[(&str, &str)],
    ) -> Result<Im, (u16, String)> {
        open_im_at(&self.base, query, headers).await
    }

    /// Connects `who` with a fresh IM token and reads the hello: the client and `lastSeq`.
    pub async fn connect(&self, who: &Person) -> (Im, i64) {
        let (user, token) = self.im_token(who).await;
        self.connect_with(who, &user, &token, &[]).await
    }

    /// Connects with a given IM identity and token and reads the hello.
    pub async fn connect_with(
        &self,
        who: &Person,
        user: &str,
        token: &str,
        headers: &[(&str, &str)],
    ) -> (Im, i64) {
        let query = format!(
            "?{}",
            serde_urlencoded::to_string([("user", user), ("accessToken", token)]).unwrap()
        );
        let mut im = self
            .open_im(&query, headers)
            .await
            .unwrap_or_else(|(status, body)| panic!("the socket was refused: {status} {body}"));
        let hello = im.next().await;
        assert_eq!(hello["type"], "hello", "{hello}");
        assert_eq!(hello["userId"], who.id, "{hello}");
        (im, hello["lastSeq"].as_i64().unwrap())
    }

    /// Connects `who` and resumes from `last_seq`.
    pub async fn online(&self, who: &Person, last_seq: i64) -> Im {
        let (mut im, _) = self.connect(who).await;
        im.resume(last_seq).await;
        im
    }
}

/// Opens `{base}/im{query}` (base `http://host:port`): the client, or the HTTP status and body
/// of the refusal.
pub async fn open_im_at(
    base: &str,
    query: &str,
    headers: &[(&str, &str)],
) -> Result<Im, (u16, String)> {
    let url = format!("{}/im{query}", base.replacen("http://", "ws://", 1));
    let mut request = url.into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(
            tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
            value.parse().unwrap(),
        );
    }
    match tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(request))
        .await
        .expect("the socket did not open in time")
    {
        Ok((ws, response)) => {
            assert_eq!(response.status().as_u16(), 101);
            Ok(Im { ws })
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            let body = response
                .body()
                .as_deref()
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default();
            Err((response.status().as_u16(), body))
        }
        Err(e) => panic!("the socket failed: {e}"),
    }
}

/// Opens `{base}/im{query}` over a TCP socket with a small receive buffer: a client that does
/// not read soon stops the server's writes.
pub async fn open_im_small(base: &str, query: &str) -> Im {
    let url = format!("{}/im{query}", base.replacen("http://", "ws://", 1));
    let addr: std::net::SocketAddr = base.trim_start_matches("http://").parse().unwrap();
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let (ws, response) = tokio::time::timeout(
        WAIT,
        tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream)),
    )
    .await
    .expect("the socket did not open in time")
    .unwrap();
    assert_eq!(response.status().as_u16(), 101);
    Im { ws }
}

/// One client connection to `/im`.
pub struct Im {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// How a connection ended: the server's close code, if it sent one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    Closed(Option<u16>),
    /// The connection dropped without a close frame.
    Dropped,
}

impl Im {
    pub async fn send(&mut self, frame: Value) {
        self.ws
            .send(Ws::Text(frame.to_string().into()))
            .await
            .unwrap();
    }

    /// Sends a frame the server may cut off (by closing) before it is all written.
    pub async fn send_unchecked(&mut self, frame: Value) {
        let _ = self.ws.send(Ws::Text(frame.to_string().into())).await;
    }

    pub async fn resume(&mut self, last_seq: i64) {
        self.send(json!({ "type": "resume", "lastSeq": last_seq }))
            .await;
    }

    /// A `send` frame of a text.
    pub async fn send_text(&mut self, client_id: &str, to: i64, text: &str) {
        self.send(json!({
            "type": "send", "clientId": client_id, "to": to, "msgType": "txt",
            "content": { "text": text },
        }))
        .await;
    }

    /// The next JSON frame, within `d`; None when nothing came. Panics on a close.
    pub async fn next_within(&mut self, d: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + d;
        loop {
            let read = tokio::time::timeout_at(deadline, self.ws.next()).await;
            match read {
                Err(_) => return None,
                Ok(Some(Ok(Ws::Text(text)))) => {
                    return Some(serde_json::from_str(&text).unwrap());
                }
                Ok(Some(Ok(Ws::Ping(_) | Ws::Pong(_) | Ws::Frame(_)))) => {}
                Ok(other) => panic!("expected a frame, the socket gave {other:?}"),
            }
        }
    }

    /// The next JSON frame; panics when none comes in time.
    pub async fn next(&mut self) -> Value {
        self.next_within(WAIT).await.expect("no frame came in time")
    }

    /// The next frame, which must be an event: `(seq, event)`.
    pub async fn event(&mut self) -> (i64, Value) {
        let frame = self.next().await;
        assert_eq!(frame["type"], "event", "expected an event, got {frame}");
        (frame["seq"].as_i64().unwrap(), frame["event"].clone())
    }

    /// The next `n` events.
    pub async fn events(&mut self, n: usize) -> Vec<(i64, Value)> {
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(self.event().await);
        }
        out
    }

    /// Asserts nothing arrives for a while.
    pub async fn quiet(&mut self, d: Duration) {
        if let Some(frame) = self.next_within(d).await {
            panic!("expected nothing, got {frame}");
        }
    }

    /// Reads until the server closes the connection: the text frames before, and how it ended.
    pub async fn until_closed(&mut self) -> (Vec<Value>, Ended) {
        let mut frames = Vec::new();
        loop {
            match tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("the socket was not closed in time")
            {
                Some(Ok(Ws::Text(text))) => frames.push(serde_json::from_str(&text).unwrap()),
                Some(Ok(Ws::Close(frame))) => {
                    return (frames, Ended::Closed(frame.map(|f| u16::from(f.code))))
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return (frames, Ended::Dropped),
            }
        }
    }

    /// Closes the connection from this side.
    pub async fn close(mut self) {
        let _ = self
            .ws
            .close(Some(CloseFrame {
                code: CloseCode::Normal,
                reason: "bye".into(),
            }))
            .await;
        // Let the server see it go before the story goes on.
        let _ = tokio::time::timeout(Duration::from_secs(2), async {
            while let Some(Ok(_)) = self.ws.next().await {}
        })
        .await;
    }
}
