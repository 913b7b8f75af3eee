//! Each person's choices per chat partner (CHAT_LANGUAGES): the language they read the partner
//! in, or `none`, and whether the partner's messages are translated as they arrive
//! (`arrival.rs`); and, answered with them, how the partner's language reaches each language now
//! (Apertium, LibreTranslate, a pivot through English, or not at all), so the app can say which
//! can be translated.

use serde::Serialize;
use utoipa::ToSchema;

use crate::account::model::parse_language;
use crate::api::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use crate::translate::router::Route;
use crate::translate::{Translate, DO_NOT_TRANSLATE};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatLanguage {
    pub user_id: i64,
    /// A language code, or `none` for do-not-translate.
    pub abbr: String,
    /// The partner's language: what their messages are written in (null when they are gone).
    pub language: Option<String>,
    /// How their messages reach me in `abbr` (in my own language when `abbr` is `none`): `none`
    /// when they cannot, or need not (the same language).
    pub route: Route,
    /// How their messages would reach me in each of the eight languages.
    pub routes: Vec<LanguageRoute>,
    /// Their new messages are translated by the server as they arrive (into `abbr`, or my own
    /// language when it is `none`), so pushes and the message list carry the translation.
    pub on_arrival: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguageRoute {
    /// A language code.
    pub target: String,
    pub route: Route,
}

/// Which of the eight languages reach which here, for anyone (the guide is read before signing in).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TranslationRoutes {
    /// The eight interface languages.
    pub languages: Vec<String>,
    /// Every ordered pair of them a translation reaches now, with how.
    pub pairs: Vec<LanguagePair>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LanguagePair {
    pub from: String,
    pub to: String,
    pub route: Route,
}

impl Translate {
    /// The pairs of the eight languages translation reaches with this configuration.
    pub fn translation_routes(&self) -> TranslationRoutes {
        let codes = Lang::ALL.iter().map(|l| l.code());
        let pairs = codes
            .clone()
            .flat_map(|from| codes.clone().map(move |to| (from, to)))
            .filter_map(|(from, to)| match self.translator.route(Some(from), to) {
                Route::None => None,
                route => Some(LanguagePair {
                    from: from.to_owned(),
                    to: to.to_owned(),
                    route,
                }),
            })
            .collect();
        TranslationRoutes {
            languages: codes.map(str::to_owned).collect(),
            pairs,
        }
    }

    /// My choices, each partner with the routes from their language; `partner` is answered too
    /// when I have made no choice for them (`abbr` `none`).
    pub async fn chat_languages(
        &self,
        me: i64,
        partner: Option<i64>,
    ) -> ApiResult<Vec<ChatLanguage>> {
        let mut rows = self.store.chat_languages(me).await?;
        if let Some(p) = partner.filter(|p| !rows.iter().any(|(id, ..)| id == p)) {
            if self.accounts.user(p).await?.is_none() {
                return Err(ApiError::NotFound);
            }
            rows.push((p, DO_NOT_TRANSLATE.to_owned(), false));
        }
        let my_language = self.language_of(me).await?;
        let mut answer = Vec::with_capacity(rows.len());
        for (user_id, abbr, on_arrival) in rows {
            let language = self.accounts.user(user_id).await?.map(|u| u.language);
            answer.push(self.choice(user_id, abbr, on_arrival, language, &my_language));
        }
        Ok(answer)
    }

    async fn language_of(&self, me: i64) -> ApiResult<String> {
        Ok(self
            .accounts
            .user(me)
            .await?
            .ok_or(ApiError::Unauthorized)?
            .language)
    }

    fn choice(
        &self,
        user_id: i64,
        abbr: String,
        on_arrival: bool,
        language: Option<String>,
        my_language: &str,
    ) -> ChatLanguage {
        let from = language.as_deref();
        let read_in = if abbr == DO_NOT_TRANSLATE {
            my_language
        } else {
            abbr.as_str()
        };
        let route = |to: &str| match from {
            Some(_) => self.translator.route(from, to),
            None => Route::None,
        };
        ChatLanguage {
            user_id,
            route: route(read_in),
            routes: Lang::ALL
                .iter()
                .map(|l| LanguageRoute {
                    target: l.code().to_owned(),
                    route: route(l.code()),
                })
                .collect(),
            abbr,
            language,
            on_arrival,
        }
    }

    /// Chooses the language I read a partner in (or `none`).
    pub async fn set_chat_language(
        &self,
        me: i64,
        partner: i64,
        abbr: Option<&str>,
    ) -> ApiResult<ChatLanguage> {
        let abbr = match abbr {
            Some(DO_NOT_TRANSLATE) => DO_NOT_TRANSLATE.to_owned(),
            other => parse_language(other)?.to_owned(),
        };
        let them = self
            .accounts
            .user(partner)
            .await?
            .ok_or(ApiError::NotFound)?;
        self.store
            .set_chat_language(me, partner, &abbr, self.clock.unix())
            .await?;
        self.answer_choice(me, partner, them.language).await
    }

    /// My choice for a partner as it stands now.
    pub(super) async fn answer_choice(
        &self,
        me: i64,
        partner: i64,
        language: String,
    ) -> ApiResult<ChatLanguage> {
        let my_language = self.language_of(me).await?;
        let (abbr, on_arrival) = self
            .store
            .chat_choice(me, partner)
            .await?
            .unwrap_or_else(|| (DO_NOT_TRANSLATE.to_owned(), false));
        Ok(self.choice(partner, abbr, on_arrival, Some(language), &my_language))
    }
}
