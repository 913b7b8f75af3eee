//! Dynamics and comments as the API shows them, and their rules. No SQL and no HTTP: a broken
//! rule is the catalogue message saying which.

use serde::Serialize;
use utoipa::ToSchema;

use crate::account::model::{age_at, membership, Gender, Level};
use crate::i18n::Msg;
use crate::media::{thumb_of, Media};

/// Longest dynamic, in characters.
pub const MAX_CONTENT: usize = 2000;
/// Most photos in one dynamic.
pub const MAX_IMAGES: usize = 9;
/// Longest comment, in characters.
pub const MAX_COMMENT: usize = 500;
/// Sub-comments shown under each top-level comment of a page; `subList` pages the rest.
pub const FIRST_SUBS: i64 = 3;
/// Why a person flags a dynamic.
pub const FLAG_REASONS: [&str; 5] = [
    "spam",
    "inappropriate_content",
    "harassment",
    "scam",
    "other",
];

/// A dynamic's text: trimmed, at most `MAX_CONTENT` characters, and not empty unless it has
/// photos.
pub fn dynamic_content(raw: Option<&str>, images: usize) -> Result<String, Msg> {
    let content = raw.unwrap_or_default().trim();
    if content.chars().count() > MAX_CONTENT {
        return Err(Msg::DynamicTooLong);
    }
    if content.is_empty() && images == 0 {
        return Err(Msg::DynamicEmpty);
    }
    if images > MAX_IMAGES {
        return Err(Msg::DynamicTooManyImages);
    }
    Ok(content.to_owned())
}

/// A comment's text: trimmed, 1 to `MAX_COMMENT` characters.
pub fn comment_content(raw: Option<&str>) -> Result<String, Msg> {
    let content = raw.unwrap_or_default().trim();
    if content.is_empty() {
        return Err(Msg::CommentEmpty);
    }
    if content.chars().count() > MAX_COMMENT {
        return Err(Msg::CommentTooLong);
    }
    Ok(content.to_owned())
}

/// Who wrote a dynamic or a comment, as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AuthorRow {
    pub user_id: i64,
    pub user_name: String,
    pub avatar_key: Option<String>,
    pub avatar_thumb_key: Option<String>,
    pub level: Option<Level>,
    pub member_expires_at: Option<i64>,
    pub gender: Gender,
    pub country: String,
    pub birthday: String,
    /// The author's language: what their texts are taken to be written in.
    pub language: String,
}

/// A dynamic as stored, with its author and whether the viewer likes it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DynamicRow {
    pub id: i64,
    pub content: String,
    /// The photos' keys, space-separated.
    pub images: String,
    pub likes: i64,
    pub comments: i64,
    pub created_at: i64,
    pub edited_at: Option<i64>,
    #[sqlx(flatten)]
    pub author: AuthorRow,
    pub liked: bool,
    /// On everyone's first page: when the viewer last opened it (their `dynamics` badge).
    #[sqlx(default)]
    pub badge_seen_at: Option<i64>,
}

impl DynamicRow {
    pub fn image_keys(&self) -> Vec<String> {
        self.images.split_whitespace().map(str::to_owned).collect()
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Picture {
    pub url: String,
    pub thumb: String,
}

/// A dynamic as the viewer sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dynamic {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub avatar: Option<String>,
    pub avatar_thumb: Option<String>,
    /// The author's running membership (the VIP badge).
    pub level: Option<Level>,
    pub gender: Gender,
    pub country: String,
    pub age: u32,
    pub content: String,
    /// The author's language, which `content` is taken to be written in.
    pub language: String,
    pub images: Vec<Picture>,
    pub likes: i64,
    /// The viewer likes it.
    pub liked: bool,
    pub comments: i64,
    /// The viewer wrote it.
    pub mine: bool,
    pub created_at: String,
    pub edited_at: Option<String>,
}

/// The author fields every dynamic and comment shows.
struct Author {
    user_name: String,
    avatar: Option<String>,
    avatar_thumb: Option<String>,
    level: Option<Level>,
    age: u32,
    language: String,
}

fn author(row: AuthorRow, now: i64) -> (Author, Gender, String) {
    let age = age_at(&row.birthday, now);
    (
        Author {
            user_name: row.user_name,
            avatar: row.avatar_key.as_deref().map(Media::url),
            avatar_thumb: row.avatar_thumb_key.as_deref().map(Media::url),
            level: membership(row.level, row.member_expires_at, now),
            age,
            language: row.language,
        },
        row.gender,
        row.country,
    )
}

impl Dynamic {
    pub fn from_row(row: DynamicRow, viewer: i64, now: i64) -> Dynamic {
        let images = row
            .image_keys()
            .iter()
            .map(|key| Picture {
                url: Media::url(key),
                thumb: Media::url(&thumb_of(key)),
            })
            .collect();
        let user_id = row.author.user_id;
        let (who, gender, country) = author(row.author, now);
        Dynamic {
            id: row.id,
            user_id,
            user_name: who.user_name,
            avatar: who.avatar,
            avatar_thumb: who.avatar_thumb,
            level: who.level,
            gender,
            country,
            age: who.age,
            content: row.content,
            language: who.language,
            images,
            likes: row.likes,
            liked: row.liked,
            comments: row.comments,
            mine: user_id == viewer,
            created_at: crate::clock::rfc3339(row.created_at),
            edited_at: row.edited_at.map(crate::clock::rfc3339),
        }
    }
}

/// A page of a feed: newest first; `next` is the `before` of the following page, none at the end.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedPage {
    pub rows: Vec<Dynamic>,
    pub next: Option<i64>,
}

/// My like of a dynamic after toggling it, and its count.
#[derive(Debug, Serialize, ToSchema)]
pub struct DynamicLike {
    pub liked: bool,
    pub likes: i64,
}

/// A comment as stored, with its author, whom it answers and (top-level ones) how many
/// sub-comments the viewer may see.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CommentRow {
    pub id: i64,
    pub dynamic_id: i64,
    pub parent_id: Option<i64>,
    pub reply_to_user_id: Option<i64>,
    pub reply_to_user_name: Option<String>,
    pub content: String,
    pub created_at: i64,
    #[sqlx(flatten)]
    pub author: AuthorRow,
    pub sub_count: i64,
}

/// A comment as the viewer sees it; a top-level one with its first sub-comments.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comment {
    pub id: i64,
    pub dynamic_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub avatar: Option<String>,
    pub avatar_thumb: Option<String>,
    pub level: Option<Level>,
    pub content: String,
    /// The author's language, which `content` is taken to be written in.
    pub language: String,
    /// The top-level comment this one answers; none for a top-level comment.
    pub parent_id: Option<i64>,
    /// Whom this reply names.
    pub reply_to_user_id: Option<i64>,
    pub reply_to_user_name: Option<String>,
    pub created_at: String,
    /// The viewer wrote it.
    pub mine: bool,
    /// Sub-comments the viewer may see (top-level comments).
    pub sub_count: i64,
    /// The first sub-comments, oldest first (top-level comments of `comment/list`).
    #[schema(no_recursion)]
    pub subs: Vec<Comment>,
}

impl Comment {
    pub fn from_row(row: CommentRow, viewer: i64, now: i64) -> Comment {
        let user_id = row.author.user_id;
        let (who, _, _) = author(row.author, now);
        Comment {
            id: row.id,
            dynamic_id: row.dynamic_id,
            user_id,
            user_name: who.user_name,
            avatar: who.avatar,
            avatar_thumb: who.avatar_thumb,
            level: who.level,
            content: row.content,
            language: who.language,
            parent_id: row.parent_id,
            reply_to_user_id: row.reply_to_user_id,
            reply_to_user_name: row.reply_to_user_name,
            created_at: crate::clock::rfc3339(row.created_at),
            mine: user_id == viewer,
            sub_count: row.sub_count,
            subs: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dynamic_needs_text_or_a_photo_and_stays_within_its_limits() {
        assert_eq!(dynamic_content(Some("  "), 0), Err(Msg::DynamicEmpty));
        assert_eq!(dynamic_content(None, 1), Ok(String::new()));
        assert_eq!(dynamic_content(Some(" hi "), 0), Ok("hi".into()));
        assert_eq!(
            dynamic_content(Some(&"é".repeat(2001)), 0),
            Err(Msg::DynamicTooLong)
        );
        assert!(dynamic_content(Some(&"é".repeat(2000)), 0).is_ok());
        assert_eq!(
            dynamic_content(Some("x"), 10),
            Err(Msg::DynamicTooManyImages)
        );
    }

    #[test]
    fn a_comment_is_one_to_five_hundred_characters() {
        assert_eq!(comment_content(Some(" ")), Err(Msg::CommentEmpty));
        assert_eq!(
            comment_content(Some(&"a".repeat(501))),
            Err(Msg::CommentTooLong)
        );
        assert_eq!(comment_content(Some(" ok ")), Ok("ok".into()));
    }
}
