//! LibreTranslate's HTTP API: `POST /translate` with `q, source, target, format, api_key`, and
//! `GET /languages`, each language with the targets it translates into, asked at start and again
//! now and then (`Router::start`). Until it has answered, every pair of the eight languages is
//! taken as offered (LibreTranslate's usual models cover them all), so a server that cannot say
//! is still used.

use std::collections::{HashMap, HashSet};
use std::sync::RwLock;
use std::time::Duration;

use serde_json::{json, Value};

use crate::translate::providers::{Provider, TranslateError, Translated};

pub struct LibreTranslate {
    url: String,
    api_key: Option<String>,
    client: reqwest::Client,
    /// Its code -> the codes it translates into; None until `/languages` answers.
    languages: RwLock<Option<HashMap<String, HashSet<String>>>>,
}

/// LibreTranslate's codes for one of ours, newest first (it named Chinese `zh` and `zt` before
/// `zh-Hans` and `zh-Hant`).
fn lt_codes(code: &str) -> &[&str] {
    match code {
        "en" => &["en"],
        "es" => &["es"],
        "ja" => &["ja"],
        "ru" => &["ru"],
        "kr" => &["ko"],
        "ge" => &["de"],
        "zh-Hans" => &["zh-Hans", "zh"],
        "zh-Hant" => &["zh-Hant", "zt"],
        _ => &[],
    }
}

impl LibreTranslate {
    /// `timeout` bounds each request, connecting included.
    pub fn new(url: &str, api_key: Option<String>, timeout: Duration) -> LibreTranslate {
        LibreTranslate {
            url: url.trim_end_matches('/').to_owned(),
            api_key,
            client: reqwest::Client::builder()
                .timeout(timeout)
                .connect_timeout(timeout)
                .tcp_nodelay(true)
                .build()
                .unwrap_or_default(),
            languages: RwLock::default(),
        }
    }

    /// The code this server uses for one of ours: the first of its names it lists (the newest
    /// name while it has not said).
    fn code(&self, ours: &str) -> Option<String> {
        let names = lt_codes(ours);
        let known = self.languages.read().unwrap_or_else(|e| e.into_inner());
        match known.as_ref() {
            None => names.first().map(|c| (*c).to_owned()),
            Some(languages) => names
                .iter()
                .find(|c| {
                    languages.contains_key(**c) || languages.values().any(|t| t.contains(**c))
                })
                .map(|c| (*c).to_owned()),
        }
    }
}

#[async_trait::async_trait]
impl Provider for LibreTranslate {
    fn name(&self) -> &'static str {
        "libretranslate"
    }

    fn supports(&self, from: Option<&str>, to: &str) -> bool {
        let (Some(target), source) = (self.code(to), from.map(|f| self.code(f))) else {
            return false;
        };
        let known = self.languages.read().unwrap_or_else(|e| e.into_inner());
        match (known.as_ref(), source) {
            (_, Some(None)) => false,
            (None, _) => true,
            // Detected by the server: any language it translates into.
            (Some(_), None) => true,
            (Some(languages), Some(Some(source))) => {
                languages.get(&source).is_some_and(|t| t.contains(&target))
            }
        }
    }

    async fn translate(
        &self,
        text: &str,
        from: Option<&str>,
        to: &str,
    ) -> Result<Translated, TranslateError> {
        let unsupported = || TranslateError::Unsupported(from.unwrap_or("?").into(), to.into());
        let source = match from {
            Some(f) => self.code(f).ok_or_else(unsupported)?,
            None => "auto".to_owned(),
        };
        let body = json!({
            "q": text,
            "source": source,
            "target": self.code(to).ok_or_else(unsupported)?,
            "format": "text",
            "api_key": self.api_key.clone().unwrap_or_default(),
        });
        let res = self
            .client
            .post(format!("{}/translate", self.url))
            .json(&body)
            .send()
            .await
            .map_err(|e| failed(&e))?;
        let status = res.status();
        let value: Value = res.json().await.map_err(|e| failed(&e))?;
        if !status.is_success() {
            return Err(TranslateError::Failed(format!(
                "libretranslate {status}: {}",
                value["error"].as_str().unwrap_or("error")
            )));
        }
        let text = value["translatedText"]
            .as_str()
            .ok_or_else(|| TranslateError::Failed("libretranslate: no translatedText".into()))?;
        Ok(Translated {
            text: text.to_owned(),
            provider: "libretranslate",
        })
    }

    /// Asks `/languages` again; what was known before stays when it does not answer.
    async fn refresh(&self) -> Result<(), TranslateError> {
        let value: Value = self
            .client
            .get(format!("{}/languages", self.url))
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(|e| failed(&e))?
            .json()
            .await
            .map_err(|e| failed(&e))?;
        let languages: HashMap<String, HashSet<String>> = value
            .as_array()
            .ok_or_else(|| TranslateError::Failed("libretranslate: no languages listed".into()))?
            .iter()
            .filter_map(|l| {
                let targets = l["targets"].as_array()?;
                Some((
                    l["code"].as_str()?.to_owned(),
                    targets
                        .iter()
                        .filter_map(|t| t.as_str().map(str::to_owned))
                        .collect(),
                ))
            })
            .collect();
        *self.languages.write().unwrap_or_else(|e| e.into_inner()) = Some(languages);
        Ok(())
    }

    fn ready(&self) -> bool {
        self.languages
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }
}

fn failed(e: &reqwest::Error) -> TranslateError {
    if e.is_timeout() {
        TranslateError::Failed("libretranslate timed out".into())
    } else {
        TranslateError::Failed(format!("libretranslate: {e}"))
    }
}
