//! Paying by card and pay later through Stripe Checkout, against a local Stripe: the session
//! made for the order, the return and the signed webhook racing to credit once, forged and
//! replayed webhooks refused, pay later pending until Stripe says, a provider that does not
//! answer leaving the order to be finished later, and refunds and disputes taking the purchase
//! back without a balance going below zero.

use crate::common::stripe_standin::{refunded_charge, sign, Stripe, WEBHOOK_SECRET};
use crate::common::wallet::{
    CREATE_ORDER, PAYMENT_FAILURE, PAYMENT_SUCCESS, PRODUCTS, PROVIDER_DOWN, SUCCESS,
    UNFINISHED_TRANSACTION,
};
use crate::common::{spawn_with, Backend, Person, ProviderSettings, Reply, Setup, TestApp};
use serde_json::Value;

async fn with_stripe(b: Backend) -> (TestApp, Stripe) {
    let stripe = Stripe::start().await;
    let settings = stripe.settings();
    let app = spawn_with(Setup::new(b), move |c| c.payments.stripe = settings).await;
    (app, stripe)
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// `who` orders `code` by `pay_type`: the order and its Stripe session.
async fn checkout(
    app: &TestApp,
    stripe: &Stripe,
    who: &Person,
    code: &str,
    pay_type: &str,
) -> (i64, String) {
    let order = app.create_order(who, code, pay_type).await.ok();
    let url = order["checkoutUrl"].as_str().unwrap();
    assert!(url.starts_with(&stripe.url), "{order}");
    (order["id"].as_i64().unwrap(), stripe.session_of(url))
}

/// The buyer's browser back on the success page.
async fn back(app: &TestApp, order_id: i64, session: &str) -> Reply {
    app.get(
        &TestApp::with_query(
            SUCCESS,
            &[("orderId", &order_id.to_string()), ("session_id", session)],
        ),
        None,
    )
    .await
}

async fn webhook(app: &TestApp, kind: &str, object: Value) -> Reply {
    let (body, signature) = Stripe::event(kind, object, now());
    app.notify("stripe", body, &[("stripe-signature", &signature)])
        .await
}

async fn card_and_pay_later_are_offered_and_a_session_is_made_for_the_order(b: Backend) {
    let (app, stripe) = with_stripe(b).await;
    let types = app.get(PRODUCTS, None).await.ok()["payTypes"].clone();
    assert_eq!(types, serde_json::json!(["gold", "card", "paylater"]));

    let ana = app.register("ana").await;
    let (id, session) = checkout(&app, &stripe, &ana, "gold-600", "card").await;
    let s = stripe.session(&session);
    assert_eq!(s["client_reference_id"], id.to_string());
    assert_eq!(s["amount_total"], 999);
    assert_eq!(s["currency"], "usd");
    assert_eq!(s["payment_method_types"], serde_json::json!(["card"]));
    assert!(s["success_url"]
        .as_str()
        .unwrap()
        .contains(&format!("orderId={id}")));
    assert!(s["success_url"]
        .as_str()
        .unwrap()
        .ends_with("session_id={CHECKOUT_SESSION_ID}"));
    // The same order asked again is the unfinished one, not a second session.
    app.create_order(&ana, "gold-600", "card")
        .await
        .fails(409, UNFINISHED_TRANSACTION);
    assert_eq!(stripe.sessions_made(), 1);
    assert_eq!(app.unfinished_order(&ana).await["checkoutUrl"], s["url"]);

    let bob = app.register("bob").await;
    let (_, later) = checkout(&app, &stripe, &bob, "vip-1m", "paylater").await;
    assert_eq!(
        stripe.session(&later)["payment_method_types"],
        serde_json::json!(["klarna", "afterpay_clearpay", "affirm"])
    );
}

async fn a_card_payment_credits_once_when_returns_and_webhooks_race(b: Backend) {
    let (app, stripe) = with_stripe(b).await;
    let ana = app.register("ana").await;
    let (id, session) = checkout(&app, &stripe, &ana, "gold-600", "card").await;
    // Back before paying: nothing yet.
    assert_eq!(back(&app, id, &session).await.ok()["state"], "unfinished");
    assert_eq!(app.coins(&ana).await, 0);

    let paid = stripe.pay(&session);
    let (body, signature) = Stripe::event("checkout.session.completed", paid, now());
    let racers = (0..10).map(|i| {
        let (app, session, body, signature) = (&app, &session, body.clone(), signature.clone());
        async move {
            if i % 2 == 0 {
                back(app, id, session).await
            } else {
                app.notify("stripe", body, &[("stripe-signature", &signature)])
                    .await
            }
        }
    });
    for reply in futures::future::join_all(racers).await {
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.ledger_of(&ana).await, 1);
    let finished = back(&app, id, &session).await;
    assert_eq!(finished.msg(), PAYMENT_SUCCESS);
    assert_eq!(finished.ok()["state"], "finished");
    assert_eq!(app.coins(&ana).await, 600);
}

async fn forged_replayed_and_mismatched_webhooks_move_nothing(b: Backend) {
    let (app, stripe) = with_stripe(b).await;
    let ana = app.register("ana").await;
    let (_, session) = checkout(&app, &stripe, &ana, "gold-600", "card").await;
    let paid = stripe.pay(&session);

    let (body, _) = Stripe::event("checkout.session.completed", paid.clone(), now());
    let t = now();
    let forged = [
        format!("t={t},v1={}", sign(t, &body, "whsec_someone_else")),
        format!("t={},v1={}", t - 600, sign(t - 600, &body, WEBHOOK_SECRET)),
        format!("v1={}", sign(t, &body, WEBHOOK_SECRET)),
        String::new(),
    ];
    for signature in &forged {
        app.notify("stripe", body.clone(), &[("stripe-signature", signature)])
            .await
            .fails(400, PAYMENT_FAILURE);
    }
    // The body changed after signing.
    let (_, signature) = Stripe::event("checkout.session.completed", paid.clone(), t);
    let tampered = body.replace("\"paid\"", "\"paid\" ");
    app.notify("stripe", tampered, &[("stripe-signature", &signature)])
        .await
        .fails(400, PAYMENT_FAILURE);
    // Signed, but for another amount or currency than the order's: taken (Stripe stops
    // sending it), nothing granted, set aside for staff once for the payment.
    for (key, value) in [
        ("amount_total", serde_json::json!(1)),
        ("currency", serde_json::json!("eur")),
    ] {
        let mut other = paid.clone();
        other[key] = value;
        webhook(&app, "checkout.session.completed", other)
            .await
            .ok();
    }
    assert_eq!(app.count("payment_discrepancies").await, 1);
    // Naming an order that is not Stripe's to pay (a gold order of Bob's).
    let bob = app.register("bob").await;
    app.give_coins(&bob, 5000, "setup").await;
    let gold = app.create_order(&bob, "chars-2000", "gold").await.ok();
    let mut bobs = paid.clone();
    bobs["client_reference_id"] = serde_json::json!(gold["id"].as_i64().unwrap().to_string());
    bobs["payment_intent"] = serde_json::json!("pi_for_bob");
    webhook(&app, "checkout.session.completed", bobs)
        .await
        .fails(400, PAYMENT_FAILURE);
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(app.coins(&bob).await, 5000 - 300);
    assert_eq!(app.orders_of(&ana).await, ["unfinished"]);

    // The real one credits; the same event again changes nothing.
    let (body, signature) = Stripe::event("checkout.session.completed", paid, now());
    for _ in 0..3 {
        app.notify("stripe", body.clone(), &[("stripe-signature", &signature)])
            .await
            .ok();
    }
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.ledger_of(&ana).await, 1);
    // Someone else's order id with Ana's session pays nothing for them.
    let (bob_order, _) = checkout(&app, &stripe, &bob, "gold-600", "card").await;
    assert_eq!(
        back(&app, bob_order, &session).await.ok()["state"],
        "unfinished"
    );
    assert_eq!(app.coins(&bob).await, 5000 - 300);
}

async fn pay_later_waits_for_stripe_and_a_failed_one_frees_the_buyer(b: Backend) {
    let (app, stripe) = with_stripe(b).await;
    let ana = app.register("ana").await;
    let (id, session) = checkout(&app, &stripe, &ana, "gold-1500", "paylater").await;
    let pending = stripe.pay_later(&session);
    let reply = back(&app, id, &session).await;
    assert_eq!(reply.ok()["state"], "unfinished");
    // Completed but not paid: Stripe's completion alone credits nothing.
    webhook(&app, "checkout.session.completed", pending)
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 0);
    let paid = stripe.pay(&session);
    webhook(&app, "checkout.session.async_payment_succeeded", paid)
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 1500);
    assert_eq!(back(&app, id, &session).await.ok()["state"], "finished");

    let (id, session) = checkout(&app, &stripe, &ana, "gold-100", "paylater").await;
    let pending = stripe.pay_later(&session);
    webhook(&app, "checkout.session.async_payment_failed", pending)
        .await
        .ok();
    assert!(app.unfinished_order(&ana).await.is_null());
    assert_eq!(app.coins(&ana).await, 1500);
    // An expired session declines on return.
    let (id2, session2) = checkout(&app, &stripe, &ana, "gold-100", "card").await;
    stripe.expire(&session2);
    back(&app, id2, &session2).await.fails(400, PAYMENT_FAILURE);
    assert!(app.unfinished_order(&ana).await.is_null());
    assert_eq!(
        app.orders_of(&ana)
            .await
            .iter()
            .filter(|s| s.as_str() == "failed")
            .count(),
        2,
        "{id}"
    );
}

async fn nothing_is_credited_while_stripe_does_not_answer(b: Backend) {
    let (app, stripe) = with_stripe(b).await;
    let ana = app.register("ana").await;
    stripe.set_down(true);
    let id = app.product_id("gold-600").await.to_string();
    let path = TestApp::with_query(CREATE_ORDER, &[("productId", &id), ("payType", "card")]);
    app.get(&path, Some(&ana.token))
        .await
        .fails(503, PROVIDER_DOWN);
    // No order is left behind to block the next try.
    assert!(app.unfinished_order(&ana).await.is_null());

    stripe.set_down(false);
    let (id, session) = checkout(&app, &stripe, &ana, "gold-600", "card").await;
    stripe.pay(&session);
    stripe.set_down(true);
    back(&app, id, &session).await.fails(503, PROVIDER_DOWN);
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(app.unfinished_order(&ana).await["id"], id);
    stripe.set_down(false);
    assert_eq!(back(&app, id, &session).await.msg(), PAYMENT_SUCCESS);
    assert_eq!(app.coins(&ana).await, 600);
}

async fn a_buyer_who_paid_and_never_came_back_is_credited_by_the_sweep(b: Backend) {
    let stripe = Stripe::start().await;
    let settings = stripe.settings();
    let app = spawn_with(Setup::new(b), move |c| {
        c.payments.stripe = settings;
        c.sweep_seconds = 1;
        c.wallet.reconcile_after_seconds = 0;
    })
    .await;
    let ana = app.register("ana").await;
    let (_, session) = checkout(&app, &stripe, &ana, "gold-600", "card").await;
    stripe.pay(&session);
    // No return, no notification: the sweep asks Stripe.
    for _ in 0..100 {
        if app.coins(&ana).await == 600 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.orders_of(&ana).await, ["finished"]);
    // An expired checkout is closed, so the buyer can start anew.
    let (_, session) = checkout(&app, &stripe, &ana, "gold-100", "card").await;
    stripe.expire(&session);
    for _ in 0..100 {
        if app.unfinished_order(&ana).await.is_null() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(app.orders_of(&ana).await, ["finished", "failed"]);
}

async fn refunds_and_disputes_take_the_purchase_back_once(b: Backend) {
    let (app, stripe) = with_stripe(b).await;
    let ana = app.register("ana").await;
    let (id, session) = checkout(&app, &stripe, &ana, "gold-600", "card").await;
    let paid = stripe.pay(&session);
    back(&app, id, &session).await.ok();
    assert_eq!(app.coins(&ana).await, 600);

    // A partial refund leaves the purchase standing.
    webhook(&app, "charge.refunded", refunded_charge(&paid, 300))
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 600);

    // Ana spends 500 of the 600; the full refund takes the 100 left, never below zero.
    app.give_coins(&ana, -500, "spent").await;
    let full = refunded_charge(&paid, 999);
    let (body, signature) = Stripe::event("charge.refunded", full, now());
    for _ in 0..3 {
        app.notify("stripe", body.clone(), &[("stripe-signature", &signature)])
            .await
            .ok();
    }
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(
        app.scalar("SELECT shortfall FROM order_reversals WHERE whole")
            .await,
        500
    );
    // A dispute after the refund takes nothing more.
    app.give_coins(&ana, 50, "later").await;
    let dispute = serde_json::json!({"id": "dp_1", "object": "dispute", "payment_intent": paid["payment_intent"], "amount": 999});
    webhook(&app, "charge.dispute.created", dispute).await.ok();
    assert_eq!(app.coins(&ana).await, 50);

    // A membership refunded is shortened by what was bought.
    let bob = app.register("bob").await;
    let (id, session) = checkout(&app, &stripe, &bob, "vip-3m", "card").await;
    let paid = stripe.pay(&session);
    back(&app, id, &session).await.ok();
    assert_eq!(app.purse(&bob).await.level.as_deref(), Some("VIP"));
    let dispute = serde_json::json!({"id": "dp_2", "object": "dispute", "payment_intent": paid["payment_intent"]});
    webhook(&app, "charge.dispute.created", dispute).await.ok();
    // Bought from nothing, given back whole: Bob is no member any more.
    let purse = app.purse(&bob).await;
    assert_eq!((purse.level, purse.member_expires_at), (None, None));
}

/// Under `wallet`, so that `cargo nextest run wallet` picks these stories.
mod wallet {
    use super::*;

    both_databases!(
        card_and_pay_later_are_offered_and_a_session_is_made_for_the_order,
        a_card_payment_credits_once_when_returns_and_webhooks_race,
        forged_replayed_and_mismatched_webhooks_move_nothing,
        pay_later_waits_for_stripe_and_a_failed_one_frees_the_buyer,
        nothing_is_credited_while_stripe_does_not_answer,
        a_buyer_who_paid_and_never_came_back_is_credited_by_the_sweep,
        refunds_and_disputes_take_the_purchase_back_once,
    );
}
