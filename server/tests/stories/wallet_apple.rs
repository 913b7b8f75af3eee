//! Paying in the App Store against a local App Store: an app order carries the account token
//! StoreKit signs into the purchase; the app's signed transaction credits that order once,
//! however often and however concurrently it comes; transactions not signed up to the Apple
//! root, of another app, product or order, taken back or from the sandbox where it does not
//! count are refused with nothing moved; refund and revocation notifications take the purchase
//! back once, forged ones are refused.

use crate::common::apple_standin::{
    b64, payload_of, refunded, signed_payload, AppStore, Signer, BUNDLE_ID, PRODUCT_PREFIX,
};
use crate::common::wallet::{FINISH_FAILED, IOS_PAY, PAYMENT_FAILURE, PAYMENT_SUCCESS};
use crate::common::{
    spawn_with, try_spawn_with, Backend, Person, ProviderSettings, Reply, Setup, TestApp,
};
use serde_json::{json, Value};

async fn with_apple(b: Backend) -> (TestApp, AppStore) {
    let store = AppStore::new();
    let settings = store.settings();
    let app = spawn_with(Setup::new(b), move |c| c.payments.apple = settings).await;
    (app, store)
}

/// `who` orders `code` in the app, to pay in the App Store.
async fn app_order(app: &TestApp, who: &Person, code: &str) -> Value {
    app.create_app_order(who, code, "apple").await.ok()
}

/// The app sends the signed transaction StoreKit gave it for `order_id`.
async fn pay(app: &TestApp, who: &Person, order_id: i64, receipt: &str) -> Reply {
    app.post_form(
        IOS_PAY,
        Some(&who.token),
        vec![
            ("orderId", order_id.to_string()),
            ("receipt", receipt.to_owned()),
        ],
    )
    .await
}

fn id_of(order: &Value) -> i64 {
    order["id"].as_i64().unwrap()
}

async fn the_app_store_is_offered_and_an_order_carries_its_account_token(b: Backend) {
    let (app, _store) = with_apple(b).await;
    let ana = app.register("ana").await;
    let order = app_order(&app, &ana, "gold-600").await;
    app.store_order_waits_for_the_app("apple", &ana, &order)
        .await;
    // Each order has its own token.
    let bob = app.register("bob").await;
    assert_ne!(
        app_order(&app, &bob, "gold-600").await["accountToken"],
        order["accountToken"]
    );
}

async fn a_signed_transaction_credits_a_coin_pack_and_a_membership_once(b: Backend) {
    let (app, store) = with_apple(b).await;
    let ana = app.register("ana").await;
    let order = app_order(&app, &ana, "gold-600").await;
    let receipt = store.signer.sign(&store.transaction(&order, "gold-600"));
    let reply = pay(&app, &ana, id_of(&order), &receipt).await;
    assert_eq!(reply.msg(), PAYMENT_SUCCESS);
    assert_eq!(reply.ok()["state"], "finished");
    assert_eq!(app.coins(&ana).await, 600);
    // The app sends it again (it did not hear the answer): the same order, nothing more.
    let again = pay(&app, &ana, id_of(&order), &receipt).await;
    assert_eq!(again.ok()["state"], "finished");
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.ledger_of(&ana).await, 1);

    let order = app_order(&app, &ana, "vip-1m").await;
    let receipt = store.signer.sign(&store.transaction(&order, "vip-1m"));
    pay(&app, &ana, id_of(&order), &receipt).await.ok();
    let purse = app.purse(&ana).await;
    assert_eq!(purse.level.as_deref(), Some("VIP"));
    assert!(purse.member_expires_at.is_some());
    assert_eq!(app.orders_of(&ana).await, ["finished", "finished"]);

    // A subscription renewing automatically is a subscription too.
    let bob = app.register("bob").await;
    let order = app_order(&app, &bob, "svip-1m").await;
    let mut t = store.transaction(&order, "svip-1m");
    t["type"] = json!("Auto-Renewable Subscription");
    pay(&app, &bob, id_of(&order), &store.signer.sign(&t))
        .await
        .ok();
    assert_eq!(app.purse(&bob).await.level.as_deref(), Some("SVIP"));
}

async fn ten_concurrent_receipts_credit_once(b: Backend) {
    let (app, store) = with_apple(b).await;
    let ana = app.register("ana").await;
    let order = app_order(&app, &ana, "gold-600").await;
    let receipt = store.signer.sign(&store.transaction(&order, "gold-600"));
    let racers = (0..10).map(|_| pay(&app, &ana, id_of(&order), &receipt));
    for reply in futures::future::join_all(racers).await {
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert_eq!(reply.data()["state"], "finished");
    }
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.ledger_of(&ana).await, 1);
}

/// `transaction` with one field changed.
fn with(transaction: &Value, key: &str, value: Value) -> Value {
    let mut t = transaction.clone();
    t[key] = value;
    t
}

async fn forged_and_mismatched_transactions_move_nothing(b: Backend) {
    let (app, store) = with_apple(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let order = app_order(&app, &ana, "gold-600").await;
    let bobs = app_order(&app, &bob, "gold-600").await;
    let t = store.transaction(&order, "gold-600");
    let genuine = &store.signer;
    let lookalike = AppStore::new().signer;
    let before = app.money().await;

    let header = |alg: &str| b64(&json!({"alg": alg, "x5c": genuine.x5c}));
    let good = genuine.sign(&t);
    let parts: Vec<&str> = good.split('.').collect();
    let tampered_payload = b64(&with(
        &t,
        "productId",
        json!(format!("{PRODUCT_PREFIX}gold-1500")),
    ));
    let chain = |x5c: Vec<&String>, key: &Signer| Signer {
        x5c: x5c.into_iter().cloned().collect(),
        pkcs8: key.pkcs8.clone(),
    };
    let forged: Vec<(&str, String)> = vec![
        (
            "another app",
            genuine.sign(&with(&t, "bundleId", json!("com.example.other"))),
        ),
        (
            "another product",
            genuine.sign(&with(
                &t,
                "productId",
                json!(format!("{PRODUCT_PREFIX}gold-1500")),
            )),
        ),
        (
            "a product id without our prefix",
            genuine.sign(&with(&t, "productId", json!("gold-600"))),
        ),
        (
            "another order's token",
            genuine.sign(&with(&t, "appAccountToken", bobs["accountToken"].clone())),
        ),
        (
            "no token",
            genuine.sign(&with(&t, "appAccountToken", Value::Null)),
        ),
        (
            "sold as another type",
            genuine.sign(&with(&t, "type", json!("Non-Consumable"))),
        ),
        (
            "a coin pack as a subscription",
            genuine.sign(&with(&t, "type", json!("Non-Renewing Subscription"))),
        ),
        ("refunded", genuine.sign(&refunded(&t))),
        (
            "Xcode's environment",
            genuine.sign(&with(&t, "environment", json!("Xcode"))),
        ),
        ("a chain from another root", lookalike.sign(&t)),
        (
            "the root atop another chain",
            chain(
                vec![&lookalike.x5c[0], &lookalike.x5c[1], &genuine.x5c[2]],
                &lookalike,
            )
            .sign(&t),
        ),
        (
            "another leaf in the chain",
            chain(
                vec![&lookalike.x5c[0], &genuine.x5c[1], &genuine.x5c[2]],
                &lookalike,
            )
            .sign(&t),
        ),
        (
            "a chain without its root",
            chain(vec![&genuine.x5c[0], &genuine.x5c[1]], genuine).sign(&t),
        ),
        (
            "a leaf without the App Store's marker",
            store.unmarked_leaf().sign(&t),
        ),
        (
            "an intermediate without Apple's marker",
            store.unmarked_intermediate().sign(&t),
        ),
        ("an expired leaf", store.expired_leaf().sign(&t)),
        (
            "a tampered payload",
            format!("{}.{tampered_payload}.{}", parts[0], parts[2]),
        ),
        (
            "another key's signature",
            chain(genuine.x5c.iter().collect(), &lookalike).sign(&t),
        ),
        (
            "a signature cut short",
            format!("{}.{}.{}", parts[0], parts[1], &parts[2][..40]),
        ),
        ("alg none", format!("{}.{}.", header("none"), parts[1])),
        (
            "alg HS256",
            genuine.sign_with(&json!({"alg": "HS256", "x5c": genuine.x5c}), &t),
        ),
        (
            "alg ES384",
            genuine.sign_with(&json!({"alg": "ES384", "x5c": genuine.x5c}), &t),
        ),
        ("not a JWS", "MIIT-a-store-receipt".to_owned()),
        ("nothing", String::new()),
    ];
    for (what, receipt) in &forged {
        let reply = pay(&app, &ana, id_of(&order), receipt).await;
        assert_eq!(
            (reply.status, reply.msg()),
            (400, PAYMENT_FAILURE),
            "{what}: {}",
            reply.body
        );
    }
    // Ana's transaction, for Bob's order id: not hers to name.
    let reply = pay(&app, &ana, id_of(&bobs), &good).await;
    assert_eq!(reply.status, 404, "{}", reply.body);
    // Bob sending Ana's transaction for his own order: it names her order.
    pay(&app, &bob, id_of(&bobs), &good)
        .await
        .fails(400, PAYMENT_FAILURE);
    assert_eq!(app.money().await, before);
    assert_eq!(app.unfinished_order(&ana).await["id"], id_of(&order));

    // The genuine one credits.
    assert_eq!(
        pay(&app, &ana, id_of(&order), &good).await.msg(),
        PAYMENT_SUCCESS
    );
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.coins(&bob).await, 0);
}

async fn a_transaction_pays_one_order_only(b: Backend) {
    let (app, store) = with_apple(b).await;
    let ana = app.register("ana").await;
    let first = app_order(&app, &ana, "gold-600").await;
    let t = store.transaction(&first, "gold-600");
    let receipt = store.signer.sign(&t);
    pay(&app, &ana, id_of(&first), &receipt).await.ok();

    // Presented again for a second order: it names the first.
    let second = app_order(&app, &ana, "gold-600").await;
    pay(&app, &ana, id_of(&second), &receipt)
        .await
        .fails(400, PAYMENT_FAILURE);
    // Even made out to the second order, a transaction that paid once pays nothing more.
    let again = with(&t, "appAccountToken", second["accountToken"].clone());
    pay(&app, &ana, id_of(&second), &store.signer.sign(&again))
        .await
        .fails(409, FINISH_FAILED);
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.ledger_of(&ana).await, 1);
    assert_eq!(app.unfinished_order(&ana).await["id"], id_of(&second));
}

async fn sandbox_purchases_count_unless_the_operator_refuses_them(b: Backend) {
    // By default (testing with TestFlight and sandbox testers) they count.
    let (app, store) = with_apple(b).await;
    let ana = app.register("ana").await;
    let order = app_order(&app, &ana, "gold-100").await;
    let sandbox = with(
        &store.transaction(&order, "gold-100"),
        "environment",
        json!("Sandbox"),
    );
    pay(&app, &ana, id_of(&order), &store.signer.sign(&sandbox))
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 100);

    // In production they do not.
    let store = AppStore::new();
    let mut settings = store.settings();
    settings.accept_sandbox = false;
    let app = spawn_with(Setup::new(b), move |c| c.payments.apple = settings).await;
    let ana = app.register("ana").await;
    let order = app_order(&app, &ana, "gold-100").await;
    let t = store.transaction(&order, "gold-100");
    let sandbox = with(&t, "environment", json!("Sandbox"));
    pay(&app, &ana, id_of(&order), &store.signer.sign(&sandbox))
        .await
        .fails(400, PAYMENT_FAILURE);
    assert_eq!(app.coins(&ana).await, 0);
    pay(&app, &ana, id_of(&order), &store.signer.sign(&t))
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 100);

    // A sandbox refund of a transaction with the same id takes nothing back there.
    let body = store.notification("REFUND", Some(&store.signer.sign(&refunded(&sandbox))));
    app.notify("apple", body, &[]).await.ok();
    assert_eq!(app.coins(&ana).await, 100);
    assert_eq!(app.count("order_reversals").await, 0);
}

async fn refunds_and_revocations_take_the_purchase_back_once(b: Backend) {
    let (app, store) = with_apple(b).await;
    let ana = app.register("ana").await;
    let order = app_order(&app, &ana, "gold-600").await;
    let t = store.transaction(&order, "gold-600");
    pay(&app, &ana, id_of(&order), &store.signer.sign(&t))
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 600);

    // Apple's test notification and a consumption request are nothing for us.
    for kind in ["TEST", "CONSUMPTION_REQUEST"] {
        app.notify("apple", store.notification(kind, None), &[])
            .await
            .ok();
    }
    assert_eq!(app.coins(&ana).await, 600);

    // Ana spends 500 of the 600; the refund takes the 100 left, never below zero.
    app.give_coins(&ana, -500, "spent").await;
    let refund = store.notification("REFUND", Some(&store.signer.sign(&refunded(&t))));
    for _ in 0..3 {
        app.notify("apple", refund.clone(), &[]).await.ok();
    }
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(
        app.scalar("SELECT shortfall FROM order_reversals WHERE whole")
            .await,
        500
    );
    // Another notification of the same refund takes nothing more.
    app.give_coins(&ana, 50, "later").await;
    let again = store.notification("REFUND", Some(&store.signer.sign(&refunded(&t))));
    app.notify("apple", again, &[]).await.ok();
    assert_eq!(app.coins(&ana).await, 50);
    assert_eq!(app.count("order_reversals").await, 2);

    // A membership revoked is taken back.
    let bob = app.register("bob").await;
    let order = app_order(&app, &bob, "vip-3m").await;
    let t = store.transaction(&order, "vip-3m");
    pay(&app, &bob, id_of(&order), &store.signer.sign(&t))
        .await
        .ok();
    assert_eq!(app.purse(&bob).await.level.as_deref(), Some("VIP"));
    let revoke = store.notification("REVOKE", Some(&store.signer.sign(&refunded(&t))));
    app.notify("apple", revoke, &[]).await.ok();
    let purse = app.purse(&bob).await;
    assert_eq!((purse.level, purse.member_expires_at), (None, None));
}

async fn forged_notifications_are_refused(b: Backend) {
    let (app, store) = with_apple(b).await;
    let ana = app.register("ana").await;
    let order = app_order(&app, &ana, "gold-600").await;
    let t = store.transaction(&order, "gold-600");
    pay(&app, &ana, id_of(&order), &store.signer.sign(&t))
        .await
        .ok();
    let before = app.money().await;

    let lookalike = AppStore::new().signer;
    let refund_info = store.signer.sign(&refunded(&t));
    let genuine = store.notification("REFUND", Some(&refund_info));
    let jws = serde_json::from_str::<Value>(&genuine).unwrap()["signedPayload"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut other_app = payload_of(&jws);
    other_app["data"]["bundleId"] = json!("com.example.other");
    let mut tampered: Vec<String> = jws.split('.').map(str::to_owned).collect();
    tampered[1] = b64(&with(
        &payload_of(&jws),
        "notificationUUID",
        json!("replayed"),
    ));
    let forged = [
        (
            "signed up to another root",
            AppStore::notification_by(&lookalike, "REFUND", Some(&refund_info)),
        ),
        (
            "a transaction signed up to another root",
            store.notification("REFUND", Some(&lookalike.sign(&refunded(&t)))),
        ),
        (
            "a transaction of another app",
            store.notification(
                "REFUND",
                Some(&store.signer.sign(&with(
                    &refunded(&t),
                    "bundleId",
                    json!("com.example.other"),
                ))),
            ),
        ),
        (
            "a notification of another app",
            signed_payload(&store.signer.sign(&other_app)),
        ),
        (
            "a refund naming no transaction",
            store.notification("REFUND", None),
        ),
        ("a tampered payload", signed_payload(&tampered.join("."))),
        (
            "an unsigned body",
            json!({"notificationType": "REFUND", "data": {"bundleId": BUNDLE_ID}}).to_string(),
        ),
        ("not JSON", "signedPayload=x".to_owned()),
    ];
    for (what, body) in forged {
        let reply = app.notify("apple", body, &[]).await;
        assert_eq!(reply.status, 400, "{what}: {}", reply.body);
    }
    assert_eq!(app.money().await, before);
    assert_eq!(app.count("order_reversals").await, 0);
    // The genuine one takes the coins back.
    app.notify("apple", genuine, &[]).await.ok();
    assert_eq!(app.coins(&ana).await, 0);
}

async fn the_root_certificate_must_be_there_to_start(b: Backend) {
    let store = AppStore::new();
    // Named without a root, or with one that cannot be read or is no certificate: no start.
    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("AppleRootCA-G3.cer");
    std::fs::write(&garbage, b"not a certificate").unwrap();
    for root in [None, Some(dir.path().join("missing.cer")), Some(garbage)] {
        let mut settings = store.settings();
        settings.root_certificate = root.clone();
        let started = try_spawn_with(Setup::new(b), move |c| c.payments.apple = settings).await;
        let error = started
            .err()
            .unwrap_or_else(|| panic!("started with {root:?}"));
        assert!(
            format!("{error:#}").contains("root_certificate"),
            "{error:#}"
        );
    }

    // The root as PEM does as well as DER.
    let mut settings = store.settings();
    settings.root_certificate = Some(store.root_pem_file());
    let app = spawn_with(Setup::new(b), move |c| c.payments.apple = settings).await;
    let ana = app.register("ana").await;
    let order = app_order(&app, &ana, "gold-600").await;
    let t = store.transaction(&order, "gold-600");
    pay(&app, &ana, id_of(&order), &store.signer.sign(&t))
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 600);

    // A chain ending at a certificate the root signed (a newer root, cross-signed) counts.
    let order = app_order(&app, &ana, "gold-100").await;
    let t = store.transaction(&order, "gold-100");
    pay(&app, &ana, id_of(&order), &store.cross_signed().sign(&t))
        .await
        .ok();
    assert_eq!(app.coins(&ana).await, 700);
}

/// Under `wallet`, so that `cargo nextest run wallet` picks these stories.
mod wallet {
    use super::*;

    both_databases!(
        the_app_store_is_offered_and_an_order_carries_its_account_token,
        a_signed_transaction_credits_a_coin_pack_and_a_membership_once,
        ten_concurrent_receipts_credit_once,
        forged_and_mismatched_transactions_move_nothing,
        a_transaction_pays_one_order_only,
        sandbox_purchases_count_unless_the_operator_refuses_them,
        refunds_and_revocations_take_the_purchase_back_once,
        forged_notifications_are_refused,
        the_root_certificate_must_be_there_to_start,
    );
}
