//! Private pictures: chat images and report screenshots are served only through the signed,
//! short-lived URLs handed to the conversation's two people (in answers, message lists, socket
//! events and replays), cached privately; an unsigned, tampered or expired URL is refused, and a
//! recalled image or a deleted account's images are gone. Album photos too: their addresses are
//! signed for whom the album shows them, so a photo made private is not served to someone who
//! kept its address. Avatars stay public.

use crate::common::chat::RECALL;
use crate::common::{spawn_on, spawn_with, Backend, Person, Setup, Store, TestApp};
use serde_json::{json, Value};

const URL_SECONDS: i64 = 600;

async fn setup(b: Backend, store: Store) -> (TestApp, Person, Person) {
    let app = spawn_with(Setup::on(b, store), |c| c.media_url_seconds = URL_SECONDS).await;
    let (tom, ana) = (app.man("tom").await, app.woman("ana").await);
    app.make_member(&tom, 30).await;
    (app, tom, ana)
}

fn picture() -> Value {
    json!({ "image": crate::common::images::data_url("image/jpeg", &crate::common::images::jpeg(64, 48)) })
}

/// Tom sends Ana a picture: its `(url, thumb)` as his answer gives them.
async fn send_picture(app: &TestApp, tom: &Person, ana: &Person) -> (String, String, i64) {
    let sent = app
        .send_content(tom, ana.id, "img", picture(), None)
        .await
        .ok();
    let content = &sent["message"]["content"];
    (
        content["url"].as_str().unwrap().to_owned(),
        content["thumb"].as_str().unwrap().to_owned(),
        sent["message"]["id"].as_i64().unwrap(),
    )
}

/// The status of a GET, and its Cache-Control.
async fn get(app: &TestApp, path: &str) -> (u16, String) {
    let got = app.fetch("GET", path, &[]).await;
    (got.status, got.header("cache-control").unwrap_or_default())
}

fn unsigned(url: &str) -> &str {
    url.split_once('?').map_or(url, |(path, _)| path)
}

/// `max-age` of a private Cache-Control, which must be no longer than the URL lives.
fn private_max_age(cache: &str) -> i64 {
    let age = cache
        .strip_prefix("private, max-age=")
        .unwrap_or_else(|| panic!("not private: {cache}"));
    let age: i64 = age.parse().unwrap();
    assert!((1..=URL_SECONDS).contains(&age), "{cache}");
    age
}

async fn chat_images_are_served_only_through_fresh_signed_urls(b: Backend, store: Store) {
    let (app, tom, ana) = setup(b, store).await;
    let (url, thumb, _) = send_picture(&app, &tom, &ana).await;
    assert!(
        url.starts_with("/media/chat/") && url.contains("&sig="),
        "{url}"
    );

    // The sender, and the recipient in her list of the conversation.
    for path in [&url, &thumb] {
        let (status, cache) = get(&app, path).await;
        assert_eq!(status, 200, "{path}");
        private_max_age(&cache);
    }
    let hers = app.conversation(&ana, tom.id).await;
    let her_url = hers[0]["content"]["url"].as_str().unwrap();
    assert_eq!(get(&app, her_url).await.0, 200);
    let listed = app.conversations(&ana).await;
    let last = listed[0]["lastMessage"]["content"]["thumb"]
        .as_str()
        .unwrap();
    assert_eq!(get(&app, last).await.0, 200);

    // Anyone with the bare address, or a signature that is not this key's, or tampered.
    assert_eq!(get(&app, unsigned(&url)).await.0, 403);
    assert_eq!(get(&app, unsigned(&thumb)).await.0, 403);
    let (_, thumb_query) = thumb.split_once('?').unwrap();
    assert_eq!(
        get(&app, &format!("{}?{thumb_query}", unsigned(&url)))
            .await
            .0,
        403
    );
    let tampered = format!("{}0", &url[..url.len() - 1]);
    let tampered = if tampered == url {
        format!("{}1", &url[..url.len() - 1])
    } else {
        tampered
    };
    assert_eq!(get(&app, &tampered).await.0, 403);
    let (path, query) = url.split_once('?').unwrap();
    let exp: i64 = query
        .split('&')
        .find_map(|p| p.strip_prefix("exp="))
        .unwrap()
        .parse()
        .unwrap();
    let sig = query
        .split('&')
        .find_map(|p| p.strip_prefix("sig="))
        .unwrap();
    let later = format!("{path}?exp={}&sig={sig}", exp + 3600);
    assert_eq!(
        get(&app, &later).await.0,
        403,
        "a longer life, same signature"
    );

    // Expired: refused; the list gives a new one that works.
    app.clock()
        .advance(chrono::Duration::seconds(URL_SECONDS + 301));
    assert_eq!(get(&app, &url).await.0, 403);
    let fresh = app.conversation(&ana, tom.id).await;
    let fresh_url = fresh[0]["content"]["url"].as_str().unwrap();
    assert_ne!(fresh_url, url);
    assert_eq!(get(&app, fresh_url).await.0, 200);
}

async fn socket_events_and_replays_carry_signed_urls(b: Backend, store: Store) {
    let (app, tom, ana) = setup(b, store).await;
    let mut hers = app.online(&ana, 0).await;
    send_picture(&app, &tom, &ana).await;
    let (_, event) = hers.event().await;
    let live = event["message"]["content"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(get(&app, &live).await.0, 200, "{live}");
    hers.close().await;

    let mut hers = app.online(&ana, 0).await;
    let (_, event) = hers.event().await;
    let replayed = event["message"]["content"]["thumb"].as_str().unwrap();
    assert_eq!(get(&app, replayed).await.0, 200, "{replayed}");
    assert_eq!(get(&app, unsigned(replayed)).await.0, 403);
}

async fn a_recalled_or_deleted_accounts_image_is_gone(b: Backend, store: Store) {
    let (app, tom, ana) = setup(b, store).await;
    let (url, thumb, id) = send_picture(&app, &tom, &ana).await;
    let files = app.media_files();
    assert_eq!(app.media_held(&[&url, &thumb]).await.len(), 2);
    app.post(RECALL, Some(&tom.token), json!({ "id": id }))
        .await
        .ok();
    assert_eq!(app.media_files(), files - 2);
    assert_eq!(app.media_held(&[&url, &thumb]).await, Vec::<String>::new());
    for path in [&url, &thumb] {
        assert_eq!(get(&app, path).await.0, 404, "{path}");
    }

    let (url, thumb, _) = send_picture(&app, &tom, &ana).await;
    assert_eq!(app.media_held(&[&url, &thumb]).await.len(), 2);
    app.delete_account(&tom).await;
    assert_eq!(app.media_held(&[&url, &thumb]).await, Vec::<String>::new());
    for path in [&url, &thumb] {
        assert_eq!(get(&app, path).await.0, 404, "{path}");
    }
}

async fn report_screenshots_are_not_public_and_avatars_are(b: Backend, store: Store) {
    let app = spawn_on(b, store).await;
    let (tom, ana) = (app.man("tom").await, app.woman("ana").await);
    app.post(
        "/prod-api/system/form/add",
        Some(&ana.token),
        json!({ "userId": tom.id, "reason": "harassment", "images": [picture()["image"]] }),
    )
    .await
    .ok();
    let stored: Vec<String> = app
        .media_keys()
        .await
        .into_iter()
        .filter(|key| key.starts_with("reports/"))
        .collect();
    assert_eq!(stored.len(), 2, "{stored:?}");
    for key in stored {
        assert_eq!(get(&app, &format!("/media/{key}")).await.0, 403);
    }

    let me = app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    let avatar = me["avatar"].as_str().unwrap();
    let (status, cache) = get(&app, avatar).await;
    assert_eq!(status, 200);
    // Public, but kept by no shared cache and not for long: staff may take it down.
    assert_eq!(cache, "private, max-age=60");
}

/// Tom's album photo is served to Ana through the address his album gives her; once he makes
/// it private, the album no longer shows it to her, and the address she kept is refused as
/// soon as it expires (served or fetched as a data URL), the photo's plain address at once.
async fn an_album_photo_made_private_is_not_served_to_who_kept_its_address(
    b: Backend,
    store: Store,
) {
    let (app, tom, ana) = setup(b, store).await;
    app.make_member(&ana, 30).await;
    let added = app
        .add_photos(&tom, vec![crate::common::feed::photo()])
        .await
        .ok();
    let id = added["rows"][0]["id"].as_i64().unwrap();
    app.approve_photo(id).await;
    let album = app.album(&ana, &tom).await.ok();
    let kept = album["rows"][0]["url"].as_str().unwrap().to_owned();
    let (status, cache) = get(&app, &kept).await;
    assert_eq!(status, 200, "{kept}");
    private_max_age(&cache);
    let (status, _) = get(&app, unsigned(&kept)).await;
    assert_eq!(
        status, 403,
        "an album photo's address without its signature"
    );
    app.post(
        "/prod-api/common/toImageBase64",
        Some(&ana.token),
        json!({ "url": unsigned(&kept) }),
    )
    .await
    .fails(403, "You are not allowed to do this");

    app.set_photos_open(&tom, &[id], false).await.ok();
    assert_eq!(app.album(&ana, &tom).await.ok()["total"], 0);
    app.clock()
        .advance(chrono::Duration::seconds(URL_SECONDS + 300));
    let (status, _) = get(&app, &kept).await;
    assert_eq!(status, 403, "an expired address of a private photo");
    let fetched = app
        .post(
            "/prod-api/common/toImageBase64",
            Some(&ana.token),
            json!({ "url": kept }),
        )
        .await;
    fetched.fails(403, "You are not allowed to do this");
    // Tom still sees his own photo.
    let own = app.album(&tom, &tom).await.ok();
    let (status, _) = get(&app, own["rows"][0]["url"].as_str().unwrap()).await;
    assert_eq!(status, 200);
}

both_stores!(
    an_album_photo_made_private_is_not_served_to_who_kept_its_address,
    chat_images_are_served_only_through_fresh_signed_urls,
    socket_events_and_replays_carry_signed_urls,
    a_recalled_or_deleted_accounts_image_is_gone,
    report_screenshots_are_not_public_and_avatars_are,
);
