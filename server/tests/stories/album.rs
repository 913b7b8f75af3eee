//! The photo album: members add photos (six at most, re-encoded without their GPS position); a
//! new photo waits for staff review, seen only by its owner until approved; the owner keeps any
//! photo private; only members look at other people's albums, and only at open photos; only the
//! owner changes or removes a photo; a block hides albums both ways. Every refusal is shown to
//! leave the album and the media store as they were.

use crate::common::feed::{
    asks_to_upgrade, gps_photo, photo, picture_of, row_ids, ALBUM, ALBUM_FULL, ALBUM_OPEN,
    IMAGE_TOO_LARGE, NOT_AN_IMAGE, NOT_FOUND, NO_PHOTO,
};
use crate::common::images::{data_url, has_exif};
use crate::common::{spawn, spawn_on, Backend, Body, Person, Store, TestApp};
use serde_json::json;

/// The states of an album's photos as `who` sees them, by id.
async fn states(app: &TestApp, who: &Person, whose: &Person) -> Vec<(i64, String)> {
    let page = app.album(who, whose).await.ok();
    let rows = page["rows"].as_array().unwrap();
    assert_eq!(page["total"], rows.len(), "{page}");
    rows.iter()
        .map(|p| {
            for field in ["id", "url", "thumb", "state", "isOpen", "createdAt"] {
                assert!(p.get(field).is_some(), "no {field}: {p}");
            }
            let state = p["state"].as_str().unwrap().to_owned();
            // Under review, `isOpen` is the owner's choice for when it is approved.
            if state != "review" {
                assert_eq!(p["isOpen"], state == "open", "{p}");
            }
            (p["id"].as_i64().unwrap(), state)
        })
        .collect()
}

/// Two members and their app.
async fn members(b: Backend) -> (TestApp, Person, Person) {
    members_on(b, Store::Local).await
}

async fn members_on(b: Backend, store: Store) -> (TestApp, Person, Person) {
    let app = spawn_on(b, store).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    app.make_member(&ana, 30).await;
    app.make_member(&bob, 30).await;
    (app, ana, bob)
}

/// `who` adds `n` photos that must be stored: their ids.
async fn adds(app: &TestApp, who: &Person, n: usize) -> Vec<i64> {
    let before = row_ids(&app.album(who, who).await.ok());
    let after = row_ids(&app.add_photos(who, vec![photo(); n]).await.ok());
    let new: Vec<i64> = after
        .into_iter()
        .filter(|id| !before.contains(id))
        .collect();
    assert_eq!(new.len(), n);
    new
}

async fn a_non_member_cannot_add_photos(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = app.social().await;
    asks_to_upgrade(&app.add_photos(&ana, vec![photo()]).await);
    assert_eq!(app.social().await, before);
    // Nor once the membership has run out.
    app.make_member(&ana, 1).await;
    app.clock().advance(chrono::Duration::days(2));
    asks_to_upgrade(&app.add_photos(&ana, vec![photo()]).await);
    assert_eq!(app.social().await, before);
}

async fn a_new_photo_waits_for_review_and_only_its_owner_sees_it(b: Backend, store: Store) {
    let (app, ana, bob) = members_on(b, store).await;
    let files = app.media_files();
    let album = app.add_photos(&ana, vec![gps_photo(), photo()]).await.ok();
    assert_eq!(album["total"], 2);
    let rows = album["rows"].as_array().unwrap();
    for p in rows {
        assert_eq!(p["state"], "review", "{p}");
        assert!(p["createdAt"].as_str().is_some(), "{p}");
        for field in ["url", "thumb"] {
            let url = p[field].as_str().unwrap();
            let got = app.fetch("GET", url, &[]).await;
            assert_eq!(got.status, 200, "{url}");
            assert!(!has_exif(&got.bytes), "{url} kept its EXIF block");
        }
    }
    assert_eq!(app.media_files(), files + 4);
    let ids = row_ids(&album);

    // The owner's own list, with or without her id.
    assert_eq!(
        states(&app, &ana, &ana).await,
        vec![(ids[0], "review".into()), (ids[1], "review".into())]
    );
    let own = app.get(ALBUM, Some(&ana.token)).await.ok();
    assert_eq!(row_ids(&own), ids);
    // Another member sees nothing yet.
    assert_eq!(states(&app, &bob, &ana).await, vec![]);

    app.approve_photo(ids[0]).await;
    assert_eq!(
        states(&app, &bob, &ana).await,
        vec![(ids[0], "open".into())]
    );
    let seen = app.album(&bob, &ana).await.ok();
    assert_eq!(seen["rows"][0]["url"], rows[0]["url"]);
    assert_eq!(
        states(&app, &ana, &ana).await,
        vec![(ids[0], "open".into()), (ids[1], "review".into())]
    );
}

async fn only_members_look_at_other_peoples_albums(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let carl = app.register("carl").await;
    app.make_member(&ana, 1).await;
    app.make_member(&bob, 30).await;
    let ids = adds(&app, &ana, 2).await;
    for id in &ids {
        app.approve_photo(*id).await;
    }

    asks_to_upgrade(&app.album(&carl, &ana).await);
    // Everyone sees their own album, member or not.
    assert_eq!(states(&app, &carl, &carl).await, vec![]);
    assert_eq!(states(&app, &bob, &ana).await.len(), 2);

    // Ana's membership runs out: her album is still hers, and still shown to members.
    app.clock().advance(chrono::Duration::days(2));
    assert_eq!(states(&app, &ana, &ana).await.len(), 2, "her own, still");
    asks_to_upgrade(&app.album(&ana, &bob).await);
    assert_eq!(states(&app, &bob, &ana).await.len(), 2);

    // Nobody's album is not found.
    app.make_member(&carl, 30).await;
    let reply = app
        .get(&format!("{ALBUM}?userId=999999"), Some(&carl.token))
        .await;
    reply.fails(404, NOT_FOUND);
}

async fn an_album_holds_at_most_six_photos(b: Backend) {
    let (app, ana, _) = members(b).await;
    let before = app.social().await;
    app.add_photos(&ana, vec![photo(); 7])
        .await
        .fails(400, ALBUM_FULL);
    assert_eq!(app.social().await, before);

    adds(&app, &ana, 5).await;
    let before = app.social().await;
    app.add_photos(&ana, vec![photo(); 2])
        .await
        .fails(400, ALBUM_FULL);
    assert_eq!(app.social().await, before, "two onto five stored something");

    adds(&app, &ana, 1).await;
    let before = app.social().await;
    app.add_photos(&ana, vec![photo()])
        .await
        .fails(400, ALBUM_FULL);
    assert_eq!(app.social().await, before);
    assert_eq!(states(&app, &ana, &ana).await.len(), 6);
}

async fn a_bad_or_huge_photo_stores_nothing(b: Backend) {
    let (app, ana, _) = members(b).await;
    let before = app.social().await;
    let text = data_url("image/png", b"not a picture");
    app.add_photos(&ana, vec![photo(), text])
        .await
        .fails(400, NOT_AN_IMAGE);
    app.add_photos(&ana, vec![picture_of(11 * 1024 * 1024)])
        .await
        .fails(413, IMAGE_TOO_LARGE);
    app.add_photos(&ana, vec![]).await.fails(400, NO_PHOTO);
    assert_eq!(app.social().await, before);
}

async fn a_private_photo_is_hidden_from_others(b: Backend) {
    let (app, ana, bob) = members(b).await;
    let ids = adds(&app, &ana, 3).await;
    for id in &ids[..2] {
        app.approve_photo(*id).await;
    }

    assert_eq!(
        app.set_photos_open(&ana, &ids[..1], false).await.ok(),
        json!(null)
    );
    assert_eq!(
        states(&app, &bob, &ana).await,
        vec![(ids[1], "open".into())]
    );
    assert_eq!(
        states(&app, &ana, &ana).await,
        vec![
            (ids[0], "private".into()),
            (ids[1], "open".into()),
            (ids[2], "review".into())
        ]
    );

    // A photo under review stays under review, and remembers the choice.
    app.set_photos_open(&ana, &ids[2..], false).await.ok();
    assert_eq!(states(&app, &ana, &ana).await[2], (ids[2], "review".into()));
    let own = app.album(&ana, &ana).await.ok();
    assert_eq!(own["rows"][2]["isOpen"], false, "{own}");
    app.approve_photo(ids[2]).await;
    assert_eq!(
        states(&app, &ana, &ana).await[2],
        (ids[2], "private".into())
    );
    assert_eq!(
        states(&app, &bob, &ana).await,
        vec![(ids[1], "open".into())]
    );

    app.set_photos_open(&ana, &[ids[0], ids[2]], true)
        .await
        .ok();
    assert_eq!(
        states(&app, &bob, &ana).await,
        vec![
            (ids[0], "open".into()),
            (ids[1], "open".into()),
            (ids[2], "open".into())
        ]
    );
}

async fn only_the_owner_changes_or_removes_a_photo(b: Backend, store: Store) {
    let (app, ana, bob) = members_on(b, store).await;
    let hers = adds(&app, &ana, 2).await;
    let his = adds(&app, &bob, 1).await;
    for id in hers.iter().chain(&his) {
        app.approve_photo(*id).await;
    }

    let before = app.social().await;
    for ids in [vec![hers[0]], vec![his[0], hers[1]], vec![999_999]] {
        app.set_photos_open(&bob, &ids, false)
            .await
            .fails(404, NOT_FOUND);
        app.remove_photos(&bob, &ids).await.fails(404, NOT_FOUND);
    }
    assert_eq!(
        app.social().await,
        before,
        "a refused change changed something"
    );
    assert_eq!(states(&app, &bob, &ana).await.len(), 2);
    let reply = app
        .call(
            "PUT",
            &format!("{ALBUM_OPEN}?ids=x&isOpen=true"),
            Some(&ana.token),
            Body::None,
        )
        .await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    let reply = app.set_photos_open(&ana, &[], true).await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert_eq!(app.social().await, before);

    let files = app.media_files();
    let url = app.album(&bob, &ana).await.ok()["rows"][0]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(app.remove_photos(&ana, &hers[..1]).await.ok(), json!(null));
    assert_eq!(
        states(&app, &ana, &ana).await,
        vec![(hers[1], "open".into())]
    );
    assert_eq!(
        states(&app, &bob, &ana).await,
        vec![(hers[1], "open".into())]
    );
    assert_eq!(app.media_files(), files - 2, "the photo and its thumbnail");
    assert_eq!(app.fetch("GET", &url, &[]).await.status, 404);
    // Removed, it is not there to remove again.
    app.remove_photos(&ana, &hers[..1])
        .await
        .fails(404, NOT_FOUND);
    // His photo is untouched.
    assert_eq!(
        states(&app, &bob, &bob).await,
        vec![(his[0], "open".into())]
    );
}

async fn a_block_hides_albums_both_ways(b: Backend) {
    let (app, ana, bob) = members(b).await;
    for who in [&ana, &bob] {
        for id in adds(&app, who, 1).await {
            app.approve_photo(id).await;
        }
    }
    app.blocks(&ana, &bob).await;
    for (me, other) in [(&ana, &bob), (&bob, &ana)] {
        app.album(me, other).await.fails(404, NOT_FOUND);
    }
    app.unblocks(&ana, &bob).await;
    for (me, other) in [(&ana, &bob), (&bob, &ana)] {
        assert_eq!(states(&app, me, other).await.len(), 1);
    }
}

both_stores!(
    a_new_photo_waits_for_review_and_only_its_owner_sees_it,
    only_the_owner_changes_or_removes_a_photo,
);

both_databases!(
    a_non_member_cannot_add_photos,
    only_members_look_at_other_peoples_albums,
    an_album_holds_at_most_six_photos,
    a_bad_or_huge_photo_stores_nothing,
    a_private_photo_is_hidden_from_others,
    a_block_hides_albums_both_ways,
);
