//! What staff take down stops being served at once, whoever kept its address: the photos of a
//! dynamic rejected in review or of a person whose content a report removed. Public pictures
//! are never handed out for a shared cache nor for long (a browser asks again within a minute,
//! and a picture still stored answers 304 to its ETag). An upload is private to its uploader
//! until published, and one never published is deleted after a day. Every picture counts
//! against the minute's pictures, however many one request carries.

use crate::common::feed::{photo, UPLOAD};
use crate::common::{spawn_on, spawn_with, Backend, Person, Setup, Store, TestApp};
use serde_json::json;

/// The status of an anonymous GET, and its Cache-Control.
async fn get(app: &TestApp, path: &str) -> (u16, String) {
    let got = app.fetch("GET", path, &[]).await;
    (got.status, got.header("cache-control").unwrap_or_default())
}

/// Ana's dynamic with two photos, and the addresses of its photos and thumbnails as Bob's feed
/// gives them.
async fn dynamic_with_photos(app: &TestApp, ana: &Person, bob: &Person) -> (i64, Vec<String>) {
    let id = app
        .publish(ana, "Our walk", vec![photo(), photo()])
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let seen = app.dynamic(bob, id).await.ok();
    let pictures = seen["images"].as_array().unwrap();
    assert_eq!(pictures.len(), 2, "{seen}");
    let urls: Vec<String> = pictures
        .iter()
        .flat_map(|p| [&p["url"], &p["thumb"]])
        .map(|u| u.as_str().unwrap().to_owned())
        .collect();
    for url in &urls {
        assert_eq!(get(app, url).await.0, 200, "{url}");
    }
    (id, urls)
}

async fn photos_of_a_dynamic_staff_reject_are_not_served(b: Backend, store: Store) {
    let app = spawn_on(b, store).await;
    let sam = app.staff("sam").await;
    let (ana, bob) = (app.register("ana").await, app.register("bob").await);
    let (id, urls) = dynamic_with_photos(&app, &ana, &bob).await;
    let (kept, kept_urls) = dynamic_with_photos(&app, &ana, &bob).await;
    app.flag(&bob, id, "spam").await.ok();
    app.flag(&bob, kept, "spam").await.ok();

    app.decides(&sam, "dynamic", id, "reject").await;
    for url in &urls {
        assert_eq!(get(&app, url).await.0, 404, "{url} still served");
    }
    assert_eq!(app.media_held(&urls).await, Vec::<String>::new());
    // Kept by staff, a dynamic's photos stay.
    app.decides(&sam, "dynamic", kept, "approve").await;
    for url in &kept_urls {
        assert_eq!(get(&app, url).await.0, 200, "{url}");
    }
    assert_eq!(app.media_held(&kept_urls).await.len(), 4);
}

async fn photos_of_content_a_report_removes_are_not_served(b: Backend, store: Store) {
    let app = spawn_on(b, store).await;
    let sam = app.staff("sam").await;
    let (ana, bob) = (app.register("ana").await, app.register("bob").await);
    let (_, urls) = dynamic_with_photos(&app, &ana, &bob).await;
    let (_, bobs) = dynamic_with_photos(&app, &bob, &ana).await;
    let report = app.reports(&bob, &ana, "harassment").await;

    app.close_report(&sam, report, json!({ "action": "remove" }))
        .await
        .ok();
    for url in &urls {
        assert_eq!(get(&app, url).await.0, 404, "{url} still served");
    }
    assert_eq!(app.media_held(&urls).await, Vec::<String>::new());
    for url in &bobs {
        assert_eq!(get(&app, url).await.0, 200, "{url}");
    }
    assert_eq!(app.media_held(&bobs).await.len(), 4);
}

async fn public_pictures_are_cached_briefly_and_privately(b: Backend, store: Store) {
    let app = spawn_on(b, store).await;
    let (ana, bob) = (app.register("ana").await, app.register("bob").await);
    let (_, urls) = dynamic_with_photos(&app, &ana, &bob).await;
    let me = app.get("/prod-api/getInfo", Some(&bob.token)).await.ok();
    let avatar = me["avatar"].as_str().unwrap().to_owned();
    for url in [&urls[0], &avatar] {
        let got = app.fetch("GET", url, &[]).await;
        assert_eq!(got.status, 200, "{url}");
        let cache = got.header("cache-control").unwrap_or_default();
        assert_eq!(cache, "private, max-age=60", "{url}");
        // Asked again, a picture still stored answers 304 to its ETag.
        let etag = got.header("etag").expect("an ETag");
        let again = app
            .fetch("GET", url, &[("If-None-Match", etag.as_str())])
            .await;
        assert_eq!(again.status, 304, "{url}");
        assert!(again.bytes.is_empty());
        let other = app
            .fetch("GET", url, &[("If-None-Match", "\"something-else\"")])
            .await;
        assert_eq!(other.status, 200, "{url}");
    }
}

async fn an_upload_is_private_until_published(b: Backend, store: Store) {
    let app = spawn_on(b, store).await;
    let (ana, bob) = (app.register("ana").await, app.register("bob").await);
    let up = app.upload(&ana, photo()).await.ok();
    let (url, thumb, key) = (
        up["url"].as_str().unwrap(),
        up["thumb"].as_str().unwrap(),
        up["key"].as_str().unwrap(),
    );
    assert!(key.starts_with(&format!("uploads/{}/", ana.id)), "{key}");
    // Its uploader previews it through its signed addresses; its bare address is nobody's.
    for signed in [url, thumb] {
        assert!(signed.contains("&sig="), "{signed}");
        let (status, cache) = get(&app, signed).await;
        assert_eq!(status, 200, "{signed}");
        assert!(cache.starts_with("private, max-age="), "{cache}");
        let bare = signed.split_once('?').unwrap().0;
        assert_eq!(get(&app, bare).await.0, 403, "{bare}");
    }
    // Bob cannot publish it, and the signed address does not make it his.
    app.publish(&bob, "Mine now", vec![key.to_owned()])
        .await
        .fails(400, "This picture was not uploaded by you");
    // Published, it is public under its new address.
    let id = app
        .publish(&ana, "Our walk", vec![url.to_owned()])
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let seen = app.dynamic(&bob, id).await.ok();
    let published = seen["images"][0]["url"].as_str().unwrap();
    assert!(published.starts_with("/media/dynamics/"), "{published}");
    assert_eq!(get(&app, published).await.0, 200);
    assert_eq!(get(&app, url).await.0, 404, "moved, not copied");
    assert_eq!(app.media_held(&[url, thumb]).await, Vec::<String>::new());
    assert_eq!(app.media_held(&[published]).await.len(), 1);
}

async fn an_upload_never_published_is_deleted_after_a_day(b: Backend, store: Store) {
    let app = spawn_on(b, store).await;
    let ana = app.register("ana").await;
    let up = app.upload(&ana, photo()).await.ok();
    let files = app.media_files();
    let media = &app.app().media;

    // Within the day it stays.
    app.clock().advance(chrono::Duration::hours(23));
    assert_eq!(
        media
            .forget_unpublished_uploads(app.clock().unix())
            .await
            .unwrap(),
        0
    );
    assert_eq!(app.media_files(), files);
    // Past it, the picture and its thumbnail go (the sweep looks at most once an hour).
    app.clock().advance(chrono::Duration::hours(2));
    let now = app.clock().unix();
    assert_eq!(media.forget_unpublished_uploads(now).await.unwrap(), 1);
    assert_eq!(app.media_files(), files - 2);
    let (url, thumb) = (up["url"].as_str().unwrap(), up["thumb"].as_str().unwrap());
    assert_eq!(app.media_held(&[url, thumb]).await, Vec::<String>::new());
    app.publish(
        &ana,
        "Too late",
        vec![up["key"].as_str().unwrap().to_owned()],
    )
    .await
    .fails(400, "This picture was not uploaded by you");
}

async fn every_picture_counts_against_the_minutes_uploads(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| c.rate_limit.upload_per_account = 5,
    )
    .await;
    let ana = app.register("ana").await;
    app.make_member(&ana, 30).await;
    let files = app.media_files();
    // Nine pictures in one dynamic are more than five a minute: none is decoded.
    let nine: Vec<String> = (0..9).map(|_| photo()).collect();
    app.publish(&ana, "Our trip", nine).await.limited();
    assert_eq!(app.media_files(), files);
    // Three of them are within the quota; three more are not, in a dynamic or in the album.
    let three = || (0..3).map(|_| photo()).collect::<Vec<_>>();
    app.publish(&ana, "Our trip", three()).await.ok();
    app.publish(&ana, "More of it", three()).await.limited();
    app.post(
        crate::common::feed::ALBUM_ADD,
        Some(&ana.token),
        json!({ "images": three() }),
    )
    .await
    .limited();
    // Two more fit, one upload at a time.
    app.upload(&ana, photo()).await.ok();
    app.upload(&ana, photo()).await.ok();
    app.post(UPLOAD, Some(&ana.token), json!({ "image": photo() }))
        .await
        .limited();
    assert_eq!(app.media_files(), files + 2 * 5);
}

both_stores!(
    photos_of_a_dynamic_staff_reject_are_not_served,
    photos_of_content_a_report_removes_are_not_served,
    public_pictures_are_cached_briefly_and_privately,
    an_upload_is_private_until_published,
    an_upload_never_published_is_deleted_after_a_day,
);

both_databases!(every_picture_counts_against_the_minutes_uploads);
