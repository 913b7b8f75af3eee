//! Media: pictures people upload, kept in an object store (a local folder by default, an
//! S3-compatible bucket at scale) under content-unique keys. Every image is decoded by its
//! content and re-encoded, so no metadata (EXIF, GPS) survives, and a thumbnail is made beside
//! it. Pictures are checked for their size in pixels before they are decoded, and decoding is
//! bounded in cores and memory, a person's pictures one at a time (`put_image`, `image.rs`).
//! Uploads not yet published, chat images, report screenshots and album photos are private:
//! served only through short-lived signed URLs (`signed`). What staff take down is deleted from
//! the store, and public pictures are cached only briefly (`routes`), so it stops being seen.

pub mod audio;
pub mod image;
pub mod routes;
pub mod signed;
pub mod upload;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use base64::Engine;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use object_store::prefix::PrefixStore;
use object_store::ObjectStore;
use secrecy::ExposeSecret;
use tokio::sync::Semaphore;

use crate::api::error::ApiError;
use crate::config::{Config, S3Settings};
use crate::i18n::Msg;
use crate::media::signed::{is_private, Signature};

/// How long an upload waits to be published before the sweep deletes it.
const UPLOAD_LIFE_SECONDS: i64 = 86_400;

/// How often the sweep looks for unpublished uploads.
const UPLOAD_SWEEP_SECONDS: i64 = 3_600;

/// Largest picture accepted, SPEC section 9.
pub const MAX_IMAGE_BYTES: usize = 10 * 1024 * 1024;

#[derive(Clone)]
pub struct Media {
    store: Arc<dyn ObjectStore>,
    /// Pictures decoded at once (each is a core's work), what they may take together in MiB,
    /// and who is decoding one: a person decodes one picture at a time.
    decoding: Arc<Semaphore>,
    decoding_memory: Arc<Semaphore>,
    decoding_memory_mib: u32,
    decoders: Arc<Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>>,
    url_key: Arc<signed::UrlKey>,
    /// How long a signed URL stays valid, in seconds.
    url_seconds: i64,
    /// Where clients reach us (`public_url`), to recognise our own absolute media URLs.
    public_url: Arc<str>,
    /// When the sweep last looked for unpublished uploads (unix seconds).
    uploads_swept: Arc<AtomicI64>,
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
            Some(url) if url.starts_with("s3://") => bucket(url, &config.s3)?,
            Some(dir) => {
                std::fs::create_dir_all(dir)?;
                Arc::new(LocalFileSystem::new_with_prefix(dir)?)
            }
        };
        Ok(Media {
            store,
            decoding: Arc::new(Semaphore::new(config.image_concurrency.max(1))),
            decoding_memory: Arc::new(Semaphore::new(config.image_memory_mib.max(1) as usize)),
            decoding_memory_mib: config.image_memory_mib.max(1),
            decoders: Arc::default(),
            url_key: Arc::new(signed::UrlKey::load(config)?),
            url_seconds: config.media_url_seconds,
            public_url: config.public_url.trim_end_matches('/').into(),
            uploads_swept: Arc::new(AtomicI64::new(i64::MIN / 2)),
        })
    }

    /// Makes the URLs handed out at `now`.
    pub fn signer(&self, now: i64) -> signed::Signer<'_> {
        signed::Signer::new(&self.url_key, now, self.url_seconds)
    }

    /// A key for another use than signing URLs (`UrlKey::derive`): the installation's, the same
    /// on every node.
    pub fn derived_key(&self, purpose: &str) -> [u8; 32] {
        self.url_key.derive(purpose)
    }

    /// Whether a signed URL's expiry and signature are valid for `key` at `now`.
    pub fn verify(&self, key: &str, expires: i64, signature: &str, now: i64) -> bool {
        self.url_key.verify(key, expires, signature, now)
    }

    /// Whether the picture stored at `key` is served to whoever holds its URL at `now`: a public
    /// one always, a private one with a valid signature that has not expired.
    pub fn may_serve(&self, key: &str, signature: &Signature, now: i64) -> bool {
        if !is_private(key) {
            return true;
        }
        match (signature.exp, signature.sig.as_deref()) {
            (Some(expires), Some(sig)) => self.verify(key, expires, sig, now),
            _ => false,
        }
    }

    /// The stored key a URL of ours names, with its signature where it carries one: `/media/<key>`
    /// or `<public url>/media/<key>`. Nothing else is ours, whatever it points at.
    pub fn own_key<'u>(&self, url: &'u str) -> Option<(&'u str, Option<&'u str>)> {
        let url = url.trim();
        let path = match url.strip_prefix(&*self.public_url) {
            Some(rest) if rest.starts_with('/') => rest,
            _ if url.starts_with('/') && !url.starts_with("//") => url,
            _ => return None,
        };
        let (path, query) = match path.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (path, None),
        };
        let key = path.strip_prefix("/media/")?;
        let safe = !key.is_empty()
            && key
                .split('/')
                .all(|part| !part.is_empty() && part != "." && part != "..")
            && !key.contains(['\\', '%', '#']);
        safe.then_some((key, query))
    }

    /// How long a signed URL stays valid, in seconds.
    pub fn url_seconds(&self) -> i64 {
        self.url_seconds
    }

    /// Decodes a base64 picture of `owner`'s (a `data:` URL or bare base64), re-encodes it and
    /// its thumbnail, and stores both under `folder/`.
    pub async fn put_base64_image(
        &self,
        owner: i64,
        folder: &str,
        data: &str,
    ) -> Result<StoredImage, ApiError> {
        self.put_image(owner, folder, decode_base64_image(data)?)
            .await
    }

    /// How many of a publication's `images` are pictures to decode (the others name uploads).
    pub fn new_pictures(images: &[String]) -> u32 {
        let new = images.iter().filter(|image| upload_key(image).is_none());
        u32::try_from(new.count()).unwrap_or(u32::MAX)
    }

    /// The pictures of something `owner` publishes (a dynamic, album photos), in order: each a
    /// base64 picture, re-encoded and stored under `folder/`, or the key of a picture `owner`
    /// uploaded before (`uploads/<owner>/...`, see `upload_folder`), moved into `folder/`, so
    /// one upload is published once. All or nothing: when one picture is refused, what was
    /// stored is deleted and every upload stays where it was.
    pub async fn accept_images(
        &self,
        owner: i64,
        folder: &str,
        images: &[String],
    ) -> Result<Vec<StoredImage>, ApiError> {
        let uploads = upload_folder(owner);
        // Uploads are named first, and all checked before anything is stored or moved.
        let mut named = Vec::with_capacity(images.len());
        for image in images {
            let Some(key) = upload_key(image) else {
                named.push(None);
                continue;
            };
            let name = key
                .strip_prefix(uploads.as_str())
                .and_then(|rest| rest.strip_prefix('/'))
                .and_then(|name| name.strip_suffix(".jpg"))
                .filter(|name| !name.is_empty() && name.bytes().all(|b| b.is_ascii_hexdigit()))
                .ok_or(ApiError::Invalid(Msg::NotYourUpload))?;
            if !self.exists(key).await? {
                return Err(ApiError::Invalid(Msg::NotYourUpload));
            }
            named.push(Some((key.to_owned(), name.to_owned())));
        }
        let mut stored: Vec<Option<StoredImage>> = Vec::with_capacity(images.len());
        for (image, upload) in images.iter().zip(&named) {
            if upload.is_some() {
                stored.push(None);
                continue;
            }
            match self.put_base64_image(owner, folder, image).await {
                Ok(picture) => stored.push(Some(picture)),
                Err(e) => {
                    self.delete_stored(stored.iter().flatten()).await;
                    return Err(e);
                }
            }
        }
        let mut moved: Vec<(String, StoredImage)> = Vec::new();
        for (slot, upload) in stored.iter_mut().zip(&named) {
            let Some((key, name)) = upload else { continue };
            let picture = StoredImage {
                key: format!("{folder}/{name}.jpg"),
                thumb_key: format!("{folder}/{name}_thumb.jpg"),
            };
            let result = match self.rename(key, &picture.key).await {
                Ok(()) => self.rename(&thumb_of(key), &picture.thumb_key).await,
                Err(e) => Err(e),
            };
            if let Err(e) = result {
                // Put back what moved (a picture whose thumbnail did not follow included).
                let _ = self.rename(&picture.key, key).await;
                for (from, back) in moved.iter().rev() {
                    let _ = self.rename(&back.key, from).await;
                    let _ = self.rename(&back.thumb_key, &thumb_of(from)).await;
                }
                self.delete_stored(stored.iter().flatten()).await;
                return Err(e);
            }
            moved.push((key.clone(), picture.clone()));
            *slot = Some(picture);
        }
        Ok(stored.into_iter().flatten().collect())
    }

    /// Measures a voice recording of `owner`'s (a `data:` URL or bare base64) and stores it under
    /// `folder/`, as it is: its key and what was measured.
    pub async fn put_base64_audio(
        &self,
        folder: &str,
        data: &str,
    ) -> Result<(String, audio::Recording), ApiError> {
        let bytes = decode_base64_audio(data)?;
        let recording = measure_audio(&bytes)?;
        let id = uuid::Uuid::new_v4().simple().to_string();
        let key = format!("{folder}/{id}.{}", recording.container.extension());
        self.put(&key, bytes).await?;
        Ok((key, recording))
    }

    /// A voice recording `owner` uploaded before (its key or its address, signed or not, in their
    /// upload folder), measured again as it is stored and moved into `folder/`: its new key and
    /// what was measured. Anything else, someone else's upload included, is refused.
    pub async fn accept_audio(
        &self,
        owner: i64,
        folder: &str,
        upload: &str,
    ) -> Result<(String, audio::Recording), ApiError> {
        let not_yours = ApiError::Invalid(Msg::NotYourRecording);
        let key = upload_key(upload).ok_or(ApiError::Invalid(Msg::NotYourRecording))?;
        let uploads = upload_folder(owner);
        let file = key
            .strip_prefix(uploads.as_str())
            .and_then(|rest| rest.strip_prefix('/'))
            .ok_or(ApiError::Invalid(Msg::NotYourRecording))?;
        let (name, _) = file
            .split_once('.')
            .ok_or(ApiError::Invalid(Msg::NotYourRecording))?;
        let named = !name.is_empty() && name.bytes().all(|b| b.is_ascii_hexdigit());
        if !named || audio::Container::of_key(file).is_none() {
            return Err(not_yours);
        }
        let bytes = match self.get(key).await {
            Ok(bytes) => bytes,
            Err(ApiError::NotFound) => return Err(not_yours),
            Err(e) => return Err(e),
        };
        let recording = measure_audio(&bytes)?;
        let moved = format!("{folder}/{name}.{}", recording.container.extension());
        match self.rename(key, &moved).await {
            Ok(()) => Ok((moved, recording)),
            Err(ApiError::Invalid(_)) => Err(not_yours),
            Err(e) => Err(e),
        }
    }

    async fn delete_stored<'p>(&self, pictures: impl Iterator<Item = &'p StoredImage>) {
        let keys: Vec<String> = pictures.map(|p| p.key.clone()).collect();
        self.delete_pictures(&keys).await;
    }

    async fn rename(&self, from: &str, to: &str) -> Result<(), ApiError> {
        match self
            .store
            .rename(&StorePath::from(from), &StorePath::from(to))
            .await
        {
            Ok(()) => Ok(()),
            Err(object_store::Error::NotFound { .. }) => Err(ApiError::Invalid(Msg::NotYourUpload)),
            Err(e) => Err(ApiError::Internal(e.into())),
        }
    }

    /// Whether an object is stored under `key` (one that is not: a bad key included).
    pub async fn contains(&self, key: &str) -> Result<bool, ApiError> {
        match self.exists(key).await {
            Err(ApiError::Invalid(_)) => Ok(false),
            found => found,
        }
    }

    /// Whether an object is stored under `key`.
    async fn exists(&self, key: &str) -> Result<bool, ApiError> {
        let path = StorePath::parse(key).map_err(|_| ApiError::Invalid(Msg::NotYourUpload))?;
        match self.store.head(&path).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(ApiError::Internal(e.into())),
        }
    }

    /// Whose picture a new account's avatar is, before the account exists: nobody's turn.
    pub const SOMEONE_NEW: i64 = i64::MIN;

    /// Re-encodes a picture of `owner`'s and its thumbnail and stores both under `folder/`.
    ///
    /// Decoding waits its turn three ways: the person's own pictures one at a time (so one
    /// person's many pictures do not stand in front of everyone else's), then the memory the
    /// picture will take (known from its header) within what all decoding may take together,
    /// then a core.
    pub async fn put_image(
        &self,
        owner: i64,
        folder: &str,
        bytes: Vec<u8>,
    ) -> Result<StoredImage, ApiError> {
        let cost = image::cost_mib(&bytes)?.min(self.decoding_memory_mib);
        if owner == Self::SOMEONE_NEW {
            return self.decode_and_store(folder, bytes, cost).await;
        }
        let mine = {
            let mut decoders = self.decoders.lock().unwrap_or_else(|e| e.into_inner());
            decoders.entry(owner).or_default().clone()
        };
        let stored = {
            let _turn = mine.lock().await;
            self.decode_and_store(folder, bytes, cost).await
        };
        self.forget_decoder(owner, mine);
        stored
    }

    /// Decodes a picture within the memory and the cores decoding may take, and stores it.
    async fn decode_and_store(
        &self,
        folder: &str,
        bytes: Vec<u8>,
        cost_mib: u32,
    ) -> Result<StoredImage, ApiError> {
        let internal = |e: tokio::sync::AcquireError| ApiError::Internal(e.into());
        let memory = self
            .decoding_memory
            .clone()
            .acquire_many_owned(cost_mib)
            .await
            .map_err(internal)?;
        let core = self
            .decoding
            .clone()
            .acquire_owned()
            .await
            .map_err(internal)?;
        let processed = tokio::task::spawn_blocking(move || {
            let _permits = (memory, core);
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

    /// Forgets a person's turn when nobody else holds it (none of their pictures waits).
    fn forget_decoder(&self, owner: i64, mine: Arc<tokio::sync::Mutex<()>>) {
        let mut decoders = self.decoders.lock().unwrap_or_else(|e| e.into_inner());
        drop(mine);
        if decoders
            .get(&owner)
            .is_some_and(|turn| Arc::strong_count(turn) == 1)
        {
            decoders.remove(&owner);
        }
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

    /// Removes every object stored under `folder/` (a person's uploads not yet published).
    pub async fn delete_under(&self, folder: &str) {
        use futures::TryStreamExt;
        let prefix = StorePath::from(folder);
        let found: Result<Vec<StorePath>, _> = self
            .store
            .list(Some(&prefix))
            .map_ok(|meta| meta.location)
            .try_collect()
            .await;
        match found {
            Ok(keys) => {
                let keys: Vec<String> = keys.iter().map(ToString::to_string).collect();
                self.delete(&keys.iter().map(String::as_str).collect::<Vec<_>>())
                    .await;
            }
            Err(object_store::Error::NotFound { .. }) => {}
            Err(e) => tracing::warn!(folder, error = %e, "could not list media"),
        }
    }

    /// Deletes the uploads nobody published within a day of uploading them (the sweep), at most
    /// once an hour: answers how many pictures went, thumbnails apart.
    pub async fn forget_unpublished_uploads(&self, now: i64) -> anyhow::Result<usize> {
        use futures::TryStreamExt;
        let last = self.uploads_swept.load(Ordering::Relaxed);
        if now - last < UPLOAD_SWEEP_SECONDS
            || self
                .uploads_swept
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return Ok(0);
        }
        let stale: Vec<String> = self
            .store
            .list(Some(&StorePath::from("uploads")))
            .try_filter(|meta| {
                futures::future::ready(meta.last_modified.timestamp() < now - UPLOAD_LIFE_SECONDS)
            })
            .map_ok(|meta| meta.location.to_string())
            .try_collect()
            .await?;
        let keys: Vec<&str> = stale.iter().map(String::as_str).collect();
        self.delete(&keys).await;
        Ok(stale.iter().filter(|k| !k.ends_with("_thumb.jpg")).count())
    }

    /// Removes stored pictures with their thumbnails.
    pub async fn delete_pictures(&self, keys: &[String]) {
        let thumbs: Vec<String> = keys.iter().map(|k| thumb_of(k)).collect();
        let all: Vec<&str> = keys
            .iter()
            .chain(thumbs.iter())
            .map(String::as_str)
            .collect();
        self.delete(&all).await;
    }

    /// The URL a client fetches a public stored object from (private ones: `signer`).
    pub fn url(key: &str) -> String {
        format!("/media/{key}")
    }
}

/// The store of `media_url = "s3://bucket/prefix"`: the bucket reached as the `AWS_*` variables
/// and the `s3` settings say, every key under the prefix (none when the URL has none).
fn bucket(url: &str, settings: &S3Settings) -> anyhow::Result<Arc<dyn ObjectStore>> {
    let parsed = url::Url::parse(url)?;
    let name = parsed
        .host_str()
        .filter(|name| !name.is_empty())
        .ok_or_else(|| anyhow::anyhow!("media_url {url} names no bucket"))?;
    let mut builder = AmazonS3Builder::from_env().with_bucket_name(name);
    if let Some(endpoint) = &settings.endpoint {
        builder = builder.with_endpoint(endpoint);
    }
    if let Some(region) = &settings.region {
        builder = builder.with_region(region);
    }
    if let Some(id) = &settings.access_key_id {
        builder = builder.with_access_key_id(id);
    }
    if let Some(secret) = &settings.secret_access_key {
        builder = builder.with_secret_access_key(secret.expose_secret());
    }
    if settings.allow_http {
        builder = builder.with_allow_http(true);
    }
    let bucket = builder.build()?;
    let prefix = parsed.path().trim_matches('/');
    Ok(if prefix.is_empty() {
        Arc::new(bucket)
    } else {
        Arc::new(PrefixStore::new(bucket, StorePath::parse(prefix)?))
    })
}

/// Where a person's uploads (`POST /common/image/uploads/base64`) are kept until they publish them.
pub fn upload_folder(owner: i64) -> String {
    format!("uploads/{owner}")
}

/// Where a stored picture is put in a person's archive of their data (`privacy::export`).
pub fn archive_path(key: &str) -> String {
    format!("photos/{key}")
}

/// The upload a publication's image names, if it names one: its key, or its address (signed or
/// not); anything else is a picture to decode.
fn upload_key(image: &str) -> Option<&str> {
    let image = image.trim();
    let key = image.strip_prefix("/media/").unwrap_or(image);
    let key = key.split_once('?').map_or(key, |(key, _)| key);
    key.starts_with("uploads/").then_some(key)
}

/// The key of the thumbnail stored beside the picture `key` (`put_image` names them so).
pub fn thumb_of(key: &str) -> String {
    match key.strip_suffix(".jpg") {
        Some(stem) => format!("{stem}_thumb.jpg"),
        None => key.to_owned(),
    }
}

/// Measures a voice recording: the refusals as the API answers them.
fn measure_audio(bytes: &[u8]) -> Result<audio::Recording, ApiError> {
    audio::measure(bytes).map_err(|msg| match msg {
        Msg::AudioTooLarge => ApiError::TooLarge(msg),
        _ => ApiError::Invalid(msg),
    })
}

/// Accepts `data:audio/...;base64,XXXX` or bare base64, at most `audio::MAX_BYTES` decoded.
pub fn decode_base64_audio(data: &str) -> Result<Vec<u8>, ApiError> {
    let data = data.trim();
    let encoded = match data.strip_prefix("data:") {
        Some(rest) => rest
            .split_once(',')
            .map(|(_, b64)| b64)
            .ok_or(ApiError::Invalid(Msg::AudioInvalid))?,
        None => data,
    };
    if encoded.trim().is_empty() {
        return Err(ApiError::Invalid(Msg::AudioEmpty));
    }
    // Three bytes per four characters: refuse an oversized recording before decoding it.
    if encoded.len() / 4 * 3 > audio::MAX_BYTES + 3 {
        return Err(ApiError::TooLarge(Msg::AudioTooLarge));
    }
    let cleaned: String = encoded
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(cleaned.trim_end_matches('='))
        .or_else(|_| {
            base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(cleaned.trim_end_matches('='))
        })
        .map_err(|_| ApiError::Invalid(Msg::AudioInvalid))?;
    if bytes.len() > audio::MAX_BYTES {
        return Err(ApiError::TooLarge(Msg::AudioTooLarge));
    }
    Ok(bytes)
}

/// Accepts `data:image/...;base64,XXXX` or bare base64; the size rule is on the decoded bytes.
/// Public, with `image::process`, so that the fuzz targets (`fuzz/`) reach what every picture
/// upload goes through.
pub fn decode_base64_image(data: &str) -> Result<Vec<u8>, ApiError> {
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
