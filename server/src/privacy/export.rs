//! The archive of my data (GDPR article 20): a zip of JSON files and the bytes of my pictures,
//! as `docs/privacy.md` lists them.
//!
//! Memory stays bounded however much a person holds: the archive is written into a file under
//! the data folder by a thread of its own, fed through a short queue one page of rows or one
//! picture at a time, and the file is sent from disk. Its name is removed from the folder as
//! soon as it is opened for sending, so nothing of it is left behind once the answer is sent.
//!
//! Other people appear by user id and user name only; their private data (their own
//! conversations, orders, settings) is never read here.

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
use crate::db::on_db;
use crate::media::signed::image_keys;
use crate::notify::settings::clock_time;
use crate::privacy::Privacy;

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
               (photos/album), dynamics (photos/dynamics), the chat images you
               sent (photos/chat) and a verification selfie waiting for review
               (photos/verification); the JSON files name each by its path here

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

fn time(unix: i64) -> String {
    rfc3339(unix)
}

fn time_opt(unix: Option<i64>) -> Option<String> {
    unix.map(rfc3339)
}

/// Where a stored picture is put in the archive.
fn photo_path(key: &str) -> String {
    format!("photos/{key}")
}

/// Reads every row of a query with its arguments bound in order.
macro_rules! rows {
    ($db:expr, $row:ty, $sql:expr $(, $arg:expr)* $(,)?) => {
        on_db!($db, pool => sqlx::query_as::<_, $row>($sql)$(.bind($arg))*.fetch_all(pool).await)
    };
}

/// Writes every part of the archive; answers the person's user name.
async fn fill(privacy: &Privacy, me: i64, sink: Sink) -> ApiResult<String> {
    let db = &privacy.db;
    let mut photos: Vec<String> = Vec::new();

    sink.file("README.txt", true).await?;
    sink.bytes(README.as_bytes().to_vec()).await?;

    // profile.json
    type UserRow = (
        String,
        Option<String>,
        String,
        String,
        String,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        bool,
        Option<String>,
        Option<i64>,
        i64,
        i64,
    );
    let users = rows!(db, UserRow,
        "SELECT user_name, email, gender, country, birthday, language, signature, telephone, avatar_key,
                email_verified, level, member_expires_at, created_at, last_active_at
         FROM users WHERE id = $1", me)?;
    let Some(user) = users.into_iter().next() else {
        return Err(ApiError::Unauthorized);
    };
    let (user_name, email, gender, country, birthday, language, signature, telephone, avatar) = (
        user.0, user.1, user.2, user.3, user.4, user.5, user.6, user.7, user.8,
    );
    let (email_verified, level, member_expires_at, created_at, last_active_at) =
        (user.9, user.10, user.11, user.12, user.13);
    let now = privacy.clock.unix();
    if let Some(key) = &avatar {
        photos.push(key.clone());
    }
    type PushRow = (
        bool,
        bool,
        bool,
        bool,
        bool,
        bool,
        Option<i64>,
        Option<i64>,
        String,
        i64,
    );
    let push = rows!(db, PushRow,
        "SELECT messages, likes, visitors, matches, gifts, announcements, quiet_from, quiet_to, time_zone, updated_at
         FROM push_settings WHERE user_id = $1", me)?;
    let push = match push.into_iter().next() {
        Some((
            messages,
            likes,
            visitors,
            matches,
            gifts,
            announcements,
            from,
            to,
            zone,
            updated,
        )) => json!({
            "messages": messages, "likes": likes, "visitors": visitors, "matches": matches,
            "gifts": gifts, "announcements": announcements,
            "quietHours": from.zip(to).map(|(from, to)| json!({ "from": clock_time(from), "to": clock_time(to) })),
            "timeZone": zone, "updatedAt": time(updated),
        }),
        // Never changed: every kind on, no quiet hours.
        None => json!({
            "messages": true, "likes": true, "visitors": true, "matches": true, "gifts": true,
            "announcements": true, "quietHours": null, "timeZone": "UTC",
            "updatedAt": null,
        }),
    };
    let subscriptions = rows!(
        db,
        (String, i64),
        "SELECT endpoint, created_at FROM push_subscriptions WHERE user_id = $1 ORDER BY id",
        me
    )?;
    let chat_languages = rows!(db, (i64, String, String, i64),
        "SELECT c.partner_id, u.user_name, c.target, c.updated_at
         FROM chat_languages c JOIN users u ON u.id = c.partner_id WHERE c.user_id = $1 ORDER BY c.partner_id", me)?;
    let read_translations = rows!(
        db,
        (String, i64, String, String, i64, i64),
        "SELECT kind, item_id, target, text, characters, created_at
         FROM text_translations WHERE reader_id = $1 ORDER BY created_at, kind, item_id",
        me
    )?;
    let contacts = rows!(db, (i64, String, i64),
        "SELECT c.contact_id, u.user_name, c.created_at
         FROM contacts c JOIN users u ON u.id = c.contact_id WHERE c.owner_id = $1 ORDER BY c.created_at", me)?;
    let remarks = rows!(db, (i64, String, String, i64),
        "SELECT r.target_id, u.user_name, r.remark, r.updated_at
         FROM remarks r JOIN users u ON u.id = r.target_id WHERE r.owner_id = $1 ORDER BY r.target_id", me)?;
    let blocks = rows!(db, (i64, String, i64),
        "SELECT b.blocked_id, u.user_name, b.created_at
         FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = $1 ORDER BY b.created_at", me)?;
    let person = |id: i64, name: &str| json!({ "userId": id, "userName": name });
    sink.json(
        "profile.json",
        &json!({
            "userId": me,
            "userName": user_name,
            "email": email,
            "emailVerified": email_verified,
            "gender": gender,
            "country": country,
            "birthday": birthday,
            "signature": signature,
            "telephone": telephone,
            "avatar": avatar.as_deref().map(photo_path),
            "createdAt": time(created_at),
            "lastActiveAt": time(last_active_at),
            "membership": {
                "level": level,
                "expiresAt": time_opt(member_expires_at),
                "active": member_expires_at.is_some_and(|t| t > now),
            },
            "languages": {
                "interface": language,
                "chat": chat_languages.iter().map(|(id, name, target, at)| json!({
                    "with": person(*id, name), "language": target, "updatedAt": time(*at),
                })).collect::<Vec<_>>(),
                "translationsRead": read_translations.iter().map(|(kind, id, target, text, characters, at)| json!({
                    "kind": kind, "id": id, "language": target, "text": text,
                    "characters": characters, "createdAt": time(*at),
                })).collect::<Vec<_>>(),
            },
            "settings": {
                "push": push,
                "pushSubscriptions": subscriptions.iter().map(|(endpoint, at)| json!({
                    "endpoint": endpoint, "createdAt": time(*at),
                })).collect::<Vec<_>>(),
            },
            "contacts": contacts.iter().map(|(id, name, at)| json!({
                "with": person(*id, name), "createdAt": time(*at),
            })).collect::<Vec<_>>(),
            "remarks": remarks.iter().map(|(id, name, remark, at)| json!({
                "about": person(*id, name), "remark": remark, "updatedAt": time(*at),
            })).collect::<Vec<_>>(),
            "blocked": blocks.iter().map(|(id, name, at)| json!({
                "who": person(*id, name), "createdAt": time(*at),
            })).collect::<Vec<_>>(),
        }),
    )
    .await?;

    messages(privacy, me, &sink, &mut photos).await?;

    // likes.json
    let likes_given = rows!(db, (i64, String, i64),
        "SELECT l.liked_id, u.user_name, l.created_at FROM likes l JOIN users u ON u.id = l.liked_id
         WHERE l.liker_id = $1 ORDER BY l.created_at", me)?;
    let likes_received = rows!(db, (i64, String, i64),
        "SELECT l.liker_id, u.user_name, l.created_at FROM likes l JOIN users u ON u.id = l.liker_id
         WHERE l.liked_id = $1 ORDER BY l.created_at", me)?;
    let matches = rows!(db, (i64, String, i64),
        "SELECT m.other_id, u.user_name, m.created_at FROM matches m JOIN users u ON u.id = m.other_id
         WHERE m.user_id = $1 ORDER BY m.created_at", me)?;
    let passes = rows!(db, (i64, String, i64),
        "SELECT p.passed_id, u.user_name, p.created_at FROM passes p JOIN users u ON u.id = p.passed_id
         WHERE p.passer_id = $1 ORDER BY p.created_at", me)?;
    let visits = rows!(db, (i64, String, i64),
        "SELECT v.visited_id, u.user_name, v.last_at FROM visits v JOIN users u ON u.id = v.visited_id
         WHERE v.visitor_id = $1 ORDER BY v.last_at", me)?;
    let footprints = rows!(db, (i64, String, i64),
        "SELECT f.visited_id, u.user_name, f.created_at FROM footprints f JOIN users u ON u.id = f.visited_id
         WHERE f.visitor_id = $1 ORDER BY f.created_at", me)?;
    let listed = |rows: &[(i64, String, i64)], at: &str| -> Vec<Value> {
        rows.iter()
            .map(|(id, name, t)| json!({ "who": person(*id, name), at: time(*t) }))
            .collect()
    };
    sink.json(
        "likes.json",
        &json!({
            "likesGiven": listed(&likes_given, "createdAt"),
            "likesReceived": listed(&likes_received, "createdAt"),
            "matches": listed(&matches, "createdAt"),
            "passesGiven": listed(&passes, "createdAt"),
            "visitsGiven": listed(&visits, "lastAt"),
            "footprintsGiven": listed(&footprints, "createdAt"),
        }),
    )
    .await?;

    // posts.json
    type DynamicRow = (i64, String, String, i64, i64, i64, Option<i64>, Option<i64>);
    let dynamics = rows!(
        db,
        DynamicRow,
        "SELECT id, content, images, likes, comments, created_at, edited_at, removed_at
         FROM dynamics WHERE user_id = $1 ORDER BY id",
        me
    )?;
    let comments = rows!(
        db,
        (i64, i64, Option<i64>, Option<i64>, String, i64),
        "SELECT id, dynamic_id, parent_id, reply_to_user_id, content, created_at
         FROM comments WHERE user_id = $1 ORDER BY id",
        me
    )?;
    let dynamic_likes = rows!(
        db,
        (i64, i64),
        "SELECT dynamic_id, created_at FROM dynamic_likes WHERE user_id = $1 ORDER BY created_at",
        me
    )?;
    let dynamics: Vec<Value> = dynamics
        .into_iter()
        .map(|(id, content, images, likes, comments, at, edited, removed)| {
            let keys: Vec<String> = images.split_whitespace().map(str::to_owned).collect();
            let paths: Vec<String> = keys.iter().map(|k| photo_path(k)).collect();
            photos.extend(keys);
            json!({
                "id": id, "content": content, "photos": paths, "likes": likes, "comments": comments,
                "createdAt": time(at), "editedAt": time_opt(edited), "removedByStaffAt": time_opt(removed),
            })
        })
        .collect();
    sink.json(
        "posts.json",
        &json!({
            "dynamics": dynamics,
            "comments": comments.iter().map(|(id, dynamic, parent, reply_to, content, at)| json!({
                "id": id, "dynamicId": dynamic, "parentId": parent, "replyToUserId": reply_to,
                "content": content, "createdAt": time(*at),
            })).collect::<Vec<_>>(),
            "likedDynamics": dynamic_likes.iter().map(|(id, at)| json!({
                "dynamicId": id, "createdAt": time(*at),
            })).collect::<Vec<_>>(),
        }),
    )
    .await?;

    // album.json
    let album = rows!(db, (i64, String, bool, bool, i64),
        "SELECT id, image_key, is_open, approved, created_at FROM album_photos WHERE user_id = $1 ORDER BY id", me)?;
    let album: Vec<Value> = album
        .into_iter()
        .map(|(id, key, open, approved, at)| {
            let state = match (approved, open) {
                (false, _) => "review",
                (true, true) => "open",
                (true, false) => "private",
            };
            let path = photo_path(&key);
            photos.push(key);
            json!({ "id": id, "photo": path, "state": state, "isOpen": open, "createdAt": time(at) })
        })
        .collect();
    sink.json("album.json", &json!({ "photos": album })).await?;

    // verification.json
    let verified = rows!(
        db,
        (bool,),
        "SELECT COALESCE(verified_avatar_key = avatar_key, FALSE) FROM users WHERE id = $1",
        me
    )?;
    let requests = rows!(
        db,
        (
            String,
            Option<String>,
            String,
            Option<String>,
            i64,
            Option<i64>
        ),
        "SELECT pose, selfie_key, state, reason, created_at, decided_at
         FROM photo_verifications WHERE user_id = $1 ORDER BY id",
        me
    )?;
    let requests: Vec<Value> = requests
        .into_iter()
        .map(|(pose, selfie, state, reason, at, decided_at)| {
            let path = selfie.as_deref().map(photo_path);
            photos.extend(selfie);
            json!({
                "pose": pose, "selfie": path, "state": state, "reason": reason,
                "sentAt": time(at), "decidedAt": time_opt(decided_at),
            })
        })
        .collect();
    sink.json(
        "verification.json",
        &json!({
            "verified": verified.first().is_some_and(|(v,)| *v),
            "requests": requests,
        }),
    )
    .await?;

    // appeals.json
    let appeals = rows!(
        db,
        (String, String, i64, Option<i64>),
        "SELECT body, state, created_at, decided_at FROM ban_appeals WHERE user_id = $1 ORDER BY id",
        me
    )?;
    let appeals: Vec<Value> = appeals
        .into_iter()
        .map(|(text, state, at, decided_at)| {
            json!({
                "text": text, "state": state, "sentAt": time(at), "decidedAt": time_opt(decided_at),
            })
        })
        .collect();
    sink.json("appeals.json", &json!({ "appeals": appeals }))
        .await?;

    // orders.json
    type OrderRow = (
        i64,
        String,
        String,
        String,
        String,
        i64,
        String,
        Option<i64>,
        Option<String>,
        i64,
        i64,
        Option<i64>,
    );
    let orders = rows!(db, OrderRow,
        "SELECT o.id, p.code, p.kind, o.pay_type, o.state, o.price_cents, o.currency, o.price_coins,
                o.provider_txn, o.created_at, o.updated_at, o.reversed_at
         FROM orders o JOIN products p ON p.id = o.product_id WHERE o.user_id = $1 ORDER BY o.id", me)?;
    sink.json(
        "orders.json",
        &json!({
            "orders": orders.iter().map(|o| json!({
                "id": o.0, "product": o.1, "kind": o.2, "payType": o.3, "state": o.4,
                "priceCents": o.5, "currency": o.6, "priceCoins": o.7, "providerTransaction": o.8,
                "createdAt": time(o.9), "updatedAt": time(o.10), "reversedAt": time_opt(o.11),
            })).collect::<Vec<_>>(),
        }),
    )
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
        sink.file(&photo_path(&key), false).await?;
        sink.bytes(bytes.to_vec()).await?;
    }
    Ok(user_name)
}

/// messages.json, written a page at a time: `{"conversations": [{"with", "messages": [...]}]}`.
async fn messages(
    privacy: &Privacy,
    me: i64,
    sink: &Sink,
    photos: &mut Vec<String>,
) -> ApiResult<()> {
    let db = &privacy.db;
    let peers = rows!(
        db,
        (i64, String),
        "SELECT u.id, u.user_name FROM users u WHERE u.id IN (
            SELECT recipient_id FROM messages WHERE sender_id = $1
            UNION SELECT sender_id FROM messages WHERE recipient_id = $1)
         ORDER BY u.id",
        me
    )?;
    type Row = (
        i64,
        i64,
        i64,
        String,
        String,
        i64,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        bool,
        bool,
    );
    sink.file("messages.json", true).await?;
    sink.bytes(b"{\"conversations\": [".to_vec()).await?;
    for (n, (peer, name)) in peers.iter().enumerate() {
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
            let page = rows!(db, Row,
                "SELECT id, sender_id, recipient_id, kind, content, created_at, delivered_at, read_at,
                        recalled_at, sender_deleted, recipient_deleted
                 FROM messages
                 WHERE ((sender_id = $1 AND recipient_id = $2) OR (sender_id = $2 AND recipient_id = $1))
                   AND id > $3
                 ORDER BY id LIMIT $4", me, *peer, after, PAGE)?;
            let Some(last) = page.last() else { break };
            after = last.0;
            let full = page.len() as i64 == PAGE;
            for m in page {
                let (
                    id,
                    from,
                    to,
                    kind,
                    content,
                    at,
                    delivered,
                    read,
                    recalled,
                    by_sender,
                    by_recipient,
                ) = m;
                let deleted_by_me = if from == me { by_sender } else { by_recipient };
                let status = if deleted_by_me {
                    "deleted"
                } else if recalled.is_some() {
                    "recalled"
                } else if read.is_some() {
                    "read"
                } else {
                    "unread"
                };
                let mut record = json!({
                    "id": id, "from": from, "to": to, "type": kind,
                    "content": if recalled.is_some() { Value::Null } else {
                        serde_json::from_str::<Value>(&content).unwrap_or(Value::Null)
                    },
                    "status": status, "createdAt": time(at),
                    "deliveredAt": time_opt(delivered), "readAt": time_opt(read),
                });
                if from == me && kind == "img" && recalled.is_none() {
                    if let Some(key) = image_keys(&content)
                        .into_iter()
                        .find(|k| k.starts_with("chat/"))
                    {
                        record["photo"] = Value::String(photo_path(&key));
                        photos.push(key);
                    }
                }
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
    let balances = rows!(
        db,
        (String, i64),
        "SELECT asset, balance FROM balances WHERE user_id = $1 ORDER BY asset",
        me
    )?;
    let mut balance = json!({ "coins": 0, "characters": 0 });
    for (asset, amount) in balances {
        balance[asset.as_str()] = json!(amount);
    }
    sink.file("ledger.json", true).await?;
    let mut head = b"{\"balances\": ".to_vec();
    head.extend(json_bytes(&balance)?);
    head.extend_from_slice(b",\n\"entries\": [");
    sink.bytes(head).await?;
    let mut after = 0_i64;
    let mut first = true;
    loop {
        let page = rows!(
            db,
            (i64, String, i64, i64, String, i64),
            "SELECT id, asset, amount, balance_after, reason, created_at FROM ledger_entries
             WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3",
            me,
            after,
            PAGE
        )?;
        let Some(last) = page.last() else { break };
        after = last.0;
        let full = page.len() as i64 == PAGE;
        let mut out = Vec::new();
        for (id, asset, amount, balance_after, reason, at) in page {
            if !first {
                out.push(b',');
            }
            first = false;
            out.extend(json_bytes(&json!({
                "id": id, "asset": asset, "amount": amount, "balanceAfter": balance_after,
                "reason": reason, "createdAt": time(at),
            }))?);
        }
        sink.bytes(out).await?;
        if !full {
            break;
        }
    }
    let gifts = rows!(
        db,
        (i64, String, i64, i64, i64, i64),
        "SELECT g.id, k.code, g.sender_id, g.receiver_id, g.price_paid, g.created_at
         FROM gifts_given g JOIN gifts k ON k.id = g.gift_id
         WHERE g.sender_id = $1 OR g.receiver_id = $1 ORDER BY g.id",
        me
    )?;
    let red_packets = rows!(
        db,
        (i64, i64, i64, i64, String, String, i64, Option<i64>),
        "SELECT id, sender_id, receiver_id, amount, blessing, state, created_at, settled_at
         FROM red_packets WHERE sender_id = $1 OR receiver_id = $1 ORDER BY id",
        me
    )?;
    let mut tail = b"],\n\"gifts\": ".to_vec();
    tail.extend(json_bytes(
        &json!(gifts.iter().map(|(id, gift, from, to, price, at)| json!({
        "id": id, "gift": gift, "from": from, "to": to, "pricePaid": price, "createdAt": time(*at),
    })).collect::<Vec<_>>()),
    )?);
    tail.extend_from_slice(b",\n\"redPackets\": ");
    tail.extend(json_bytes(&json!(red_packets.iter().map(|(id, from, to, amount, blessing, state, at, settled)| json!({
        "id": id, "from": from, "to": to, "amount": amount, "blessing": blessing, "state": state,
        "createdAt": time(*at), "settledAt": time_opt(*settled),
    })).collect::<Vec<_>>()))?);
    tail.extend_from_slice(b"}\n");
    sink.bytes(tail).await
}

fn json_bytes(value: &Value) -> ApiResult<Vec<u8>> {
    serde_json::to_vec(value).map_err(|e| ApiError::Internal(e.into()))
}
