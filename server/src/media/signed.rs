//! Signed URLs of private pictures. Uploads not yet published, chat images, report screenshots
//! and album photos are served only with an expiry and an HMAC-SHA256 over their key and that
//! expiry, made with the installation's media key: a browser's `<img src>` carries no session,
//! so whoever may see a picture is handed a URL that works for a short while, and anyone else
//! (or anyone later: an album photo made private, say) is refused.

use std::path::Path;

use hmac::{Hmac, Mac};
use rand::RngCore;
use secrecy::ExposeSecret;
use serde_json::Value;
use sha2::Sha256;

use crate::config::Config;

/// Folders whose pictures are private: uploads not yet published (their uploader's alone), chat
/// images, report screenshots, album photos and verification selfies (whose URLs only staff are
/// given).
const PRIVATE_FOLDERS: [&str; 5] = ["uploads/", "chat/", "reports/", "album/", "verification/"];

/// Expiries are rounded up to this step, so that the URLs handed out within it are the same and
/// the browser's cache serves a picture shown again.
const EXPIRY_STEP: i64 = 300;

/// Whether a stored key is a private picture (served only with a valid signature).
pub fn is_private(key: &str) -> bool {
    PRIVATE_FOLDERS.iter().any(|folder| key.starts_with(folder))
}

/// What a private picture's URL carries after its key: `?exp=<unix seconds>&sig=<hex>`.
#[derive(Debug, Default, serde::Deserialize)]
pub struct Signature {
    pub exp: Option<i64>,
    pub sig: Option<String>,
}

impl Signature {
    /// The signature in a URL's query string (none readable: an empty one).
    pub fn in_query(query: Option<&str>) -> Signature {
        query
            .and_then(|q| serde_urlencoded::from_str(q).ok())
            .unwrap_or_default()
    }
}

/// The installation's key for picture URLs.
pub struct UrlKey(Vec<u8>);

impl UrlKey {
    /// The configured key, or the one generated into `<data_dir>/media.key` on first start.
    pub fn load(config: &Config) -> anyhow::Result<UrlKey> {
        if let Some(key) = &config.media_key {
            let key = key.expose_secret().trim();
            anyhow::ensure!(
                key.len() >= 32,
                "media_key must have at least 32 characters"
            );
            return Ok(UrlKey(key.as_bytes().to_vec()));
        }
        let path = config.data_dir.join("media.key");
        match std::fs::read_to_string(&path) {
            Ok(hex_key) => Ok(UrlKey(hex::decode(hex_key.trim())?)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let mut key = vec![0u8; 32];
                rand::rng().fill_bytes(&mut key);
                write_private(&path, &hex::encode(&key))?;
                Ok(UrlKey(key))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// A key for another use, named by `purpose`, made from this one: the same on every node,
    /// and telling nothing of this one.
    pub fn derive(&self, purpose: &str) -> [u8; 32] {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.0)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(purpose.as_bytes());
        mac.finalize().into_bytes().into()
    }

    fn mac(&self, key: &str, expires: i64) -> Hmac<Sha256> {
        // A key of any length is accepted by HMAC.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.0)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(key.as_bytes());
        mac.update(b"\n");
        mac.update(expires.to_string().as_bytes());
        mac
    }

    fn sign(&self, key: &str, expires: i64) -> String {
        hex::encode(self.mac(key, expires).finalize().into_bytes())
    }

    /// Whether `signature` is ours for `key` until `expires`, and `expires` is not past.
    pub fn verify(&self, key: &str, expires: i64, signature: &str, now: i64) -> bool {
        let Ok(signature) = hex::decode(signature) else {
            return false;
        };
        // `verify_slice` compares in constant time.
        expires >= now && self.mac(key, expires).verify_slice(&signature).is_ok()
    }
}

/// Writes a new file readable by its owner only.
fn write_private(path: &Path, text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(text.as_bytes())?;
    Ok(())
}

/// Makes the URLs handed out now: private pictures signed until one expiry, the rest plain.
pub struct Signer<'a> {
    key: &'a UrlKey,
    expires: i64,
}

impl<'a> Signer<'a> {
    pub fn new(key: &'a UrlKey, now: i64, lifetime: i64) -> Self {
        let expires = (now + lifetime.max(1)) / EXPIRY_STEP * EXPIRY_STEP + EXPIRY_STEP;
        Signer { key, expires }
    }

    /// The URL a client fetches a stored object from.
    pub fn url(&self, key: &str) -> String {
        if is_private(key) {
            format!(
                "/media/{key}?exp={}&sig={}",
                self.expires,
                self.key.sign(key, self.expires)
            )
        } else {
            super::Media::url(key)
        }
    }

    /// A stored image message's content (`{"url", "thumb"}`, plain `/media/...` URLs) with its
    /// URLs signed; None when there is nothing to sign.
    pub fn image_content(&self, content: &str) -> Option<String> {
        let mut value: Value = serde_json::from_str(content).ok()?;
        let object = value.as_object_mut()?;
        let mut signed = false;
        for field in ["url", "thumb"] {
            let Some(key) = object
                .get(field)
                .and_then(Value::as_str)
                .and_then(stored_key)
            else {
                continue;
            };
            let url = self.url(key);
            object.insert(field.to_owned(), Value::String(url));
            signed = true;
        }
        signed.then(|| value.to_string())
    }
}

/// The stored key of a `/media/...` URL (any query left off).
pub fn stored_key(url: &str) -> Option<&str> {
    let key = url.strip_prefix("/media/")?;
    Some(key.split_once('?').map_or(key, |(k, _)| k))
}

/// The stored keys an image message's content names (to delete them).
pub fn image_keys(content: &str) -> Vec<String> {
    let Ok(value) = serde_json::from_str::<Value>(content) else {
        return Vec::new();
    };
    ["url", "thumb"]
        .iter()
        .filter_map(|f| value.get(f).and_then(Value::as_str).and_then(stored_key))
        .map(str::to_owned)
        .collect()
}
