//! Translation of what people read outside the chat: a dynamic, a comment on one, a person's
//! About me. Only a text the reader may see is translated (the feed's and people's own rules of
//! who is shown to whom), charged like a chat message, and kept per reader, target language and
//! version of the text: reading it again is free, an edited text is translated anew.

use serde::Serialize;
use utoipa::ToSchema;

use crate::account::model::parse_language;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::translate::store::Subject;
use crate::translate::Translate;

/// What kind of text is translated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TextKind {
    /// A dynamic's text (`id`: the dynamic).
    Dynamic,
    /// A comment on a dynamic (`id`: the comment).
    Comment,
    /// A person's About me (`id`: the person).
    About,
}

impl TextKind {
    pub fn parse(raw: Option<&str>) -> ApiResult<TextKind> {
        match raw.map(str::trim) {
            Some("dynamic") => Ok(TextKind::Dynamic),
            Some("comment") => Ok(TextKind::Comment),
            Some("about") => Ok(TextKind::About),
            _ => Err(ApiError::Malformed(
                "kind must be dynamic, comment or about".into(),
            )),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            TextKind::Dynamic => "dynamic",
            TextKind::Comment => "comment",
            TextKind::About => "about",
        }
    }
}

/// A text translated for me, and what it cost (as a chat message's `Translation`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextTranslation {
    pub kind: TextKind,
    /// The dynamic's, the comment's or the person's id.
    pub id: i64,
    pub target: String,
    pub text: String,
    /// Characters of the source text.
    pub characters: i64,
    /// Charged now from today's allowance and from the packs (both 0 when it was stored already).
    pub from_allowance: i64,
    pub from_pack: i64,
    /// Left of today's member allowance (0 for non-members).
    pub allowance_left: i64,
    /// Character-pack balance after.
    pub pack_balance: i64,
    /// The text is already in the target language: `text` is the text itself, and nothing was
    /// charged.
    pub same_language: bool,
}

impl Translate {
    /// Translates a text I may read into `target` (default: my interface language); 404 for a
    /// text I may not see, or an empty one.
    pub async fn translate_text(
        &self,
        me: i64,
        kind: TextKind,
        id: i64,
        target: Option<&str>,
    ) -> ApiResult<TextTranslation> {
        self.limits
            .check(Action::TranslateByAccount, &me.to_string())
            .await?;
        let reader = self
            .accounts
            .user(me)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        let (source_text, source) = self.readable(me, kind, id).await?;
        if source_text.trim().is_empty() {
            return Err(ApiError::NotFound);
        }
        let target = match target.filter(|t| !t.is_empty()) {
            Some(t) => parse_language(Some(t))?.to_owned(),
            None => reader.language.clone(),
        };
        let done = self
            .charged(
                &reader,
                Subject::Text {
                    kind: kind.as_str(),
                    id,
                },
                &source_text,
                Some(&source),
                &target,
                false,
            )
            .await?;
        Ok(TextTranslation {
            kind,
            id,
            target,
            text: done.text,
            characters: done.characters,
            from_allowance: done.from_allowance,
            from_pack: done.from_pack,
            allowance_left: done.allowance_left,
            pack_balance: done.pack_balance,
            same_language: done.same_language,
        })
    }

    /// The text and its author's language, when `me` may read it.
    async fn readable(&self, me: i64, kind: TextKind, id: i64) -> ApiResult<(String, String)> {
        let found = match kind {
            TextKind::Dynamic => self.feed.readable_dynamic(me, id).await?,
            TextKind::Comment => self.feed.readable_comment(me, id).await?,
            TextKind::About => self.people.about_me(me, id).await?,
        };
        found.ok_or(ApiError::NotFound)
    }
}
