//! What the providers' HTTP APIs share: one client with short time-outs (a provider that does
//! not answer leaves the order unfinished, it does not hold the buyer), answers read as JSON,
//! and access tokens kept until shortly before they expire.

use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use tokio::sync::Mutex;

use crate::wallet::payment::PaymentError;

/// A client for one provider's API.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(3))
        .timeout(Duration::from_secs(10))
        .user_agent(concat!("amora/", env!("CARGO_PKG_VERSION")))
        .build()
        .unwrap_or_default()
}

/// A request that did not get an answer: the provider is unavailable.
pub fn unreachable(e: reqwest::Error) -> PaymentError {
    PaymentError::Unavailable(e.to_string())
}

/// An answer's status and its body as JSON (a 5xx or an unreadable body is the provider being
/// unavailable; 4xx answers are for the caller to read).
pub async fn read<T: DeserializeOwned>(
    response: reqwest::Response,
) -> Result<(reqwest::StatusCode, Result<T, serde_json::Value>), PaymentError> {
    let status = response.status();
    let body = response.bytes().await.map_err(unreachable)?;
    if status.is_server_error() {
        return Err(PaymentError::Unavailable(format!("{status}")));
    }
    if status.is_success() {
        let value = serde_json::from_slice(&body)
            .map_err(|e| PaymentError::Unavailable(format!("unreadable answer: {e}")))?;
        return Ok((status, Ok(value)));
    }
    let problem = serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null);
    Ok((status, Err(problem)))
}

/// A successful answer as `T`; any refusal is the provider being unavailable to us (our
/// credentials or request are wrong: an operator's matter, logged).
pub async fn expect<T: DeserializeOwned>(response: reqwest::Response) -> Result<T, PaymentError> {
    match read(response).await? {
        (_, Ok(value)) => Ok(value),
        (status, Err(problem)) => Err(PaymentError::Unavailable(format!("{status}: {problem}"))),
    }
}

/// A thing the provider keeps (an order, a session) read by its id: one it does not know is
/// refused (someone named what is not theirs); any other refusal is the provider unavailable.
pub async fn found<T: DeserializeOwned>(
    response: reqwest::Response,
    what: &str,
) -> Result<T, PaymentError> {
    match read(response).await? {
        (_, Ok(value)) => Ok(value),
        (reqwest::StatusCode::NOT_FOUND, Err(_)) => {
            Err(PaymentError::Refused(format!("no {what}")))
        }
        (status, Err(problem)) => Err(PaymentError::Unavailable(format!("{status}: {problem}"))),
    }
}

/// An OAuth access token, fetched when missing and kept until a minute before it expires.
#[derive(Default)]
pub struct TokenCache {
    token: Mutex<Option<(String, Instant)>>,
}

impl TokenCache {
    pub async fn get<F, Fut>(&self, fetch: F) -> Result<String, PaymentError>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<(String, u64), PaymentError>>,
    {
        let mut held = self.token.lock().await;
        if let Some((token, until)) = held.as_ref() {
            if Instant::now() < *until {
                return Ok(token.clone());
            }
        }
        let (token, expires_in) = fetch().await?;
        let keep = Duration::from_secs(expires_in.saturating_sub(60).max(1));
        *held = Some((token.clone(), Instant::now() + keep));
        Ok(token)
    }

    /// Drops the token the provider no longer takes: the next call fetches another.
    pub async fn forget(&self) {
        *self.token.lock().await = None;
    }

    /// The provider refused `token` before its time (revoked, the secret rotated): it is
    /// dropped, unless a call that met the same refusal has fetched another already, so that
    /// many calls refused at once fetch one new token between them.
    pub async fn refused(&self, token: &str) {
        let mut held = self.token.lock().await;
        if held.as_ref().is_some_and(|(t, _)| t == token) {
            *held = None;
        }
    }
}
