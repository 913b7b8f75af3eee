//! Blocking and reporting: a block hides two people from each other everywhere until it is
//! lifted; a report reaches the moderators with a reason, a short description and at most three
//! screenshots, and a refused report leaves nothing behind.

use crate::common::images;
use crate::common::people::{BLOCKED, PROFILE};
use crate::common::{png_data_url, spawn, Backend, Person, TestApp};
use serde_json::{json, Value};

const BLOCK: &str = "/prod-api/system/blacklisted/add";
const UNBLOCK: &str = "/prod-api/system/blacklisted/remove";
const REPORT: &str = "/prod-api/system/form/add";
const THANKS: &str = "Thank you, our moderators will review your report";
const TOO_LONG: &str = "The description must be at most 500 characters, with at most 3 screenshots";

async fn block(app: &TestApp, who: &Person, whom: i64) -> crate::common::Reply {
    app.post(BLOCK, Some(&who.token), json!({ "userId": whom }))
        .await
}

async fn unblock(app: &TestApp, who: &Person, ids: &str) -> crate::common::Reply {
    app.call(
        "DELETE",
        &TestApp::with_query(UNBLOCK, &[("ids", ids)]),
        Some(&who.token),
        crate::common::Body::None,
    )
    .await
}

/// Where `me` meets `other`: each place, and whether `other` is there.
async fn meetings(app: &TestApp, me: &Person, other: &Person) -> Vec<(&'static str, bool)> {
    let id = other.id;
    let mut found = Vec::new();
    for (place, list) in [
        ("discover", crate::common::people::DISCOVER),
        ("my favourites", "/prod-api/system/like/likeTo"),
        ("likes me", "/prod-api/system/like/likeMe"),
        ("matches", "/prod-api/system/like/likeMeAndLikeTo"),
        ("visitors", "/prod-api/system/like/visitor"),
        ("contacts", "/prod-api/em/friends/list"),
    ] {
        found.push((place, app.list_ids(me, list).await.contains(&id)));
    }
    for (place, path) in [
        ("profile", format!("{PROFILE}?userId={id}")),
        ("card", format!("/prod-api/system/user/getInfos/{id}")),
        (
            "online status",
            format!("/prod-api/system/user/checkOnlineStatusInLast/{id}"),
        ),
    ] {
        let reply = app.get(&path, Some(&me.token)).await;
        if reply.status != 200 {
            reply.fails(404, "Not found");
        }
        found.push((place, reply.status == 200));
    }
    found
}

#[track_caller]
fn everywhere(found: &[(&str, bool)]) {
    assert!(found.iter().all(|(_, here)| *here), "{found:?}");
}

#[track_caller]
fn nowhere(found: &[(&str, bool)]) {
    assert!(found.iter().all(|(_, here)| !*here), "{found:?}");
}

async fn a_block_hides_two_people_from_each_other_until_it_is_lifted(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    app.make_member(&ana, 30).await;
    app.make_member(&bob, 30).await;
    for (me, other) in [(&ana, &bob), (&bob, &ana)] {
        app.get(
            &format!("/prod-api/system/like/opera/{}", other.id),
            Some(&me.token),
        )
        .await
        .ok();
        app.get(
            &format!("/prod-api/em/addFriend/{}", other.id),
            Some(&me.token),
        )
        .await
        .ok();
        app.get(&format!("{PROFILE}?userId={}", other.id), Some(&me.token))
            .await
            .ok();
    }
    everywhere(&meetings(&app, &ana, &bob).await);
    everywhere(&meetings(&app, &bob, &ana).await);

    assert_eq!(block(&app, &ana, bob.id).await.ok(), json!(null));
    let rows = app.snapshot().await;
    let (likes, footprints, contacts) = (
        app.count("likes").await,
        app.count("footprints").await,
        app.count("contacts").await,
    );
    nowhere(&meetings(&app, &ana, &bob).await);
    nowhere(&meetings(&app, &bob, &ana).await);
    assert_eq!(app.counters(&ana).await, (0, 0, 0));
    assert_eq!(app.counters(&bob).await, (0, 0, 0));
    assert_eq!(
        app.get("/prod-api/system/sidekick/random", Some(&bob.token))
            .await
            .ok(),
        json!(null)
    );

    // Neither can reach the other: no heart, no contact, no remark.
    for (me, other) in [(&ana, &bob), (&bob, &ana)] {
        for path in [
            format!("/prod-api/system/like/opera/{}", other.id),
            format!("/prod-api/em/addFriend/{}", other.id),
        ] {
            app.get(&path, Some(&me.token))
                .await
                .fails(404, "Not found");
        }
        app.post(
            "/prod-api/system/remarks/add",
            Some(&me.token),
            json!({ "userId": other.id, "remark": "Ex" }),
        )
        .await
        .fails(404, "Not found");
    }
    assert_eq!(app.snapshot().await, rows);
    assert_eq!(
        (
            app.count("likes").await,
            app.count("footprints").await,
            app.count("contacts").await,
            app.count("remarks").await
        ),
        (likes, footprints, contacts, 0)
    );

    // A third person still meets both.
    assert!(app.discovered(&carl, "").await.contains(&ana.id));
    assert!(app.discovered(&ana, "").await.contains(&carl.id));

    // The block is ana's: only her list shows it, and only she can lift it.
    assert_eq!(app.list_ids(&ana, BLOCKED).await, vec![bob.id]);
    assert_eq!(app.list_ids(&bob, BLOCKED).await, Vec::<i64>::new());
    unblock(&app, &bob, &ana.id.to_string()).await.ok();
    nowhere(&meetings(&app, &bob, &ana).await);

    unblock(&app, &ana, &bob.id.to_string()).await.ok();
    assert_eq!(app.list_ids(&ana, BLOCKED).await, Vec::<i64>::new());
    everywhere(&meetings(&app, &ana, &bob).await);
    everywhere(&meetings(&app, &bob, &ana).await);
}

async fn the_blocked_list_and_lifting_several_blocks_at_once(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dora = app.woman("dora").await;
    for whom in [bob.id, carl.id, dora.id, bob.id] {
        block(&app, &ana, whom).await.ok();
    }
    assert_eq!(app.count("blocks").await, 3, "blocking twice is one block");
    let page = app.get(BLOCKED, Some(&ana.token)).await.ok();
    assert_eq!(page["total"], 3);
    let mut listed = crate::common::people::ids(&page);
    listed.sort_unstable();
    assert_eq!(listed, vec![bob.id, carl.id, dora.id]);
    assert!(page["rows"][0]["userName"].as_str().is_some());

    for bad in ["", "abc", "1,x", ",", "1;2", "1, 2"] {
        unblock(&app, &ana, bad)
            .await
            .fails_starting(400, "The request is not valid");
    }
    app.call(
        "DELETE",
        UNBLOCK,
        Some(&ana.token),
        crate::common::Body::None,
    )
    .await
    .fails_starting(400, "The request is not valid");
    assert_eq!(app.count("blocks").await, 3);

    unblock(&app, &ana, &format!("{},{}", bob.id, carl.id))
        .await
        .ok();
    assert_eq!(app.list_ids(&ana, BLOCKED).await, vec![dora.id]);
    assert_eq!(app.discovered(&ana, "").await.len(), 2);
    // Lifting a block that is not there changes nothing.
    unblock(&app, &ana, &format!("{},999999", bob.id))
        .await
        .ok();
    assert_eq!(app.list_ids(&ana, BLOCKED).await, vec![dora.id]);
}

async fn one_cannot_block_oneself_or_nobody(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    app.delete_account(&bob).await;

    block(&app, &ana, ana.id)
        .await
        .fails(400, "You cannot do this to yourself");
    for missing in [bob.id, 999_999] {
        block(&app, &ana, missing).await.fails(404, "Not found");
    }
    app.post(BLOCK, Some(&ana.token), json!({}))
        .await
        .fails(404, "Not found");
    app.post(BLOCK, Some(&ana.token), json!({ "userId": "bob" }))
        .await
        .fails_starting(400, "The request is not valid");
    assert_eq!(app.count("blocks").await, 0);
    assert_eq!(app.list_ids(&ana, BLOCKED).await, Vec::<i64>::new());
}

fn report(whom: &Person, reason: &str, content: &str, images: Vec<String>) -> Value {
    json!({ "userId": whom.id, "reason": reason, "content": content, "images": images })
}

/// A report that is refused with `code` and `msg` leaves no report and no picture behind.
async fn refused(app: &TestApp, who: &Person, body: Value, code: u16, msg: &str) {
    let (reports, files) = (app.count("reports").await, app.media_files());
    app.post(REPORT, Some(&who.token), body)
        .await
        .fails(code, msg);
    assert_eq!(
        app.count("reports").await,
        reports,
        "a refused report was stored"
    );
    assert_eq!(
        app.media_files(),
        files,
        "a refused report left pictures behind"
    );
}

async fn a_report_reaches_the_moderators(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let files = app.media_files();

    let reply = app
        .post(
            REPORT,
            Some(&ana.token),
            report(
                &bob,
                "harassment",
                "He keeps sending rude messages",
                vec![png_data_url(40, 30)],
            ),
        )
        .await;
    assert_eq!(reply.msg(), THANKS);
    assert_eq!(reply.ok(), json!(null));
    assert_eq!(app.count("reports").await, 1);
    assert_eq!(
        app.texts("SELECT reason || '|' || content FROM reports")
            .await,
        vec!["harassment|He keeps sending rude messages"]
    );
    assert_eq!(
        app.scalar(&format!(
            "SELECT COUNT(*) FROM reports WHERE reporter_id = {} AND target_id = {}",
            ana.id, bob.id
        ))
        .await,
        1
    );
    assert!(app.media_files() > files, "the screenshot was not kept");

    // A reason alone is enough; every reason of the list is accepted.
    for reason in [
        "spam",
        "fake_profile",
        "inappropriate_content",
        "harassment",
        "underage",
        "scam",
        "other",
    ] {
        let reply = app
            .post(
                REPORT,
                Some(&ana.token),
                json!({ "userId": bob.id, "reason": reason }),
            )
            .await;
        assert_eq!(reply.msg(), THANKS);
        reply.ok();
    }
    assert_eq!(app.count("reports").await, 8);

    // Three screenshots and 500 characters are the most a report carries.
    let files = app.media_files();
    let full = "é".repeat(500);
    let reply = app
        .post(
            REPORT,
            Some(&ana.token),
            report(&bob, "scam", &full, vec![png_data_url(10, 10); 3]),
        )
        .await;
    assert_eq!(reply.msg(), THANKS);
    assert_eq!(app.count("reports").await, 9);
    assert!(app.media_files() >= files + 3);
}

async fn a_report_needs_a_reason_from_the_list(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    for reason in [json!("rude"), json!(""), json!("   "), Value::Null] {
        refused(
            &app,
            &ana,
            json!({ "userId": bob.id, "reason": reason, "content": "Rude" }),
            400,
            "Please choose a reason for the report",
        )
        .await;
    }
    refused(
        &app,
        &ana,
        json!({ "userId": bob.id, "content": "Rude" }),
        400,
        "Please choose a reason for the report",
    )
    .await;
}

async fn a_report_is_short_with_at_most_three_screenshots(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    refused(
        &app,
        &ana,
        report(&bob, "spam", "Spam", vec![png_data_url(10, 10); 4]),
        400,
        TOO_LONG,
    )
    .await;
    refused(
        &app,
        &ana,
        report(&bob, "spam", &"x".repeat(501), vec![]),
        400,
        TOO_LONG,
    )
    .await;
}

async fn a_report_with_a_bad_screenshot_keeps_nothing(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let text = images::data_url("image/png", b"not a picture at all");
    for screenshots in [
        vec![text.clone()],
        vec![png_data_url(20, 20), text.clone()],
        vec![png_data_url(20, 20), png_data_url(30, 30), "%%%".to_owned()],
    ] {
        refused(
            &app,
            &ana,
            report(&bob, "scam", "Look at this", screenshots),
            400,
            "Please choose a JPEG, PNG, WebP or GIF image",
        )
        .await;
    }
}

async fn one_cannot_report_oneself_or_nobody(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    app.delete_account(&bob).await;
    refused(
        &app,
        &ana,
        report(&ana, "spam", "", vec![]),
        400,
        "You cannot do this to yourself",
    )
    .await;
    refused(
        &app,
        &ana,
        report(&bob, "spam", "", vec![]),
        404,
        "Not found",
    )
    .await;
    refused(
        &app,
        &ana,
        json!({ "userId": 999_999, "reason": "spam" }),
        404,
        "Not found",
    )
    .await;
    refused(&app, &ana, json!({ "reason": "spam" }), 404, "Not found").await;
}

both_databases!(
    a_block_hides_two_people_from_each_other_until_it_is_lifted,
    the_blocked_list_and_lifting_several_blocks_at_once,
    one_cannot_block_oneself_or_nobody,
    a_report_reaches_the_moderators,
    a_report_needs_a_reason_from_the_list,
    a_report_is_short_with_at_most_three_screenshots,
    a_report_with_a_bad_screenshot_keeps_nothing,
    one_cannot_report_oneself_or_nobody,
);
