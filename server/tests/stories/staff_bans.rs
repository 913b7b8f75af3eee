//! Bans: a ban takes effect at once, on every session and on the live chat socket (closed with
//! 217); the banned person is gone from discover, profiles, the feed and comments, and cannot
//! sign in ("This account has been suspended") while a wrong password answers as it always
//! does; unbanning brings them back; a ban for some days lifts itself; staff and the service
//! accounts cannot be banned, and a ban needs a reason.

use std::time::Duration as Wait;

use crate::common::chat::Ended;
use crate::common::people::PROFILE;
use crate::common::staff::{
    ALREADY_BANNED, BAN_REASON, BAN_STAFF, NOT_BANNED, NOT_FOUND, RANDOM, SUSPENDED, WRONG_PASSWORD,
};
use crate::common::{spawn, spawn_with, Backend, Person, Setup, TestApp};
use chrono::Duration;
use serde_json::{json, Value};

/// A woman, a man, and staff.
async fn people(app: &TestApp) -> (Person, Person, Person) {
    (
        app.woman("ana").await,
        app.man("bob").await,
        app.staff("sam").await,
    )
}

/// Whether `who` can look at `whom`'s profile (404 when not).
async fn sees_profile(app: &TestApp, who: &Person, whom: &Person) -> bool {
    let reply = app
        .get(&format!("{PROFILE}?userId={}", whom.id), Some(&who.token))
        .await;
    if reply.status != 200 {
        reply.fails(404, NOT_FOUND);
    }
    reply.status == 200
}

/// A ban ends every session of the person and their chat tokens at once, and answers the
/// person as staff see them.
async fn a_ban_ends_every_session_at_once(b: Backend) {
    let app = spawn(b).await;
    let (_ana, bob, sam) = people(&app).await;
    let elsewhere = app.signs_in(&bob).await;
    let (user, im_token) = app.im_token(&bob).await;
    assert!(app.signed_in(&bob).await && app.signed_in(&elsewhere).await);

    let row = app.ban_as(&sam, bob.id, "Scam", None).await.ok();
    assert_eq!(row["userId"], bob.id);
    assert_eq!(row["status"], "banned");

    assert!(!app.signed_in(&bob).await);
    assert!(!app.signed_in(&elsewhere).await);
    assert_eq!(app.sessions_of(&bob).await, 0);
    let query = format!("?user={user}&accessToken={im_token}");
    assert_eq!(
        app.open_im(&query, &[])
            .await
            .err()
            .map(|(status, _)| status),
        Some(401)
    );
}

/// A ban closes the person's live chat socket with 217, as a password change does.
async fn a_ban_closes_the_live_socket_with_217(b: Backend) {
    let app = spawn(b).await;
    let (ana, bob, sam) = people(&app).await;
    let mut his = app.online(&bob, 0).await;
    let mut hers = app.online(&ana, 0).await;

    app.ban_as(&sam, bob.id, "Scam", None).await.ok();
    let (frames, ended) = his.until_closed().await;
    assert_eq!(frames, [json!({ "type": "kicked", "code": 217 })]);
    assert_eq!(ended, Ended::Closed(Some(4217)));

    // Only his.
    hers.send(json!({ "type": "ping" })).await;
    assert_eq!(hers.next().await, json!({ "type": "pong" }));
}

/// A banned person is gone for everyone: discover, the random sidekick, their profile, their
/// dynamics and comments.
async fn a_banned_person_is_gone_for_everyone(b: Backend) {
    let app = spawn(b).await;
    let (ana, bob, sam) = people(&app).await;
    let hers = app.posts(&ana, "Sunday market").await;
    let his = app.posts(&bob, "Follow me").await;
    let comment = app.comments_on(&bob, hers, "Nice").await;
    assert_eq!(app.discovered(&ana, "").await, vec![bob.id]);
    assert!(sees_profile(&app, &ana, &bob).await);
    assert_eq!(app.feed_ids(&ana, "").await, vec![his, hers]);
    assert_eq!(app.visible_comments(&ana, hers).await, vec![comment]);

    app.ban_as(&sam, bob.id, "Spam", None).await.ok();
    assert_eq!(app.discovered(&ana, "").await, Vec::<i64>::new());
    assert_eq!(app.get(RANDOM, Some(&ana.token)).await.ok(), Value::Null);
    assert!(!sees_profile(&app, &ana, &bob).await);
    assert!(!sees_profile(&app, &sam, &bob).await);
    assert_eq!(app.feed_ids(&ana, "").await, vec![hers]);
    app.dynamic(&ana, his).await.fails(404, NOT_FOUND);
    assert_eq!(app.visible_comments(&ana, hers).await, Vec::<i64>::new());
    // Staff still see him on the console.
    assert_eq!(app.user_page(&sam, bob.id).await["status"], "banned");
}

/// A banned person's right password answers "This account has been suspended"; a wrong one
/// answers exactly what it answers anyone, so a ban is no oracle for passwords.
async fn a_banned_person_cannot_sign_in_and_a_wrong_password_tells_nothing(b: Backend) {
    let app = spawn(b).await;
    let (ana, bob, sam) = people(&app).await;
    let wrong_before = app.login("bob", "wrong-pass").await;
    wrong_before.fails(400, WRONG_PASSWORD);

    app.ban_as(&sam, bob.id, "Scam", None).await.ok();
    let sessions = app.sessions_of(&bob).await;
    app.login("bob", "secret1").await.fails(403, SUSPENDED);
    app.login("bob@example.com", "secret1")
        .await
        .fails(403, SUSPENDED);
    let wrong = app.login("bob", "wrong-pass").await;
    assert_eq!(
        (wrong.status, wrong.body.clone()),
        (wrong_before.status, wrong_before.body)
    );
    app.login("nobody", "secret1")
        .await
        .fails(400, WRONG_PASSWORD);
    assert_eq!(
        app.sessions_of(&bob).await,
        sessions,
        "a session was opened"
    );
    app.signs_in(&ana).await;
}

/// Unbanning brings the person back: they sign in again (their old sessions stay ended) and
/// everyone sees them again; unbanning twice, or banning twice, is refused.
async fn unbanning_brings_the_person_back(b: Backend) {
    let app = spawn(b).await;
    let (ana, bob, sam) = people(&app).await;
    let his = app.posts(&bob, "Back soon").await;
    app.ban_as(&sam, bob.id, "Scam", None).await.ok();
    app.ban_as(&sam, bob.id, "Again", None)
        .await
        .fails(409, ALREADY_BANNED);

    let row = app.unban_as(&sam, bob.id).await.ok();
    assert_eq!(row["status"], "active");
    assert_eq!(row["userId"], bob.id);
    app.unban_as(&sam, bob.id).await.fails(409, NOT_BANNED);
    app.unban_as(&sam, ana.id).await.fails(409, NOT_BANNED);

    assert!(!app.signed_in(&bob).await, "the old session came back");
    let bob = app.signs_in(&bob).await;
    assert!(app.signed_in(&bob).await);
    assert!(sees_profile(&app, &ana, &bob).await);
    assert_eq!(app.discovered(&ana, "").await, vec![bob.id]);
    assert_eq!(app.feed_ids(&ana, "").await, vec![his]);
    let page = app.user_page(&sam, bob.id).await;
    assert_eq!(page["status"], "active");
    assert_eq!(page["bannedUntil"], Value::Null);
}

/// A ban for a day holds for that day and lifts itself at the next sign-in after it.
async fn a_ban_for_a_day_lifts_itself_at_sign_in(b: Backend) {
    let app = spawn(b).await;
    let (ana, bob, sam) = people(&app).await;
    let row = app.ban_as(&sam, bob.id, "Cool down", Some(1)).await.ok();
    assert_eq!(row["status"], "banned");
    let page = app.user_page(&sam, bob.id).await;
    let until = chrono::DateTime::parse_from_rfc3339(page["bannedUntil"].as_str().unwrap())
        .unwrap()
        .with_timezone(&chrono::Utc);
    let expected = app.clock().now() + Duration::days(1);
    assert!(
        (until - expected).num_seconds().abs() <= 60,
        "banned until {until}, expected about {expected}"
    );
    assert_eq!(page["banReason"], "Cool down");

    app.clock().advance(Duration::hours(23));
    app.login("bob", "secret1").await.fails(403, SUSPENDED);
    assert!(!sees_profile(&app, &ana, &bob).await);

    app.clock().advance(Duration::hours(2));
    let bob = app.signs_in(&bob).await;
    assert!(app.signed_in(&bob).await);
    assert!(sees_profile(&app, &ana, &bob).await);
    assert_eq!(app.user_page(&sam, bob.id).await["status"], "active");
}

/// A ban for a day lifts itself after it even if the person does not sign in: the server's
/// minute sweep brings them back.
async fn a_ban_for_a_day_lifts_itself_without_a_sign_in(b: Backend) {
    // The sweep every second rather than every minute.
    let app = spawn_with(Setup::new(b), |c| c.sweep_seconds = 1).await;
    let (ana, bob, sam) = people(&app).await;
    app.ban_as(&sam, bob.id, "Cool down", Some(1)).await.ok();
    app.clock().advance(Duration::hours(23));
    tokio::time::sleep(Wait::from_secs(3)).await;
    assert!(
        !sees_profile(&app, &ana, &bob).await,
        "lifted before its day was over"
    );
    app.clock().advance(Duration::hours(2));

    let deadline = tokio::time::Instant::now() + Wait::from_secs(20);
    while !sees_profile(&app, &ana, &bob).await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the ban did not lift itself at the next sweep"
        );
        tokio::time::sleep(Wait::from_millis(500)).await;
    }
    assert_eq!(app.discovered(&ana, "").await, vec![bob.id]);
    assert_eq!(app.user_page(&sam, bob.id).await["status"], "active");
}

/// Staff and the service accounts cannot be banned; a ban needs a reason of at most 500
/// characters and lasts 1 to 3650 days; an unknown or deleted person is not found. None of
/// these refusals bans anyone.
async fn staff_cannot_be_banned_and_a_ban_needs_a_reason(b: Backend) {
    let app = spawn(b).await;
    let (ana, bob, sam) = people(&app).await;
    let sue = app.staff("sue").await;
    let gone = app.man("gone").await;
    app.delete_account(&gone).await;
    let audited = app.audited(&sam).await;

    app.ban_as(&sam, sue.id, "Abuse", None)
        .await
        .fails(400, BAN_STAFF);
    app.ban_as(&sam, sam.id, "Abuse", None)
        .await
        .fails(400, BAN_STAFF);
    let service = app.service_account().await;
    app.ban_as(&sam, service, "Abuse", None)
        .await
        .fails(400, BAN_STAFF);

    for body in [
        json!({}),
        json!({ "reason": "" }),
        json!({ "reason": null }),
    ] {
        app.admin_post(&sam, &format!("/users/{}/ban", bob.id), body)
            .await
            .fails(400, BAN_REASON);
    }
    for body in [
        json!({ "reason": "   " }),
        json!({ "reason": "r".repeat(501) }),
        json!({ "reason": "Scam", "days": 0 }),
        json!({ "reason": "Scam", "days": -1 }),
        json!({ "reason": "Scam", "days": 3651 }),
    ] {
        let reply = app
            .admin_post(&sam, &format!("/users/{}/ban", bob.id), body.clone())
            .await;
        assert_eq!(reply.status, 400, "{body}: {}", reply.body);
    }
    for id in [gone.id, 999_999] {
        app.ban_as(&sam, id, "Scam", None)
            .await
            .fails(404, NOT_FOUND);
    }
    app.unban_as(&sam, 999_999).await.fails(404, NOT_FOUND);

    assert_eq!(app.audited(&sam).await, audited);
    for who in [&ana, &bob, &sue, &sam] {
        assert!(app.signed_in(who).await, "{} was banned", who.user_name);
    }

    // The limits themselves are fine.
    app.ban_as(&sam, bob.id, &"r".repeat(500), Some(3650))
        .await
        .ok();
    app.ban_as(&sam, ana.id, "Scam", Some(1)).await.ok();
}

both_databases!(
    a_ban_ends_every_session_at_once,
    a_ban_closes_the_live_socket_with_217,
    a_banned_person_is_gone_for_everyone,
    a_banned_person_cannot_sign_in_and_a_wrong_password_tells_nothing,
    unbanning_brings_the_person_back,
    a_ban_for_a_day_lifts_itself_at_sign_in,
    a_ban_for_a_day_lifts_itself_without_a_sign_in,
    staff_cannot_be_banned_and_a_ban_needs_a_reason,
);
