//! Which provider translates a language pair: the configured providers in order of preference
//! (Apertium first: offline and cheap), each saying what it offers, asked once at start and again
//! now and then. A pair no provider offers goes through English when one provider takes the text
//! into English and one (the same or another) takes it on from there: two calls, one
//! translation (charged once, on the source text, by the caller).

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use utoipa::ToSchema;

use crate::config::{Config, TranslateSettings};
use crate::translate::apy::ApertiumApy;
use crate::translate::libretranslate::LibreTranslate;
use crate::translate::providers::{Apertium, Provider, TranslateError, Translated};

/// The language a pivot goes through: every provider covers it best.
pub const PIVOT: &str = "en";

/// How messages in one language reach a reader in another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Route {
    /// Apertium offers the pair (offline).
    Apertium,
    /// LibreTranslate offers the pair.
    Libretranslate,
    /// No provider offers the pair: into English, then from English (two calls, charged once).
    Pivot,
    /// Not translated: no way there (or nothing to translate: the same language).
    None,
}

/// The provider calls that translate one pair.
pub enum Plan<'a> {
    Direct(&'a dyn Provider),
    /// Into the pivot language with the first, out of it with the second.
    Pivot(&'a dyn Provider, &'a dyn Provider),
}

fn route_of(p: &dyn Provider) -> Route {
    match p.name() {
        "apertium" => Route::Apertium,
        _ => Route::Libretranslate,
    }
}

impl Plan<'_> {
    pub fn route(&self) -> Route {
        match self {
            Plan::Direct(p) => route_of(*p),
            Plan::Pivot(..) => Route::Pivot,
        }
    }

    pub async fn translate(
        &self,
        text: &str,
        from: Option<&str>,
        to: &str,
    ) -> Result<Translated, TranslateError> {
        match self {
            Plan::Direct(p) => p.translate(text, from, to).await,
            Plan::Pivot(first, second) => {
                let between = first.translate(text, from, PIVOT).await?;
                let done = second.translate(&between.text, Some(PIVOT), to).await?;
                Ok(Translated {
                    text: done.text,
                    provider: "pivot",
                })
            }
        }
    }
}

/// The configured providers, in order of preference.
pub struct Router {
    providers: Vec<Box<dyn Provider>>,
    /// How often the providers are asked what they offer.
    refresh: Duration,
}

/// How long the first question to the providers may hold up the start.
const FIRST_ASK: Duration = Duration::from_secs(3);
/// How often a provider that has not said what it offers is asked again.
const ASK_AGAIN: Duration = Duration::from_secs(5);

impl Router {
    pub fn new(providers: Vec<Box<dyn Provider>>) -> Self {
        Router {
            providers,
            refresh: Duration::from_secs(600),
        }
    }

    /// The first provider that offers the pair itself.
    fn direct(&self, from: Option<&str>, to: &str) -> Option<&dyn Provider> {
        self.providers
            .iter()
            .find(|p| p.supports(from, to))
            .map(AsRef::as_ref)
    }

    /// How to translate `from` (None: unknown, for a provider to detect) into `to`.
    pub fn plan(&self, from: Option<&str>, to: &str) -> Result<Plan<'_>, TranslateError> {
        if let Some(p) = self.direct(from, to) {
            return Ok(Plan::Direct(p));
        }
        if let Some(from) = from.filter(|f| *f != PIVOT && to != PIVOT && *f != to) {
            if let (Some(first), Some(second)) =
                (self.direct(Some(from), PIVOT), self.direct(Some(PIVOT), to))
            {
                return Ok(Plan::Pivot(first, second));
            }
        }
        Err(TranslateError::Unsupported(
            from.unwrap_or("?").into(),
            to.into(),
        ))
    }

    /// How `from` reaches `to` now (`None` for the same language).
    pub fn route(&self, from: Option<&str>, to: &str) -> Route {
        if from == Some(to) {
            return Route::None;
        }
        self.plan(from, to).map_or(Route::None, |p| p.route())
    }

    /// Asks every provider what it offers (waiting at most a few seconds: a provider that is
    /// down does not keep the server from starting), then keeps asking in the background, while
    /// the router is in use.
    pub async fn start(self: &Arc<Self>) {
        let _ = tokio::time::timeout(FIRST_ASK, self.refresh_all()).await;
        let router = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let wait = match router.upgrade() {
                    Some(r) if r.providers.iter().all(|p| p.ready()) => r.refresh,
                    Some(r) => r.refresh.min(ASK_AGAIN),
                    None => return,
                };
                tokio::time::sleep(wait).await;
                match router.upgrade() {
                    Some(r) => r.refresh_all().await,
                    None => return,
                }
            }
        });
    }

    async fn refresh_all(&self) {
        for p in &self.providers {
            if let Err(e) = p.refresh().await {
                tracing::warn!(provider = p.name(), error = %e, "translation provider did not say what it offers");
            }
        }
    }
}

/// The providers this installation has: Apertium through APY where its URL is configured, else
/// one `apertium` process per message where the binary is installed (unless Apertium is turned
/// off); LibreTranslate where a URL is configured.
pub fn from_config(config: &Config) -> Arc<Router> {
    let t = &config.translate;
    let timeout = Duration::from_millis(t.timeout_ms.max(1));
    let mut providers: Vec<Box<dyn Provider>> = Vec::new();
    if t.apertium {
        match configured(&t.apertium_url) {
            Some(url) => providers.push(Box::new(ApertiumApy::new(url, timeout))),
            None if which(&t.apertium_bin) => providers.push(Box::new(Apertium {
                bin: t.apertium_bin.clone(),
                timeout,
            })),
            None => {}
        }
    }
    if let Some(url) = configured(&t.libretranslate_url) {
        providers.push(Box::new(LibreTranslate::new(
            url,
            t.libretranslate_key.clone(),
            timeout,
        )));
    }
    Arc::new(Router {
        providers,
        refresh: refresh_every(t),
    })
}

fn refresh_every(t: &TranslateSettings) -> Duration {
    Duration::from_secs(t.pairs_refresh_seconds.max(1))
}

/// A URL setting, unless it is unset or blank (an empty variable turns it off).
fn configured(url: &Option<String>) -> Option<&str> {
    url.as_deref().map(str::trim).filter(|u| !u.is_empty())
}

fn which(bin: &str) -> bool {
    if bin.contains('/') {
        return std::path::Path::new(bin).exists();
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|p| p.join(bin).exists()))
}
