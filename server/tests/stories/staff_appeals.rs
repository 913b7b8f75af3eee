//! A banned person told the truth: the ban's answer (at sign-in and on every session it ended)
//! says why, in the reason staff picked from a short list, and until when; with it comes a
//! short-lived pass to appeal, once per ban. The appeal waits in the review queue, where staff
//! lift the ban or keep it, and her next try tells her which.

use crate::common::staff::{BAN_REASON, NOT_BANNED, NOT_FOUND, SUSPENDED};
use crate::common::{spawn, Backend, Person, Reply, TestApp};
use chrono::Duration;
use serde_json::{json, Value};

const APPEAL: &str = "/prod-api/system/user/appeal";
const ALREADY: &str = "You have already appealed this suspension";
const EXPIRED_PASS: &str = "This page has expired: log in again to appeal";
const TEXT: &str = "Write your appeal in 1 to 1000 characters";
const PICK: &str = "Pick a reason from the list";

/// Her sign-in, refused with the ban: its `data`.
async fn ban_answer(app: &TestApp, who: &Person) -> Value {
    let reply = app.login(&who.user_name, &who.password).await;
    reply.fails(403, SUSPENDED);
    reply.body["data"].clone()
}

async fn appeal(app: &TestApp, token: &str, text: &str) -> Reply {
    app.post(APPEAL, None, json!({ "token": token, "text": text }))
        .await
}

fn pass(answer: &Value) -> String {
    answer["appealToken"].as_str().unwrap().to_owned()
}

/// The ban's answer carries the reason staff picked and its end (null: until lifted), at
/// sign-in and on a session the ban ended, which is not told its login expired.
async fn the_ban_answer_says_why_and_until_when(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let sam = app.staff("sam").await;

    app.admin_post(
        &sam,
        &format!("/users/{}/ban", bob.id),
        json!({ "reason": "Sent the same link to forty women", "code": "spam", "days": 7 }),
    )
    .await
    .ok();
    let answer = ban_answer(&app, &bob).await;
    assert_eq!(answer["reason"], "spam");
    let until = chrono::DateTime::parse_from_rfc3339(answer["until"].as_str().unwrap()).unwrap();
    let expected = app.clock().now() + Duration::days(7);
    assert!(
        (until.with_timezone(&chrono::Utc) - expected)
            .num_seconds()
            .abs()
            <= 60
    );
    assert_eq!(answer["appeal"], Value::Null);
    assert!(pass(&answer).len() >= 40);

    // The session he had open is told of the ban too, not "Login has expired".
    let on_session = app.get("/prod-api/getInfo", Some(&bob.token)).await;
    on_session.fails(403, SUSPENDED);
    assert_eq!(on_session.body["data"]["reason"], "spam");
    assert_eq!(on_session.body["data"]["until"], answer["until"]);

    // Until lifted: null. Without a code, a reason that is one of the list is the code.
    app.ban_as(&sam, ana.id, "Scam", None).await.ok();
    let answer = ban_answer(&app, &ana).await;
    assert_eq!(
        (&answer["reason"], &answer["until"]),
        (&json!("scam"), &Value::Null)
    );

    // A code off the list is refused and bans nobody.
    let carl = app.man("carl").await;
    app.admin_post(
        &sam,
        &format!("/users/{}/ban", carl.id),
        json!({ "reason": "Rude", "code": "rude" }),
    )
    .await
    .fails(400, PICK);
    app.admin_post(
        &sam,
        &format!("/users/{}/ban", carl.id),
        json!({ "code": "spam" }),
    )
    .await
    .fails(400, BAN_REASON);
    assert!(app.signed_in(&carl).await);
}

/// An appeal is accepted once per ban; a second is refused, and so is one without a pass,
/// with a made-up one, an empty or too long text, or once the ban is over.
async fn an_appeal_is_accepted_once_per_ban(b: Backend) {
    let app = spawn(b).await;
    let bob = app.man("bob").await;
    let sam = app.staff("sam").await;
    app.ban_as(&sam, bob.id, "Scam", None).await.ok();
    let token = pass(&ban_answer(&app, &bob).await);

    appeal(&app, &token, "").await.fails(400, TEXT);
    appeal(&app, &token, &"a".repeat(1001))
        .await
        .fails(400, TEXT);
    appeal(&app, "made-up", "Please")
        .await
        .fails(403, EXPIRED_PASS);
    app.post(APPEAL, None, json!({ "text": "Please" }))
        .await
        .fails(403, EXPIRED_PASS);
    // Her old session's token is no pass.
    appeal(&app, &bob.token, "Please")
        .await
        .fails(403, EXPIRED_PASS);
    assert_eq!(app.count("ban_appeals").await, 0);

    let sent = appeal(&app, &token, &"I was selling my own bike. ".repeat(37))
        .await
        .ok();
    assert_eq!(sent["state"], "waiting");
    // A second, with the same pass or a new one, is refused.
    appeal(&app, &token, "Again").await.fails(409, ALREADY);
    let answer = ban_answer(&app, &bob).await;
    assert_eq!(answer["appeal"]["state"], "waiting");
    appeal(&app, &pass(&answer), "Again")
        .await
        .fails(409, ALREADY);
    assert_eq!(app.count("ban_appeals").await, 1);

    // A pass lasts half an hour.
    app.clock().advance(Duration::minutes(31));
    appeal(&app, &pass(&answer), "Again")
        .await
        .fails(403, EXPIRED_PASS);
}

/// Someone not banned (any more) cannot appeal: the pass of a lifted ban is refused.
async fn an_appeal_is_refused_for_someone_not_banned(b: Backend) {
    let app = spawn(b).await;
    let bob = app.man("bob").await;
    let sam = app.staff("sam").await;
    app.ban_as(&sam, bob.id, "Scam", None).await.ok();
    let token = pass(&ban_answer(&app, &bob).await);
    app.unban_as(&sam, bob.id).await.ok();
    appeal(&app, &token, "Please")
        .await
        .fails(403, EXPIRED_PASS);

    // Nor the pass of an earlier ban, once banned again: a new ban, a new appeal.
    app.ban_as(&sam, bob.id, "Spam", None).await.ok();
    let first = pass(&ban_answer(&app, &bob).await);
    app.execute(&format!(
        "UPDATE users SET ban_count = ban_count + 1 WHERE id = {}",
        bob.id
    ))
    .await;
    appeal(&app, &first, "Please").await.fails(409, NOT_BANNED);
    assert_eq!(app.count("ban_appeals").await, 0);
}

/// The appeal lands in the review queue with the ban it is against; staff keeping the ban tell
/// her so at her next try; staff lifting it end the ban, and she signs in.
async fn staff_lift_or_keep_a_ban_from_its_appeal(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let sam = app.staff("sam").await;
    app.ban_as(&sam, bob.id, "Scam", None).await.ok();
    app.ban_as(&sam, ana.id, "Harassment", Some(30)).await.ok();
    appeal(
        &app,
        &pass(&ban_answer(&app, &bob).await),
        "It was a joke between friends",
    )
    .await
    .ok();
    appeal(
        &app,
        &pass(&ban_answer(&app, &ana).await),
        "I was the one harassed",
    )
    .await
    .ok();

    let queue = app.review_queue(&sam).await;
    assert_eq!(queue["counts"]["appeals"], 2);
    let appeals = queue["appeals"].as_array().unwrap();
    let (his, hers) = (&appeals[0], &appeals[1]);
    assert_eq!(his["userId"], bob.id);
    assert_eq!(his["text"], "It was a joke between friends");
    assert_eq!(his["code"], "scam");
    assert_eq!(his["bannedUntil"], Value::Null);
    assert_eq!(hers["code"], "harassment");
    assert!(hers["bannedUntil"].is_string());

    // Kept: he is told so on his next try.
    app.decides(&sam, "appeal", his["id"].as_i64().unwrap(), "reject")
        .await;
    let answer = ban_answer(&app, &bob).await;
    assert_eq!(answer["appeal"]["state"], "kept");
    app.decide(&sam, "appeal", his["id"].as_i64().unwrap(), "approve")
        .await
        .fails(404, NOT_FOUND);

    // Lifted: the ban ends, she signs in, everyone sees her again.
    app.decides(&sam, "appeal", hers["id"].as_i64().unwrap(), "approve")
        .await;
    let ana = app.signs_in(&ana).await;
    assert!(app.signed_in(&ana).await);
    assert_eq!(app.user_page(&sam, ana.id).await["status"], "active");
    assert_eq!(app.review_queue(&sam).await["counts"]["appeals"], 0);
    let history = app
        .audit(&sam, &format!("targetKind=user&targetId={}", ana.id))
        .await;
    let actions: Vec<&str> = history
        .iter()
        .map(|r| r["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, vec!["user.unban", "review.appeal", "user.ban"]);
}

/// Back from a ban, a person finds a notice in their language saying it was lifted: that their
/// appeal was heard, or that staff lifted it.
async fn a_lifted_ban_is_told_in_the_persons_language(b: Backend) {
    let app = spawn(b).await;
    let yui = app.speaker("yui", "female", "ja").await;
    let bob = app.man("bob").await;
    let sam = app.staff("sam").await;
    app.ban_as(&sam, yui.id, "Harassment", Some(7)).await.ok();
    app.ban_as(&sam, bob.id, "Spam", None).await.ok();
    appeal(&app, &pass(&ban_answer(&app, &yui).await), "誤解です")
        .await
        .ok();
    let queue = app.review_queue(&sam).await;
    let hers = queue["appeals"][0]["id"].as_i64().unwrap();
    app.decides(&sam, "appeal", hers, "approve").await;
    app.unban_as(&sam, bob.id).await.ok();

    let yui = app.signs_in(&yui).await;
    assert_eq!(
        app.notices_in(&yui, "ja").await.first(),
        Some(&(
            "アカウントの利用停止が解除されました".to_owned(),
            "運営チームが申し立てを確認し、利用停止を解除しました。おかえりなさい。".to_owned()
        ))
    );
    let bob = app.signs_in(&bob).await;
    assert_eq!(
        app.notices_in(&bob, "en").await.first(),
        Some(&(
            "Your account is open again".to_owned(),
            "Our team lifted the suspension of your account. Welcome back.".to_owned()
        ))
    );
}

both_databases!(
    a_lifted_ban_is_told_in_the_persons_language,
    the_ban_answer_says_why_and_until_when,
    an_appeal_is_accepted_once_per_ban,
    an_appeal_is_refused_for_someone_not_banned,
    staff_lift_or_keep_a_ban_from_its_appeal,
);
