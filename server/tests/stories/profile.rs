//! A member's own profile and avatar: editing the fields, the rules each field keeps, and
//! pictures that are checked by their content, stripped of their metadata, thumbnailed, served
//! for ever under their own address and removed once replaced.

use crate::common::images::{self, data_url, dimensions, has_exif, jpeg, with_exif_gps};
use crate::common::{png, spawn, Backend, Person, TestApp};
use serde_json::{json, Value};

const PROFILE: &str = "/prod-api/system/user/profile";
const AVATAR: &str = "/prod-api/system/user/profile/avatar/base64";

async fn profile(app: &TestApp, who: &Person) -> Value {
    app.get(PROFILE, Some(&who.token)).await.ok()
}

async fn upload(app: &TestApp, who: &Person, avatar: String) -> crate::common::Reply {
    app.post(AVATAR, Some(&who.token), json!({ "avatar": avatar }))
        .await
}

async fn a_member_edits_her_profile(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = profile(&app, &ana).await;
    assert_eq!(before["userName"], "ana");
    assert_eq!(before["signature"], Value::Null);

    let change = json!({
        "userName": "Ana Maria",
        "gender": "male",
        "country": "Japan",
        "birthday": "1990-01-31",
        "language": "ja",
        "signature": "Tea, trains and old films",
        "telephone": "+34 600 123 456",
    });
    let answered = app
        .put(PROFILE, Some(&ana.token), change.clone())
        .await
        .ok();
    let after = profile(&app, &ana).await;
    assert_eq!(answered, after);
    for (field, value) in change.as_object().unwrap() {
        assert_eq!(&after[field], value, "{field}");
    }
    assert_eq!(after["email"], before["email"]);
    assert_eq!(after["avatar"], before["avatar"]);
    assert_eq!(
        app.get("/prod-api/getInfo", Some(&ana.token)).await.ok(),
        after
    );

    app.login("Ana Maria", "secret1").await.ok();
    app.login("ana", "secret1")
        .await
        .fails(400, "Incorrect user name or password");

    // Absent fields stay; an empty signature or telephone clears it.
    let cleared = app
        .put(
            PROFILE,
            Some(&ana.token),
            json!({ "signature": "", "telephone": "" }),
        )
        .await
        .ok();
    assert_eq!(
        (&cleared["signature"], &cleared["telephone"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(cleared["country"], "Japan");
    assert_eq!(cleared["userName"], "Ana Maria");
}

async fn an_invalid_field_changes_nothing(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let today = app
        .clock()
        .now()
        .date_naive()
        .format("%Y-%m-%d")
        .to_string();
    let long = "x".repeat(201);
    let cases: [(&str, Value, &str); 9] = [
        (
            "country",
            json!("France"),
            "Please choose a country from the list",
        ),
        ("gender", json!("other"), "Please choose female or male"),
        (
            "birthday",
            json!(today),
            "You are under 18 years old and cannot register",
        ),
        (
            "birthday",
            json!("31/01/1990"),
            "Please enter a valid birthday",
        ),
        (
            "language",
            json!("fr"),
            "Please choose a language from the list",
        ),
        (
            "signature",
            json!(long),
            "The signature must be at most 200 characters",
        ),
        ("telephone", json!("call me"), "Incorrect telephone number"),
        (
            "userName",
            json!("a"),
            "The user name must be 2 to 30 characters, without @",
        ),
        (
            "userName",
            json!("ana@home"),
            "The user name must be 2 to 30 characters, without @",
        ),
    ];
    let before = profile(&app, &ana).await;
    for (field, value, msg) in cases {
        // A valid change rides along: it must not be written either.
        let mut change = json!({ "signature": "changed", "country": "Canada" });
        change[field] = value;
        app.put(PROFILE, Some(&ana.token), change)
            .await
            .fails(400, msg);
        assert_eq!(
            profile(&app, &ana).await,
            before,
            "{field} was refused but something changed"
        );
    }
}

async fn another_members_user_name_cannot_be_taken(b: Backend) {
    let app = spawn(b).await;
    app.register("ana").await;
    let bea = app.register("bea").await;
    let before = profile(&app, &bea).await;
    for taken in ["ana", "ANA", " Ana "] {
        app.put(
            PROFILE,
            Some(&bea.token),
            json!({ "userName": taken, "signature": "hi" }),
        )
        .await
        .fails(400, "The user name already exists, please choose another");
        assert_eq!(profile(&app, &bea).await, before);
    }
    app.login("ana", "secret1").await.ok();
    // Her own name in other letters is still hers.
    let renamed = app
        .put(PROFILE, Some(&bea.token), json!({ "userName": "Bea" }))
        .await
        .ok();
    assert_eq!(renamed["userName"], "Bea");
}

async fn png_and_jpeg_avatars_are_stored_thumbnailed_and_served_for_ever(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let first = profile(&app, &ana).await;
    let media = app.media_files();

    let png_avatar = upload(&app, &ana, data_url("image/png", &png(640, 480)))
        .await
        .ok();
    let jpeg_avatar = upload(&app, &ana, data_url("image/jpeg", &jpeg(800, 600)))
        .await
        .ok();
    let me = profile(&app, &ana).await;
    assert_eq!(me["avatar"], jpeg_avatar["avatar"]);
    assert_eq!(me["avatarThumb"], jpeg_avatar["avatarThumb"]);

    let full = app
        .fetch("GET", jpeg_avatar["avatar"].as_str().unwrap(), &[])
        .await;
    let thumb = app
        .fetch("GET", jpeg_avatar["avatarThumb"].as_str().unwrap(), &[])
        .await;
    for served in [&full, &thumb] {
        assert_eq!(served.status, 200);
        assert_eq!(served.header("content-type").as_deref(), Some("image/jpeg"));
        let cache = served.header("cache-control").unwrap_or_default();
        // Kept by no shared cache and briefly: staff may take an avatar down
        // (media_takedown.rs).
        assert_eq!(cache, "private, max-age=60", "cache-control: {cache}");
    }
    assert_eq!(dimensions(&full.bytes), (800, 600));
    let (w, h) = dimensions(&thumb.bytes);
    assert!(w <= 320 && h <= 320 && w * 3 == h * 4, "thumbnail {w}x{h}");
    assert!(
        thumb.bytes.len() < full.bytes.len(),
        "the thumbnail is not smaller"
    );

    // Replaced pictures are gone, with their thumbnails.
    for old in [
        &first["avatar"],
        &first["avatarThumb"],
        &png_avatar["avatar"],
        &png_avatar["avatarThumb"],
    ] {
        app.get(old.as_str().unwrap(), None)
            .await
            .fails(404, "Not found");
    }
    assert_eq!(
        app.media_files(),
        media,
        "one avatar and its thumbnail, as before"
    );
}

async fn a_huge_picture_is_scaled_down(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let wide = upload(&app, &ana, data_url("image/png", &png(4096, 64)))
        .await
        .ok();
    let full = app
        .fetch("GET", wide["avatar"].as_str().unwrap(), &[])
        .await;
    assert_eq!(dimensions(&full.bytes), (2048, 32));
}

async fn a_photo_loses_its_exif_and_gps_position(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let photo = with_exif_gps(&jpeg(400, 300));
    assert!(has_exif(&photo), "the test photo must carry EXIF");
    assert_eq!(
        dimensions(&photo),
        (400, 300),
        "the test photo must be a valid JPEG"
    );

    let stored = upload(&app, &ana, data_url("image/jpeg", &photo))
        .await
        .ok();
    for url in [&stored["avatar"], &stored["avatarThumb"]] {
        let served = app.fetch("GET", url.as_str().unwrap(), &[]).await;
        assert_eq!(served.status, 200);
        assert!(!has_exif(&served.bytes), "EXIF survived in {url}");
        assert!(
            !served.bytes.windows(4).any(|w| w == b"Exif"),
            "EXIF bytes survived in {url}"
        );
        let (seconds, per) = images::GPS_LATITUDE[2];
        let latitude = [seconds.to_be_bytes(), per.to_be_bytes()].concat();
        assert!(
            !served.bytes.windows(8).any(|w| w == latitude),
            "the GPS position survived in {url}"
        );
    }
}

async fn a_text_file_dressed_as_a_picture_is_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = (profile(&app, &ana).await, app.media_files());
    let disguised = [
        data_url("image/png", b"%PDF-1.4 this is not a picture at all"),
        data_url("image/png", b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
        // A PNG signature followed by nothing a decoder can read.
        data_url("image/png", &png(8, 8)[..20]),
        "data:image/png;base64,@@@not base64@@@".to_owned(),
        "data:image/png;base64,".to_owned(),
    ];
    for avatar in disguised {
        upload(&app, &ana, avatar)
            .await
            .fails(400, "Please choose a JPEG, PNG, WebP or GIF image");
        assert_eq!((profile(&app, &ana).await, app.media_files()), before);
    }
    app.post(AVATAR, Some(&ana.token), json!({}))
        .await
        .fails(400, "Please upload an avatar");
    assert_eq!((profile(&app, &ana).await, app.media_files()), before);
}

async fn a_picture_may_weigh_10_mb_and_no_more(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let limit = 10 * 1024 * 1024;
    // A real picture padded after its end to the exact size.
    let mut picture = png(64, 64);
    picture.resize(limit, 0);
    let before = (profile(&app, &ana).await, app.media_files());
    picture.push(0);
    upload(&app, &ana, data_url("image/png", &picture))
        .await
        .fails(413, "The image must not be larger than 10 MB");
    assert_eq!((profile(&app, &ana).await, app.media_files()), before);

    picture.pop();
    let stored = upload(&app, &ana, data_url("image/png", &picture))
        .await
        .ok();
    assert_eq!(profile(&app, &ana).await["avatar"], stored["avatar"]);
}

both_databases!(
    a_member_edits_her_profile,
    an_invalid_field_changes_nothing,
    another_members_user_name_cannot_be_taken,
    png_and_jpeg_avatars_are_stored_thumbnailed_and_served_for_ever,
    a_huge_picture_is_scaled_down,
    a_photo_loses_its_exif_and_gps_position,
    a_text_file_dressed_as_a_picture_is_refused,
    a_picture_may_weigh_10_mb_and_no_more,
);
