//! Paying with PayPal against a local PayPal: an order at PayPal for ours, approved by the
//! buyer and captured once whether the return, the approval webhook or the capture webhook comes
//! first; webhooks believed only when PayPal vouches for them, for the event exactly as it came;
//! a payment of another amount set aside for staff; a declined payment; PayPal not answering or
//! no longer taking our access token; refunds taking the purchase back once.

use crate::common::paypal_standin::PayPal;
use crate::common::wallet::{PAYMENT_FAILURE, PAYMENT_SUCCESS, PAYPAL_RETURN, PROVIDER_DOWN};
use crate::common::{spawn_with, Backend, Person, ProviderSettings, Reply, Setup, TestApp};
use serde_json::{json, Value};

async fn with_paypal(b: Backend) -> (TestApp, PayPal) {
    let paypal = PayPal::start().await;
    let settings = paypal.settings();
    let app = spawn_with(Setup::new(b), move |c| c.payments.paypal = settings).await;
    (app, paypal)
}

/// `who` orders `code` with PayPal: our order and PayPal's.
async fn checkout(app: &TestApp, who: &Person, code: &str) -> (i64, String) {
    let order = app.create_order(who, code, "paypal").await.ok();
    let url = order["checkoutUrl"].as_str().unwrap();
    (order["id"].as_i64().unwrap(), PayPal::order_of(url))
}

/// The buyer's browser back from PayPal, with PayPal's `token` and `PayerID`.
async fn back(app: &TestApp, order_id: i64, paypal_order: &str) -> Reply {
    let path = TestApp::with_query(
        PAYPAL_RETURN,
        &[
            ("orderId", &order_id.to_string()),
            ("token", paypal_order),
            ("PayerID", "PAYER1"),
        ],
    );
    app.get(&path, None).await
}

async fn webhook(app: &TestApp, paypal: &PayPal, kind: &str, resource: Value) -> Reply {
    let (event, headers) = paypal.event(kind, resource);
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.notify("paypal", event, &headers).await
}

async fn a_paypal_order_is_made_for_ours_and_captured_on_return(b: Backend) {
    let (app, paypal) = with_paypal(b).await;
    let ana = app.register("ana").await;
    let (id, at_paypal) = checkout(&app, &ana, "vip-1m").await;
    let made = paypal.order(&at_paypal);
    assert_eq!(made["intent"], "CAPTURE");
    assert_eq!(made["purchase_units"][0]["custom_id"], id.to_string());
    assert_eq!(
        made["purchase_units"][0]["amount"],
        json!({"currency_code": "USD", "value": "19.99"})
    );
    let back_to = made["experience"]["return_url"].as_str().unwrap();
    assert!(
        back_to.ends_with(&format!(
            "/pages/recharge/recharge?payReturn=paypal&orderId={id}"
        )),
        "{back_to}"
    );

    // Back without approving: nothing is captured, the order waits for the buyer.
    assert_eq!(back(&app, id, &at_paypal).await.ok()["state"], "unfinished");
    assert_eq!(paypal.captures(), 0);
    assert_eq!(app.purse(&ana).await.level, None);

    paypal.approve(&at_paypal);
    let reply = back(&app, id, &at_paypal).await;
    assert_eq!(reply.msg(), PAYMENT_SUCCESS);
    assert_eq!(reply.ok()["state"], "finished");
    assert_eq!(app.purse(&ana).await.level.as_deref(), Some("VIP"));
    // One access token serves every call.
    assert_eq!(paypal.tokens(), 1);
}

async fn returns_and_webhooks_racing_capture_and_credit_once(b: Backend) {
    let (app, paypal) = with_paypal(b).await;
    let ana = app.register("ana").await;
    let (id, at_paypal) = checkout(&app, &ana, "gold-1500").await;
    paypal.approve(&at_paypal);
    let approved = paypal.order(&at_paypal);
    let racers = (0..10).map(|i| {
        let (app, paypal, at_paypal, approved) = (&app, &paypal, &at_paypal, approved.clone());
        async move {
            if i % 2 == 0 {
                back(app, id, at_paypal).await
            } else {
                webhook(app, paypal, "CHECKOUT.ORDER.APPROVED", approved).await
            }
        }
    });
    for reply in futures::future::join_all(racers).await {
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    // The capture's own notification, after: nothing more.
    let capture = paypal.capture_of(&at_paypal);
    webhook(&app, &paypal, "PAYMENT.CAPTURE.COMPLETED", capture)
        .await
        .ok();
    assert_eq!(paypal.captures(), 1);
    assert_eq!(app.coins(&ana).await, 1500);
    assert_eq!(app.ledger_of(&ana).await, 1);
}

async fn webhooks_paypal_does_not_vouch_for_move_nothing(b: Backend) {
    let (app, paypal) = with_paypal(b).await;
    let ana = app.register("ana").await;
    let (id, at_paypal) = checkout(&app, &ana, "gold-600").await;
    paypal.approve(&at_paypal);
    let approved = paypal.order(&at_paypal);
    let capture = json!({
        "id": "CAPFORGED", "status": "COMPLETED", "custom_id": id.to_string(),
        "amount": {"currency_code": "USD", "value": "9.99"},
    });
    // Headers made for another event: PayPal says FAILURE.
    let (_, headers) = paypal.event("PAYMENT.CAPTURE.COMPLETED", json!({"id": "other"}));
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let event =
        json!({"id": "WH-1", "event_type": "PAYMENT.CAPTURE.COMPLETED", "resource": capture});
    app.notify("paypal", event.to_string(), &headers)
        .await
        .fails(400, PAYMENT_FAILURE);
    // No transmission headers at all.
    app.notify("paypal", event.to_string(), &[])
        .await
        .fails(400, PAYMENT_FAILURE);
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(app.orders_of(&ana).await, ["unfinished"]);
    // An approval naming someone else's order looks only at that order's own PayPal order,
    // which Bob has not approved: nothing is captured for him.
    let bob = app.register("bob").await;
    let (bob_order, _) = checkout(&app, &bob, "gold-600").await;
    let mut bobs = approved.clone();
    bobs["purchase_units"][0]["custom_id"] = json!(bob_order.to_string());
    webhook(&app, &paypal, "CHECKOUT.ORDER.APPROVED", bobs)
        .await
        .ok();
    assert_eq!(paypal.captures(), 0);
    assert_eq!(app.coins(&bob).await, 0);
    assert_eq!(app.coins(&ana).await, 0);
}

async fn a_declined_payment_fails_the_order_and_paypal_down_leaves_it_to_finish(b: Backend) {
    let (app, paypal) = with_paypal(b).await;
    let ana = app.register("ana").await;
    let (id, at_paypal) = checkout(&app, &ana, "gold-600").await;
    paypal.approve_declined(&at_paypal);
    back(&app, id, &at_paypal).await.fails(400, PAYMENT_FAILURE);
    assert_eq!(app.orders_of(&ana).await, ["failed"]);
    assert_eq!(app.coins(&ana).await, 0);

    let (id, at_paypal) = checkout(&app, &ana, "gold-600").await;
    paypal.approve(&at_paypal);
    paypal.set_down(true);
    back(&app, id, &at_paypal).await.fails(503, PROVIDER_DOWN);
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(app.unfinished_order(&ana).await["id"], id);
    paypal.set_down(false);
    back(&app, id, &at_paypal).await.ok();
    assert_eq!(app.coins(&ana).await, 600);
}

async fn a_refund_takes_the_purchase_back_once(b: Backend) {
    let (app, paypal) = with_paypal(b).await;
    let ana = app.register("ana").await;
    let (id, at_paypal) = checkout(&app, &ana, "gold-600").await;
    paypal.approve(&at_paypal);
    back(&app, id, &at_paypal).await.ok();
    let capture = paypal.capture_of(&at_paypal);
    let capture_id = capture["id"].as_str().unwrap();
    let refund = |value: &str| {
        json!({
            "id": format!("REF-{value}"), "status": "COMPLETED",
            "amount": {"currency_code": "USD", "value": value},
            "links": [{"rel": "up", "method": "GET", "href": format!("{}/v2/payments/captures/{capture_id}", paypal.url)}],
        })
    };
    // Part of the money back: the purchase stands.
    webhook(&app, &paypal, "PAYMENT.CAPTURE.REFUNDED", refund("1.00"))
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 600);
    // All of it: the coins go back, once, however often PayPal says it.
    let (event, headers) = paypal.event("PAYMENT.CAPTURE.REFUNDED", refund("9.99"));
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    for _ in 0..3 {
        app.notify("paypal", event.clone(), &headers).await.ok();
    }
    assert_eq!(app.coins(&ana).await, 0);
    let reversed = json!({"id": capture_id, "status": "REVERSED", "amount": capture["amount"]});
    app.give_coins(&ana, 70, "later").await;
    webhook(&app, &paypal, "PAYMENT.CAPTURE.REVERSED", reversed)
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 70);
}

async fn paypal_no_longer_taking_our_token_costs_one_new_token(b: Backend) {
    let (app, paypal) = with_paypal(b).await;
    let ana = app.register("ana").await;
    let (id, at_paypal) = checkout(&app, &ana, "gold-600").await;
    assert_eq!(paypal.tokens(), 1);

    // PayPal stops taking the token we hold, hours before it expires (the secret rotated).
    paypal.revoke_tokens();
    let bob = app.register("bob").await;
    let (bob_order, bobs_at_paypal) = checkout(&app, &bob, "gold-1500").await;
    assert_eq!(paypal.tokens(), 2, "one new token, fetched once");
    assert_eq!(
        paypal.order(&bobs_at_paypal)["purchase_units"][0]["custom_id"],
        bob_order.to_string()
    );

    // The new token serves the return and the webhook check that follow.
    paypal.approve(&at_paypal);
    back(&app, id, &at_paypal).await.ok();
    assert_eq!(app.coins(&ana).await, 600);
    paypal.revoke_tokens();
    paypal.approve(&bobs_at_paypal);
    let approved = paypal.order(&bobs_at_paypal);
    webhook(&app, &paypal, "CHECKOUT.ORDER.APPROVED", approved)
        .await
        .ok();
    assert_eq!(app.coins(&bob).await, 1500);
    assert_eq!(paypal.tokens(), 3);

    // PayPal refusing the new token too is PayPal unavailable to us, after one try.
    paypal.refuse_every_token(true);
    let cleo = app.register("cleo").await;
    app.create_order(&cleo, "gold-600", "paypal")
        .await
        .fails(503, PROVIDER_DOWN);
    assert_eq!(paypal.tokens(), 4);
    paypal.refuse_every_token(false);
    checkout(&app, &cleo, "gold-600").await;
    assert_eq!(paypal.tokens(), 4);
}

async fn a_webhook_is_verified_as_the_bytes_paypal_sent(b: Backend) {
    let (app, paypal) = with_paypal(b).await;
    let ana = app.register("ana").await;
    let (id, at_paypal) = checkout(&app, &ana, "gold-600").await;
    paypal.approve(&at_paypal);
    back(&app, id, &at_paypal).await.ok();
    let capture = paypal.capture_of(&at_paypal);
    let capture_id = capture["id"].as_str().unwrap();
    // A refund as PayPal might write it: its own key order, spacing, escapes and a number
    // written with an exponent, none of which survives being read and written out again.
    let body = format!(
        r#"{{ "resource" : {{"status":"COMPLETED", "links":[{{"rel":"up","method":"GET","href":"{url}\/v2\/payments\/captures\/{capture_id}"}}],
  "amount":{{"value":"9.99","currency_code":"USD"}},"id":"REF-1"}},
  "event_type":"PAYMENT.CAPTURE.REFUNDED", "summary":"A € refund été", "seq":1.0e0,
  "id":"WH-RAW-1","event_version":"1.0","create_time":"2026-11-26T08:00:00Z","resource_type":"refund" }}"#,
        url = paypal.url.replace('/', "\\/"),
    );
    let reserialised = serde_json::from_str::<Value>(&body).unwrap().to_string();
    assert_ne!(reserialised, body);
    let headers = paypal.transmit(&body);
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.notify("paypal", body, &headers).await.ok();
    assert_eq!(app.coins(&ana).await, 0, "the refund was believed");

    // What PayPal did not send, however alike in meaning, is not vouched for.
    let (event, headers) = paypal.event("PAYMENT.CAPTURE.COMPLETED", capture.clone());
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let spaced =
        serde_json::to_string_pretty(&serde_json::from_str::<Value>(&event).unwrap()).unwrap();
    app.notify("paypal", spaced, &headers)
        .await
        .fails(400, PAYMENT_FAILURE);
    // Nor a body that is not one JSON object.
    let listed = format!("[{event}]");
    let headers = paypal.transmit(&listed);
    let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app.notify("paypal", listed, &headers)
        .await
        .fails(400, PAYMENT_FAILURE);
}

async fn a_payment_of_another_amount_grants_nothing_and_goes_to_staff(b: Backend) {
    let (app, paypal) = with_paypal(b).await;
    let staff = app.staff("sam").await;
    let ana = app.register("ana").await;
    let (id, _) = checkout(&app, &ana, "gold-600").await;
    // PayPal vouches for a capture of our order, but for another amount or currency: the
    // notification is taken (PayPal stops sending it), nothing is granted.
    for (n, amount) in [
        json!({"currency_code": "USD", "value": "0.01"}),
        json!({"currency_code": "EUR", "value": "9.99"}),
    ]
    .into_iter()
    .enumerate()
    {
        let capture = json!({
            "id": format!("CAPODD{n}"), "status": "COMPLETED", "custom_id": id.to_string(),
            "amount": amount,
        });
        for _ in 0..2 {
            webhook(&app, &paypal, "PAYMENT.CAPTURE.COMPLETED", capture.clone())
                .await
                .ok();
        }
    }
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(app.ledger_of(&ana).await, 0);
    assert_eq!(app.orders_of(&ana).await, ["unfinished"]);
    let queue = app.review_queue(&staff).await;
    let payments = queue["payments"].as_array().unwrap();
    assert_eq!(payments.len(), 2, "{queue}");
    assert_eq!(queue["counts"]["payments"], 2);
    assert_eq!(payments[0]["orderId"], id);
    assert_eq!(payments[0]["userId"], ana.id);
    assert_eq!(payments[0]["provider"], "paypal");
    assert_eq!(payments[0]["transaction"], "paypal:CAPODD0");
    assert_eq!(payments[0]["priceCents"], 999);
    assert_eq!(payments[0]["currency"], "USD");
    assert_eq!(payments[0]["paidCents"], 1);
    assert_eq!(payments[1]["paidCurrency"], "EUR");

    // The order changed at PayPal before the buyer paid: their return credits nothing either,
    // nor does PayPal's approval notification.
    let bob = app.register("bob").await;
    let (bob_order, at_paypal) = checkout(&app, &bob, "gold-600").await;
    paypal.change_amount(&at_paypal, json!({"currency_code": "USD", "value": "1.00"}));
    paypal.approve(&at_paypal);
    back(&app, bob_order, &at_paypal)
        .await
        .fails(400, PAYMENT_FAILURE);
    let approved = paypal.order(&at_paypal);
    webhook(&app, &paypal, "CHECKOUT.ORDER.APPROVED", approved)
        .await
        .ok();
    back(&app, bob_order, &at_paypal)
        .await
        .fails(400, PAYMENT_FAILURE);
    assert_eq!(paypal.captures(), 1);
    assert_eq!(app.coins(&bob).await, 0);
    assert_eq!(app.orders_of(&bob).await, ["unfinished"]);
    let payments = app.waiting(&staff, "payments").await;
    assert_eq!(payments.len(), 3);

    // Staff settle it with the buyer at PayPal, and it leaves the queue.
    app.decides(&staff, "payment", payments[2], "reject").await;
    assert_eq!(app.waiting(&staff, "payments").await, &payments[..2]);
    let again = app.decide(&staff, "payment", payments[2], "reject").await;
    assert_eq!(again.code(), 404, "{}", again.body);
    let audit = app
        .audit(&staff, &format!("targetKind=order&targetId={bob_order}"))
        .await;
    assert_eq!(audit[0]["action"], "review.payment", "{audit:?}");
}

/// Under `wallet`, so that `cargo nextest run wallet` picks these stories.
mod wallet {
    use super::*;

    both_databases!(
        a_paypal_order_is_made_for_ours_and_captured_on_return,
        returns_and_webhooks_racing_capture_and_credit_once,
        webhooks_paypal_does_not_vouch_for_move_nothing,
        a_declined_payment_fails_the_order_and_paypal_down_leaves_it_to_finish,
        a_refund_takes_the_purchase_back_once,
        paypal_no_longer_taking_our_token_costs_one_new_token,
        a_webhook_is_verified_as_the_bytes_paypal_sent,
        a_payment_of_another_amount_grants_nothing_and_goes_to_staff,
    );
}
