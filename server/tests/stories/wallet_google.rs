//! Paying with Google Play, against a local Play: the app order and its account token, the
//! purchase token checked with the Play Developer API as our service account (one access token
//! for many calls), credited once however often and however concurrently it is checked, then
//! acknowledged and consumed; pending and cancelled purchases; receipts that are not the order's
//! moving nothing; Play not answering; Real-time developer notifications crediting a purchase
//! and taking back a refunded one, believed only with our push token and what Play says.

use crate::common::google_standin::{new_key, Play, PUSH_TOKEN};
use crate::common::wallet::{
    GOOGLE_PAY, PAYMENT_FAILURE, PAYMENT_SUCCESS, PROVIDER_DOWN, UNFINISHED_TRANSACTION,
};
use crate::common::{
    spawn_with, try_spawn_with, Backend, Person, ProviderSettings, Reply, Setup, TestApp,
};
use serde_json::{json, Value};

async fn with_play(b: Backend) -> (TestApp, Play) {
    let play = Play::start().await;
    let settings = play.settings();
    let app = spawn_with(Setup::new(b), move |c| c.payments.google = settings).await;
    (app, play)
}

/// `who` orders `code` to pay with Google Play.
async fn order(app: &TestApp, who: &Person, code: &str) -> Value {
    app.create_order(who, code, "google").await.ok()
}

/// The app brings the purchase token of an order.
async fn check(app: &TestApp, who: &Person, order_id: i64, token: &str) -> Reply {
    app.post(
        GOOGLE_PAY,
        Some(&who.token),
        json!({ "orderId": order_id, "receipt": token }),
    )
    .await
}

/// Pub/Sub pushes a notification to our subscription's URL, with `push_token` in it.
async fn push_with(app: &TestApp, push_token: &str, note: &Value) -> Reply {
    let path = format!("google?token={push_token}");
    app.notify(&path, Play::push(note), &[]).await
}

async fn push(app: &TestApp, note: &Value) -> Reply {
    push_with(app, PUSH_TOKEN, note).await
}

fn id(order: &Value) -> i64 {
    order["id"].as_i64().unwrap()
}

async fn google_is_offered_and_an_order_waits_for_the_app_to_pay(b: Backend) {
    let (app, play) = with_play(b).await;
    let ana = app.register("ana").await;
    let placed = order(&app, &ana, "gold-600").await;
    app.store_order_waits_for_the_app("google", &ana, &placed)
        .await;
    // Each order its own account token.
    let bob = app.register("bob").await;
    let bobs = order(&app, &bob, "gold-600").await;
    assert_ne!(bobs["accountToken"], placed["accountToken"]);
    // Nothing was asked of Play yet.
    assert_eq!(play.tokens(), 0);
}

async fn a_purchase_credits_once_and_is_acknowledged_and_consumed(b: Backend) {
    let (app, play) = with_play(b).await;
    let ana = app.register("ana").await;
    let coins = order(&app, &ana, "gold-600").await;
    let token = play.buy(&coins, "gold-600");
    let paid = check(&app, &ana, id(&coins), &token).await;
    assert_eq!(paid.msg(), PAYMENT_SUCCESS);
    assert_eq!(paid.ok()["state"], "finished");
    assert_eq!(app.coins(&ana).await, 600);
    assert!(play.acknowledged(&token) && play.consumed(&token));

    // The app checks again: nothing more, and Play is not told twice.
    let again = check(&app, &ana, id(&coins), &token).await;
    assert_eq!(again.msg(), PAYMENT_SUCCESS);
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.ledger_of(&ana).await, 1);
    assert_eq!((play.acknowledgements(), play.consumptions()), (1, 1));
    assert_eq!(play.told_twice(), 0);

    // A membership and a character pack, each a one-time product consumed after the grant
    // (so that next month's can be bought).
    let vip = order(&app, &ana, "vip-1m").await;
    let vip_token = play.buy(&vip, "vip-1m");
    check(&app, &ana, id(&vip), &vip_token).await.ok();
    assert_eq!(app.purse(&ana).await.level.as_deref(), Some("VIP"));
    let chars = order(&app, &ana, "chars-2000").await;
    let chars_token = play.buy(&chars, "chars-2000");
    check(&app, &ana, id(&chars), &chars_token).await.ok();
    assert_eq!(app.purse(&ana).await.characters, 2000);
    for t in [&vip_token, &chars_token] {
        assert!(play.acknowledged(t) && play.consumed(t));
    }
    assert_eq!(
        app.orders_of(&ana).await,
        ["finished", "finished", "finished"]
    );
    // One access token for every call made.
    assert_eq!(play.tokens(), 1);
}

async fn ten_concurrent_checks_credit_once(b: Backend) {
    let (app, play) = with_play(b).await;
    let ana = app.register("ana").await;
    let coins = order(&app, &ana, "gold-600").await;
    let token = play.buy(&coins, "gold-600");
    let checks = (0..10).map(|_| check(&app, &ana, id(&coins), &token));
    for reply in futures::future::join_all(checks).await {
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert_eq!(reply.msg(), PAYMENT_SUCCESS);
    }
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.ledger_of(&ana).await, 1);
    assert_eq!((play.acknowledgements(), play.consumptions()), (1, 1));
    assert_eq!(play.tokens(), 1);
}

async fn a_pending_purchase_waits_and_a_cancelled_one_fails(b: Backend) {
    let (app, play) = with_play(b).await;
    let ana = app.register("ana").await;
    let coins = order(&app, &ana, "gold-600").await;
    // Paid with a method that confirms later (cash at a shop).
    let token = play.buy_in_state(&coins, "gold-600", 2);
    let waiting = check(&app, &ana, id(&coins), &token).await;
    assert_ne!(waiting.msg(), PAYMENT_SUCCESS);
    assert_eq!(waiting.ok()["state"], "unfinished");
    assert_eq!(app.coins(&ana).await, 0);
    assert!(!play.acknowledged(&token));
    assert_eq!(app.unfinished_order(&ana).await["id"], id(&coins));

    play.set_state(&token, 0);
    let paid = check(&app, &ana, id(&coins), &token).await;
    assert_eq!(paid.msg(), PAYMENT_SUCCESS);
    assert_eq!(app.coins(&ana).await, 600);
    assert!(play.acknowledged(&token));

    // A purchase the buyer cancelled fails the order and frees the buyer.
    let next = order(&app, &ana, "gold-100").await;
    let cancelled = play.buy_in_state(&next, "gold-100", 1);
    check(&app, &ana, id(&next), &cancelled)
        .await
        .fails(400, PAYMENT_FAILURE);
    assert_eq!(app.orders_of(&ana).await, ["finished", "failed"]);
    assert!(app.unfinished_order(&ana).await.is_null());
    assert_eq!(app.coins(&ana).await, 600);
    assert!(!play.acknowledged(&cancelled));
}

async fn receipts_that_are_not_the_orders_move_nothing(b: Backend) {
    let (app, play) = with_play(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let anas = order(&app, &ana, "gold-600").await;
    let bobs = order(&app, &bob, "gold-600").await;
    let bobs_token = play.buy(&bobs, "gold-600");
    let account = anas["accountToken"].as_str().unwrap();
    let profile = id(&anas).to_string();
    let before = app.money().await;

    let refused = [
        // Play knows no such purchase.
        "gplay0.AO-J1Oxunknown".to_owned(),
        // Not a purchase token at all.
        "../../voidedpurchases".to_owned(),
        String::new(),
        // Bob's purchase, carrying his order's account token.
        bobs_token.clone(),
        // Ana's account token, but for another product than her order's.
        play.purchase("gold-100", Some(account), Some(&profile), 0),
        // Made without the account token.
        play.purchase("gold-600", None, Some(&profile), 0),
    ];
    for token in &refused {
        check(&app, &ana, id(&anas), token)
            .await
            .fails(400, PAYMENT_FAILURE);
    }
    // Someone else's order is not hers to check, with whatever token.
    let reply = check(&app, &ana, id(&bobs), &bobs_token).await;
    assert_eq!(reply.status, 404, "{}", reply.body);
    assert_eq!(app.money().await, before);
    assert_eq!(app.unfinished_order(&ana).await["id"], id(&anas));
    assert_eq!(play.acknowledgements(), 0);

    // Her own purchase pays her order; presented again for her next order it pays nothing.
    let token = play.buy(&anas, "gold-600");
    check(&app, &ana, id(&anas), &token).await.ok();
    assert_eq!(app.coins(&ana).await, 600);
    let next = order(&app, &ana, "gold-600").await;
    check(&app, &ana, id(&next), &token)
        .await
        .fails(400, PAYMENT_FAILURE);
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.coins(&bob).await, 0);
}

async fn nothing_is_credited_while_play_does_not_answer(b: Backend) {
    let (app, play) = with_play(b).await;
    let ana = app.register("ana").await;
    play.set_down(true);
    // The order needs nothing of Play; the check does.
    let coins = order(&app, &ana, "gold-600").await;
    let token = play.buy(&coins, "gold-600");
    check(&app, &ana, id(&coins), &token)
        .await
        .fails(503, PROVIDER_DOWN);
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(app.unfinished_order(&ana).await["id"], id(&coins));
    app.create_order(&ana, "gold-100", "google")
        .await
        .fails(409, UNFINISHED_TRANSACTION);

    play.set_down(false);
    let paid = check(&app, &ana, id(&coins), &token).await;
    assert_eq!(paid.msg(), PAYMENT_SUCCESS);
    assert_eq!(app.coins(&ana).await, 600);
    assert!(play.acknowledged(&token));
    assert_eq!(play.tokens(), 1);

    // Play stops taking our access token: not answered this time, a new token the next.
    let next = order(&app, &ana, "gold-100").await;
    let next_token = play.buy(&next, "gold-100");
    play.revoke_access();
    check(&app, &ana, id(&next), &next_token)
        .await
        .fails(503, PROVIDER_DOWN);
    assert_eq!(app.coins(&ana).await, 600);
    check(&app, &ana, id(&next), &next_token).await.ok();
    assert_eq!(app.coins(&ana).await, 700);
    assert_eq!(play.tokens(), 2);
}

async fn a_failed_acknowledgement_is_retried_on_the_next_check(b: Backend) {
    let (app, play) = with_play(b).await;
    let ana = app.register("ana").await;
    let coins = order(&app, &ana, "gold-600").await;
    let token = play.buy(&coins, "gold-600");
    play.fail_acknowledgements(true);
    let paid = check(&app, &ana, id(&coins), &token).await;
    assert_eq!(paid.msg(), PAYMENT_SUCCESS);
    assert_eq!(app.coins(&ana).await, 600);
    assert!(!play.acknowledged(&token));

    play.fail_acknowledgements(false);
    let again = check(&app, &ana, id(&coins), &token).await;
    assert_eq!(again.msg(), PAYMENT_SUCCESS);
    assert!(play.acknowledged(&token) && play.consumed(&token));
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.ledger_of(&ana).await, 1);
}

async fn a_purchase_notification_credits_the_order(b: Backend) {
    let (app, play) = with_play(b).await;
    let ana = app.register("ana").await;
    let coins = order(&app, &ana, "gold-600").await;
    let token = play.buy(&coins, "gold-600");
    let note = play.purchased(&token);

    // Not with our push token: refused, so Pub/Sub tries again.
    for wrong in [
        "",
        "push-stories-7f3a9",
        "push-stories-7f3a9d",
        "PUSH-STORIES-7F3A9C",
    ] {
        push_with(&app, wrong, &note)
            .await
            .fails(400, PAYMENT_FAILURE);
    }
    app.notify("google", Play::push(&note), &[])
        .await
        .fails(400, PAYMENT_FAILURE);
    // Another app's notification; pushes that carry no notification.
    let mut other = note.clone();
    other["packageName"] = json!("com.example.other");
    push(&app, &other).await.fails(400, PAYMENT_FAILURE);
    push(&app, &json!("no notification"))
        .await
        .fails(400, PAYMENT_FAILURE);
    let path = format!("google?token={PUSH_TOKEN}");
    for body in ["not json", r#"{"message":{"data":"%%%"}}"#, "{}"] {
        app.notify(&path, body.to_owned(), &[])
            .await
            .fails(400, PAYMENT_FAILURE);
    }
    assert_eq!(app.coins(&ana).await, 0);

    // Google's test notification is answered and changes nothing.
    push(
        &app,
        &Play::notification("testNotification", json!({"version": "1.0"})),
    )
    .await
    .ok();
    assert_eq!(app.coins(&ana).await, 0);

    // The real one credits, acknowledges and consumes; again, nothing more.
    for _ in 0..3 {
        push(&app, &note).await.ok();
    }
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.orders_of(&ana).await, ["finished"]);
    assert!(play.acknowledged(&token) && play.consumed(&token));
    // The app's own check after it finds the order paid.
    assert_eq!(
        check(&app, &ana, id(&coins), &token).await.msg(),
        PAYMENT_SUCCESS
    );
    assert_eq!(app.ledger_of(&ana).await, 1);
    assert_eq!((play.acknowledgements(), play.told_twice()), (1, 0));

    // A purchase naming Bob's order but carrying another account token pays nothing.
    let bob = app.register("bob").await;
    let bobs = order(&app, &bob, "gold-600").await;
    let forged = play.purchase(
        "gold-600",
        Some(&uuid::Uuid::new_v4().to_string()),
        Some(&id(&bobs).to_string()),
        0,
    );
    push(&app, &play.purchased(&forged))
        .await
        .fails(400, PAYMENT_FAILURE);
    // A pending purchase, a cancelled one, and one made without an order's id wait for the
    // app's check.
    let pending = play.buy_in_state(&bobs, "gold-600", 2);
    push(&app, &play.purchased(&pending)).await.ok();
    let cancelled = play.buy_in_state(&bobs, "gold-600", 1);
    push(&app, &play.purchased(&cancelled)).await.ok();
    let account = bobs["accountToken"].as_str().unwrap();
    let unnamed = play.purchase("gold-600", Some(account), None, 0);
    push(&app, &play.purchased(&unnamed)).await.ok();
    assert_eq!(app.coins(&bob).await, 0);
    assert_eq!(app.unfinished_order(&bob).await["id"], id(&bobs));
    // Play knows no such purchase: refused.
    let mut unknown = play.purchased(&pending);
    unknown["oneTimeProductNotification"]["purchaseToken"] = json!("gplay0.AO-J1Oxunknown");
    push(&app, &unknown).await.fails(400, PAYMENT_FAILURE);
    assert_eq!(app.coins(&bob).await, 0);
    // Bob's app brings the unnamed one: it is his order's, and pays it.
    check(&app, &bob, id(&bobs), &unnamed).await.ok();
    assert_eq!(app.coins(&bob).await, 600);
}

async fn a_voided_purchase_takes_the_coins_back_once(b: Backend) {
    let (app, play) = with_play(b).await;
    let ana = app.register("ana").await;
    let coins = order(&app, &ana, "gold-600").await;
    let token = play.buy(&coins, "gold-600");
    check(&app, &ana, id(&coins), &token).await.ok();
    assert_eq!(app.coins(&ana).await, 600);
    let play_order = play.purchase_of(&token)["orderId"]
        .as_str()
        .unwrap()
        .to_owned();
    let note = Play::voided_notification(&token, &play_order);

    // Play does not list it as voided: a forged refund moves nothing.
    push(&app, &note).await.fails(400, PAYMENT_FAILURE);
    assert_eq!(app.coins(&ana).await, 600);

    // Other refunds come first, so hers is on a later page.
    for _ in 0..3 {
        let other = play.purchase("gold-100", None, None, 0);
        play.void(&other);
    }
    play.void(&token);
    // Listed, but the notification names another purchase token for her order id.
    let mismatched = Play::voided_notification("gplay0.AO-J1Oxunknown", &play_order);
    push(&app, &mismatched).await.fails(400, PAYMENT_FAILURE);
    assert_eq!(app.coins(&ana).await, 600);

    // Ana spent 500 meanwhile: the 100 left go back, and never below zero.
    app.give_coins(&ana, -500, "spent").await;
    push(&app, &note).await.ok();
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(
        app.scalar("SELECT shortfall FROM order_reversals WHERE whole")
            .await,
        500
    );
    // Sent again, it takes nothing more.
    app.give_coins(&ana, 50, "later").await;
    for _ in 0..3 {
        push(&app, &note).await.ok();
    }
    assert_eq!(app.coins(&ana).await, 50);
    assert_eq!(app.count("order_reversals").await, 1);
    // A refund Play lists for a purchase that paid nothing here changes nothing.
    let stranger = play.purchase("gold-100", None, None, 0);
    let listed = play.void(&stranger);
    push(
        &app,
        &Play::voided_notification(&stranger, listed["orderId"].as_str().unwrap()),
    )
    .await
    .ok();
    assert_eq!(app.count("order_reversals").await, 1);
}

async fn a_half_configured_play_stops_the_start(b: Backend) {
    let play = Play::start().await;
    let refused = |tweak: Box<dyn FnOnce(&mut amora_server::config::GoogleSettings) + Send>| {
        let mut settings = play.settings();
        tweak(&mut settings);
        async move {
            match try_spawn_with(Setup::new(b), move |c| c.payments.google = settings).await {
                Ok(_) => panic!("the server started"),
                Err(e) => format!("{e:#}"),
            }
        }
    };
    let why = refused(Box::new(|s| s.service_account = None)).await;
    assert!(why.contains("payments.google.service_account"), "{why}");
    let missing = play.path("missing.json");
    let why = refused(Box::new(move |s| s.service_account = Some(missing))).await;
    assert!(why.contains("cannot read"), "{why}");
    let not_a_key = play.file("not-a-key.json", r#"{"type": "service_account"}"#);
    let why = refused(Box::new(move |s| s.service_account = Some(not_a_key))).await;
    assert!(why.contains("not a service account key"), "{why}");
    // A key in PKCS#1, not the PKCS#8 Google gives.
    let known = std::fs::read_to_string(play.path("service-account.json")).unwrap();
    let mut file: Value = serde_json::from_str(&known).unwrap();
    let pkcs1 = {
        use rsa::pkcs1::EncodeRsaPrivateKey;
        new_key().to_pkcs1_pem(rsa::pkcs8::LineEnding::LF).unwrap()
    };
    file["private_key"] = json!(pkcs1.as_str());
    let pkcs1 = play.file("pkcs1.json", &file.to_string());
    let why = refused(Box::new(move |s| s.service_account = Some(pkcs1))).await;
    assert!(why.contains("private_key"), "{why}");
    let why = refused(Box::new(|s| s.notification_token = None)).await;
    assert!(why.contains("payments.google.notification_token"), "{why}");
    let why = refused(Box::new(|s| {
        s.notification_token = Some(String::new().into())
    }))
    .await;
    assert!(why.contains("payments.google.notification_token"), "{why}");

    // A key Play does not know starts, and every check finds Play unwilling: nothing moves.
    let stranger = play.key_file("stranger.json", &new_key());
    let mut settings = play.settings();
    settings.service_account = Some(stranger);
    let app = spawn_with(Setup::new(b), move |c| c.payments.google = settings).await;
    let ana = app.register("ana").await;
    let coins = order(&app, &ana, "gold-600").await;
    let token = play.buy(&coins, "gold-600");
    check(&app, &ana, id(&coins), &token)
        .await
        .fails(503, PROVIDER_DOWN);
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(play.tokens(), 0);
}

/// Under `wallet`, so that `cargo nextest run wallet` picks these stories.
mod wallet {
    use super::*;

    both_databases!(
        google_is_offered_and_an_order_waits_for_the_app_to_pay,
        a_purchase_credits_once_and_is_acknowledged_and_consumed,
        ten_concurrent_checks_credit_once,
        a_pending_purchase_waits_and_a_cancelled_one_fails,
        receipts_that_are_not_the_orders_move_nothing,
        nothing_is_credited_while_play_does_not_answer,
        a_failed_acknowledgement_is_retried_on_the_next_check,
        a_purchase_notification_credits_the_order,
        a_voided_purchase_takes_the_coins_back_once,
        a_half_configured_play_stops_the_start,
    );
}
