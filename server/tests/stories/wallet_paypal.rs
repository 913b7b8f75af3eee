//! Paying with PayPal against a local PayPal: an order at PayPal for ours, approved by the
//! buyer and captured once whether the return, the approval webhook or the capture webhook comes
//! first; webhooks believed only when PayPal vouches for them; a declined payment; PayPal not
//! answering; refunds taking the purchase back once.

use crate::common::paypal_standin::PayPal;
use crate::common::wallet::{PAYMENT_FAILURE, PAYMENT_SUCCESS, PAYPAL_RETURN, PROVIDER_DOWN};
use crate::common::{spawn_with, Backend, Person, Reply, Setup, TestApp};
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
    app.notify("paypal", event.to_string(), &headers).await
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
    // Vouched for, but for another amount or currency than the order's.
    for amount in [
        json!({"currency_code": "USD", "value": "0.01"}),
        json!({"currency_code": "EUR", "value": "9.99"}),
    ] {
        let mut other = capture.clone();
        other["amount"] = amount;
        webhook(&app, &paypal, "PAYMENT.CAPTURE.COMPLETED", other)
            .await
            .fails(400, PAYMENT_FAILURE);
    }
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
        app.notify("paypal", event.to_string(), &headers).await.ok();
    }
    assert_eq!(app.coins(&ana).await, 0);
    let reversed = json!({"id": capture_id, "status": "REVERSED", "amount": capture["amount"]});
    app.give_coins(&ana, 70, "later").await;
    webhook(&app, &paypal, "PAYMENT.CAPTURE.REVERSED", reversed)
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 70);
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
    );
}
