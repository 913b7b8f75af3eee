//! The social half as its stories need it: dynamics published, read, liked and flagged;
//! comments; album photos; uploads; staff and banned people; the operator's `amora` commands
//! run against a test server's own database; and everything these could have written, read
//! directly, so that a refusal can be shown to leave it as it was.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use amora_server::account::store::AccountStore;
use amora_server::album::store::AlbumStore;
use serde_json::{json, Value};

use super::images::{data_url, jpeg};
use super::{Body, Person, Reply, TestApp};

pub const FEED: &str = "/prod-api/system/dynamic/list";
pub const DYNAMIC: &str = "/prod-api/system/dynamic";
pub const LIKE: &str = "/prod-api/system/dynamic/like";
pub const FLAG: &str = "/prod-api/system/dynamic/sign";
pub const ONE: &str = "/prod-api/system/dynamic/selectedNews";
pub const COMMENTS: &str = "/prod-api/system/comment/list";
pub const SUBS: &str = "/prod-api/system/comment/subList";
pub const COMMENT: &str = "/prod-api/system/comment/add";
pub const UNCOMMENT: &str = "/prod-api/system/comment/remove";
pub const ALBUM: &str = "/prod-api/system/catalog/list";
pub const ALBUM_ADD: &str = "/prod-api/system/catalog/add";
pub const ALBUM_OPEN: &str = "/prod-api/system/catalog/editIsOpen";
pub const ALBUM_REMOVE: &str = "/prod-api/system/catalog/remove";
pub const UPLOAD: &str = "/prod-api/common/image/uploads/base64";
pub const FETCH_PICTURE: &str = "/prod-api/common/toImageBase64";
pub const NOTICES: &str = "/prod-api/system/notice/list";
pub const VERSIONS: &str = "/prod-api/system/table/software/list";
pub const CLIENT_ERROR: &str = "/prod-api/system/error/html/add";
pub const BLOCK: &str = "/prod-api/system/blacklisted/add";
pub const UNBLOCK: &str = "/prod-api/system/blacklisted/remove";

pub const NOTHING_TO_POST: &str = "Write something or add a photo";
pub const TOO_LONG: &str = "A dynamic holds at most 2000 characters";
pub const NOT_YOUR_UPLOAD: &str = "This picture was not uploaded by you";
pub const TOO_MANY_PHOTOS: &str = "A dynamic holds at most 9 photos";
pub const NOT_YOUR_DYNAMIC: &str = "You can only change your own dynamic";
pub const FLAGGED: &str = "Thank you, our team will look at it";
pub const FLAGGED_TWICE: &str = "You have already flagged this dynamic";
pub const NOT_YOURSELF: &str = "You cannot do this to yourself";
pub const EMPTY_COMMENT: &str = "Write a comment first";
pub const LONG_COMMENT: &str = "A comment holds at most 500 characters";
pub const REPLY_WITHOUT_COMMENT: &str = "A reply needs the comment it answers";
pub const COMMENT_NOT_REMOVED: &str = "Comment deletion failed";
pub const ALBUM_FULL: &str = "The album holds at most 6 photos";
pub const NO_PHOTO: &str = "Choose at least one photo";
pub const NOT_OURS: &str = "Only pictures stored on Amora can be fetched";
pub const IMAGE_TOO_LARGE: &str = "The image must not be larger than 10 MB";
pub const NOT_AN_IMAGE: &str = "Please choose a JPEG, PNG, WebP or GIF image";
pub const NOT_FOUND: &str = "Not found";

/// A small photo as a phone sends it, as a data URL.
pub fn photo() -> String {
    data_url("image/jpeg", &jpeg(64, 48))
}

/// A photo carrying the GPS position where it was taken, as a data URL.
pub fn gps_photo() -> String {
    data_url("image/jpeg", &super::images::with_exif_gps(&jpeg(80, 60)))
}

/// A PNG padded after its end to `bytes` bytes: a real picture of exactly that weight.
pub fn picture_of(bytes: usize) -> String {
    let mut picture = super::png(64, 64);
    picture.resize(bytes, 0);
    data_url("image/png", &picture)
}

/// The ids of a page's rows, in order.
pub fn row_ids(page: &Value) -> Vec<i64> {
    page["rows"]
        .as_array()
        .unwrap_or_else(|| panic!("not a page: {page}"))
        .iter()
        .map(|row| row["id"].as_i64().unwrap())
        .collect()
}

/// Everything the social features could have written, read directly: dynamics (with their
/// text, photos, counts, edit and removal), likes, flags, comments, album photos, and the
/// files in the media store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Social {
    pub dynamics: Vec<String>,
    pub likes: Vec<String>,
    pub flags: Vec<String>,
    pub comments: Vec<String>,
    pub album: Vec<String>,
    pub media_files: usize,
}

impl TestApp {
    /// The `(title, body)` of each notice `who` reads, newest first.
    pub async fn notices_of(&self, who: &Person) -> Vec<(String, String)> {
        self.notice_rows(NOTICES, who).await
    }

    /// The `(title, body)` of each notice `who` reads in `lang`, newest first.
    pub async fn notices_in(&self, who: &Person, lang: &str) -> Vec<(String, String)> {
        let url = TestApp::with_query(NOTICES, &[("lang", lang)]);
        self.notice_rows(&url, who).await
    }

    async fn notice_rows(&self, url: &str, who: &Person) -> Vec<(String, String)> {
        self.get(url, Some(&who.token)).await.ok()["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| {
                (
                    n["title"].as_str().unwrap().to_owned(),
                    n["body"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    }

    /// `who` publishes a dynamic.
    pub async fn publish(&self, who: &Person, content: &str, images: Vec<String>) -> Reply {
        self.post(
            DYNAMIC,
            Some(&who.token),
            json!({ "content": content, "images": images }),
        )
        .await
    }

    /// `who` publishes a text that must be stored: its id.
    pub async fn posts(&self, who: &Person, content: &str) -> i64 {
        self.publish(who, content, vec![]).await.ok()["id"]
            .as_i64()
            .unwrap()
    }

    /// One page of the feed as `who` reads it, with a query such as `pageSize=5&before=9`.
    pub async fn feed(&self, who: &Person, query: &str) -> Value {
        self.get(&format!("{FEED}?{query}"), Some(&who.token))
            .await
            .ok()
    }

    /// The ids of the dynamics `who` sees on the first page of 50 (the query narrows it).
    pub async fn feed_ids(&self, who: &Person, query: &str) -> Vec<i64> {
        let query = if query.is_empty() {
            "pageSize=50".to_owned()
        } else {
            format!("{query}&pageSize=50")
        };
        row_ids(&self.feed(who, &query).await)
    }

    /// One dynamic as `who` sees it.
    pub async fn dynamic(&self, who: &Person, id: i64) -> Reply {
        self.get(&format!("{ONE}/{id}"), Some(&who.token)).await
    }

    /// `who` taps the heart of a dynamic.
    pub async fn like_dynamic(&self, who: &Person, id: i64) -> Reply {
        self.get(&format!("{LIKE}?id={id}"), Some(&who.token)).await
    }

    /// `who` flags a dynamic.
    pub async fn flag(&self, who: &Person, id: i64, reason: &str) -> Reply {
        self.put(
            &format!("{FLAG}?year=2026"),
            Some(&who.token),
            json!({ "id": id, "reason": reason }),
        )
        .await
    }

    /// `who` edits a dynamic's text.
    pub async fn edit_dynamic(&self, who: &Person, id: i64, content: &str) -> Reply {
        self.put(
            &format!("{DYNAMIC}?year=2026"),
            Some(&who.token),
            json!({ "id": id, "content": content }),
        )
        .await
    }

    /// `who` deletes dynamics, `ids` as the client sends them (`"3,4"`), form-encoded.
    pub async fn delete_dynamics(&self, who: &Person, ids: &str) -> Reply {
        self.call(
            "DELETE",
            DYNAMIC,
            Some(&who.token),
            Body::Form(vec![("ids", ids.to_owned())]),
        )
        .await
    }

    /// `who` comments: on a dynamic, under a top-level comment, answering someone.
    pub async fn comment(
        &self,
        who: &Person,
        dynamic: i64,
        content: &str,
        parent: Option<i64>,
        reply_to: Option<i64>,
    ) -> Reply {
        let mut body = json!({ "dynamicId": dynamic, "content": content });
        if let Some(parent) = parent {
            body["parentId"] = json!(parent);
        }
        if let Some(reply_to) = reply_to {
            body["replyToUserId"] = json!(reply_to);
        }
        self.post(COMMENT, Some(&who.token), body).await
    }

    /// A top-level comment that must be stored: its id.
    pub async fn comments_on(&self, who: &Person, dynamic: i64, content: &str) -> i64 {
        self.comment(who, dynamic, content, None, None).await.ok()["id"]
            .as_i64()
            .unwrap()
    }

    /// A sub-comment that must be stored: its id.
    pub async fn answers(&self, who: &Person, dynamic: i64, parent: i64, content: &str) -> i64 {
        self.comment(who, dynamic, content, Some(parent), None)
            .await
            .ok()["id"]
            .as_i64()
            .unwrap()
    }

    /// `who` removes a comment.
    pub async fn remove_comment(&self, who: &Person, id: i64) -> Reply {
        self.post(UNCOMMENT, Some(&who.token), json!({ "id": id }))
            .await
    }

    /// The top-level comments of a dynamic as `who` reads them (one page of 100).
    pub async fn comment_list(&self, who: &Person, dynamic: i64) -> Reply {
        self.get(
            &format!("{COMMENTS}?dynamicId={dynamic}&pageSize=100"),
            Some(&who.token),
        )
        .await
    }

    /// Every comment id `who` sees on a dynamic: top-level ones and all their sub-comments.
    pub async fn visible_comments(&self, who: &Person, dynamic: i64) -> Vec<i64> {
        let page = self.comment_list(who, dynamic).await.ok();
        let mut seen = Vec::new();
        for top in page["rows"].as_array().unwrap() {
            let id = top["id"].as_i64().unwrap();
            seen.push(id);
            let subs = self
                .get(
                    &format!("{SUBS}?commentId={id}&pageSize=100"),
                    Some(&who.token),
                )
                .await
                .ok();
            seen.extend(row_ids(&subs));
        }
        seen
    }

    /// `who` blocks someone.
    pub async fn blocks(&self, who: &Person, whom: &Person) {
        self.post(BLOCK, Some(&who.token), json!({ "userId": whom.id }))
            .await
            .ok();
    }

    /// `who` lifts the block on someone.
    pub async fn unblocks(&self, who: &Person, whom: &Person) {
        self.call(
            "DELETE",
            &TestApp::with_query(UNBLOCK, &[("ids", &whom.id.to_string())]),
            Some(&who.token),
            Body::None,
        )
        .await
        .ok();
    }

    /// Gives `who` the staff role, as `amora user admin --email` does.
    pub async fn make_staff(&self, who: &Person) {
        assert!(AccountStore::new(self.app().db.clone())
            .set_role(&who.email, "staff")
            .await
            .unwrap());
    }

    /// Bans `who`.
    pub async fn ban(&self, who: &Person) {
        self.execute(&format!(
            "UPDATE users SET status = 'banned' WHERE id = {}",
            who.id
        ))
        .await;
    }

    /// `who` uploads a picture: `{url, thumb, key}`.
    pub async fn upload(&self, who: &Person, image: String) -> Reply {
        self.post(UPLOAD, Some(&who.token), json!({ "image": image }))
            .await
    }

    /// The album of `whose` as `who` sees it.
    pub async fn album(&self, who: &Person, whose: &Person) -> Reply {
        self.get(&format!("{ALBUM}?userId={}", whose.id), Some(&who.token))
            .await
    }

    /// `who` adds photos to their album.
    pub async fn add_photos(&self, who: &Person, images: Vec<String>) -> Reply {
        self.post(ALBUM_ADD, Some(&who.token), json!({ "images": images }))
            .await
    }

    /// `who` switches their photos open or private.
    pub async fn set_photos_open(&self, who: &Person, ids: &[i64], open: bool) -> Reply {
        let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
        let path = TestApp::with_query(
            ALBUM_OPEN,
            &[("ids", &ids.join(",")), ("isOpen", &open.to_string())],
        );
        self.call("PUT", &path, Some(&who.token), Body::None).await
    }

    /// `who` removes photos from their album.
    pub async fn remove_photos(&self, who: &Person, ids: &[i64]) -> Reply {
        let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
        let path = TestApp::with_query(ALBUM_REMOVE, &[("ids", &ids.join(","))]);
        self.call("DELETE", &path, Some(&who.token), Body::None)
            .await
    }

    /// Staff approve an album photo (the operator console's review queue).
    pub async fn approve_photo(&self, id: i64) {
        let approved = AlbumStore::new(self.app().db.clone())
            .review(id, true, self.clock().unix())
            .await
            .unwrap();
        assert!(approved.is_some(), "no photo {id} waiting for review");
    }

    /// Everything the social features could have written, read directly.
    pub async fn social(&self) -> Social {
        Social {
            dynamics: self
                .texts(
                    "SELECT id || '|' || user_id || '|' || content || '|' || images || '|' \
                     || likes || '|' || comments || '|' || COALESCE(edited_at, 0) || '|' \
                     || COALESCE(removed_at, 0) FROM dynamics ORDER BY id",
                )
                .await,
            likes: self
                .texts(
                    "SELECT dynamic_id || '|' || user_id FROM dynamic_likes \
                     ORDER BY dynamic_id, user_id",
                )
                .await,
            flags: self
                .texts(
                    "SELECT dynamic_id || '|' || user_id || '|' || reason FROM dynamic_flags \
                     ORDER BY dynamic_id, user_id",
                )
                .await,
            comments: self
                .texts(
                    "SELECT id || '|' || dynamic_id || '|' || COALESCE(parent_id, 0) || '|' \
                     || content || '|' || subs FROM comments ORDER BY id",
                )
                .await,
            album: self
                .texts(
                    "SELECT id || '|' || user_id || '|' || image_key || '|' \
                     || CASE WHEN is_open THEN 'open' ELSE 'private' END || '|' \
                     || CASE WHEN approved THEN 'approved' ELSE 'waiting' END \
                     FROM album_photos ORDER BY id",
                )
                .await,
            media_files: self.media_files(),
        }
    }

    /// Runs the operator's `amora` command against this server's database and data folder;
    /// asserts it succeeded and answers what it printed.
    pub async fn amora(&self, args: &[&str]) -> String {
        use secrecy::ExposeSecret;
        let config = &self.app().config;
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_amora"));
        // Only this server's settings: nothing inherited (a config file, a NATS address).
        for (name, _) in std::env::vars().filter(|(name, _)| name.starts_with("AMORA_")) {
            command.env_remove(name);
        }
        let out = command
            .args(args)
            .current_dir(&config.data_dir)
            .env("AMORA_DATA_DIR", &config.data_dir)
            .env(
                "AMORA_DATABASE_URL",
                config.database_url.as_ref().unwrap().expose_secret(),
            )
            .env("AMORA_WEB_DIR", config.data_dir.join("no-web"))
            .env("RUST_LOG", "warn")
            .output()
            .await
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", env!("CARGO_BIN_EXE_amora")));
        assert!(
            out.status.success(),
            "amora {args:?} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

/// Asserts a membership-only refusal: 403, 'Upgrade now', `data.upgrade`.
#[track_caller]
pub fn asks_to_upgrade(reply: &Reply) {
    super::people::asks_to_upgrade(reply);
}
