//! The archive of my data (GDPR article 20): a zip of JSON files and the bytes of my pictures,
//! as `docs/privacy.md` lists them.
//!
//! Memory stays bounded however much a person holds: the archive is written into a file under
//! the data folder by a thread of its own, fed through a short queue one page of rows or one
//! picture at a time, and the file is sent from disk. Its name is removed from the folder as
//! soon as it is opened for sending, so nothing of it is left behind once the answer is sent.
//!
//! Each domain reads its own part (`personal.rs` in its folder); this file lays the parts out
//! as files and writes them. Other people appear by user id and user name only; their private
//! data (their own conversations, orders, settings) is never read.

use std::io::{Seek, Write};

use axum::body::Body;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use tokio::sync::mpsc;
use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

use crate::api::error::{ApiError, ApiResult};
use crate::clock::rfc3339;
use crate::media::archive_path;
use crate::privacy::Privacy;
use crate::{account, album, chat, feed, ledger, notify, people, translate, verification, wallet};

/// Rows read per query when a list can be long (messages, ledger entries).
const PAGE: i64 = 500;

/// Pages and pictures waiting for the writer thread: at most this many are held in memory.
const QUEUE: usize = 4;

const README: &str = "\
Amora: your data

This archive holds what Amora keeps about you, as it was when you asked for it.
Times are UTC (RFC 3339). Other people appear by their user id and user name only.

profile.json   your profile, membership, languages (with the chat translation languages
               and the translations of dynamics, comments and About me you had made),
               settings (push notifications, quiet hours), push subscriptions,
               contacts, remarks and the people you blocked
messages.json  your conversations: both sides' messages with their time, type,
               content and status as you see them (a withdrawn message has no content)
likes.json     likes and winks you gave and received, your matches, the profiles
               you visited (visits and footprints) and the people you passed
posts.json     your dynamics, your comments and the dynamics you liked
album.json     your album photos, with their state (open, private, under review)
verification.json  your photo verification: whether your profile photo is verified,
               and each selfie you sent with its pose, state and the reason given
appeals.json   your appeals against a suspension: what you wrote, when, and what
               staff decided (waiting, lifted or kept)
orders.json    your orders: product, payment method, state, price
ledger.json    your balances of coins and characters, every ledger entry, gifts
               and red packets you sent or received
photos/        the pictures themselves: your avatar (photos/avatars), album
               (photos/album), dynamics (photos/dynamics), the chat images and
               voice messages you sent (photos/chat) and a verification selfie
               waiting for review (photos/verification); the JSON files name each
               by its path here

What we keep after you delete your account, and for how long, is in our privacy
notice (docs/privacy.md in the project).
";

/// An archive built and ready to send.
pub struct Archive {
    file_name: String,
    file: tokio::fs::File,
    len: u64,
}

impl IntoResponse for Archive {
    fn into_response(self) -> Response {
        let disposition = format!("attachment; filename=\"{}\"", self.file_name);
        (
            [
                (header::CONTENT_TYPE, "application/zip".to_owned()),
                (header::CONTENT_DISPOSITION, disposition),
                (header::CONTENT_LENGTH, self.len.to_string()),
                (header::CACHE_CONTROL, "no-store".to_owned()),
            ],
            Body::from_stream(tokio_util::io::ReaderStream::new(self.file)),
        )
            .into_response()
    }
}

/// What the writer thread is handed: a new file in the archive, or bytes of the current one.
enum Part {
    File { name: String, compress: bool },
    Bytes(Vec<u8>),
}

/// The queue into the writer thread.
struct Sink(mpsc::Sender<Part>);

impl Sink {
    async fn send(&self, part: Part) -> ApiResult<()> {
        // Closed only when the writer stopped on an error, which its join answers.
        self.0
            .send(part)
            .await
            .map_err(|_| ApiError::Internal(anyhow::anyhow!("the archive writer stopped")))
    }

    async fn file(&self, name: &str, compress: bool) -> ApiResult<()> {
        let name = name.to_owned();
        self.send(Part::File { name, compress }).await
    }

    async fn bytes(&self, bytes: Vec<u8>) -> ApiResult<()> {
        self.send(Part::Bytes(bytes)).await
    }

    /// A whole JSON file.
    async fn json(&self, name: &str, value: &Value) -> ApiResult<()> {
        self.file(name, true).await?;
        let bytes = serde_json::to_vec_pretty(value).map_err(|e| ApiError::Internal(e.into()))?;
        self.bytes(bytes).await
    }
}

/// Builds the archive of `user_id`'s data.
pub async fn build(privacy: &Privacy, user_id: i64) -> ApiResult<Archive> {
    let internal = |e: std::io::Error| ApiError::Internal(e.into());
    tokio::fs::create_dir_all(&privacy.exports)
        .await
        .map_err(internal)?;
    let path = privacy
        .exports
        .join(format!("{}.zip", uuid::Uuid::new_v4().simple()));
    // Written, then read back to be sent.
    let file = tokio::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)
        .await
        .map_err(internal)?
        .into_std()
        .await;
    let (tx, rx) = mpsc::channel(QUEUE);
    let writer = tokio::task::spawn_blocking(move || write_zip(file, rx));
    let filled = fill(privacy, user_id, Sink(tx)).await;
    let written = writer
        .await
        .map_err(|e| ApiError::Internal(e.into()))
        .and_then(|r| r.map_err(ApiError::Internal));
    // The name goes whatever happened; an archive that is sent is read from its open handle.
    let removed = tokio::fs::remove_file(&path).await;
    let (user_name, file) = match (filled, written) {
        (Ok(user_name), Ok(file)) => (user_name, file),
        (_, Err(e)) | (Err(e), _) => return Err(e),
    };
    removed.map_err(internal)?;
    let len = file.metadata().await.map_err(internal)?.len();
    let date = &rfc3339(privacy.clock.unix())[..10];
    Ok(Archive {
        file_name: format!("amora-{}-{date}.zip", file_name_part(&user_name)),
        file,
        len,
    })
}

/// The writer thread: writes what it is handed into the zip file and answers the file, ready
/// to be read from its start.
fn write_zip(
    file: std::fs::File,
    mut parts: mpsc::Receiver<Part>,
) -> anyhow::Result<tokio::fs::File> {
    let mut zip = zip::ZipWriter::new(std::io::BufWriter::new(file));
    while let Some(part) = parts.blocking_recv() {
        match part {
            Part::File { name, compress } => {
                // Pictures are JPEG already: compressing them again only costs time.
                let method = if compress {
                    CompressionMethod::Deflated
                } else {
                    CompressionMethod::Stored
                };
                let options = SimpleFileOptions::default()
                    .compression_method(method)
                    .large_file(false);
                zip.start_file(name, options)?;
            }
            Part::Bytes(bytes) => zip.write_all(&bytes)?,
        }
    }
    let mut file = zip.finish()?.into_inner()?;
    file.rewind()?;
    Ok(tokio::fs::File::from_std(file))
}

/// A user name as it may appear in a file name (they are letters, digits and a few marks
/// already; anything else would break the header).
fn file_name_part(user_name: &str) -> String {
    user_name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Writes every part of the archive, each domain's read from that domain (`personal.rs` in its
/// folder); answers the person's user name.
async fn fill(privacy: &Privacy, me: i64, sink: Sink) -> ApiResult<String> {
    let db = &privacy.db;
    let mut photos: Vec<String> = Vec::new();

    sink.file("README.txt", true).await?;
    sink.bytes(README.as_bytes().to_vec()).await?;

    // profile.json: the account's fields, with the languages, settings and relations the
    // translation, notifications and people keep.
    let Some(profile) = account::personal::profile(db, me, privacy.clock.unix()).await? else {
        return Err(ApiError::Unauthorized);
    };
    photos.extend(profile.avatar);
    let mut file = profile.fields;
    let (chat_languages, translations_read) = translate::personal::export(db, me).await?;
    file["languages"]["chat"] = chat_languages;
    file["languages"]["translationsRead"] = translations_read;
    file["settings"] = notify::personal::export(db, me).await?;
    if let Value::Object(relations) = people::personal::relations(db, me).await? {
        for (key, value) in relations {
            file[key] = value;
        }
    }
    sink.json("profile.json", &file).await?;

    messages(privacy, me, &sink, &mut photos).await?;
    sink.json("likes.json", &people::personal::likes(db, me).await?)
        .await?;
    let (posts, posted) = feed::personal::export(db, me).await?;
    photos.extend(posted);
    sink.json("posts.json", &posts).await?;
    let (album, in_album) = album::personal::export(db, me).await?;
    photos.extend(in_album);
    sink.json("album.json", &album).await?;
    let (verification, selfies) = verification::personal::export(db, me).await?;
    photos.extend(selfies);
    sink.json("verification.json", &verification).await?;
    sink.json("appeals.json", &account::personal::appeals(db, me).await?)
        .await?;
    sink.json("orders.json", &wallet::personal::export(db, me).await?)
        .await?;
    ledger(privacy, me, &sink).await?;

    // The pictures, one at a time; one that is gone from the store is left out.
    photos.sort();
    photos.dedup();
    for key in photos {
        let bytes = match privacy.media.get(&key).await {
            Ok(bytes) => bytes,
            Err(ApiError::NotFound) => continue,
            Err(e) => return Err(e),
        };
        sink.file(&archive_path(&key), false).await?;
        sink.bytes(bytes.to_vec()).await?;
    }
    Ok(profile.user_name)
}

/// messages.json, written a page at a time: `{"conversations": [{"with", "messages": [...]}]}`.
async fn messages(
    privacy: &Privacy,
    me: i64,
    sink: &Sink,
    photos: &mut Vec<String>,
) -> ApiResult<()> {
    let db = &privacy.db;
    sink.file("messages.json", true).await?;
    sink.bytes(b"{\"conversations\": [".to_vec()).await?;
    for (n, (peer, name)) in chat::personal::conversations(db, me)
        .await?
        .iter()
        .enumerate()
    {
        let mut out = Vec::new();
        if n > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"\n{\"with\": ");
        out.extend(json_bytes(&json!({ "userId": peer, "userName": name }))?);
        out.extend_from_slice(b", \"messages\": [");
        let mut after = 0_i64;
        let mut first = true;
        loop {
            let page = chat::personal::messages_page(db, me, *peer, after, PAGE).await?;
            let Some((last, _, _)) = page.last() else {
                break;
            };
            after = *last;
            let full = page.len() as i64 == PAGE;
            for (_, record, photo) in page {
                photos.extend(photo);
                if !first {
                    out.push(b',');
                }
                first = false;
                out.extend(json_bytes(&record)?);
            }
            sink.bytes(std::mem::take(&mut out)).await?;
            if !full {
                break;
            }
        }
        out.extend_from_slice(b"]}");
        sink.bytes(out).await?;
    }
    sink.bytes(b"\n]}\n".to_vec()).await
}

/// ledger.json: balances, then every entry a page at a time, then gifts and red packets.
async fn ledger(privacy: &Privacy, me: i64, sink: &Sink) -> ApiResult<()> {
    let db = &privacy.db;
    sink.file("ledger.json", true).await?;
    let mut head = b"{\"balances\": ".to_vec();
    head.extend(json_bytes(&ledger::personal::balances(db, me).await?)?);
    head.extend_from_slice(b",\n\"entries\": [");
    sink.bytes(head).await?;
    let mut after = 0_i64;
    let mut first = true;
    loop {
        let page = ledger::personal::entries_page(db, me, after, PAGE).await?;
        let Some((last, _)) = page.last() else { break };
        after = *last;
        let full = page.len() as i64 == PAGE;
        let mut out = Vec::new();
        for (_, entry) in page {
            if !first {
                out.push(b',');
            }
            first = false;
            out.extend(json_bytes(&entry)?);
        }
        sink.bytes(out).await?;
        if !full {
            break;
        }
    }
    let (gifts, red_packets) = chat::personal::gifts(db, me).await?;
    let mut tail = b"],\n\"gifts\": ".to_vec();
    tail.extend(json_bytes(&gifts)?);
    tail.extend_from_slice(b",\n\"redPackets\": ");
    tail.extend(json_bytes(&red_packets)?);
    tail.extend_from_slice(b",\n\"groups\": ");
    tail.extend(json_bytes(&chat::personal::groups(db, me).await?)?);
    tail.extend_from_slice(b"}\n");
    sink.bytes(tail).await
}

fn json_bytes(value: &Value) -> ApiResult<Vec<u8>> {
    serde_json::to_vec(value).map_err(|e| ApiError::Internal(e.into()))
}
