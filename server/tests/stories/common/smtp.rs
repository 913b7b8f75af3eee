//! A real SMTP server on loopback that keeps what it receives, so tests read the code from the
//! mail itself. It speaks the plain (no TLS, no AUTH) subset a client needs to deliver.

#![allow(clippy::unwrap_used)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

#[derive(Debug, Clone)]
pub struct Received {
    pub to: Vec<String>,
    pub subject: String,
    pub body: String,
}

#[derive(Clone)]
pub struct Mailbox {
    port: u16,
    inbox: Arc<Mutex<Vec<Received>>>,
}

impl Mailbox {
    pub async fn start() -> Mailbox {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let inbox = Arc::new(Mutex::new(Vec::new()));
        let keep = inbox.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let keep = keep.clone();
                tokio::spawn(async move {
                    let _ = session(socket, keep).await;
                });
            }
        });
        Mailbox { port, inbox }
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn all(&self) -> Vec<Received> {
        self.inbox.lock().unwrap().clone()
    }

    /// Waits briefly until `count` mails have come (some are sent after the answer).
    pub async fn wait_for(&self, count: usize) {
        for _ in 0..100 {
            if self.inbox.lock().unwrap().len() >= count {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("fewer than {count} mails came");
    }

    /// The last mail to `to`, waiting briefly for it.
    pub async fn last_to(&self, to: &str) -> Received {
        for _ in 0..100 {
            if let Some(m) = self
                .inbox
                .lock()
                .unwrap()
                .iter()
                .rev()
                .find(|m| m.to.iter().any(|t| t.eq_ignore_ascii_case(to)))
            {
                return m.clone();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no mail to {to}");
    }

    /// The six-digit code in the last mail to `to`.
    pub async fn code_for(&self, to: &str) -> String {
        let mail = self.last_to(to).await;
        let digits: Vec<char> = mail.body.chars().collect();
        digits
            .windows(6)
            .enumerate()
            .find(|(i, w)| {
                w.iter().all(char::is_ascii_digit)
                    && (*i == 0 || !digits[i - 1].is_ascii_digit())
                    && digits.get(i + 6).is_none_or(|c| !c.is_ascii_digit())
            })
            .map(|(_, w)| w.iter().collect())
            .unwrap_or_else(|| panic!("no code in: {}", mail.body))
    }
}

async fn session(
    socket: tokio::net::TcpStream,
    inbox: Arc<Mutex<Vec<Received>>>,
) -> std::io::Result<()> {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read);
    write.write_all(b"220 localhost ESMTP ready\r\n").await?;
    let mut to = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await? == 0 {
            return Ok(());
        }
        let upper = line.to_ascii_uppercase();
        if upper.starts_with("EHLO") {
            write
                .write_all(b"250-localhost\r\n250 8BITMIME\r\n")
                .await?;
        } else if upper.starts_with("HELO")
            || upper.starts_with("MAIL FROM")
            || upper.starts_with("RSET")
            || upper.starts_with("NOOP")
        {
            write.write_all(b"250 OK\r\n").await?;
        } else if upper.starts_with("RCPT TO") {
            let addr = line.trim().split_once(':').map(|x| x.1).unwrap_or_default();
            to.push(
                addr.trim()
                    .trim_matches(|c| c == '<' || c == '>')
                    .to_owned(),
            );
            write.write_all(b"250 OK\r\n").await?;
        } else if upper.starts_with("DATA") {
            write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await?;
            let mut data = String::new();
            loop {
                line.clear();
                if lines.read_line(&mut line).await? == 0 {
                    return Ok(());
                }
                if line == ".\r\n" || line == ".\n" {
                    break;
                }
                data.push_str(
                    line.strip_prefix('.')
                        .filter(|_| line.starts_with(".."))
                        .unwrap_or(&line),
                );
            }
            inbox
                .lock()
                .unwrap()
                .push(parse(std::mem::take(&mut to), &data));
            write.write_all(b"250 OK queued\r\n").await?;
        } else if upper.starts_with("QUIT") {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            write.write_all(b"502 not implemented\r\n").await?;
        }
    }
}

/// Splits headers from the body and undoes the body's transfer encoding.
fn parse(to: Vec<String>, data: &str) -> Received {
    let (head, body) = data.split_once("\r\n\r\n").unwrap_or((data, ""));
    let header = |name: &str| {
        head.lines()
            .find(|l| {
                l.to_ascii_lowercase()
                    .starts_with(&format!("{}:", name.to_ascii_lowercase()))
            })
            .map(|l| l[name.len() + 1..].trim().to_owned())
            .unwrap_or_default()
    };
    let encoding = header("Content-Transfer-Encoding").to_ascii_lowercase();
    let body = match encoding.as_str() {
        "base64" => {
            let joined: String = body.split_whitespace().collect();
            String::from_utf8_lossy(
                &base64::engine::general_purpose::STANDARD
                    .decode(joined)
                    .unwrap_or_default(),
            )
            .into_owned()
        }
        "quoted-printable" => quoted_printable(body),
        _ => body.to_owned(),
    };
    Received {
        to,
        subject: header("Subject"),
        body,
    }
}

fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            if let Ok(b) = u8::from_str_radix(&joined[i + 1..i + 3], 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
