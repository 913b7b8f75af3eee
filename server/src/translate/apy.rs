//! Apertium served by APY (`apertium-apy`, Apertium's HTTP server): it keeps each pair's
//! pipeline loaded, so a message costs the translation itself instead of starting a process and
//! loading dictionaries (214 ms a message that way; `bench/README.md`). The pairs it offers come
//! from its `/listPairs`, asked at start and again now and then (`Router::start`); the requests go
//! through one HTTP client whose connections are kept alive between messages.

use std::collections::HashSet;
use std::sync::RwLock;
use std::time::Duration;

use serde_json::Value;

use crate::translate::providers::{Provider, TranslateError, Translated};

/// An APY server and the pairs it last said it offers.
pub struct ApertiumApy {
    url: String,
    client: reqwest::Client,
    /// (source, target) in Apertium's codes (`eng`, `spa`); empty until `/listPairs` answers.
    pairs: RwLock<HashSet<(String, String)>>,
}

/// Our language codes to Apertium's (ISO 639-3, as `/listPairs` answers them).
pub fn apertium_code(code: &str) -> Option<&'static str> {
    Some(match code {
        "en" => "eng",
        "es" => "spa",
        "zh-Hans" => "zho",
        "zh-Hant" => "zho_Hant",
        "ja" => "jpn",
        "kr" => "kor",
        "ge" => "deu",
        "ru" => "rus",
        _ => return None,
    })
}

impl ApertiumApy {
    /// `timeout` bounds each request, connecting included.
    pub fn new(url: &str, timeout: Duration) -> ApertiumApy {
        ApertiumApy {
            url: url.trim_end_matches('/').to_owned(),
            client: reqwest::Client::builder()
                .timeout(timeout)
                .connect_timeout(timeout)
                .tcp_nodelay(true)
                .pool_idle_timeout(Duration::from_secs(60))
                .build()
                .unwrap_or_default(),
            pairs: RwLock::default(),
        }
    }

    fn pair(from: Option<&str>, to: &str) -> Option<(&'static str, &'static str)> {
        Some((apertium_code(from?)?, apertium_code(to)?))
    }

    fn offers(&self, from: &str, to: &str) -> bool {
        self.pairs
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&(from.to_owned(), to.to_owned()))
    }
}

fn failed(e: &reqwest::Error) -> TranslateError {
    if e.is_timeout() {
        TranslateError::Failed("apertium-apy timed out".into())
    } else {
        TranslateError::Failed(format!("apertium-apy: {e}"))
    }
}

#[async_trait::async_trait]
impl Provider for ApertiumApy {
    fn name(&self) -> &'static str {
        "apertium"
    }

    fn supports(&self, from: Option<&str>, to: &str) -> bool {
        Self::pair(from, to).is_some_and(|(f, t)| self.offers(f, t))
    }

    async fn translate(
        &self,
        text: &str,
        from: Option<&str>,
        to: &str,
    ) -> Result<Translated, TranslateError> {
        let (source, target) = Self::pair(from, to)
            .ok_or_else(|| TranslateError::Unsupported(from.unwrap_or("?").into(), to.into()))?;
        let langpair = format!("{source}|{target}");
        // markUnknown=no: no '*' before the words the pair does not know.
        let form = serde_urlencoded::to_string([
            ("q", text),
            ("langpair", langpair.as_str()),
            ("markUnknown", "no"),
        ])
        .map_err(|e| TranslateError::Failed(e.to_string()))?;
        let res = self
            .client
            .post(format!("{}/translate", self.url))
            .header(
                reqwest::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .body(form)
            .send()
            .await
            .map_err(|e| failed(&e))?;
        let status = res.status();
        let value: Value = res.json().await.map_err(|e| failed(&e))?;
        if !status.is_success() {
            let why = value["explanation"].as_str().unwrap_or("error").to_owned();
            // The pair went away since we last asked: not a failure to retry.
            if status == reqwest::StatusCode::BAD_REQUEST && why.contains("not installed") {
                return Err(TranslateError::Unsupported(
                    from.unwrap_or("?").into(),
                    to.into(),
                ));
            }
            return Err(TranslateError::Failed(format!(
                "apertium-apy {status}: {why}"
            )));
        }
        let text = value["responseData"]["translatedText"]
            .as_str()
            .ok_or_else(|| TranslateError::Failed("apertium-apy: no translatedText".into()))?;
        Ok(Translated {
            text: text.trim().to_owned(),
            provider: "apertium",
        })
    }

    /// Asks `/listPairs` again; the pairs known before stay when it does not answer.
    async fn refresh(&self) -> Result<(), TranslateError> {
        let value: Value = self
            .client
            .get(format!("{}/listPairs", self.url))
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(|e| failed(&e))?
            .json()
            .await
            .map_err(|e| failed(&e))?;
        let pairs: HashSet<(String, String)> = value["responseData"]
            .as_array()
            .ok_or_else(|| TranslateError::Failed("apertium-apy: no pairs listed".into()))?
            .iter()
            .filter_map(|p| {
                Some((
                    p["sourceLanguage"].as_str()?.to_owned(),
                    p["targetLanguage"].as_str()?.to_owned(),
                ))
            })
            .collect();
        *self.pairs.write().unwrap_or_else(|e| e.into_inner()) = pairs;
        Ok(())
    }

    fn ready(&self) -> bool {
        !self
            .pairs
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty()
    }
}
