//! Apertium for the stories: a real APY (Debian's `apertium-apy`, with the installed pairs)
//! started on a free loopback port and stopped with the story, and a stand-in speaking APY's
//! wire format that lists the pairs it is told, records each request and answers as it is told
//! (a translation, an error, or nothing before the server's time-out).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

/// A running `apertium-apy`, stopped when dropped.
pub struct Apy {
    pub url: String,
    _child: tokio::process::Child,
    _dir: tempfile::TempDir,
}

impl Apy {
    /// Starts APY on the installed pairs and waits until it lists them.
    pub async fn start() -> Apy {
        let port = {
            let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            probe.local_addr().unwrap().port()
        };
        let dir = tempfile::tempdir().unwrap();
        let child = tokio::process::Command::new("apertium-apy")
            .args(["-p", &port.to_string(), "/usr/share/apertium/modes"])
            .current_dir(dir.path())
            .env("LC_ALL", "C.UTF-8")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("apertium-apy must be installed (.ci/run installs it)");
        let url = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        // APY loads every installed pair before it answers: seconds on a quiet machine, and up
        // to a minute on a busy one.
        for _ in 0..900 {
            if let Ok(res) = http.get(format!("{url}/listPairs")).send().await {
                if res.status().is_success() {
                    return Apy {
                        url,
                        _child: child,
                        _dir: dir,
                    };
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("apertium-apy did not start on port {port}");
    }
}

/// How the stand-in answers `/translate`.
#[derive(Clone)]
pub enum ApyAnswer {
    /// This translation.
    Text(&'static str),
    /// This status, with APY's error body.
    Error(StatusCode, &'static str),
    /// Nothing for this long.
    Silence(Duration),
    /// After `delay`, each message of the request marked `es:`, as a pipeline would keep them:
    /// between the marks APY keeps in place (`keep_marks`), or run together without them.
    Echo { delay: Duration, keep_marks: bool },
}

/// The mark between two messages of one request, as the server writes it.
pub const BETWEEN: &str = "\n.\n";

/// The form fields of one request.
type Fields = Vec<(String, String)>;

#[derive(Clone)]
struct Standin {
    pairs: Arc<Mutex<Vec<(&'static str, &'static str)>>>,
    answer: Arc<Mutex<ApyAnswer>>,
    seen: Arc<Mutex<Vec<Fields>>>,
    listed: Arc<Mutex<usize>>,
}

/// A server speaking APY's wire format.
pub struct ApyStandin {
    pub url: String,
    state: Standin,
}

impl ApyStandin {
    pub async fn start(pairs: &[(&'static str, &'static str)], answer: ApyAnswer) -> ApyStandin {
        let state = Standin {
            pairs: Arc::new(Mutex::new(pairs.to_vec())),
            answer: Arc::new(Mutex::new(answer)),
            seen: Arc::default(),
            listed: Arc::default(),
        };
        let router = axum::Router::new()
            .route("/listPairs", axum::routing::get(list_pairs))
            .route("/translate", axum::routing::post(translate))
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await });
        ApyStandin {
            url: format!("http://{addr}"),
            state,
        }
    }

    /// The form fields of each `/translate` request so far.
    pub fn requests(&self) -> Vec<Fields> {
        self.state.seen.lock().unwrap().clone()
    }

    /// How many times `/listPairs` was asked.
    pub fn listed(&self) -> usize {
        *self.state.listed.lock().unwrap()
    }

    pub fn offer(&self, pairs: &[(&'static str, &'static str)]) {
        *self.state.pairs.lock().unwrap() = pairs.to_vec();
    }

    pub fn answer(&self, answer: ApyAnswer) {
        *self.state.answer.lock().unwrap() = answer;
    }
}

async fn list_pairs(State(s): State<Standin>) -> Json<Value> {
    *s.listed.lock().unwrap() += 1;
    let pairs: Vec<Value> = s
        .pairs
        .lock()
        .unwrap()
        .iter()
        .map(|(from, to)| json!({ "sourceLanguage": from, "targetLanguage": to }))
        .collect();
    Json(json!({ "responseData": pairs, "responseDetails": null, "responseStatus": 200 }))
}

async fn translate(
    State(s): State<Standin>,
    Form(form): Form<Fields>,
) -> (StatusCode, Json<Value>) {
    s.seen.lock().unwrap().push(form.clone());
    let answer = s.answer.lock().unwrap().clone();
    match answer {
        ApyAnswer::Text(text) => (
            StatusCode::OK,
            Json(
                json!({ "responseData": { "translatedText": text }, "responseDetails": null, "responseStatus": 200 }),
            ),
        ),
        ApyAnswer::Error(status, explanation) => (
            status,
            Json(
                json!({ "status": "error", "code": status.as_u16(), "message": "Error", "explanation": explanation }),
            ),
        ),
        ApyAnswer::Silence(d) => {
            tokio::time::sleep(d).await;
            (StatusCode::OK, Json(json!({})))
        }
        ApyAnswer::Echo { delay, keep_marks } => {
            tokio::time::sleep(delay).await;
            let q = form
                .iter()
                .find(|(k, _)| k == "q")
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            let pieces: Vec<String> = q.split(BETWEEN).map(|p| format!("es:{p}")).collect();
            let text = pieces.join(if keep_marks { BETWEEN } else { " " });
            (
                StatusCode::OK,
                Json(
                    json!({ "responseData": { "translatedText": text }, "responseDetails": null, "responseStatus": 200 }),
                ),
            )
        }
    }
}
