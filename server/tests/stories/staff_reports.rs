//! Staff work the reports people file: an open queue, oldest first, telling who reported whom
//! and how often that person was reported; a report's page with what the reported person wrote
//! to the reporter and the earlier reports against them; and closing a report by dismissing it,
//! banning the person (which closes every open report against them) or removing their public
//! content (avatar, about me, dynamics, album photos and their files). A report closes once.

use crate::common::feed::{photo, row_ids};
use crate::common::people::PROFILE;
use crate::common::staff::{
    has_fields, ids_of, NOT_FOUND, REPORT_ACTION, REPORT_CLOSED, SUSPENDED,
};
use crate::common::{spawn, Backend, Person, TestApp};
use chrono::Duration;
use serde_json::{json, Value};

const REPORT_ROW: &[&str] = &[
    "id",
    "reason",
    "content",
    "images",
    "createdAt",
    "status",
    "action",
    "closedAt",
    "closedBy",
    "reporter",
    "target",
    "targetReports",
];

/// A minute passes: reports filed one after another have different times.
fn a_minute(app: &TestApp) {
    app.clock().advance(Duration::minutes(1));
}

/// The profile of `whom` as `who` sees it.
async fn profile(app: &TestApp, who: &Person, whom: &Person) -> crate::common::Reply {
    app.get(&format!("{PROFILE}?userId={}", whom.id), Some(&who.token))
        .await
}

/// The open queue lists reports oldest first, each with its reporter, its target and how
/// often the target was reported; closed ones leave it for the closed list, newest closed
/// first, with the action and who closed it.
async fn the_queue_holds_open_reports_oldest_first(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let cleo = app.woman("cleo").await;
    let bob = app.man("bob").await;
    let dan = app.man("dan").await;
    assert_eq!(app.report_queue(&staff, "open").await, (vec![], 0));

    let first = app.reports(&ana, &bob, "harassment").await;
    a_minute(&app);
    let second = app.reports(&ana, &dan, "spam").await;
    a_minute(&app);
    let third = app.reports(&cleo, &bob, "scam").await;

    let (rows, total) = app.report_queue(&staff, "open").await;
    assert_eq!(total, 3);
    assert_eq!(ids_of(&rows), vec![first, second, third]);
    let default = app.admin_get(&staff, "/reports").await;
    assert_eq!(
        ids_of(default["rows"].as_array().unwrap()),
        vec![first, second, third]
    );
    for row in &rows {
        has_fields(row, REPORT_ROW);
        assert_eq!(row["status"], "open");
        assert_eq!(row["action"], Value::Null);
        assert_eq!(row["closedAt"], Value::Null);
        assert_eq!(row["closedBy"], Value::Null);
        assert!(row["createdAt"].as_str().is_some(), "{row}");
        assert!(row["images"].is_array(), "{row}");
    }
    let row = &rows[0];
    assert_eq!(row["reason"], "harassment");
    assert_eq!(row["content"], "harassment by ana");
    assert_eq!(row["reporter"]["userId"], ana.id);
    assert_eq!(row["reporter"]["userName"], "ana");
    assert!(row["reporter"].get("avatar").is_some(), "{row}");
    assert_eq!(row["target"]["userId"], bob.id);
    assert_eq!(row["target"]["userName"], "bob");
    assert_eq!(row["target"]["status"], "active");
    assert_eq!(row["target"]["held"], false);
    assert!(row["target"].get("avatar").is_some(), "{row}");
    let counted: Vec<&Value> = rows.iter().map(|r| &r["targetReports"]).collect();
    assert_eq!(counted, [&json!(2), &json!(1), &json!(2)]);

    // Paged.
    let page = app
        .admin_get(&staff, "/reports?status=open&pageNum=2&pageSize=2")
        .await;
    assert_eq!(page["total"], 3);
    assert_eq!(ids_of(page["rows"].as_array().unwrap()), vec![third]);

    // Closed, newest closed first.
    app.close_report(&staff, second, json!({ "action": "dismiss" }))
        .await
        .ok();
    a_minute(&app);
    let closed = app
        .close_report(&staff, first, json!({ "action": "dismiss" }))
        .await
        .ok();
    has_fields(&closed, REPORT_ROW);
    assert_eq!(closed["id"], first);
    assert_eq!(closed["status"], "closed");
    assert_eq!(closed["action"], "dismiss");
    assert_eq!(closed["closedBy"], staff.id);
    assert!(closed["closedAt"].as_str().is_some(), "{closed}");

    let (open, total) = app.report_queue(&staff, "open").await;
    assert_eq!((ids_of(&open), total), (vec![third], 1));
    assert_eq!(
        open[0]["targetReports"], 2,
        "every report ever filed against bob counts"
    );
    let (closed, total) = app.report_queue(&staff, "closed").await;
    assert_eq!((ids_of(&closed), total), (vec![first, second], 2));
    assert_eq!(closed[1]["action"], "dismiss");
    assert_eq!(closed[1]["closedBy"], staff.id);
}

/// A report's page shows the newest 20 messages the reported person sent the reporter (not
/// hers to him, not his to others), newest first, and the other reports against him.
async fn a_reports_page_shows_what_the_target_wrote_to_the_reporter(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let cleo = app.woman("cleo").await;
    let bob = app.man("bob").await;

    let mut his = Vec::new();
    for i in 0..22 {
        his.push(app.says(&bob, &ana, &format!("Message {i}")).await["id"].clone());
    }
    app.says(&ana, &bob, "Stop writing to me").await;
    app.says(&bob, &cleo, "Hello Cleo").await;
    let earlier = app.reports(&cleo, &bob, "spam").await;
    a_minute(&app);
    let other = app.reports(&ana, &cleo, "other").await;
    let id = app.reports(&ana, &bob, "harassment").await;

    let page = app.report_page(&staff, id).await.ok();
    has_fields(&page, REPORT_ROW);
    assert_eq!(page["id"], id);
    assert_eq!(page["reason"], "harassment");
    assert_eq!(page["targetReports"], 2);
    let messages = page["recentMessages"].as_array().unwrap();
    let newest_first: Vec<Value> = his.iter().rev().take(20).cloned().collect();
    assert_eq!(
        messages.iter().map(|m| m["id"].clone()).collect::<Vec<_>>(),
        newest_first
    );
    for m in messages {
        has_fields(m, &["id", "type", "content", "createdAt"]);
        assert_eq!(m["type"], "txt");
    }
    assert_eq!(messages[0]["content"], json!({ "text": "Message 21" }));
    let earlier_reports = page["earlierReports"].as_array().unwrap();
    assert_eq!(ids_of(earlier_reports), vec![earlier]);
    assert_eq!(earlier_reports[0]["reporter"]["userId"], cleo.id);

    // Cleo's report of nobody's messages to her: empty lists.
    let page = app.report_page(&staff, other).await.ok();
    assert_eq!(page["recentMessages"], json!([]));
    assert_eq!(page["earlierReports"], json!([]));

    app.report_page(&staff, 999_999).await.fails(404, NOT_FOUND);
}

/// Dismissing closes the report and nothing else; a closed report closes no more, an action
/// not of the three is refused, an unknown report is not found.
async fn a_dismissed_report_changes_nothing_else(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let id = app.reports(&ana, &bob, "spam").await;
    let dynamic = app.posts(&bob, "Hello everyone").await;
    let seen = profile(&app, &ana, &bob).await.ok();

    for action in [json!("delete"), json!(""), json!("DISMISS"), Value::Null] {
        app.close_report(&staff, id, json!({ "action": action }))
            .await
            .fails(400, REPORT_ACTION);
    }
    app.close_report(&staff, id, json!({}))
        .await
        .fails(400, REPORT_ACTION);
    assert_eq!(app.report_queue(&staff, "open").await.1, 1);
    let audited = app.audited(&staff).await;

    let closed = app
        .close_report(&staff, id, json!({ "action": "dismiss" }))
        .await
        .ok();
    assert_eq!(closed["action"], "dismiss");
    assert_eq!(profile(&app, &ana, &bob).await.ok(), seen);
    assert_eq!(app.feed_ids(&ana, "").await, vec![dynamic]);
    assert!(app.signed_in(&bob).await);

    for action in ["dismiss", "ban", "remove"] {
        app.close_report(&staff, id, json!({ "action": action }))
            .await
            .fails(409, REPORT_CLOSED);
    }
    app.close_report(&staff, 999_999, json!({ "action": "dismiss" }))
        .await
        .fails(404, NOT_FOUND);
    assert_eq!(app.audited(&staff).await, audited + 1);
    assert!(app.signed_in(&bob).await, "a refused close banned him");
    let (closed, _) = app.report_queue(&staff, "closed").await;
    assert_eq!(closed[0]["action"], "dismiss");
}

/// Removing clears the reported person's avatar (its files too) and about me, removes every
/// dynamic of theirs and every album photo (files too), and leaves their account as it was.
async fn removing_takes_down_the_persons_public_content(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let dan = app.man("dan").await;
    app.make_member(&ana, 30).await;
    app.make_member(&bob, 30).await;
    app.put(
        "/prod-api/system/user/profile",
        Some(&bob.token),
        json!({ "signature": "Call me at my website" }),
    )
    .await
    .ok();
    let first = app.posts(&bob, "First").await;
    let second = app.publish(&bob, "With a photo", vec![photo()]).await.ok()["id"]
        .as_i64()
        .unwrap();
    let photos = row_ids(&app.add_photos(&bob, vec![photo(), photo()]).await.ok());
    app.approve_photo(photos[0]).await;
    let his_dynamic_kept_elsewhere = app.posts(&dan, "Dan's").await;
    let before = profile(&app, &ana, &bob).await.ok();
    assert_eq!(before["signature"], "Call me at my website");
    let avatar = before["avatar"].as_str().unwrap().to_owned();
    assert_eq!(app.fetch("GET", &avatar, &[]).await.status, 200);
    assert_eq!(
        app.feed_ids(&ana, "").await,
        vec![his_dynamic_kept_elsewhere, second, first]
    );
    let files = app.media_files();
    let id = app.reports(&ana, &bob, "inappropriate_content").await;

    let closed = app
        .close_report(&staff, id, json!({ "action": "remove" }))
        .await
        .ok();
    assert_eq!(closed["status"], "closed");
    assert_eq!(closed["action"], "remove");

    let after = profile(&app, &ana, &bob).await.ok();
    assert!(
        after["signature"].is_null() || after["signature"] == "",
        "{after}"
    );
    assert_ne!(after["avatar"], before["avatar"], "{after}");
    assert_eq!(app.fetch("GET", &avatar, &[]).await.status, 404);
    assert_eq!(
        app.feed_ids(&ana, "").await,
        vec![his_dynamic_kept_elsewhere]
    );
    assert_eq!(
        app.feed_ids(&bob, &format!("userId={}", bob.id)).await,
        Vec::<i64>::new(),
        "his own dynamics are gone for him too"
    );
    for dynamic in [first, second] {
        app.dynamic(&ana, dynamic).await.fails(404, NOT_FOUND);
    }
    assert_eq!(
        row_ids(&app.album(&bob, &bob).await.ok()),
        Vec::<i64>::new()
    );
    assert_eq!(
        row_ids(&app.album(&ana, &bob).await.ok()),
        Vec::<i64>::new()
    );
    assert!(
        app.media_files() <= files - 5,
        "files left behind: {} of {files}",
        app.media_files()
    );

    // His account stays: he signs in and writes again.
    assert!(app.signed_in(&bob).await);
    app.posts(&bob, "I am still here").await;
}

/// Banning from a report bans the person, with the report's reason by default, and closes every
/// open report against them (not those against others).
async fn banning_from_a_report_closes_every_report_against_the_person(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let cleo = app.woman("cleo").await;
    let dora = app.woman("dora").await;
    let bob = app.man("bob").await;
    let dan = app.man("dan").await;
    let against_bob = vec![
        app.reports(&ana, &bob, "scam").await,
        app.reports(&cleo, &bob, "spam").await,
        app.reports(&dora, &bob, "harassment").await,
    ];
    let against_dan = app.reports(&ana, &dan, "other").await;

    let closed = app
        .close_report(&staff, against_bob[1], json!({ "action": "ban" }))
        .await
        .ok();
    assert_eq!(closed["action"], "ban");
    assert_eq!(closed["target"]["status"], "banned");

    let (open, total) = app.report_queue(&staff, "open").await;
    assert_eq!((ids_of(&open), total), (vec![against_dan], 1));
    let (closed, _) = app.report_queue(&staff, "closed").await;
    let mut closed_ids = ids_of(&closed);
    closed_ids.sort_unstable();
    assert_eq!(closed_ids, against_bob);
    assert!(closed
        .iter()
        .all(|r| r["action"] == "ban" && r["closedBy"] == staff.id));

    let page = app.user_page(&staff, bob.id).await;
    assert_eq!(page["status"], "banned");
    assert_eq!(page["banReason"], "spam");
    assert_eq!(page["bannedUntil"], Value::Null, "indefinitely");
    assert!(!app.signed_in(&bob).await);
    app.login("bob", "secret1").await.fails(403, SUSPENDED);
    profile(&app, &ana, &bob).await.fails(404, NOT_FOUND);
    assert!(app.signed_in(&dan).await);

    // With a reason and days of its own.
    let id = app.reports(&cleo, &dan, "spam").await;
    app.close_report(
        &staff,
        id,
        json!({ "action": "ban", "reason": "Fake photos", "days": 3 }),
    )
    .await
    .ok();
    let page = app.user_page(&staff, dan.id).await;
    assert_eq!(page["banReason"], "Fake photos");
    assert!(page["bannedUntil"].as_str().is_some(), "{page}");
    assert_eq!(app.report_queue(&staff, "open").await, (vec![], 0));
}

both_databases!(
    the_queue_holds_open_reports_oldest_first,
    a_reports_page_shows_what_the_target_wrote_to_the_reporter,
    a_dismissed_report_changes_nothing_else,
    removing_takes_down_the_persons_public_content,
    banning_from_a_report_closes_every_report_against_the_person,
);
