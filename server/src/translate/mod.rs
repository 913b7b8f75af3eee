//! Translation of chat messages (and, in `texts.rs`, of dynamics, comments and About me),
//! metered in characters (DESIGN.md section 5): members first spend their daily allowance (reset at 00:00 UTC, no carry-over), then character packs;
//! others spend packs. Charged only when the translation succeeds, in the transaction that
//! stores it; reading a stored translation again costs nothing, and a text already translated
//! into a language is served from the cache without calling a provider. One translation of a
//! message for a reader into a language runs at a time (`InFlight`): asking again while it runs
//! waits for it and reads what it stored. Which provider translates a pair is the router's
//! (`router.rs`): the first that offers it, else two calls through English, still one translation
//! charged once on the source text's characters.

pub mod apy;
pub mod arrival;
pub mod choices;
pub mod in_flight;
pub mod libretranslate;
pub mod personal;
pub mod providers;
pub mod router;
pub mod routes;
pub mod store;
pub mod texts;

use std::sync::Arc;

use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::account::model::{parse_language, TranslationAllowance, UserRow};
use crate::account::users::Users;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::RateLimiter;
use crate::clock::Clock;
use crate::feed::Feed;
use crate::people::People;

use crate::ground::Ground;
use crate::i18n::Msg;
use crate::translate::arrival::ArrivalChoices;
use crate::translate::in_flight::InFlight;
use crate::translate::providers::TranslateError;
use crate::translate::router::Router;
use crate::translate::store::{NewTranslation, Subject, TranslateStore};

/// The translation service: the providers, routed per language pair, and the store.
#[derive(Clone)]
pub struct Translate {
    store: TranslateStore,
    accounts: Users,
    /// Who may read which dynamic and comment.
    feed: Feed,
    /// Whose profile (and About me) a reader may see.
    people: People,
    clock: Clock,
    limits: Arc<RateLimiter>,
    translator: Arc<Router>,
    /// The translations running now (one per message, reader and language at a time).
    in_flight: InFlight,
    /// Who has whose messages translated on arrival, kept a little while.
    arrival: ArrivalChoices,
}

/// Characters a member may translate each UTC day (SPEC section 9).
pub const MEMBER_DAILY_CHARACTERS: i64 = 2000;

/// "Do not translate", a choice per chat partner.
pub const DO_NOT_TRANSLATE: &str = "none";

/// A text message its reader may read, as the chat hands it over to be translated.
#[derive(Debug, Clone)]
pub struct ReadableMessage {
    pub id: i64,
    pub sender: i64,
    /// The reader's partner in the conversation.
    pub partner: i64,
    pub text: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Translation {
    pub message_id: i64,
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
    /// The message is already in the target language: `text` is the message itself, and nothing
    /// was charged.
    pub same_language: bool,
}

impl Translate {
    /// My member allowance today; none for a non-member.
    pub async fn allowance(&self, me: i64) -> ApiResult<Option<TranslationAllowance>> {
        let reader = self
            .accounts
            .user(me)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        let now = self.clock.unix();
        if reader.membership(now).is_none() {
            return Ok(None);
        }
        let day = now.div_euclid(86_400);
        let used = self.store.allowance_used(me, day).await?;
        Ok(Some(TranslationAllowance {
            left: (MEMBER_DAILY_CHARACTERS - used).max(0),
            resets_at: crate::clock::rfc3339((day + 1) * 86_400),
        }))
    }

    pub fn new(ground: &Ground, feed: Feed, people: People) -> Translate {
        Translate {
            store: TranslateStore::new(ground.db.clone()),
            accounts: Users::new(ground.db.clone()),
            feed,
            people,
            clock: ground.clock.clone(),
            limits: ground.limits.clone(),
            translator: router::from_config(&ground.config),
            in_flight: InFlight::default(),
            arrival: ArrivalChoices::default(),
        }
    }

    /// Asks the providers what they offer, and keeps asking now and then.
    pub async fn start(&self) {
        self.translator.start().await;
    }

    /// Translates a message I may read (the chat decides: `Chat::translate_message`) into
    /// `target` (default: my choice for that partner, else my interface language).
    pub async fn translate_message(
        &self,
        me: i64,
        message: &ReadableMessage,
        target: Option<&str>,
    ) -> ApiResult<Translation> {
        let subject = Subject::Message(message.id);
        self.message_translation(me, subject, Some(message.partner), message, target)
            .await
    }

    /// Translates a group message I may read (the chat decides) into `target` (default: my
    /// language), charged to me as a one-to-one message is.
    pub async fn translate_group_message(
        &self,
        me: i64,
        message: &ReadableMessage,
        target: Option<&str>,
    ) -> ApiResult<Translation> {
        let subject = Subject::GroupMessage(message.id);
        self.message_translation(me, subject, None, message, target)
            .await
    }

    /// A message's translation for `me` into `target`, charged by `charged`. Without a target:
    /// my choice for the `partner` of a one-to-one chat, else my interface language.
    async fn message_translation(
        &self,
        me: i64,
        subject: Subject<'_>,
        partner: Option<i64>,
        message: &ReadableMessage,
        target: Option<&str>,
    ) -> ApiResult<Translation> {
        let reader = self
            .accounts
            .user(me)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        let chosen = match (target.filter(|t| !t.is_empty()), partner) {
            (Some(t), _) => Some(parse_language(Some(t))?.to_owned()),
            (None, Some(partner)) => self
                .store
                .chat_language(me, partner)
                .await?
                .filter(|t| t != DO_NOT_TRANSLATE),
            (None, None) => None,
        };
        let target = chosen.unwrap_or_else(|| reader.language.clone());
        let message_id = message.id;
        let source_text = message.text.as_str();
        let sender = self.accounts.user(message.sender).await?;
        let source = sender.as_ref().map(|s| s.language.clone());
        let done = self
            .charged(
                &reader,
                subject,
                source_text,
                source.as_deref(),
                &target,
                true,
            )
            .await?;
        Ok(Translation {
            message_id,
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

    /// Translates `source_text`, written in `source`, for `reader` into `target`: a stored
    /// translation is read again for free; else it is charged (allowance, then packs) when it
    /// succeeds, in the transaction that stores it. Text already in `target` is answered as it
    /// is, nothing charged (and stored only when `keep_same`).
    async fn charged(
        &self,
        reader: &UserRow,
        subject: Subject<'_>,
        source_text: &str,
        source: Option<&str>,
        target: &str,
        keep_same: bool,
    ) -> ApiResult<Charged> {
        let me = reader.id;
        let now = self.clock.unix();
        let day = now.div_euclid(86_400);
        let member = reader.membership(now).is_some();
        let used = if member {
            self.store.allowance_used(me, day).await?
        } else {
            0
        };
        let allowance_left = if member {
            (MEMBER_DAILY_CHARACTERS - used).max(0)
        } else {
            0
        };
        let characters = i64::try_from(source_text.chars().count()).unwrap_or(i64::MAX);
        let same_language = source == Some(target);
        if same_language && !keep_same {
            return Ok(Charged {
                text: source_text.to_owned(),
                characters,
                from_allowance: 0,
                from_pack: 0,
                allowance_left,
                pack_balance: reader.characters,
                same_language,
            });
        }
        let source_hash = hex::encode(Sha256::digest(
            format!("{}\u{0}{source_text}", source.unwrap_or("")).as_bytes(),
        ));
        let what = match subject {
            Subject::Message(id) => format!("message:{id}"),
            Subject::GroupMessage(id) => format!("group-message:{id}"),
            Subject::Text { kind, id } => format!("{kind}:{id}:{source_hash}"),
        };
        let _only_one = self.in_flight.enter((what, me, target.to_owned())).await;
        let stored = match subject {
            Subject::Message(id) => self.store.stored_translation(id, me, target).await?,
            Subject::GroupMessage(id) => {
                self.store.stored_group_translation(id, me, target).await?
            }
            Subject::Text { kind, id } => {
                self.store
                    .stored_text_translation(me, kind, id, target, &source_hash)
                    .await?
            }
        };
        if let Some(stored) = stored {
            return Ok(Charged {
                text: stored,
                characters,
                from_allowance: 0,
                from_pack: 0,
                allowance_left,
                pack_balance: reader.characters,
                same_language,
            });
        }
        let (from_allowance, from_pack) = if same_language {
            (0, 0) // same language: nothing to translate, nothing to pay
        } else {
            let take = characters.min(allowance_left);
            (take, characters - take)
        };
        if from_pack > reader.characters {
            return Err(ApiError::Invalid(Msg::InsufficientCharacters));
        }
        let (translated, provider) = if from_allowance + from_pack == 0 {
            (source_text.to_owned(), "none".to_owned())
        } else if let Some(hit) = self.store.cached(&source_hash, target).await? {
            hit
        } else {
            let plan = self
                .translator
                .plan(source, target)
                .map_err(|_| ApiError::Invalid(Msg::TranslationUnavailable))?;
            let done = plan
                .translate(source_text, source, target)
                .await
                .map_err(|e| {
                    tracing::warn!(error = %e, "translation failed");
                    match e {
                        TranslateError::Unsupported(..) => {
                            ApiError::Invalid(Msg::TranslationUnavailable)
                        }
                        TranslateError::Failed(_) => ApiError::Unavailable(Msg::TranslationFailed),
                    }
                })?;
            metrics::counter!("translated_characters_total", "provider" => done.provider)
                .increment(u64::try_from(characters).unwrap_or(0));
            (done.text, done.provider.to_owned())
        };
        let saved = self
            .store
            .save_translation(&NewTranslation {
                subject,
                reader: me,
                target,
                text: &translated,
                source_hash: &source_hash,
                provider: &provider,
                characters,
                from_allowance,
                allowance_cap: MEMBER_DAILY_CHARACTERS,
                from_pack,
                day,
                now,
            })
            .await?;
        let (from_allowance, from_pack) = if saved {
            (from_allowance, from_pack)
        } else {
            (0, 0)
        };
        let balance = self.accounts.user(me).await?.map_or(0, |u| u.characters);
        Ok(Charged {
            text: translated,
            characters,
            from_allowance,
            from_pack,
            allowance_left: allowance_left - from_allowance,
            pack_balance: balance,
            same_language,
        })
    }
}

/// What a translation gave, cost and left, whatever it was of.
struct Charged {
    text: String,
    characters: i64,
    from_allowance: i64,
    from_pack: i64,
    allowance_left: i64,
    pack_balance: i64,
    same_language: bool,
}
