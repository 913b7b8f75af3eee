//! A stand-in speaking LibreTranslate's wire format: `GET /languages` lists the languages it is
//! told, each with its targets, and `POST /translate` (a JSON body of `q, source, target,
//! format, api_key`) answers `{"translatedText"}` from a small dictionary (else the text marked
//! with the target, `[ja] ...`), after a delay a real server would take, or fails into a target
//! while told to. Every request is recorded; one LibreTranslate would refuse is written down as
//! a problem.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::net::TcpListener;

use crate::http::{self, lock, Log};

/// A language: LibreTranslate's code and the codes it translates into.
pub type Language = (&'static str, Vec<&'static str>);

#[derive(Clone, Default)]
struct Standin {
    languages: Arc<Vec<Language>>,
    /// (source, target, text) -> translation.
    dictionary: Arc<HashMap<(String, String, String), String>>,
    seen: Arc<Mutex<Vec<Value>>>,
    /// Translations into this target fail (`*`: all of them).
    failing: Arc<Mutex<Option<String>>>,
    delay: Duration,
    log: Log,
}

pub struct LibreTranslateStandin {
    pub url: String,
    state: Standin,
}

/// Every language LibreTranslate names ours with, each into every other.
pub const ALL: &[&str] = &["en", "zh-Hans", "zh-Hant", "ja", "es", "ko", "de", "ru"];

impl LibreTranslateStandin {
    /// `languages`: each code with its targets. `dictionary`: (source, target, text, translation).
    pub async fn start(
        languages: &[(&'static str, &[&'static str])],
        dictionary: &[(&str, &str, &str, &str)],
    ) -> LibreTranslateStandin {
        Self::start_slow(languages, dictionary, Duration::from_millis(50)).await
    }

    /// As `start`, each translation taking `delay`.
    ///
    /// # Panics
    /// When no port can be had.
    pub async fn start_slow(
        languages: &[(&'static str, &[&'static str])],
        dictionary: &[(&str, &str, &str, &str)],
        delay: Duration,
    ) -> LibreTranslateStandin {
        let languages = languages.iter().map(|(c, t)| (*c, t.to_vec())).collect();
        let listening = http::bind_loopback(0)
            .await
            .and_then(|listener| Self::serve(listener, languages, dictionary, delay));
        match listening {
            Ok(standin) => standin,
            Err(e) => panic!("LibreTranslate's stand-in cannot listen: {e}"),
        }
    }

    /// Every language into every other.
    pub async fn everything(dictionary: &[(&str, &str, &str, &str)]) -> LibreTranslateStandin {
        let languages: Vec<(&'static str, &[&'static str])> =
            ALL.iter().map(|c| (*c, ALL)).collect();
        Self::start(&languages, dictionary).await
    }

    /// A LibreTranslate serving on `listener`.
    pub fn serve(
        listener: TcpListener,
        languages: Vec<Language>,
        dictionary: &[(&str, &str, &str, &str)],
        delay: Duration,
    ) -> std::io::Result<LibreTranslateStandin> {
        let state = Standin {
            languages: Arc::new(languages),
            dictionary: Arc::new(
                dictionary
                    .iter()
                    .map(|(s, t, q, a)| {
                        (
                            ((*s).to_owned(), (*t).to_owned(), (*q).to_owned()),
                            (*a).to_owned(),
                        )
                    })
                    .collect(),
            ),
            delay,
            ..Standin::default()
        };
        let url = http::url_of(&listener)?;
        let router = Router::new()
            .route("/languages", get(languages_of))
            .route("/translate", post(translate))
            .with_state(state.clone());
        http::serve(listener, &state.log, router);
        Ok(LibreTranslateStandin { url, state })
    }

    /// What LibreTranslate was asked, and what it would have refused.
    pub fn log(&self) -> &Log {
        &self.state.log
    }

    /// The bodies of the `/translate` requests so far, as they arrived.
    pub fn requests(&self) -> Vec<Value> {
        lock(&self.state.seen).clone()
    }

    /// (source, target) of each `/translate` request so far.
    pub fn pairs(&self) -> Vec<(String, String)> {
        self.requests()
            .iter()
            .map(|r| {
                (
                    r["source"].as_str().unwrap_or_default().to_owned(),
                    r["target"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect()
    }

    /// Translations into `target` (`*`: any) answer 500 from now on; None: none do.
    pub fn fail_into(&self, target: Option<&str>) {
        *lock(&self.state.failing) = target.map(str::to_owned);
    }
}

async fn languages_of(State(s): State<Standin>) -> Json<Value> {
    Json(Value::Array(
        s.languages
            .iter()
            .map(|(code, targets)| json!({ "code": code, "name": code, "targets": targets }))
            .collect(),
    ))
}

async fn translate(State(s): State<Standin>, body: String) -> (StatusCode, Json<Value>) {
    let body: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    lock(&s.seen).push(body.clone());
    tokio::time::sleep(s.delay).await;
    let failing = lock(&s.failing).clone();
    if failing.is_some_and(|f| f == "*" || Some(f.as_str()) == body["target"].as_str()) {
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            Json(json!({ "error": "the stand-in was told to fail" })),
        );
    }
    let (Some(source), Some(target), Some(q)) = (
        body["source"].as_str(),
        body["target"].as_str(),
        body["q"].as_str(),
    ) else {
        s.log
            .problem(format!("translate without q, source and target: {body}"));
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": "Invalid request: missing q, source or target" })),
        );
    };
    if body["format"] != "text" || !body["api_key"].is_string() {
        s.log.problem(format!(
            "translate with format {} and api_key {}",
            body["format"], body["api_key"]
        ));
    }
    let listed = s
        .languages
        .iter()
        .any(|(c, targets)| *c == source && targets.contains(&target));
    if !listed {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": format!("{source} to {target} is not supported") })),
        );
    }
    let key = (source.to_owned(), target.to_owned(), q.to_owned());
    let text = s
        .dictionary
        .get(&key)
        .cloned()
        .unwrap_or_else(|| format!("[{target}] {q}"));
    (StatusCode::OK, Json(json!({ "translatedText": text })))
}
