//! Argon2id password hashing with the OWASP parameters (19 MiB, 2 passes, 1 lane), on blocking
//! threads so the async runtime keeps serving, and with a bound on concurrent hashes so a burst
//! of logins cannot exhaust memory.

use std::sync::{Arc, OnceLock};

use argon2::password_hash::{rand_core::OsRng, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Params, PasswordHasher as _, PasswordVerifier as _, Version};
use tokio::sync::Semaphore;

use crate::api::error::ApiError;

#[derive(Clone)]
pub struct PasswordHasher {
    permits: Arc<Semaphore>,
}

fn argon2() -> Argon2<'static> {
    // OWASP Password Storage Cheat Sheet: m=19456 KiB, t=2, p=1.
    let params = Params::new(19_456, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A real hash of a random password, verified against when the account does not exist so
/// that a failed login takes as long either way.
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        argon2()
            .hash_password(uuid::Uuid::new_v4().as_bytes(), &salt)
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

impl PasswordHasher {
    pub fn new(concurrency: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(concurrency.max(1))),
        }
    }

    pub async fn hash(&self, password: &str) -> Result<String, ApiError> {
        let password = password.to_owned();
        self.run(move || {
            let salt = SaltString::generate(&mut OsRng);
            argon2()
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("argon2: {e}")))
        })
        .await
    }

    /// True when `password` matches `hash`; with no hash, burns the same time and answers false.
    pub async fn verify(&self, password: &str, hash: Option<&str>) -> Result<bool, ApiError> {
        let password = password.to_owned();
        let known = hash.is_some_and(|h| !h.is_empty());
        let hash = if known {
            hash.unwrap_or_default().to_owned()
        } else {
            decoy_hash().to_owned()
        };
        let matched = self
            .run(move || {
                Ok(PasswordHash::new(&hash)
                    .map(|parsed| {
                        argon2()
                            .verify_password(password.as_bytes(), &parsed)
                            .is_ok()
                    })
                    .unwrap_or(false))
            })
            .await?;
        Ok(known && matched)
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| ApiError::Internal(e.into()))?
    }
}
