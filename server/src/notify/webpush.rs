//! Web Push message encryption (RFC 8291, aes128gcm of RFC 8188) and VAPID signing (RFC 8292),
//! with the RustCrypto primitives. `decrypt` is the user agent's side, for tests and tools.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes128Gcm, Nonce};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hkdf::Hkdf;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::{PublicKey, SecretKey};
use rand::RngCore;
use sha2::Sha256;

/// Record size announced in the header; our payloads fit one record.
const RECORD_SIZE: u32 = 4096;

#[derive(Debug, thiserror::Error)]
pub enum PushError {
    #[error("bad key: {0}")]
    Key(String),
    #[error("crypto failure")]
    Crypto,
}

/// A new P-256 secret from the operating system's randomness.
pub fn new_secret() -> SecretKey {
    loop {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        if let Ok(key) = SecretKey::from_slice(&bytes) {
            return key;
        }
    }
}

/// The uncompressed SEC1 public key (65 bytes), as browsers and VAPID want it.
pub fn public_bytes(secret: &SecretKey) -> Vec<u8> {
    secret
        .public_key()
        .to_encoded_point(false)
        .as_bytes()
        .to_vec()
}

pub fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

pub fn unb64(text: &str) -> Result<Vec<u8>, PushError> {
    URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('='))
        .or_else(|_| base64::engine::general_purpose::STANDARD.decode(text))
        .map_err(|e| PushError::Key(e.to_string()))
}

fn hkdf(salt: &[u8], ikm: &[u8], info: &[u8], out: &mut [u8]) -> Result<(), PushError> {
    Hkdf::<Sha256>::new(Some(salt), ikm)
        .expand(info, out)
        .map_err(|_| PushError::Crypto)
}

/// Content key and nonce from the shared secret (RFC 8291 section 3.4).
fn derive(
    ecdh_secret: &[u8],
    auth: &[u8],
    ua_public: &[u8],
    as_public: &[u8],
    salt: &[u8],
) -> Result<([u8; 16], [u8; 12]), PushError> {
    let mut key_info = b"WebPush: info\0".to_vec();
    key_info.extend_from_slice(ua_public);
    key_info.extend_from_slice(as_public);
    let mut ikm = [0u8; 32];
    hkdf(auth, ecdh_secret, &key_info, &mut ikm)?;
    let mut cek = [0u8; 16];
    let mut nonce = [0u8; 12];
    hkdf(salt, &ikm, b"Content-Encoding: aes128gcm\0", &mut cek)?;
    hkdf(salt, &ikm, b"Content-Encoding: nonce\0", &mut nonce)?;
    Ok((cek, nonce))
}

/// Encrypts `payload` for the subscription with keys `p256dh` and `auth` (base64url).
pub fn encrypt(payload: &[u8], p256dh: &str, auth: &str) -> Result<Vec<u8>, PushError> {
    let ua_public_bytes = unb64(p256dh)?;
    let auth = unb64(auth)?;
    let ua_public =
        PublicKey::from_sec1_bytes(&ua_public_bytes).map_err(|e| PushError::Key(e.to_string()))?;
    let ephemeral = new_secret();
    let as_public = public_bytes(&ephemeral);
    let shared = p256::ecdh::diffie_hellman(ephemeral.to_nonzero_scalar(), ua_public.as_affine());
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let (cek, nonce) = derive(
        shared.raw_secret_bytes(),
        &auth,
        &ua_public_bytes,
        &as_public,
        &salt,
    )?;
    let mut record = payload.to_vec();
    record.push(2); // the last (and only) record's delimiter
    let cipher = Aes128Gcm::new_from_slice(&cek).map_err(|_| PushError::Crypto)?;
    let sealed = cipher
        .encrypt(Nonce::from_slice(&nonce), record.as_ref())
        .map_err(|_| PushError::Crypto)?;
    let mut body = Vec::with_capacity(16 + 4 + 1 + 65 + sealed.len());
    body.extend_from_slice(&salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(u8::try_from(as_public.len()).map_err(|_| PushError::Crypto)?);
    body.extend_from_slice(&as_public);
    body.extend_from_slice(&sealed);
    Ok(body)
}

/// The user agent's side: decrypts a body made by `encrypt` with its own secret and auth.
pub fn decrypt(body: &[u8], ua_secret: &SecretKey, auth: &[u8]) -> Result<Vec<u8>, PushError> {
    if body.len() < 21 {
        return Err(PushError::Crypto);
    }
    let salt = &body[..16];
    let id_len = usize::from(body[20]);
    let as_public_bytes = body.get(21..21 + id_len).ok_or(PushError::Crypto)?;
    let sealed = &body[21 + id_len..];
    let as_public =
        PublicKey::from_sec1_bytes(as_public_bytes).map_err(|e| PushError::Key(e.to_string()))?;
    let shared = p256::ecdh::diffie_hellman(ua_secret.to_nonzero_scalar(), as_public.as_affine());
    let ua_public = public_bytes(ua_secret);
    let (cek, nonce) = derive(
        shared.raw_secret_bytes(),
        auth,
        &ua_public,
        as_public_bytes,
        salt,
    )?;
    let cipher = Aes128Gcm::new_from_slice(&cek).map_err(|_| PushError::Crypto)?;
    let mut record = cipher
        .decrypt(Nonce::from_slice(&nonce), sealed)
        .map_err(|_| PushError::Crypto)?;
    // Strip the padding and the delimiter.
    while record.last() == Some(&0) {
        record.pop();
    }
    if record.pop() != Some(2) {
        return Err(PushError::Crypto);
    }
    Ok(record)
}

/// The `Authorization` header for a push to `endpoint` (VAPID, ES256).
pub fn vapid_header(
    key: &SecretKey,
    endpoint: &str,
    subject: &str,
    now: i64,
) -> Result<String, PushError> {
    let url = url::Url::parse(endpoint).map_err(|e| PushError::Key(e.to_string()))?;
    let audience = url.origin().ascii_serialization();
    let header = b64(br#"{"typ":"JWT","alg":"ES256"}"#);
    let claims = b64(
        serde_json::json!({ "aud": audience, "exp": now + 12 * 3600, "sub": subject })
            .to_string()
            .as_bytes(),
    );
    let signing_input = format!("{header}.{claims}");
    let signature: Signature = SigningKey::from(key).sign(signing_input.as_bytes());
    let jwt = format!("{signing_input}.{}", b64(&signature.to_bytes()));
    Ok(format!("vapid t={jwt}, k={}", b64(&public_bytes(key))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_agent_decrypts_what_we_encrypt() {
        let ua = new_secret();
        let auth = [7u8; 16];
        let body =
            encrypt(b"hello there", &b64(&public_bytes(&ua)), &b64(&auth)).unwrap_or_default();
        assert_eq!(
            decrypt(&body, &ua, &auth).unwrap_or_default(),
            b"hello there"
        );
        assert!(decrypt(&body, &new_secret(), &auth).is_err());
    }
}
