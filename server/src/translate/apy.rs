//! Apertium served by APY (`apertium-apy`, Apertium's HTTP server): it keeps each pair's
//! pipeline loaded, so a message costs the translation itself instead of starting a process and
//! loading dictionaries (214 ms a message that way; `bench/README.md`). The pairs it offers come
//! from its `/listPairs`, asked at start and again now and then (`Router::start`); the requests go
//! through one HTTP client whose connections are kept alive between messages.
//!
//! Each pair has a lane: at most `PER_PAIR` requests of a pair are at APY at once (one a pipeline
//! `tools/apy.sh` gives it), and the messages that come meanwhile go together in the lane's next
//! request, one after the other with a sentence of its own between them (`BETWEEN`): APY's cost
//! is mostly per request (HTTP, Python, a round through every stage of the pipeline), so under
//! load a request carries several messages for about the price of one, and a message that finds
//! the lane free goes at once, alone. The answer is cut at the same marks; if it does not come
//! back in as many pieces, each message of that request is asked alone.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::oneshot;

use crate::translate::providers::{Provider, TranslateError, Translated};

/// Requests of one pair at APY at once.
const PER_PAIR: usize = 2;
/// What one request carries at most.
const BATCH_MESSAGES: usize = 16;
const BATCH_CHARACTERS: usize = 4_000;
/// Between two messages of one request: a sentence of its own, which the pipeline keeps in place
/// and which ends the sentence before it (a message is translated as it would be alone).
const BETWEEN: &str = "\n.\n";

/// An APY server and the pairs it last said it offers.
pub struct ApertiumApy {
    lanes: Arc<Lanes>,
    /// (source, target) in Apertium's codes (`eng`, `spa`); empty until `/listPairs` answers.
    pairs: RwLock<HashSet<(String, String)>>,
}

/// The requests of each pair, and the messages waiting for the next.
struct Lanes {
    url: String,
    client: reqwest::Client,
    timeout: Duration,
    lanes: Mutex<HashMap<String, Lane>>,
}

#[derive(Default)]
struct Lane {
    at_apy: usize,
    waiting: VecDeque<Job>,
}

struct Job {
    text: String,
    answer: oneshot::Sender<Result<String, TranslateError>>,
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
            lanes: Arc::new(Lanes {
                url: url.trim_end_matches('/').to_owned(),
                client: reqwest::Client::builder()
                    .timeout(timeout)
                    .connect_timeout(timeout)
                    .tcp_nodelay(true)
                    .pool_idle_timeout(Duration::from_secs(60))
                    .build()
                    .unwrap_or_default(),
                timeout,
                lanes: Mutex::default(),
            }),
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

impl Lanes {
    /// Puts a message in its pair's lane and waits for its translation; starts the lane's next
    /// request when fewer than `PER_PAIR` are at APY.
    async fn translate(
        self: &Arc<Self>,
        langpair: &str,
        text: &str,
    ) -> Result<String, TranslateError> {
        let (answer, answered) = oneshot::channel();
        let start = {
            let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
            let lane = lanes.entry(langpair.to_owned()).or_default();
            lane.waiting.push_back(Job {
                text: text.to_owned(),
                answer,
            });
            let start = lane.at_apy < PER_PAIR;
            if start {
                lane.at_apy += 1;
            }
            start
        };
        if start {
            let lanes = self.clone();
            let langpair = langpair.to_owned();
            tokio::spawn(async move { lanes.run(&langpair).await });
        }
        // Waiting for the request before it, then for its own.
        match tokio::time::timeout(self.timeout * 2, answered).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => Err(TranslateError::Failed("apertium-apy: no answer".into())),
            Err(_) => Err(TranslateError::Failed("apertium-apy timed out".into())),
        }
    }

    /// Sends the lane's waiting messages, a request at a time, until none wait.
    async fn run(&self, langpair: &str) {
        loop {
            let batch = {
                let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
                let Some(lane) = lanes.get_mut(langpair) else {
                    return;
                };
                let batch = take_batch(&mut lane.waiting);
                if batch.is_empty() {
                    lane.at_apy -= 1;
                    if lane.at_apy == 0 {
                        lanes.remove(langpair);
                    }
                    return;
                }
                batch
            };
            let texts: Vec<&str> = batch.iter().map(|j| j.text.as_str()).collect();
            let answers = self.request_batch(langpair, &texts).await;
            for (job, answer) in batch.into_iter().zip(answers) {
                let _ = job.answer.send(answer);
            }
        }
    }

    /// One request for these messages (or, when its answer cannot be cut back into them, one
    /// each).
    async fn request_batch(
        &self,
        langpair: &str,
        texts: &[&str],
    ) -> Vec<Result<String, TranslateError>> {
        if let [text] = texts {
            return vec![self.request(langpair, text).await];
        }
        match self.request(langpair, &texts.join(BETWEEN)).await {
            Ok(joined) => {
                let pieces: Vec<String> =
                    joined.split(BETWEEN).map(|p| p.trim().to_owned()).collect();
                if pieces.len() == texts.len() {
                    return pieces.into_iter().map(Ok).collect();
                }
                tracing::warn!(
                    langpair,
                    asked = texts.len(),
                    pieces = pieces.len(),
                    "apertium-apy answer not cut back into its messages; asking one at a time"
                );
                let mut answers = Vec::with_capacity(texts.len());
                for text in texts {
                    answers.push(self.request(langpair, text).await);
                }
                answers
            }
            Err(e) => texts.iter().map(|_| Err(e.clone())).collect(),
        }
    }

    async fn request(&self, langpair: &str, text: &str) -> Result<String, TranslateError> {
        // markUnknown=no: no '*' before the words the pair does not know.
        let form = serde_urlencoded::to_string([
            ("q", text),
            ("langpair", langpair),
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
                let (from, to) = langpair.split_once('|').unwrap_or((langpair, "?"));
                return Err(TranslateError::Unsupported(from.into(), to.into()));
            }
            return Err(TranslateError::Failed(format!(
                "apertium-apy {status}: {why}"
            )));
        }
        value["responseData"]["translatedText"]
            .as_str()
            .map(|t| t.trim().to_owned())
            .ok_or_else(|| TranslateError::Failed("apertium-apy: no translatedText".into()))
    }
}

/// The next request's messages, oldest first: up to `BATCH_MESSAGES` and `BATCH_CHARACTERS`
/// (always at least one); a message holding the mark between messages goes alone.
fn take_batch(waiting: &mut VecDeque<Job>) -> Vec<Job> {
    let mut batch: Vec<Job> = Vec::new();
    let mut characters = 0;
    while let Some(next) = waiting.front() {
        let alone = next.text.contains(BETWEEN);
        let fits = batch.len() < BATCH_MESSAGES
            && characters + next.text.len() <= BATCH_CHARACTERS
            && !alone;
        if !batch.is_empty() && !fits {
            break;
        }
        characters += next.text.len();
        if let Some(job) = waiting.pop_front() {
            batch.push(job);
        }
        if alone {
            break;
        }
    }
    batch
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
        let text = self
            .lanes
            .translate(&format!("{source}|{target}"), text)
            .await
            .map_err(|e| match e {
                // In our codes, as the caller asked.
                TranslateError::Unsupported(..) => {
                    TranslateError::Unsupported(from.unwrap_or("?").into(), to.into())
                }
                other => other,
            })?;
        Ok(Translated {
            text,
            provider: "apertium",
        })
    }

    /// Asks `/listPairs` again; the pairs known before stay when it does not answer.
    async fn refresh(&self) -> Result<(), TranslateError> {
        let value: Value = self
            .lanes
            .client
            .get(format!("{}/listPairs", self.lanes.url))
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
