//! The server's user-facing messages in the eight languages of the product.
//!
//! A request's language comes from `Accept-Language` (the app's codes: en, zh-Hans, zh-Hant, ja,
//! es, kr, ge, ru; the standard ko and de are accepted too) and lives in a task-local for the
//! request, so the error type can localize its `msg` without threading the language everywhere.

mod messages;

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;

pub use messages::{Mail, Msg};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    ZhHans,
    ZhHant,
    Ja,
    Es,
    Kr,
    Ge,
    Ru,
}

impl Lang {
    pub const ALL: [Lang; 8] = [
        Lang::En,
        Lang::ZhHans,
        Lang::ZhHant,
        Lang::Ja,
        Lang::Es,
        Lang::Kr,
        Lang::Ge,
        Lang::Ru,
    ];

    /// The app's code for the language.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
            Lang::Ja => "ja",
            Lang::Es => "es",
            Lang::Kr => "kr",
            Lang::Ge => "ge",
            Lang::Ru => "ru",
        }
    }

    /// Parses one language tag, the app's codes and the standard ones.
    pub fn parse(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase();
        let lang = match tag.as_str() {
            "en" => Lang::En,
            "zh-hans" | "zh-cn" | "zh-sg" | "zh" => Lang::ZhHans,
            "zh-hant" | "zh-tw" | "zh-hk" | "zh-mo" => Lang::ZhHant,
            "ja" => Lang::Ja,
            "es" => Lang::Es,
            "kr" | "ko" => Lang::Kr,
            "ge" | "de" => Lang::Ge,
            "ru" => Lang::Ru,
            other => {
                let primary = other.split('-').next().unwrap_or_default();
                if primary == other {
                    return None;
                }
                return Lang::parse(primary);
            }
        };
        Some(lang)
    }

    /// The first language of an `Accept-Language` header we speak.
    pub fn from_accept_language(header: &str) -> Lang {
        header
            .split(',')
            .filter_map(|part| Lang::parse(part.split(';').next().unwrap_or_default()))
            .next()
            .unwrap_or_default()
    }

    /// The language of the request being served (English outside a request).
    pub fn current() -> Lang {
        REQUEST_LANG.try_with(|l| *l).unwrap_or_default()
    }
}

tokio::task_local! {
    static REQUEST_LANG: Lang;
}

/// Runs `work` with `lang` as the language of its messages (a chat frame outlives its request).
pub async fn with_lang<F: std::future::Future>(lang: Lang, work: F) -> F::Output {
    REQUEST_LANG.scope(lang, work).await
}

/// Middleware: runs the rest of the request with its language in scope.
pub async fn language_scope(request: Request, next: Next) -> Response {
    let lang = request
        .headers()
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(Lang::from_accept_language)
        .unwrap_or_default();
    REQUEST_LANG.scope(lang, next.run(request)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_first_known() {
        assert_eq!(Lang::from_accept_language("ja"), Lang::Ja);
        assert_eq!(Lang::from_accept_language("fr-FR, de-DE;q=0.8"), Lang::Ge);
        assert_eq!(Lang::from_accept_language("zh-Hant"), Lang::ZhHant);
        assert_eq!(Lang::from_accept_language("zh-TW"), Lang::ZhHant);
        assert_eq!(Lang::from_accept_language("kr"), Lang::Kr);
        assert_eq!(Lang::from_accept_language("xx"), Lang::En);
    }

    #[test]
    fn every_message_has_every_language() {
        for msg in Msg::ALL {
            for lang in Lang::ALL {
                assert!(!msg.text(lang).is_empty(), "{msg:?} lacks {lang:?}");
            }
        }
    }
}
