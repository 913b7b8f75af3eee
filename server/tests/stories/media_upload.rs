//! Pictures uploaded on their own (for a dynamic to come) are re-encoded as JPEG without their
//! metadata, and answer a URL, a thumbnail and a key. A picture stored here comes back as a data
//! URL for the app to edit or share; any other address is refused without the server ever
//! making a request to it (no door into the network it runs in), and a private picture needs
//! its valid signature.

use base64::Engine;

use crate::common::feed::{
    gps_photo, photo, picture_of, FETCH_PICTURE, IMAGE_TOO_LARGE, NOT_AN_IMAGE, NOT_OURS, UPLOAD,
};
use crate::common::images::{data_url, has_exif};
use crate::common::{spawn, spawn_on, spawn_with, Backend, Person, Reply, Setup, Store, TestApp};
use serde_json::json;

/// A stored picture of ours that the URL does not open: private, unsigned or badly signed.
const FORBIDDEN: &str = "You are not allowed to do this";

async fn to_data_url(app: &TestApp, who: &Person, url: &str) -> Reply {
    app.post_form(
        FETCH_PICTURE,
        Some(&who.token),
        vec![("url", url.to_owned())],
    )
    .await
}

/// The bytes of a `data:image/jpeg;base64,` answer.
#[track_caller]
fn decoded(data: &serde_json::Value) -> Vec<u8> {
    let text = data
        .as_str()
        .unwrap_or_else(|| panic!("not a data URL: {data}"));
    let b64 = text
        .strip_prefix("data:image/jpeg;base64,")
        .unwrap_or_else(|| panic!("not a JPEG data URL: {text:.60}"));
    base64::engine::general_purpose::STANDARD
        .decode(b64)
        .unwrap()
}

async fn an_upload_is_re_encoded_without_its_gps_position(b: Backend, store: Store) {
    let app = spawn_on(b, store).await;
    let ana = app.register("ana").await;
    let files = app.media_files();
    let up = app.upload(&ana, gps_photo()).await.ok();
    let (url, thumb, key) = (
        up["url"].as_str().unwrap(),
        up["thumb"].as_str().unwrap(),
        up["key"].as_str().unwrap(),
    );
    // Signed: an upload is its uploader's until published (media_takedown.rs).
    assert!(url.starts_with(&format!("/media/{key}?exp=")), "{up}");
    assert_ne!(url, thumb);
    assert_eq!(
        app.media_files(),
        files + 2,
        "the picture and its thumbnail"
    );
    for path in [url, thumb] {
        let got = app.fetch("GET", path, &[]).await;
        assert_eq!(got.status, 200, "{path}");
        assert_eq!(&got.bytes[..2], &[0xFF, 0xD8], "{path} is not a JPEG");
        assert!(!has_exif(&got.bytes), "{path} kept its EXIF block");
    }
    // Stored as served.
    let served = app.fetch("GET", url, &[]).await.bytes;
    assert_eq!(app.media_bytes(key).await, Some(served));

    // Form-encoded, as the app sends it; a PNG becomes a JPEG too.
    let up = app
        .post_form(
            UPLOAD,
            Some(&ana.token),
            vec![("image", crate::common::png_data_url(40, 40))],
        )
        .await
        .ok();
    let got = app.fetch("GET", up["url"].as_str().unwrap(), &[]).await;
    assert_eq!(&got.bytes[..2], &[0xFF, 0xD8]);

    app.post(UPLOAD, None, json!({ "image": photo() }))
        .await
        .fails(401, "Login has expired, please log in again");
}

async fn an_upload_over_10_mb_or_not_a_picture_stores_nothing(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let files = app.media_files();
    app.upload(&ana, picture_of(11 * 1024 * 1024))
        .await
        .fails(413, IMAGE_TOO_LARGE);
    for bad in [
        data_url("image/jpeg", b"plain text"),
        "data:image/png;base64,@@@".to_owned(),
        String::new(),
    ] {
        app.upload(&ana, bad).await.fails(400, NOT_AN_IMAGE);
    }
    assert_eq!(app.media_files(), files);
    // Exactly 10 MB is still a picture.
    app.upload(&ana, picture_of(10 * 1024 * 1024)).await.ok();
}

async fn a_picture_stored_here_comes_back_as_a_data_url(b: Backend, store: Store) {
    let app = spawn_on(b, store).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let up = app.upload(&ana, photo()).await.ok();
    let url = up["url"].as_str().unwrap();
    let stored = app.fetch("GET", url, &[]).await.bytes;

    assert_eq!(decoded(&to_data_url(&app, &ana, url).await.ok()), stored);
    // As JSON, and under the public address of the installation.
    let public = format!("{}{url}", app.app().config.public_url.trim_end_matches('/'));
    let reply = app
        .post(FETCH_PICTURE, Some(&ana.token), json!({ "url": public }))
        .await;
    assert_eq!(decoded(&reply.ok()), stored);

    // Someone else's public picture: bob's avatar.
    let me = app.get("/prod-api/getInfo", Some(&bob.token)).await.ok();
    let avatar = me["avatar"].as_str().unwrap();
    let bytes = app.fetch("GET", avatar, &[]).await.bytes;
    assert_eq!(decoded(&to_data_url(&app, &ana, avatar).await.ok()), bytes);

    // No session: nothing.
    app.post_form(FETCH_PICTURE, None, vec![("url", url.to_owned())])
        .await
        .fails(401, "Login has expired, please log in again");
    let reply = to_data_url(&app, &ana, "/media/uploads/nothing-here.jpg").await;
    assert!(matches!(reply.status, 400 | 403 | 404), "{}", reply.body);
}

async fn no_other_address_is_ever_fetched(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let up = app.upload(&ana, photo()).await.ok();
    let key = up["key"].as_str().unwrap().to_owned();
    // Something listening where the server must never knock.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let ours = app.base.clone();
    let public = app.app().config.public_url.trim_end_matches('/').to_owned();

    for url in [
        format!("http://127.0.0.1:{port}/x.jpg"),
        format!("http://127.0.0.1:{port}/media/{key}"),
        format!("http://localhost:{port}/media/{key}"),
        format!("https://127.0.0.1:{port}/media/{key}"),
        format!("//127.0.0.1:{port}/media/{key}"),
        format!("http://[::ffff:127.0.0.1]:{port}/media/{key}"),
        format!("http://2130706433:{port}/media/{key}"),
        format!("{public}@127.0.0.1:{port}/media/{key}"),
        format!("http://127.0.0.1:{port}/{public}/media/{key}"),
        format!("ftp://127.0.0.1:{port}/media/{key}"),
        format!("gopher://127.0.0.1:{port}/_GET%20/"),
        "http://169.254.169.254/latest/meta-data/".to_owned(),
        "file:///etc/passwd".to_owned(),
        format!("file:///media/{key}"),
        format!("{ours}/media/{key}"),
        "/etc/passwd".to_owned(),
        "/media/../../etc/passwd".to_owned(),
        "/media/%2e%2e/%2e%2e/etc/passwd".to_owned(),
        photo(),
    ] {
        to_data_url(&app, &ana, &url).await.fails(400, NOT_OURS);
    }
    let reply = to_data_url(&app, &ana, "").await;
    assert_eq!(reply.status, 400, "{}", reply.body);

    // Nothing ever knocked.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    match listener.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        Ok((_, from)) => panic!("the server connected to another host (from {from})"),
        Err(e) => panic!("{e}"),
    }
}

async fn a_private_picture_needs_its_valid_signature(b: Backend, store: Store) {
    let app = spawn_with(Setup::on(b, store), |c| c.media_url_seconds = 600).await;
    let (tom, ana) = (app.man("tom").await, app.woman("ana").await);
    app.make_member(&tom, 30).await;
    let sent = app
        .send_content(&tom, ana.id, "img", json!({ "image": photo() }), None)
        .await
        .ok();
    let url = sent["message"]["content"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let (path, query) = url.split_once('?').unwrap();
    let stored = app.fetch("GET", &url, &[]).await.bytes;

    // With the signature the conversation handed out, it comes back.
    assert_eq!(decoded(&to_data_url(&app, &ana, &url).await.ok()), stored);

    let sig = query
        .split('&')
        .find_map(|p| p.strip_prefix("sig="))
        .unwrap();
    let exp: i64 = query
        .split('&')
        .find_map(|p| p.strip_prefix("exp="))
        .unwrap()
        .parse()
        .unwrap();
    let flipped = format!(
        "{}{}",
        &sig[..sig.len() - 1],
        if sig.ends_with('0') { '1' } else { '0' }
    );
    for forged in [
        path.to_owned(),
        format!("{path}?exp={exp}&sig={flipped}"),
        format!("{path}?exp={}&sig={sig}", exp + 3600),
    ] {
        to_data_url(&app, &ana, &forged).await.fails(403, FORBIDDEN);
    }
    // A report screenshot is not fetched by its bare address.
    app.post(
        "/prod-api/system/form/add",
        Some(&ana.token),
        json!({ "userId": tom.id, "reason": "harassment", "images": [photo()] }),
    )
    .await
    .ok();
    let screenshots: Vec<String> = app
        .media_keys()
        .await
        .into_iter()
        .filter(|key| key.starts_with("reports/"))
        .collect();
    assert_eq!(screenshots.len(), 2, "{screenshots:?}");
    for key in screenshots {
        to_data_url(&app, &ana, &format!("/media/{key}"))
            .await
            .fails(403, FORBIDDEN);
    }

    // Expired, it is refused too.
    app.clock().advance(chrono::Duration::seconds(1200));
    to_data_url(&app, &ana, &url).await.fails(403, FORBIDDEN);
}

async fn uploading_is_limited_per_account(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| c.rate_limit.upload_per_account = 2,
    )
    .await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    app.upload(&ana, photo()).await.ok();
    app.upload(&ana, photo()).await.ok();
    let files = app.media_files();
    app.upload(&ana, photo()).await.limited();
    assert_eq!(app.media_files(), files, "the refused picture was stored");
    app.upload(&bob, photo()).await.ok();
}

both_stores!(
    an_upload_is_re_encoded_without_its_gps_position,
    a_picture_stored_here_comes_back_as_a_data_url,
    a_private_picture_needs_its_valid_signature,
);

both_databases!(
    an_upload_over_10_mb_or_not_a_picture_stores_nothing,
    no_other_address_is_ever_fetched,
    uploading_is_limited_per_account,
);
