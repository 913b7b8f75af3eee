//! The feed: people publish dynamics (text, photos or both; photos re-encoded without their GPS
//! position, from data URLs or from their own uploads), edit and delete their own (staff may
//! too), like them, flag them once, and read the feed newest first, page after page, each
//! dynamic exactly once. Blocks hide dynamics both ways, banned and deleted people's dynamics
//! are gone, and the `Dynamics` red badge counts what the people I like posted since I last
//! opened the feed. Every refusal is shown to leave everything as it was.

use crate::common::feed::{
    gps_photo, photo, picture_of, row_ids, FLAGGED, FLAGGED_TWICE, IMAGE_TOO_LARGE,
    NOTHING_TO_POST, NOT_AN_IMAGE, NOT_FOUND, NOT_YOURSELF, NOT_YOUR_DYNAMIC, NOT_YOUR_UPLOAD,
    TOO_LONG, TOO_MANY_PHOTOS,
};
use crate::common::images::{data_url, has_exif};
use crate::common::people::COUNTERS;
use crate::common::{spawn, spawn_with, Backend, Body, Person, Setup, TestApp};
use serde_json::{json, Value};

/// Asserts what a dynamic says of itself and of its author, as `viewer` sees it.
#[track_caller]
fn is_dynamic_of(row: &Value, author: &Person, viewer: &Person, content: &str) {
    assert_eq!(row["userId"], author.id, "{row}");
    assert_eq!(row["userName"], author.user_name.as_str(), "{row}");
    assert_eq!(row["content"], content, "{row}");
    assert_eq!(row["mine"], author.id == viewer.id, "{row}");
    assert_eq!(row["gender"], "female", "{row}");
    assert_eq!(row["country"], "Spain", "{row}");
    assert!(row["age"].as_i64().unwrap() >= 18, "{row}");
    assert!(row["id"].as_i64().is_some(), "{row}");
    assert!(row["createdAt"].as_str().is_some(), "{row}");
    assert!(row["images"].is_array(), "{row}");
    assert!(row["likes"].as_i64().is_some(), "{row}");
    assert!(row["comments"].as_i64().is_some(), "{row}");
    assert!(row["liked"].is_boolean(), "{row}");
    for field in ["avatar", "avatarThumb"] {
        let url = row[field]
            .as_str()
            .unwrap_or_else(|| panic!("{field}: {row}"));
        assert!(url.starts_with("/media/avatars/"), "{field}: {row}");
    }
}

/// The stored bytes of a picture the API handed out.
async fn picture(app: &TestApp, url: &str) -> Vec<u8> {
    let got = app.fetch("GET", url, &[]).await;
    assert_eq!(got.status, 200, "{url}");
    got.bytes
}

async fn a_text_is_published_and_read_by_everyone(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;

    let mine = app
        .publish(&ana, "  Sunset over Kyoto  ", vec![])
        .await
        .ok();
    is_dynamic_of(&mine, &ana, &ana, "Sunset over Kyoto");
    assert_eq!(mine["images"], json!([]));
    assert_eq!(
        (&mine["likes"], &mine["liked"], &mine["comments"]),
        (&json!(0), &json!(false), &json!(0))
    );
    assert_eq!(mine["editedAt"], Value::Null);
    assert_eq!(mine["level"], Value::Null);
    let id = mine["id"].as_i64().unwrap();
    assert_eq!(app.count("dynamics").await, 1);

    // Bob reads it in the feed and on its own; it is not his.
    let feed = app.feed(&bob, "").await;
    assert_eq!(row_ids(&feed), vec![id]);
    is_dynamic_of(&feed["rows"][0], &ana, &bob, "Sunset over Kyoto");
    let one = app.dynamic(&bob, id).await.ok();
    is_dynamic_of(&one, &ana, &bob, "Sunset over Kyoto");
    assert_eq!(one["id"], id);

    // My Dynamic: my own id narrows the feed to me.
    app.posts(&bob, "Hello from Madrid").await;
    assert_eq!(
        app.feed_ids(&ana, &format!("userId={}", ana.id)).await,
        vec![id]
    );
    let all = app.feed(&ana, "").await;
    assert_eq!(all["rows"].as_array().unwrap().len(), 2);
    assert_eq!(all["rows"][0]["mine"], false);
    assert_eq!(all["rows"][1]["mine"], true);

    // 2,000 characters are the most a dynamic says.
    let long = "é".repeat(2000);
    let stored = app.publish(&ana, &long, vec![]).await.ok();
    assert_eq!(stored["content"].as_str().unwrap().chars().count(), 2000);
    let before = app.social().await;
    app.publish(&ana, &format!("{long}x"), vec![])
        .await
        .fails(400, TOO_LONG);
    assert_eq!(app.social().await, before);

    // A member's dynamic carries the level.
    app.make_member(&bob, 30).await;
    let his = app.publish(&bob, "VIP now", vec![]).await.ok();
    assert_eq!(his["level"], "VIP");

    // No session, no feed.
    app.get(crate::common::feed::FEED, None)
        .await
        .fails(401, "Login has expired, please log in again");
}

async fn photos_are_published_from_data_urls_and_uploads_without_their_gps_position(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;

    let uploaded = app.upload(&ana, gps_photo()).await.ok();
    let key = uploaded["key"].as_str().unwrap().to_owned();
    let files = app.media_files();
    let posted = app
        .publish(&ana, "", vec![gps_photo(), key.clone()])
        .await
        .ok();
    is_dynamic_of(&posted, &ana, &ana, "");
    let images = posted["images"].as_array().unwrap();
    assert_eq!(images.len(), 2, "{posted}");
    assert!(
        app.media_files() > files,
        "the data URL's photo was not stored"
    );

    // Each photo and its thumbnail is a JPEG with no EXIF block left, for everyone to see.
    for image in images {
        for field in ["url", "thumb"] {
            let url = image[field].as_str().unwrap();
            assert!(url.starts_with("/media/"), "{url}");
            let bytes = picture(&app, url).await;
            assert!(!has_exif(&bytes), "{url} kept its EXIF block");
        }
    }
    let seen = app.dynamic(&bob, posted["id"].as_i64().unwrap()).await.ok();
    assert_eq!(seen["images"], posted["images"]);

    // A PNG is accepted and stored as JPEG too.
    let png = app
        .publish(&ana, "A PNG", vec![crate::common::png_data_url(30, 20)])
        .await
        .ok();
    let bytes = picture(&app, png["images"][0]["url"].as_str().unwrap()).await;
    assert_eq!(&bytes[..2], &[0xFF, 0xD8], "not re-encoded as JPEG");
}

async fn a_dynamic_with_neither_text_nor_photo_is_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = app.social().await;
    for body in [
        json!({ "content": "", "images": [] }),
        json!({ "content": " \n\t ", "images": [] }),
        json!({ "content": "" }),
        json!({}),
    ] {
        app.post(crate::common::feed::DYNAMIC, Some(&ana.token), body)
            .await
            .fails(400, NOTHING_TO_POST);
    }
    assert_eq!(app.social().await, before);
    assert_eq!(app.feed_ids(&ana, "").await, Vec::<i64>::new());
}

async fn a_dynamic_holds_at_most_nine_photos(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = app.social().await;
    app.publish(&ana, "Ten", vec![photo(); 10])
        .await
        .fails(400, TOO_MANY_PHOTOS);
    assert_eq!(
        app.social().await,
        before,
        "ten photos left something behind"
    );

    let nine = app.publish(&ana, "Nine", vec![photo(); 9]).await.ok();
    assert_eq!(nine["images"].as_array().unwrap().len(), 9);
}

async fn a_photo_over_10_mb_or_not_a_photo_stores_nothing(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = app.social().await;

    app.publish(&ana, "Huge", vec![picture_of(11 * 1024 * 1024)])
        .await
        .fails(413, IMAGE_TOO_LARGE);
    assert_eq!(app.social().await, before);

    let text = data_url("image/jpeg", b"just some text, not a picture");
    for images in [
        vec![text.clone()],
        vec![photo(), text.clone()],
        vec![photo(), photo(), "%%%".to_owned()],
    ] {
        app.publish(&ana, "Look", images)
            .await
            .fails(400, NOT_AN_IMAGE);
        assert_eq!(
            app.social().await,
            before,
            "a refused dynamic left photos behind"
        );
    }
}

async fn only_pictures_i_uploaded_myself_can_be_posted_by_key(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let his = app.upload(&bob, photo()).await.ok();
    let his_key = his["key"].as_str().unwrap().to_owned();
    let me = app.get("/prod-api/getInfo", Some(&bob.token)).await.ok();
    let his_avatar = me["avatar"]
        .as_str()
        .unwrap()
        .trim_start_matches("/media/")
        .to_owned();
    let mine = app.upload(&ana, photo()).await.ok();
    let my_key = mine["key"].as_str().unwrap().to_owned();

    let before = app.social().await;
    for key in [
        his_key.clone(),
        format!("/media/{his_key}"),
        "uploads/nothing-here.jpg".to_owned(),
        format!("{my_key}/../{his_key}"),
        format!("{}/0123abcd.jpg", my_key.rsplit_once('/').unwrap().0),
    ] {
        app.publish(&ana, "Not mine", vec![key.clone()])
            .await
            .fails(400, NOT_YOUR_UPLOAD);
        assert_eq!(app.social().await, before, "{key}");
    }
    // Nor any other stored picture, nor a path.
    for key in [his_avatar, "../../etc/passwd".to_owned()] {
        let reply = app.publish(&ana, "Not mine", vec![key.clone()]).await;
        assert_eq!(reply.status, 400, "{key}: {}", reply.body);
        assert_eq!(app.social().await, before, "{key}");
    }
    // With my own key beside a bad one: nothing, and my upload is still mine to publish.
    app.publish(&ana, "Half mine", vec![my_key.clone(), his_key.clone()])
        .await
        .fails(400, NOT_YOUR_UPLOAD);
    assert_eq!(app.social().await, before, "my upload was lost");
    assert_eq!(
        app.fetch("GET", mine["url"].as_str().unwrap(), &[])
            .await
            .status,
        200
    );

    let posted = app.publish(&ana, "Mine", vec![my_key]).await.ok();
    assert_eq!(posted["images"].as_array().unwrap().len(), 1);
}

async fn the_author_edits_a_dynamic_and_no_one_else_does(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let id = app.posts(&ana, "First try").await;

    let edited = app.edit_dynamic(&ana, id, "  Second try ").await.ok();
    assert_eq!(edited["id"], id);
    assert_eq!(edited["content"], "Second try");
    assert!(edited["editedAt"].as_str().is_some(), "{edited}");
    assert_eq!(app.dynamic(&bob, id).await.ok()["content"], "Second try");

    let before = app.social().await;
    app.edit_dynamic(&bob, id, "Hacked")
        .await
        .fails(403, NOT_YOUR_DYNAMIC);
    // An edit may not leave a dynamic with neither text nor photo.
    app.edit_dynamic(&ana, id, "   ")
        .await
        .fails(400, NOTHING_TO_POST);
    app.edit_dynamic(&ana, id, &"x".repeat(2001))
        .await
        .fails(400, TOO_LONG);
    app.edit_dynamic(&ana, 999_999, "Nothing there")
        .await
        .fails(404, NOT_FOUND);
    assert_eq!(app.social().await, before);
    assert_eq!(app.dynamic(&bob, id).await.ok()["content"], "Second try");

    // A dynamic with a photo may lose its text.
    let with_photo = app.publish(&ana, "Caption", vec![photo()]).await.ok();
    let photo_id = with_photo["id"].as_i64().unwrap();
    let edited = app.edit_dynamic(&ana, photo_id, "").await.ok();
    assert_eq!(edited["content"], "");
    assert_eq!(edited["images"], with_photo["images"]);
}

async fn staff_edit_and_delete_anyones_dynamic(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let mod_ = app.register("moderator").await;
    app.make_staff(&mod_).await;
    let id = app.posts(&ana, "Buy cheap watches at example.com").await;
    let other = app.posts(&ana, "A normal day").await;

    let edited = app.edit_dynamic(&mod_, id, "[removed link]").await.ok();
    assert_eq!(edited["content"], "[removed link]");
    assert_eq!(edited["userId"], ana.id, "the author stays the author");

    app.delete_dynamics(&mod_, &id.to_string()).await.ok();
    app.dynamic(&ana, id).await.fails(404, NOT_FOUND);
    assert_eq!(app.feed_ids(&ana, "").await, vec![other]);
}

async fn deleting_a_dynamic_removes_its_comments_likes_flags_and_photos(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let files = app.media_files();
    let posted = app
        .publish(&ana, "Going away", vec![photo(), photo()])
        .await
        .ok();
    let id = posted["id"].as_i64().unwrap();
    let kept = app.posts(&ana, "Staying").await;
    assert_eq!(
        app.media_files(),
        files + 4,
        "two photos and their thumbnails"
    );
    app.like_dynamic(&bob, id).await.ok();
    app.like_dynamic(&bob, kept).await.ok();
    app.flag(&bob, id, "spam").await.ok();
    let top = app.comments_on(&bob, id, "Nice").await;
    app.answers(&ana, id, top, "Thanks").await;
    app.comments_on(&bob, kept, "Stay").await;

    assert_eq!(
        app.delete_dynamics(&ana, &id.to_string()).await.ok(),
        json!(null)
    );
    app.dynamic(&ana, id).await.fails(404, NOT_FOUND);
    app.dynamic(&bob, id).await.fails(404, NOT_FOUND);
    assert_eq!(app.feed_ids(&bob, "").await, vec![kept]);
    for table in ["dynamic_likes", "dynamic_flags", "comments"] {
        assert_eq!(
            app.scalar(&format!(
                "SELECT COUNT(*) FROM {table} WHERE dynamic_id = {id}"
            ))
            .await,
            0,
            "{table} kept rows of the deleted dynamic"
        );
    }
    assert_eq!(app.count("dynamic_likes").await, 1);
    assert_eq!(app.count("comments").await, 1);
    assert_eq!(app.media_files(), files, "the photos were not deleted");
    for image in posted["images"].as_array().unwrap() {
        let url = image["url"].as_str().unwrap();
        assert_eq!(app.fetch("GET", url, &[]).await.status, 404, "{url}");
    }

    // Deleting through the query string works as well; deleting it again finds nothing.
    app.call(
        "DELETE",
        &format!("{}?ids={kept}", crate::common::feed::DYNAMIC),
        Some(&ana.token),
        Body::None,
    )
    .await
    .ok();
    app.dynamic(&ana, kept).await.fails(404, NOT_FOUND);
    assert_eq!(app.count("comments").await, 0);
}

async fn deleting_several_dynamics_is_all_or_nothing(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let (one, two) = (app.posts(&ana, "One").await, app.posts(&ana, "Two").await);
    let his = app.posts(&bob, "His").await;

    let before = app.social().await;
    let reply = app
        .delete_dynamics(&ana, &format!("{one},{his},{two}"))
        .await;
    assert_eq!(reply.status, 403, "{}", reply.body);
    app.delete_dynamics(&bob, &one.to_string())
        .await
        .fails(403, NOT_YOUR_DYNAMIC);
    app.delete_dynamics(&ana, &format!("{one},999999"))
        .await
        .fails(404, NOT_FOUND);
    assert_eq!(
        app.social().await,
        before,
        "a refused delete deleted something"
    );
    assert_eq!(app.feed_ids(&ana, "").await, vec![his, two, one]);

    for bad in ["", "x", "1,x", ",", "1;2"] {
        let reply = app.delete_dynamics(&ana, bad).await;
        assert_eq!(reply.status, 400, "{bad:?}: {}", reply.body);
    }
    assert_eq!(app.social().await, before);

    app.delete_dynamics(&ana, &format!("{one},{two}"))
        .await
        .ok();
    assert_eq!(app.feed_ids(&ana, "").await, vec![his]);
}

async fn a_like_toggles_and_each_reader_sees_their_own_heart(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let id = app.posts(&ana, "Like me").await;

    assert_eq!(
        app.like_dynamic(&bob, id).await.ok(),
        json!({ "liked": true, "likes": 1 })
    );
    assert_eq!(
        app.like_dynamic(&cleo, id).await.ok(),
        json!({ "liked": true, "likes": 2 })
    );
    assert_eq!(
        app.like_dynamic(&bob, id).await.ok(),
        json!({ "liked": false, "likes": 1 })
    );
    assert_eq!(app.count("dynamic_likes").await, 1);

    for (who, liked) in [(&ana, false), (&bob, false), (&cleo, true)] {
        let one = app.dynamic(who, id).await.ok();
        assert_eq!((&one["likes"], &one["liked"]), (&json!(1), &json!(liked)));
        let feed = app.feed(who, "").await;
        assert_eq!(feed["rows"][0]["liked"], liked, "{}", who.user_name);
        assert_eq!(feed["rows"][0]["likes"], 1);
    }

    assert_eq!(
        app.like_dynamic(&cleo, id).await.ok(),
        json!({ "liked": false, "likes": 0 })
    );
    assert_eq!(app.dynamic(&ana, id).await.ok()["likes"], 0);

    let before = app.social().await;
    app.like_dynamic(&bob, 999_999).await.fails(404, NOT_FOUND);
    let reply = app.get(crate::common::feed::LIKE, Some(&bob.token)).await;
    assert!(matches!(reply.status, 400 | 404), "{}", reply.body);
    assert_eq!(app.social().await, before);
}

async fn a_dynamic_is_flagged_once_a_person_with_a_reason_from_the_list(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let id = app.posts(&ana, "Send me money").await;

    let reply = app.flag(&bob, id, "scam").await;
    assert_eq!(reply.msg(), FLAGGED);
    reply.ok();
    let before = app.social().await;
    app.flag(&bob, id, "spam").await.fails(409, FLAGGED_TWICE);
    app.flag(&ana, id, "spam").await.fails(400, NOT_YOURSELF);
    for reason in ["rude", "", "SPAM"] {
        app.flag(&cleo, id, reason)
            .await
            .fails(400, "Please choose a reason for the report");
    }
    app.flag(&cleo, 999_999, "spam").await.fails(404, NOT_FOUND);
    assert_eq!(app.social().await, before);
    assert_eq!(before.flags, vec![format!("{id}|{}|scam", bob.id)]);

    for reason in [
        "spam",
        "inappropriate_content",
        "harassment",
        "scam",
        "other",
    ] {
        let other = app.posts(&ana, reason).await;
        let reply = app.flag(&cleo, other, reason).await;
        assert_eq!(reply.msg(), FLAGGED);
    }
    assert_eq!(app.count("dynamic_flags").await, 6);
    // A flag hides nothing from anyone else (staff decide), and the dynamic still opens; but
    // who flagged a dynamic does not find it in their feed again, nor on its author's page.
    app.dynamic(&cleo, id).await.ok();
    assert!(app.feed_ids(&cleo, "").await.contains(&id));
    for query in [String::new(), format!("userId={}", ana.id)] {
        let seen = app.feed_ids(&bob, &query).await;
        assert!(!seen.contains(&id), "{query}: {seen:?}");
    }
    assert!(app.feed_ids(&ana, "").await.contains(&id), "its author");
}

async fn an_unknown_or_deleted_dynamic_is_not_found(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let id = app.posts(&ana, "Soon gone").await;
    app.delete_dynamics(&ana, &id.to_string()).await.ok();
    for missing in [id, 999_999] {
        app.dynamic(&bob, missing).await.fails(404, NOT_FOUND);
        app.like_dynamic(&bob, missing).await.fails(404, NOT_FOUND);
        app.edit_dynamic(&ana, missing, "Back")
            .await
            .fails(404, NOT_FOUND);
        app.comment(&bob, missing, "Hello?", None, None)
            .await
            .fails(404, NOT_FOUND);
    }
    let reply = app
        .get(
            &format!("{}/abc", crate::common::feed::ONE),
            Some(&bob.token),
        )
        .await;
    assert!(matches!(reply.status, 400 | 404), "{}", reply.body);
}

async fn the_feed_is_newest_first_and_pages_each_dynamic_exactly_once(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let mut posted = Vec::new();
    for i in 0..23 {
        let who = [&ana, &bob, &cleo][i % 3];
        posted.push(app.posts(who, &format!("Dynamic {i}")).await);
    }
    let mut newest_first = posted.clone();
    newest_first.reverse();

    // Ten by default, newest first.
    let first = app.feed(&cleo, "").await;
    assert_eq!(row_ids(&first), newest_first[..10].to_vec());
    assert!(first["next"].as_i64().is_some(), "{first}");

    // Page by the cursor, while more is published between pages: every dynamic that was there
    // comes exactly once, in order, and the new ones do not push old ones onto the next page.
    let mut seen = Vec::new();
    let mut query = "pageSize=4".to_owned();
    let mut pages = 0;
    loop {
        let page = app.feed(&cleo, &query).await;
        let rows = row_ids(&page);
        assert!(rows.len() <= 4, "{page}");
        seen.extend(rows);
        pages += 1;
        if pages == 2 {
            for i in 0..3 {
                app.posts(&bob, &format!("Late {i}")).await;
            }
        }
        match page["next"].as_i64() {
            Some(next) => query = format!("pageSize=4&before={next}"),
            None => break,
        }
        assert!(pages < 20, "paging does not end");
    }
    assert_eq!(seen, newest_first, "each dynamic once, newest first");

    // `before` wins over pageNum.
    let cursor = newest_first[4];
    let page = app
        .feed(&cleo, &format!("pageSize=3&pageNum=5&before={cursor}"))
        .await;
    assert_eq!(row_ids(&page), newest_first[5..8].to_vec());

    // One person's dynamics only.
    let bobs: Vec<i64> = app.feed_ids(&ana, &format!("userId={}", bob.id)).await;
    let expected: Vec<i64> = newest_first
        .iter()
        .copied()
        .filter(|id| (posted.iter().position(|p| p == id).unwrap()) % 3 == 1)
        .collect();
    assert_eq!(&bobs[3..], expected.as_slice(), "{bobs:?}");
    assert_eq!(bobs.len(), expected.len() + 3, "three late ones");
    let rows = app
        .feed(&ana, &format!("userId={}&pageSize=50", bob.id))
        .await;
    assert!(rows["rows"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["userId"] == bob.id));

    // At most 50 a page, whatever is asked.
    for i in 0..30 {
        app.posts(&ana, &format!("More {i}")).await;
    }
    let page = app.feed(&cleo, "pageSize=100").await;
    assert_eq!(row_ids(&page).len(), 50);
    assert!(page["next"].as_i64().is_some(), "{}", page["next"]);
}

/// What `me` can reach of `other`'s dynamic `id`: the feed, its page, a like, a comment, a flag,
/// its comments.
async fn reach(app: &TestApp, me: &Person, other: &Person, id: i64) -> Vec<(&'static str, bool)> {
    let mut found = vec![
        ("feed", app.feed_ids(me, "").await.contains(&id)),
        ("their dynamics", {
            let reply = app
                .get(
                    &format!(
                        "{}?userId={}&pageSize=50",
                        crate::common::feed::FEED,
                        other.id
                    ),
                    Some(&me.token),
                )
                .await;
            if reply.status == 200 {
                row_ids(reply.data()).contains(&id)
            } else {
                reply.fails(404, NOT_FOUND);
                false
            }
        }),
    ];
    let one = app.dynamic(me, id).await;
    found.push(("page", one.status == 200));
    let comments = app
        .get(
            &format!("{}?dynamicId={id}", crate::common::feed::COMMENTS),
            Some(&me.token),
        )
        .await;
    found.push(("comments", comments.status == 200));
    for reply in [one, comments] {
        if reply.status != 200 {
            reply.fails(404, NOT_FOUND);
        }
    }
    found
}

async fn blocks_hide_dynamics_both_ways_until_lifted(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let hers = app.posts(&ana, "Ana's").await;
    let his = app.posts(&bob, "Bob's").await;
    app.like_dynamic(&bob, hers).await.ok();
    assert!(reach(&app, &ana, &bob, his).await.iter().all(|(_, r)| *r));

    app.blocks(&ana, &bob).await;
    for (me, other, id) in [(&ana, &bob, his), (&bob, &ana, hers)] {
        let found = reach(&app, me, other, id).await;
        assert!(
            found.iter().all(|(_, r)| !*r),
            "{}: {found:?}",
            me.user_name
        );
        let before = app.social().await;
        app.like_dynamic(me, id).await.fails(404, NOT_FOUND);
        app.comment(me, id, "Hi", None, None)
            .await
            .fails(404, NOT_FOUND);
        app.flag(me, id, "spam").await.fails(404, NOT_FOUND);
        assert_eq!(app.social().await, before);
    }
    // Someone else still sees both.
    let seen = app.feed_ids(&cleo, "").await;
    assert!(seen.contains(&hers) && seen.contains(&his), "{seen:?}");

    app.unblocks(&ana, &bob).await;
    for (me, other, id) in [(&ana, &bob, his), (&bob, &ana, hers)] {
        let found = reach(&app, me, other, id).await;
        assert!(found.iter().all(|(_, r)| *r), "{}: {found:?}", me.user_name);
    }
    app.like_dynamic(&ana, his).await.ok();
}

async fn banned_and_deleted_peoples_dynamics_are_hidden(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let hers = app.posts(&ana, "Still here").await;
    let his = app.posts(&bob, "Spam spam").await;
    let theirs = app.posts(&cleo, "Leaving soon").await;
    assert_eq!(app.feed_ids(&ana, "").await, vec![theirs, his, hers]);

    app.ban(&bob).await;
    app.delete_account(&cleo).await;
    assert_eq!(app.feed_ids(&ana, "").await, vec![hers]);
    for id in [his, theirs] {
        app.dynamic(&ana, id).await.fails(404, NOT_FOUND);
        app.like_dynamic(&ana, id).await.fails(404, NOT_FOUND);
        app.comment(&ana, id, "Hello?", None, None)
            .await
            .fails(404, NOT_FOUND);
    }
    assert_eq!(
        app.feed_ids(&ana, &format!("userId={}", bob.id))
            .await
            .len(),
        0
    );

    // A dynamic staff took down is gone for everyone, its author too.
    app.execute(&format!(
        "UPDATE dynamics SET removed_at = {} WHERE id = {hers}",
        app.clock().unix()
    ))
    .await;
    assert_eq!(app.feed_ids(&ana, "").await, Vec::<i64>::new());
    app.dynamic(&ana, hers).await.fails(404, NOT_FOUND);
    app.like_dynamic(&ana, hers).await.fails(404, NOT_FOUND);
}

/// The `Dynamics` red badge of `who`.
async fn dynamics_badge(app: &TestApp, who: &Person) -> i64 {
    let c = app.get(COUNTERS, Some(&who.token)).await.ok();
    c["Dynamics"]
        .as_i64()
        .unwrap_or_else(|| panic!("no Dynamics counter: {c}"))
}

async fn the_dynamics_badge_counts_new_posts_of_people_i_like_until_i_open_the_feed(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    app.get(
        &format!("/prod-api/system/like/opera/{}", bob.id),
        Some(&ana.token),
    )
    .await
    .ok();
    app.feed(&ana, "").await;
    app.clock().advance(chrono::Duration::seconds(5));

    app.posts(&bob, "One").await;
    let two = app.posts(&bob, "Two").await;
    app.posts(&cleo, "Not liked by ana").await;
    app.posts(&ana, "My own").await;
    assert_eq!(dynamics_badge(&app, &ana).await, 2);
    assert_eq!(dynamics_badge(&app, &bob).await, 0, "bob likes no one");

    // Reading one person's dynamics, or a later page, does not clear it.
    app.feed(&ana, &format!("userId={}", bob.id)).await;
    app.feed(&ana, &format!("before={two}")).await;
    app.feed(&ana, "pageNum=2&pageSize=1").await;
    assert_eq!(dynamics_badge(&app, &ana).await, 2);

    // Opening the feed does.
    app.feed(&ana, "").await;
    assert_eq!(dynamics_badge(&app, &ana).await, 0);
    app.clock().advance(chrono::Duration::seconds(5));
    app.posts(&bob, "Three").await;
    assert_eq!(dynamics_badge(&app, &ana).await, 1);

    // A blocked person's dynamics are not counted.
    app.blocks(&bob, &ana).await;
    assert_eq!(dynamics_badge(&app, &ana).await, 0);
}

async fn publishing_and_editing_are_limited_per_account(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| c.rate_limit.post_per_account = 2,
    )
    .await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let id = app.posts(&ana, "One").await;
    app.edit_dynamic(&ana, id, "One, edited").await.ok();
    let before = app.social().await;
    app.publish(&ana, "Three", vec![photo()]).await.limited();
    app.edit_dynamic(&ana, id, "Again").await.limited();
    assert_eq!(app.social().await, before, "the refused dynamic was stored");
    app.posts(&bob, "Bob's own quota").await;
}

both_databases!(
    a_text_is_published_and_read_by_everyone,
    photos_are_published_from_data_urls_and_uploads_without_their_gps_position,
    a_dynamic_with_neither_text_nor_photo_is_refused,
    a_dynamic_holds_at_most_nine_photos,
    a_photo_over_10_mb_or_not_a_photo_stores_nothing,
    only_pictures_i_uploaded_myself_can_be_posted_by_key,
    the_author_edits_a_dynamic_and_no_one_else_does,
    staff_edit_and_delete_anyones_dynamic,
    deleting_a_dynamic_removes_its_comments_likes_flags_and_photos,
    deleting_several_dynamics_is_all_or_nothing,
    a_like_toggles_and_each_reader_sees_their_own_heart,
    a_dynamic_is_flagged_once_a_person_with_a_reason_from_the_list,
    an_unknown_or_deleted_dynamic_is_not_found,
    the_feed_is_newest_first_and_pages_each_dynamic_exactly_once,
    blocks_hide_dynamics_both_ways_until_lifted,
    banned_and_deleted_peoples_dynamics_are_hidden,
    the_dynamics_badge_counts_new_posts_of_people_i_like_until_i_open_the_feed,
    publishing_and_editing_are_limited_per_account,
);
