//! Media: pictures people upload, kept in an object store (a local folder by default, an
//! S3-compatible bucket at scale) under content-unique keys and served with long cache headers.
//! Every image is decoded by its content and re-encoded, so no metadata (EXIF, GPS) survives,
//! and a thumbnail is made beside it. Pictures are checked for their size in pixels before they
//! are decoded, and only a few are decoded at once (`image.rs`). Chat images and report
//! screenshots are private: they are served only through short-lived signed URLs (`signed`).

mod image;
pub mod routes;
pub mod signed;

use std::sync::Arc;

use base64::Engine;
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use object_store::ObjectStore;
use tokio::sync::Semaphore;

use crate::api::error::ApiError;
use crate::config::Config;
use crate::i18n::Msg;

/// Largest picture accepted, SPEC section 9.
pub const MAX_IMAGE_BYTES: usize = 10 * 1024 * 1024;

#[derive(Clone)]
pub struct Media {
    store: Arc<dyn ObjectStore>,
    /// Pictures decoded at once: each may take up to 128 MiB and a core for a second.
    decoding: Arc<Semaphore>,
    url_key: Arc<signed::UrlKey>,
    /// How long a signed URL stays valid, in seconds.
    url_seconds: i64,
}

/// A stored picture: its key and its thumbnail's key.
#[derive(Debug, Clone)]
pub struct StoredImage {
    pub key: String,
    pub thumb_key: String,
}

impl Media {
    pub fn from_config(config: &Config) -> anyhow::Result<Media> {
        let store: Arc<dyn ObjectStore> = match config.media_url.as_deref() {
            None | Some("") => {
                let dir = config.data_dir.join("media");
                std::fs::create_dir_all(&dir)?;
                Arc::new(LocalFileSystem::new_with_prefix(dir)?)
            }
            Some(url) if url.starts_with("s3://") => {
                anyhow::bail!("this build has no S3 support; build with the `s3` feature")
            }
            Some(dir) => {
                std::fs::create_dir_all(dir)?;
                Arc::new(LocalFileSystem::new_with_prefix(dir)?)
            }
        };
        Ok(Media {
            store,
            decoding: Arc::new(Semaphore::new(config.image_concurrency.max(1))),
            url_key: Arc::new(signed::UrlKey::load(config)?),
            url_seconds: config.media_url_seconds,
        })
    }

    /// Makes the URLs handed out at `now`.
    pub fn signer(&self, now: i64) -> signed::Signer<'_> {
        signed::Signer::new(&self.url_key, now, self.url_seconds)
    }

    /// Whether a signed URL's expiry and signature are valid for `key` at `now`.
    pub fn verify(&self, key: &str, expires: i64, signature: &str, now: i64) -> bool {
        self.url_key.verify(key, expires, signature, now)
    }

    /// How long a signed URL stays valid, in seconds.
    pub fn url_seconds(&self) -> i64 {
        self.url_seconds
    }

    /// Decodes a base64 picture (a `data:` URL or bare base64), re-encodes it and its thumbnail,
    /// and stores both under `folder/`.
    pub async fn put_base64_image(
        &self,
        folder: &str,
        data: &str,
    ) -> Result<StoredImage, ApiError> {
        self.put_image(folder, decode_base64_image(data)?).await
    }

    /// Re-encodes a picture and its thumbnail and stores both under `folder/`.
    pub async fn put_image(&self, folder: &str, bytes: Vec<u8>) -> Result<StoredImage, ApiError> {
        let permit = self
            .decoding
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        let processed = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            image::process(&bytes)
        })
        .await
        .map_err(|e| ApiError::Internal(e.into()))??;
        let id = uuid::Uuid::new_v4().simple().to_string();
        let key = format!("{folder}/{id}.jpg");
        let thumb_key = format!("{folder}/{id}_thumb.jpg");
        self.put(&key, processed.full).await?;
        self.put(&thumb_key, processed.thumb).await?;
        Ok(StoredImage { key, thumb_key })
    }

    async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), ApiError> {
        self.store
            .put(&StorePath::from(key), bytes.into())
            .await
            .map_err(|e| ApiError::Internal(e.into()))?;
        Ok(())
    }

    pub async fn get(&self, key: &str) -> Result<bytes::Bytes, ApiError> {
        let path = StorePath::parse(key).map_err(|_| ApiError::NotFound)?;
        match self.store.get(&path).await {
            Ok(found) => found
                .bytes()
                .await
                .map_err(|e| ApiError::Internal(e.into())),
            Err(object_store::Error::NotFound { .. }) => Err(ApiError::NotFound),
            Err(e) => Err(ApiError::Internal(e.into())),
        }
    }

    /// Removes stored objects; a missing one is not an error.
    pub async fn delete(&self, keys: &[&str]) {
        for key in keys {
            match self.store.delete(&StorePath::from(*key)).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
                Err(e) => tracing::warn!(key, error = %e, "could not delete media"),
            }
        }
    }

    /// The URL a client fetches a public stored object from (private ones: `signer`).
    pub fn url(key: &str) -> String {
        format!("/media/{key}")
    }
}

/// Accepts `data:image/...;base64,XXXX` or bare base64; the size rule is on the decoded bytes.
fn decode_base64_image(data: &str) -> Result<Vec<u8>, ApiError> {
    let data = data.trim();
    if data.is_empty() {
        return Err(ApiError::Invalid(Msg::ImageInvalid));
    }
    let encoded = match data.strip_prefix("data:") {
        Some(rest) => rest
            .split_once(',')
            .map(|(_, b64)| b64)
            .ok_or(ApiError::Invalid(Msg::ImageInvalid))?,
        None => data,
    };
    // Three bytes per four characters: refuse an oversized picture before decoding it.
    if encoded.len() / 4 * 3 > MAX_IMAGE_BYTES + 3 {
        return Err(ApiError::TooLarge(Msg::ImageTooLarge));
    }
    let cleaned: String = encoded
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(cleaned.trim_end_matches('='))
        .or_else(|_| {
            base64::engine::general_purpose::STANDARD_NO_PAD.decode(cleaned.trim_end_matches('='))
        })
        .or_else(|_| {
            base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(cleaned.trim_end_matches('='))
        })
        .map_err(|_| ApiError::Invalid(Msg::ImageInvalid))?;
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(ApiError::TooLarge(Msg::ImageTooLarge));
    }
    Ok(bytes)
}
