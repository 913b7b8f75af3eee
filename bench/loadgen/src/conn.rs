//! Opening a signed-in WebSocket: Amora's `/im`, or XMPP over WebSocket (RFC 7395).

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use anyhow::Context;
use base64::Engine;
use futures::{SinkExt, StreamExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use crate::seed::Account;

pub type Ws = WebSocketStream<TcpStream>;

/// Who a connection signs in as.
#[derive(Clone, Debug)]
pub enum Login {
    Amora(Account),
    Xmpp {
        user: String,
        domain: String,
        password: String,
    },
}

impl Login {
    /// How messages address this person: Amora's user id, or the bare JID.
    pub fn address(&self) -> String {
        match self {
            Login::Amora(a) => a.id.to_string(),
            Login::Xmpp { user, domain, .. } => format!("{user}@{domain}"),
        }
    }
}

const STEP: Duration = Duration::from_secs(30);

/// Small buffers on our side: twenty thousand clients with the default 128 KiB read buffer
/// each would take gigabytes.
pub fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
}

pub async fn tcp(server: SocketAddr, source: Ipv4Addr) -> anyhow::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket
        .bind(SocketAddr::new(source.into(), 0))
        .with_context(|| format!("binding {source}"))?;
    let stream = socket.connect(server).await?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// Connects and signs in; for Amora also resumes from the newest event (live events only).
pub async fn open(
    server: SocketAddr,
    path: &str,
    source: Ipv4Addr,
    login: &Login,
) -> anyhow::Result<Ws> {
    let stream = tcp(server, source).await?;
    match login {
        Login::Amora(account) => {
            let url = format!(
                "ws://{server}{path}?user=u{}&accessToken={}",
                account.id, account.token
            );
            let (mut ws, _) =
                tokio_tungstenite::client_async_with_config(url, stream, Some(config())).await?;
            let hello = next_text(&mut ws).await?;
            if !hello.contains("\"hello\"") {
                anyhow::bail!("expected hello, got {hello}");
            }
            let last_seq = number_after(&hello, "\"lastSeq\":").unwrap_or(0);
            ws.send(Message::text(format!(
                r#"{{"type":"resume","lastSeq":{last_seq}}}"#
            )))
            .await?;
            Ok(ws)
        }
        Login::Xmpp {
            user,
            domain,
            password,
        } => {
            let mut request = format!("ws://{server}{path}").into_client_request()?;
            request
                .headers_mut()
                .insert("Sec-WebSocket-Protocol", "xmpp".parse()?);
            let (mut ws, _) =
                tokio_tungstenite::client_async_with_config(request, stream, Some(config()))
                    .await?;
            let open = format!(
                r#"<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="{domain}" version="1.0"/>"#
            );
            ws.send(Message::text(open.clone())).await?;
            wait_for(&mut ws, "<stream:features").await?;
            let plain =
                base64::engine::general_purpose::STANDARD.encode(format!("\0{user}\0{password}"));
            ws.send(Message::text(format!(
                r#"<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">{plain}</auth>"#
            )))
            .await?;
            let answer = wait_for_any(&mut ws, &["<success", "<failure"]).await?;
            if answer.contains("<failure") {
                anyhow::bail!("SASL PLAIN refused for {user}: {answer}");
            }
            ws.send(Message::text(open)).await?;
            wait_for(&mut ws, "<stream:features").await?;
            ws.send(Message::text(
                r#"<iq xmlns="jabber:client" type="set" id="bind1"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"><resource>bench</resource></bind></iq>"#,
            ))
            .await?;
            wait_for(&mut ws, "bind1").await?;
            ws.send(Message::text(r#"<presence xmlns="jabber:client"/>"#))
                .await?;
            Ok(ws)
        }
    }
}

async fn next_text(ws: &mut Ws) -> anyhow::Result<String> {
    loop {
        match tokio::time::timeout(STEP, ws.next()).await {
            Err(_) => anyhow::bail!("no answer in {STEP:?}"),
            Ok(None) => anyhow::bail!("closed"),
            Ok(Some(Err(e))) => return Err(e.into()),
            Ok(Some(Ok(Message::Text(t)))) => return Ok(t.as_str().to_owned()),
            Ok(Some(Ok(Message::Close(c)))) => anyhow::bail!("closed: {c:?}"),
            Ok(Some(Ok(_))) => {}
        }
    }
}

async fn wait_for(ws: &mut Ws, needle: &str) -> anyhow::Result<String> {
    wait_for_any(ws, &[needle]).await
}

async fn wait_for_any(ws: &mut Ws, needles: &[&str]) -> anyhow::Result<String> {
    loop {
        let text = next_text(ws).await?;
        if needles.iter().any(|n| text.contains(n)) {
            return Ok(text);
        }
    }
}

/// The unsigned integer right after `key` in `text`.
pub fn number_after(text: &str, key: &str) -> Option<u64> {
    let start = text.find(key)? + key.len();
    let digits: &str = &text[start..];
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse().ok()
}

/// A chat message carrying the sender's index and the time it was sent (microseconds since the
/// run started), in the protocol's frame.
/// `run` keeps client ids unique across runs on the same database (a repeated client id is
/// stored once and not delivered again).
pub fn message_frame(
    proto: crate::Proto,
    run: u32,
    to: &str,
    n: u64,
    sender: usize,
    micros: u64,
) -> String {
    match proto {
        crate::Proto::Amora => format!(
            r#"{{"type":"send","clientId":"b{run}-{sender}-{n}","to":{to},"msgType":"txt","content":{{"text":"~t={micros};s={sender};"}}}}"#
        ),
        crate::Proto::Xmpp => format!(
            r#"<message xmlns="jabber:client" to="{to}" type="chat" id="b{run}-{sender}-{n}"><body>~t={micros};s={sender};</body></message>"#
        ),
    }
}

/// A message to group `group`, carrying the sender's index and the time it was sent.
pub fn group_message_frame(run: u32, group: i64, n: u64, sender: usize, micros: u64) -> String {
    format!(
        r#"{{"type":"send","clientId":"g{run}-{sender}-{n}","groupId":{group},"msgType":"txt","content":{{"text":"~t={micros};s={sender};"}}}}"#
    )
}

/// (sender index, send time) of a message frame received from someone else.
pub fn received(text: &str, me: usize) -> Option<(usize, u64)> {
    let micros = number_after(text, "~t=")?;
    let sender = usize::try_from(number_after(text, ";s=")?).ok()?;
    // Our own copies and acknowledgements carry our own index.
    (sender != me).then_some((sender, micros))
}
