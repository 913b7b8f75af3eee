//! A stand-in speaking LibreTranslate's wire format: `GET /languages` lists the languages it is
//! told, each with its targets, and `POST /translate` (`q, source, target, format, api_key`)
//! answers `{"translatedText"}` from a small dictionary (else the text marked with the target,
//! `[ja] ...`), after a delay a real server would take, or fails into a target while told to.
//! Every request is recorded.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

#[derive(Clone, Default)]
struct Standin {
    /// LibreTranslate's code -> the codes it translates into.
    languages: Arc<Vec<(&'static str, Vec<&'static str>)>>,
    /// (source, target, text) -> translation.
    dictionary: Arc<HashMap<(String, String, String), String>>,
    seen: Arc<Mutex<Vec<Value>>>,
    /// Translations into this target fail (`*`: all of them).
    failing: Arc<Mutex<Option<String>>>,
    delay: Duration,
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
    pub async fn start_slow(
        languages: &[(&'static str, &[&'static str])],
        dictionary: &[(&str, &str, &str, &str)],
        delay: Duration,
    ) -> LibreTranslateStandin {
        let state = Standin {
            languages: Arc::new(languages.iter().map(|(c, t)| (*c, t.to_vec())).collect()),
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
        let router = axum::Router::new()
            .route("/languages", axum::routing::get(languages_of))
            .route("/translate", axum::routing::post(translate))
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await });
        LibreTranslateStandin {
            url: format!("http://{addr}"),
            state,
        }
    }

    /// Every language into every other.
    pub async fn everything(dictionary: &[(&str, &str, &str, &str)]) -> LibreTranslateStandin {
        let languages: Vec<(&'static str, &[&'static str])> =
            ALL.iter().map(|c| (*c, ALL)).collect();
        Self::start(&languages, dictionary).await
    }

    /// The bodies of the `/translate` requests so far.
    pub fn requests(&self) -> Vec<Value> {
        self.state.seen.lock().unwrap().clone()
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
        *self.state.failing.lock().unwrap() = target.map(str::to_owned);
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

async fn translate(State(s): State<Standin>, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
    s.seen.lock().unwrap().push(body.clone());
    tokio::time::sleep(s.delay).await;
    let failing = s.failing.lock().unwrap().clone();
    if failing.is_some_and(|f| f == "*" || Some(f.as_str()) == body["target"].as_str()) {
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            Json(json!({ "error": "the stand-in was told to fail" })),
        );
    }
    let field = |k: &str| body[k].as_str().unwrap_or_default().to_owned();
    let (source, target, q) = (field("source"), field("target"), field("q"));
    let listed = s
        .languages
        .iter()
        .any(|(c, targets)| *c == source && targets.contains(&target.as_str()));
    if !listed {
        return (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": format!("{source} to {target} is not supported") })),
        );
    }
    let text = s
        .dictionary
        .get(&(source, target.clone(), q.clone()))
        .cloned()
        .unwrap_or_else(|| format!("[{target}] {q}"));
    (StatusCode::OK, Json(json!({ "translatedText": text })))
}
