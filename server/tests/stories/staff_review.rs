//! The review queue: album photos waiting for staff, flagged dynamics (oldest first) and
//! messages the trust & safety rules set aside. Staff approve or reject each, and what others
//! see follows: an approved photo shows as its owner chose, a rejected one is deleted with its
//! files and its owner told; an approved dynamic stays and leaves the queue, a rejected one is
//! gone for everyone; a cautioned message approved stays, rejected is recalled. An item is
//! decided once.

use crate::common::feed::{photo, row_ids, ALBUM_OPEN, NOTICES};
use crate::common::staff::{
    has_fields, ids_of, NOT_FOUND, PHOTO_REMOVED_BODY, PHOTO_REMOVED_TITLE, REVIEW_DECISION,
};
use crate::common::{spawn, Backend, Body, Person, TestApp};
use serde_json::{json, Value};

/// The ids of the photos of `whose` album `who` sees.
async fn album_ids(app: &TestApp, who: &Person, whose: &Person) -> Vec<i64> {
    row_ids(&app.album(who, whose).await.ok())
}

/// An approved photo is seen by others as its owner chose (open or private); a rejected one is
/// deleted with its files, even for its owner, who gets a personal notice saying so.
async fn an_approved_photo_is_seen_and_a_rejected_one_is_deleted(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    app.make_member(&ana, 30).await;
    app.make_member(&bob, 30).await;
    let ids = row_ids(
        &app.add_photos(&bob, vec![photo(), photo(), photo()])
            .await
            .ok(),
    );
    let (open, rejected, private) = (ids[0], ids[1], ids[2]);
    app.call(
        "PUT",
        &TestApp::with_query(
            ALBUM_OPEN,
            &[("ids", &private.to_string()), ("isOpen", "false")],
        ),
        Some(&bob.token),
        Body::None,
    )
    .await
    .ok();

    let queue = app.review_queue(&sam).await;
    assert_eq!(queue["counts"]["photos"], 3);
    let photos = queue["photos"].as_array().unwrap();
    assert_eq!(ids_of(photos), ids, "oldest first");
    for p in photos {
        has_fields(
            p,
            &[
                "id",
                "userId",
                "userName",
                "url",
                "thumb",
                "isOpen",
                "createdAt",
            ],
        );
        assert_eq!(p["userId"], bob.id);
        assert_eq!(p["userName"], "bob");
        let url = p["url"].as_str().unwrap();
        assert_eq!(app.fetch("GET", url, &[]).await.status, 200, "{url}");
    }
    assert_eq!(photos[2]["isOpen"], false);
    let first_page = app.admin_get(&sam, "/review?pageSize=1").await;
    assert_eq!(ids_of(first_page["photos"].as_array().unwrap()), vec![open]);
    assert_eq!(first_page["counts"]["photos"], 3, "counts are totals");
    assert_eq!(album_ids(&app, &ana, &bob).await, Vec::<i64>::new());

    app.decides(&sam, "photo", open, "approve").await;
    app.decides(&sam, "photo", private, "approve").await;
    assert_eq!(album_ids(&app, &ana, &bob).await, vec![open]);
    assert_eq!(album_ids(&app, &bob, &bob).await, ids);

    let files = app.media_files();
    let notices = app.notices_of(&ana).await;
    app.decides(&sam, "photo", rejected, "reject").await;
    assert_eq!(album_ids(&app, &bob, &bob).await, vec![open, private]);
    assert_eq!(album_ids(&app, &ana, &bob).await, vec![open]);
    assert_eq!(
        app.media_files(),
        files - 2,
        "the photo and its thumbnail stay"
    );
    let told = (
        PHOTO_REMOVED_TITLE.to_owned(),
        PHOTO_REMOVED_BODY.to_owned(),
    );
    assert_eq!(app.notices_of(&bob).await, vec![told.clone()]);
    assert_eq!(
        app.notices_of(&ana).await,
        notices,
        "ana was told of bob's photo"
    );
    assert!(!notices_of_anyone(&app).await.contains(&told));

    let queue = app.review_queue(&sam).await;
    assert_eq!(queue["photos"], json!([]));
    assert_eq!(queue["counts"]["photos"], 0);
    for (id, decision) in [(open, "approve"), (open, "reject"), (rejected, "reject")] {
        app.decide(&sam, "photo", id, decision)
            .await
            .fails(404, NOT_FOUND);
    }
    assert_eq!(album_ids(&app, &ana, &bob).await, vec![open]);
}

/// The notices read without a session.
async fn notices_of_anyone(app: &TestApp) -> Vec<(String, String)> {
    app.get(NOTICES, None).await.ok()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["title"].as_str().unwrap().to_owned(),
                n["body"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Flagged dynamics wait oldest first with their reasons; approved, a dynamic stays and leaves
/// the queue (those who flagged it still do not find it in their feed, but it opens).
async fn an_approved_dynamic_stays_and_leaves_the_queue(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let once = app.posts(&ana, "Flagged once").await;
    let twice = app.posts(&ana, "Flagged twice").await;
    app.flag(&cleo, once, "other").await.ok();
    app.flag(&bob, twice, "spam").await.ok();
    app.flag(&cleo, twice, "scam").await.ok();

    let queue = app.review_queue(&sam).await;
    assert_eq!(queue["counts"]["dynamics"], 2);
    let dynamics = queue["dynamics"].as_array().unwrap();
    assert_eq!(ids_of(dynamics), vec![once, twice], "oldest first");
    for d in dynamics {
        has_fields(
            d,
            &[
                "id",
                "userId",
                "userName",
                "content",
                "images",
                "flags",
                "reasons",
                "createdAt",
            ],
        );
    }
    let first = &dynamics[1];
    assert_eq!(first["userId"], ana.id);
    assert_eq!(first["userName"], "ana");
    assert_eq!(first["content"], "Flagged twice");
    assert_eq!(first["flags"], 2);
    let mut reasons: Vec<&str> = first["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    reasons.sort_unstable();
    assert_eq!(reasons, vec!["scam", "spam"]);

    app.decides(&sam, "dynamic", twice, "approve").await;
    let queue = app.review_queue(&sam).await;
    assert_eq!(ids_of(queue["dynamics"].as_array().unwrap()), vec![once]);
    assert_eq!(queue["counts"]["dynamics"], 1);
    let feeds = [
        (&ana, vec![twice, once]),
        (&bob, vec![once]),
        (&cleo, vec![]),
    ];
    for (who, feed) in feeds {
        assert_eq!(app.feed_ids(who, "").await, feed, "{}", who.user_name);
        app.dynamic(who, twice).await.ok();
    }
    app.decides(&sam, "dynamic", once, "approve").await;
    assert_eq!(app.review_queue(&sam).await["dynamics"], json!([]));
    for decision in ["approve", "reject"] {
        app.decide(&sam, "dynamic", twice, decision)
            .await
            .fails(404, NOT_FOUND);
    }
    assert_eq!(app.feed_ids(&ana, "").await, vec![twice, once]);
}

/// Rejected, a flagged dynamic is gone for everyone, its author too, and leaves the queue.
async fn a_rejected_dynamic_is_gone_for_everyone(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let kept = app.posts(&ana, "A normal day").await;
    let bad = app.posts(&ana, "Buy followers now").await;
    app.flag(&bob, bad, "spam").await.ok();

    app.decides(&sam, "dynamic", bad, "reject").await;
    for who in [&ana, &bob, &sam] {
        assert_eq!(
            app.feed_ids(who, "").await,
            vec![kept],
            "as {} sees it",
            who.user_name
        );
        app.dynamic(who, bad).await.fails(404, NOT_FOUND);
    }
    assert_eq!(
        app.feed_ids(&ana, &format!("userId={}", ana.id)).await,
        vec![kept]
    );
    let queue = app.review_queue(&sam).await;
    assert_eq!(queue["dynamics"], json!([]));
    assert_eq!(queue["counts"]["dynamics"], 0);
    app.decide(&sam, "dynamic", bad, "reject")
        .await
        .fails(404, NOT_FOUND);
    // A dynamic nobody flagged is not in the queue to decide.
    app.decide(&sam, "dynamic", kept, "reject")
        .await
        .fails(404, NOT_FOUND);
    assert_eq!(app.feed_ids(&bob, "").await, vec![kept]);
}

/// A cautioned first message approved stays delivered and leaves the queue; rejected, it is
/// recalled for both.
async fn a_cautioned_message_approved_stays_and_rejected_is_recalled(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let tom = app.man("tom").await;
    let ana = app.woman("ana").await;
    let bea = app.woman("bea").await;
    let kept = app
        .says(&tom, &ana, "My site: https://tom.example.org")
        .await;
    let recalled = app.says(&tom, &bea, "Call me on +1 (555) 123-4567").await;

    let queue = app.review_queue(&sam).await;
    assert_eq!(queue["counts"]["messages"], 2);
    let items = queue["messages"].as_array().unwrap();
    let item_of = |to: &Person| {
        items
            .iter()
            .find(|m| m["recipientId"] == to.id)
            .unwrap_or_else(|| panic!("no item for {}: {queue}", to.user_name))["id"]
            .as_i64()
            .unwrap()
    };
    let (for_ana, for_bea) = (item_of(&ana), item_of(&bea));

    app.decides(&sam, "message", for_ana, "approve").await;
    let hers = app.conversation(&ana, tom.id).await;
    assert_eq!(hers[0]["id"], kept["id"]);
    assert_eq!(
        hers[0]["content"]["text"],
        "My site: https://tom.example.org"
    );
    assert_eq!(
        ids_of(app.review_queue(&sam).await["messages"].as_array().unwrap()),
        vec![for_bea]
    );

    app.decides(&sam, "message", for_bea, "reject").await;
    for (who, peer) in [(&bea, tom.id), (&tom, bea.id)] {
        let seen = app.conversation(who, peer).await;
        assert_eq!(seen[0]["id"], recalled["id"]);
        assert_eq!(
            seen[0]["status"], "recalled",
            "as {} sees it",
            who.user_name
        );
        assert_eq!(seen[0]["content"], Value::Null);
    }
    let queue = app.review_queue(&sam).await;
    assert_eq!(queue["messages"], json!([]));
    assert_eq!(queue["counts"]["messages"], 0);
    for id in [for_ana, for_bea] {
        app.decide(&sam, "message", id, "reject")
            .await
            .fails(404, NOT_FOUND);
    }
    assert_eq!(
        app.conversation(&ana, tom.id).await[0]["content"]["text"],
        "My site: https://tom.example.org"
    );
}

/// A decision is approve or reject, of a kind the queue holds, of an item waiting; anything
/// else is refused and decides nothing.
async fn a_decision_is_approve_or_reject_of_a_waiting_item(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    app.make_member(&ana, 30).await;
    let photo_id = row_ids(&app.add_photos(&ana, vec![photo()]).await.ok())[0];
    let dynamic = app.posts(&ana, "Flag me").await;
    app.flag(&bob, dynamic, "spam").await.ok();
    let queue = app.review_queue(&sam).await;
    let audited = app.audited(&sam).await;

    for (kind, id) in [("photo", photo_id), ("dynamic", dynamic)] {
        for decision in [json!(""), json!("APPROVE"), json!("delete"), Value::Null] {
            app.admin_post(
                &sam,
                &format!("/review/{kind}/{id}"),
                json!({ "decision": decision }),
            )
            .await
            .fails(400, REVIEW_DECISION);
        }
        app.admin_post(&sam, &format!("/review/{kind}/{id}"), json!({}))
            .await
            .fails(400, REVIEW_DECISION);
    }
    for kind in ["video", "photos", "user"] {
        let reply = app.decide(&sam, kind, photo_id, "approve").await;
        assert_eq!(reply.status, 404, "{kind}: {}", reply.body);
    }
    for kind in ["photo", "dynamic", "message"] {
        app.decide(&sam, kind, 999_999, "approve")
            .await
            .fails(404, NOT_FOUND);
    }
    assert_eq!(app.review_queue(&sam).await, queue);
    assert_eq!(app.audited(&sam).await, audited);
}

both_databases!(
    an_approved_photo_is_seen_and_a_rejected_one_is_deleted,
    an_approved_dynamic_stays_and_leaves_the_queue,
    a_rejected_dynamic_is_gone_for_everyone,
    a_cautioned_message_approved_stays_and_rejected_is_recalled,
    a_decision_is_approve_or_reject_of_a_waiting_item,
);
