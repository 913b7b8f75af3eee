//! The service account the Play Developer API is called as: its JSON key file (as the Google
//! Cloud console gives it), the assertion it signs to ask for an access token (the OAuth 2.0
//! JWT bearer grant, RFC 7523: RS256 over `iss`, `scope`, `aud`, `iat`, `exp`), and the token
//! kept until shortly before it expires.

use std::path::Path;

use anyhow::Context;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use ring::rand::SystemRandom;
use ring::signature::{RsaKeyPair, RSA_PKCS1_SHA256};
use serde::Deserialize;
use serde_json::json;

use crate::wallet::payment::http::{self, unreachable, TokenCache};
use crate::wallet::payment::PaymentError;

/// What the Play Developer API lets the account do.
pub const SCOPE: &str = "https://www.googleapis.com/auth/androidpublisher";

/// How long an assertion is good for (Google takes at most an hour).
const LIFETIME: i64 = 3600;

/// The key file, as much of it as we read.
#[derive(Deserialize)]
struct KeyFile {
    client_email: String,
    private_key: String,
    token_uri: String,
    #[serde(default)]
    private_key_id: Option<String>,
}

#[derive(Deserialize)]
struct AccessToken {
    access_token: String,
    expires_in: u64,
}

pub struct ServiceAccount {
    email: String,
    key: RsaKeyPair,
    key_id: Option<String>,
    token_uri: String,
    token: TokenCache,
    rng: SystemRandom,
}

impl ServiceAccount {
    /// Reads the key file; a file that is not a service account's key, or whose key is not an
    /// RSA key in PKCS#8 PEM, is refused.
    pub fn read(path: &Path) -> anyhow::Result<ServiceAccount> {
        let text = std::fs::read_to_string(path).context("cannot read the key file")?;
        let file: KeyFile = serde_json::from_str(&text)
            .context("not a service account key (client_email, private_key, token_uri)")?;
        let der = pem_private_key(&file.private_key)
            .context("private_key is not a PEM \"PRIVATE KEY\" (PKCS#8)")?;
        let key = RsaKeyPair::from_pkcs8(&der).map_err(|e| {
            anyhow::anyhow!("private_key is not an RSA key Google would sign with: {e}")
        })?;
        anyhow::ensure!(
            file.token_uri.starts_with("https://") || file.token_uri.starts_with("http://"),
            "token_uri is not a URL"
        );
        Ok(ServiceAccount {
            email: file.client_email,
            key,
            key_id: file.private_key_id,
            token_uri: file.token_uri,
            token: TokenCache::default(),
            rng: SystemRandom::new(),
        })
    }

    /// The signed assertion made at `now` (unix seconds).
    pub fn assertion(&self, now: i64) -> Result<String, PaymentError> {
        let mut header = json!({ "alg": "RS256", "typ": "JWT" });
        if let Some(kid) = &self.key_id {
            header["kid"] = json!(kid);
        }
        let claims = json!({
            "iss": self.email,
            "scope": SCOPE,
            "aud": self.token_uri,
            "iat": now,
            "exp": now + LIFETIME,
        });
        let signed = format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(header.to_string()),
            URL_SAFE_NO_PAD.encode(claims.to_string())
        );
        let mut signature = vec![0u8; self.key.public().modulus_len()];
        self.key
            .sign(
                &RSA_PKCS1_SHA256,
                &self.rng,
                signed.as_bytes(),
                &mut signature,
            )
            .map_err(|_| {
                PaymentError::Unavailable("the service account key did not sign".into())
            })?;
        Ok(format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature)))
    }

    /// An access token for the Play Developer API: the one held, or a new one for a fresh
    /// assertion.
    pub async fn bearer(&self, client: &reqwest::Client) -> Result<String, PaymentError> {
        self.token
            .get(|| async {
                let assertion = self.assertion(chrono::Utc::now().timestamp())?;
                let response = client
                    .post(&self.token_uri)
                    .form(&[
                        ("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"),
                        ("assertion", assertion.as_str()),
                    ])
                    .send()
                    .await
                    .map_err(unreachable)?;
                let token: AccessToken = http::expect(response).await?;
                Ok((token.access_token, token.expires_in))
            })
            .await
    }

    /// Drops the token Google no longer takes (revoked, the key rotated).
    pub async fn forget(&self) {
        self.token.forget().await;
    }
}

/// The DER inside `-----BEGIN PRIVATE KEY-----` ... `-----END PRIVATE KEY-----`.
fn pem_private_key(pem: &str) -> Option<Vec<u8>> {
    let body = pem
        .trim()
        .strip_prefix("-----BEGIN PRIVATE KEY-----")?
        .strip_suffix("-----END PRIVATE KEY-----")?;
    let base64: String = body.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    STANDARD.decode(base64).ok()
}
