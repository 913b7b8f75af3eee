//! Secrets as tokens: new random tokens with the hash the database keeps, and comparison that
//! takes as long whatever the bytes.

use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A new token and the hash the database keeps.
pub fn new_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let hash = token_hash(&token);
    (token, hash)
}

/// Equality that takes as long whatever the bytes (for secrets).
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The SHA-256 of a token, as the database keeps it.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
