//! Buying, as people do it: the catalogue of memberships, gold and character packs; an order
//! paid at the test checkout and its return, which credits once however often it comes back and
//! only with the checkout's own token; one unfinished order at a time; declining; methods with no
//! provider refused; paying with gold at once or not at all; a membership that runs a calendar
//! month and extends from its expiry. Every refusal is shown to move nothing.

use crate::common::wallet::{
    spawn_sandbox, APP_SUCCESS, CREATE_APP_ORDER, FINISH_FAILED, GOOGLE_PAY, GRADE, INSUFFICIENT,
    IOS_PAY, NOT_AVAILABLE, NOT_FOR_GOLD, PAYMENT_FAILURE, PAYMENT_SUCCESS, PAYPAL_RETURN,
    PRODUCTS, SUCCESS, UNFINISHED_TRANSACTION,
};
use crate::common::{spawn, Backend, TestApp};
use chrono::{DateTime, Months, Utc};
use serde_json::{json, Value};

fn at(rfc3339: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(rfc3339).unwrap().to_utc()
}

fn months_after(from: DateTime<Utc>, months: u32) -> DateTime<Utc> {
    from.checked_add_months(Months::new(months)).unwrap()
}

/// The expiry `who` sees on their profile.
async fn expiry(app: &TestApp, who: &crate::common::Person) -> DateTime<Utc> {
    at(&app.purse(who).await.member_expires_at.unwrap())
}

async fn the_catalogue_lists_memberships_gold_and_character_packs(b: Backend) {
    let app = spawn(b).await;
    let catalogue = app.get(PRODUCTS, None).await.ok();

    let mut members: Vec<(String, i64)> = catalogue["member"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            assert_eq!(p["kind"], "member");
            (
                p["level"].as_str().unwrap().to_owned(),
                p["months"].as_i64().unwrap(),
            )
        })
        .collect();
    members.sort();
    let expected: Vec<(String, i64)> = ["SVIP", "VIP"]
        .iter()
        .flat_map(|l| [1, 3, 12].map(|m| ((*l).to_owned(), m)))
        .collect();
    assert_eq!(members, expected);

    for (kind, least) in [("gold", 3), ("character", 3)] {
        let packs = catalogue[kind].as_array().unwrap();
        assert!(packs.len() >= least, "{kind}: {packs:?}");
        for p in packs {
            assert_eq!(p["kind"], kind);
            assert!(p["amount"].as_i64().unwrap() > 0, "{p}");
        }
    }
    // Prices are whole cents in a named currency; some can be paid with gold coins.
    let all: Vec<&Value> = ["member", "gold", "character"]
        .iter()
        .flat_map(|k| catalogue[k].as_array().unwrap())
        .collect();
    for p in &all {
        assert!(
            p["priceCents"].is_i64() && p["priceCents"].as_i64().unwrap() > 0,
            "{p}"
        );
        let currency = p["currency"].as_str().unwrap();
        assert!(
            currency.len() == 3 && currency.chars().all(|c| c.is_ascii_uppercase()),
            "{p}"
        );
        assert!(
            p["priceCoins"].is_null() || p["priceCoins"].as_i64().unwrap() > 0,
            "{p}"
        );
    }
    assert!(all.iter().any(|p| p["priceCoins"].is_i64()));
    // Gold itself is bought with money only.
    assert!(catalogue["gold"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["priceCoins"].is_null()));
}

async fn each_membership_level_lists_its_benefits(b: Backend) {
    let app = spawn(b).await;
    let vip = app.get(&format!("{GRADE}/VIP"), None).await.ok();
    let svip = app.get(&format!("{GRADE}/SVIP"), None).await.ok();
    assert_eq!(vip["level"], "VIP");
    assert_eq!(svip["level"], "SVIP");
    assert_eq!(vip["cardGiftDiscountPercent"], 30);
    assert_eq!(vip["dailyTranslationCharacters"], 2000);
    let benefits = |g: &Value| -> Vec<String> {
        g["benefits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_str().unwrap().to_owned())
            .collect()
    };
    let (of_vip, of_svip) = (benefits(&vip), benefits(&svip));
    assert!(!of_vip.is_empty());
    for benefit in &of_vip {
        assert!(
            of_svip.contains(benefit),
            "SVIP lacks {benefit}: {of_svip:?}"
        );
    }
    for unknown in ["GOLD", "3", "vipp"] {
        let reply = app.get(&format!("{GRADE}/{unknown}"), None).await;
        assert_eq!(reply.status, 404, "{unknown}: {}", reply.body);
    }
}

async fn a_sandbox_purchase_credits_the_coins_once(b: Backend) {
    let app = spawn_sandbox(b).await;
    let ana = app.register("ana").await;

    let (order, id, token) = app.sandbox_order(&ana, "gold-600").await;
    assert_eq!(order["state"], "unfinished");
    assert_eq!(order["payType"], "sandbox");
    assert_eq!(
        order["priceCents"],
        app.product("gold-600").await["priceCents"]
    );
    assert!(order["checkoutUrl"]
        .as_str()
        .unwrap()
        .contains(&format!("sandboxOrder={id}&token=")));

    // One unfinished transaction at a time, on the web and in the app alike; the app finds it.
    let before = app.money().await;
    app.create_order(&ana, "gold-100", "sandbox")
        .await
        .fails(409, UNFINISHED_TRANSACTION);
    let gold_100 = app.product_id("gold-100").await.to_string();
    app.get(
        &TestApp::with_query(
            CREATE_APP_ORDER,
            &[("productId", &gold_100), ("payType", "sandbox")],
        ),
        Some(&ana.token),
    )
    .await
    .fails(409, UNFINISHED_TRANSACTION);
    assert_eq!(app.money().await, before);
    let pending = app.unfinished_order(&ana).await;
    assert_eq!(pending["id"], id);
    assert_eq!(pending["checkoutUrl"], order["checkoutUrl"]);
    assert_eq!(app.coins(&ana).await, 0);

    // The buyer comes back from paying: the coins are credited.
    let paid = app.pay_return(id, &token).await;
    assert_eq!(paid.msg(), PAYMENT_SUCCESS);
    let paid = paid.ok();
    assert_eq!(paid["state"], "finished");
    assert!(paid["checkoutUrl"].is_null());
    assert_eq!(app.coins(&ana).await, 600);

    // The same return, again and again (a reload, the app's return too): nothing more.
    for _ in 0..10 {
        app.pay_return(id, &token).await.ok();
    }
    app.get(
        &TestApp::with_query(
            APP_SUCCESS,
            &[("orderId", &id.to_string()), ("token", &token)],
        ),
        None,
    )
    .await
    .ok();
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.ledger_key(&format!("order:{id}")).await, (1, 600));
    assert_eq!(app.ledger_of(&ana).await, 1);
    assert!(app.unfinished_order(&ana).await.is_null());

    // With nothing unfinished, the next purchase can start.
    let (next, ..) = app.sandbox_order(&ana, "gold-100").await;
    assert_ne!(next["id"], id);
}

async fn simultaneous_returns_credit_once(b: Backend) {
    let app = spawn_sandbox(b).await;
    let ana = app.register("ana").await;
    let (_, id, token) = app.sandbox_order(&ana, "gold-1500").await;

    let replies = futures::future::join_all((0..10).map(|_| app.pay_return(id, &token))).await;
    for reply in replies {
        assert_eq!(reply.msg(), PAYMENT_SUCCESS, "{}", reply.body);
        assert_eq!(reply.ok()["state"], "finished");
    }
    assert_eq!(app.coins(&ana).await, 1500);
    assert_eq!(app.ledger_key(&format!("order:{id}")).await, (1, 1500));
    assert_eq!(app.ledger_of(&ana).await, 1);
}

async fn only_the_checkouts_own_token_pays_an_order(b: Backend) {
    let app = spawn_sandbox(b).await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    let (_, id, token) = app.sandbox_order(&ana, "gold-600").await;
    let (_, bea_id, bea_token) = app.sandbox_order(&bea, "gold-100").await;

    let before = app.money().await;
    let mut wrong = token.clone();
    wrong.replace_range(0..1, if token.starts_with('A') { "B" } else { "A" });
    for attempt in [wrong.as_str(), "", bea_token.as_str()] {
        app.pay_return(id, attempt)
            .await
            .fails(400, PAYMENT_FAILURE);
    }
    // No token at all.
    app.get(&format!("/prod-api/order/success?orderId={id}"), None)
        .await
        .fails(400, PAYMENT_FAILURE);
    // An order that does not exist.
    let reply = app.pay_return(bea_id + 100, &token).await;
    assert_eq!(reply.status, 404, "{}", reply.body);
    assert_eq!(app.money().await, before);
    assert_eq!(app.coins(&ana).await, 0);
    assert_eq!(app.unfinished_order(&ana).await["id"], id);

    // The right token still pays it afterwards.
    app.pay_return(id, &token).await.ok();
    assert_eq!(app.coins(&ana).await, 600);
    assert_eq!(app.coins(&bea).await, 0);
}

async fn a_declined_checkout_cancels_the_order(b: Backend) {
    let app = spawn_sandbox(b).await;
    let ana = app.register("ana").await;
    let (_, id, token) = app.sandbox_order(&ana, "gold-600").await;

    // Only the checkout can decline it.
    let before = app.money().await;
    app.cancel_return(id, "not-the-token")
        .await
        .fails(400, PAYMENT_FAILURE);
    assert_eq!(app.money().await, before);
    assert_eq!(app.orders_of(&ana).await, ["unfinished"]);

    let cancelled = app.cancel_return(id, &token).await.ok();
    assert_eq!(cancelled["state"], "cancelled");
    assert_eq!(app.orders_of(&ana).await, ["cancelled"]);
    assert!(app.unfinished_order(&ana).await.is_null());

    // A payment coming back for a cancelled order finishes nothing.
    let before = app.money().await;
    app.pay_return(id, &token).await.fails(409, FINISH_FAILED);
    app.cancel_return(id, &token)
        .await
        .fails(409, FINISH_FAILED);
    assert_eq!(app.money().await, before);
    assert_eq!(app.coins(&ana).await, 0);

    // And a new order can be made and paid.
    let (_, next, next_token) = app.sandbox_order(&ana, "gold-100").await;
    app.pay_return(next, &next_token).await.ok();
    assert_eq!(app.coins(&ana).await, 100);
    assert_eq!(app.orders_of(&ana).await, ["cancelled", "finished"]);
}

async fn payment_methods_without_a_provider_are_refused(b: Backend) {
    // The test checkout is off unless the operator turns it on; no real provider is configured.
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.give_coins(&ana, 100, "setup").await;
    let before = app.money().await;

    for pay_type in ["sandbox", "paypal", "apple", "google", "card", "paylater"] {
        app.create_order(&ana, "gold-600", pay_type)
            .await
            .fails(400, NOT_AVAILABLE);
    }
    let gold_600 = app.product_id("gold-600").await.to_string();
    for pay_type in ["bitcoin", "", "GOLD"] {
        let reply = app.order_by_id(&ana, &gold_600, pay_type).await;
        assert_eq!(reply.status, 400, "{pay_type}: {}", reply.body);
    }
    let reply = app
        .get(
            &format!("/prod-api/order/createOrder?productId={gold_600}"),
            Some(&ana.token),
        )
        .await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    for product in ["999999", "0", "-1"] {
        let reply = app.order_by_id(&ana, product, "gold").await;
        assert_eq!(reply.status, 404, "{product}: {}", reply.body);
    }

    // Nobody signed in orders nothing.
    let reply = app
        .get(
            &format!("/prod-api/order/createOrder?productId={gold_600}&payType=gold"),
            None,
        )
        .await;
    assert_eq!(reply.status, 401, "{}", reply.body);

    // A store receipt names an order of hers first (she has none), and PayPal's return needs
    // its provider.
    app.post_form(
        IOS_PAY,
        Some(&ana.token),
        vec![("orderId", "1".into()), ("receipt", "MIIT...".into())],
    )
    .await
    .fails(404, "Not found");
    app.post(
        GOOGLE_PAY,
        Some(&ana.token),
        json!({ "orderId": 1, "receipt": "purchase-token" }),
    )
    .await
    .fails(404, "Not found");
    app.get(&format!("{PAYPAL_RETURN}?orderId=1&token=x"), None)
        .await
        .fails(400, NOT_AVAILABLE);

    assert_eq!(app.money().await, before);
    assert_eq!(app.count("orders").await, 0);
    assert!(app.unfinished_order(&ana).await.is_null());
}

async fn gold_pays_for_a_character_pack_at_once(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let pack = app.product("chars-2000").await;
    let (price, amount) = (
        pack["priceCoins"].as_i64().unwrap(),
        pack["amount"].as_i64().unwrap(),
    );
    app.give_coins(&ana, price + 200, "setup").await;

    let reply = app.create_order(&ana, "chars-2000", "gold").await;
    assert_eq!(reply.msg(), PAYMENT_SUCCESS);
    let order = reply.ok();
    assert_eq!(order["state"], "finished");
    assert_eq!(order["payType"], "gold");
    assert!(order["checkoutUrl"].is_null());
    let purse = app.purse(&ana).await;
    assert_eq!((purse.coins, purse.characters), (200, amount));
    let id = order["id"].as_i64().unwrap();
    assert_eq!(app.ledger_key(&format!("order:{id}")).await, (1, amount));
    assert!(app.unfinished_order(&ana).await.is_null());

    // 200 coins do not buy it again: nothing moves, and the failed attempt blocks nothing.
    let before = app.money().await;
    let refused = app.create_order(&ana, "chars-2000", "gold").await;
    refused.fails(400, INSUFFICIENT);
    assert_eq!(refused.data()["recharge"], "gold");
    let after = app.money().await;
    assert_eq!(
        (&after.balances, after.ledger_entries),
        (&before.balances, before.ledger_entries)
    );
    assert_eq!(app.purse(&ana).await, purse);
    assert!(app.unfinished_order(&ana).await.is_null());

    // Gold has no checkout to return from: a return names the order as it stands, the paid one
    // as paid and the failed one as failed, and moves nothing.
    let failed = app
        .scalar("SELECT MAX(id) FROM orders WHERE state = 'failed'")
        .await;
    for path in [SUCCESS, APP_SUCCESS] {
        let reply = app.get(&format!("{path}?orderId={id}"), None).await;
        assert_eq!(reply.msg(), PAYMENT_SUCCESS);
        assert_eq!(reply.ok()["state"], "finished");
        app.get(&format!("{path}?orderId={failed}"), None)
            .await
            .fails(409, FINISH_FAILED);
    }
    assert_eq!(app.money().await, after);

    app.give_coins(&ana, price - 200, "top-up").await;
    app.create_order(&ana, "chars-2000", "gold").await.ok();
    let purse = app.purse(&ana).await;
    assert_eq!((purse.coins, purse.characters), (0, 2 * amount));

    // Gold packs and the largest character pack have no coin price.
    let before = app.money().await;
    for code in ["gold-100", "chars-50000", "vip-12m"] {
        app.create_order(&ana, code, "gold")
            .await
            .fails(400, NOT_FOR_GOLD);
    }
    assert_eq!(app.money().await, before);
}

async fn paying_with_gold_many_times_at_once_never_overdraws(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let pack = app.product("chars-2000").await;
    let (price, amount) = (
        pack["priceCoins"].as_i64().unwrap(),
        pack["amount"].as_i64().unwrap(),
    );
    app.give_coins(&ana, 2 * price + price / 2, "setup").await;

    let replies =
        futures::future::join_all((0..8).map(|_| app.create_order(&ana, "chars-2000", "gold")))
            .await;
    let paid = replies.iter().filter(|r| r.status == 200).count() as i64;
    for r in replies.iter().filter(|r| r.status != 200) {
        assert!(
            (r.status, r.msg()) == (400, INSUFFICIENT)
                || (r.status, r.msg()) == (409, UNFINISHED_TRANSACTION),
            "{}",
            r.body
        );
    }
    assert!((1..=2).contains(&paid), "{replies:?}");
    let purse = app.purse(&ana).await;
    assert_eq!(
        (purse.coins, purse.characters),
        (2 * price + price / 2 - paid * price, paid * amount)
    );
    assert!(app.unfinished_order(&ana).await.is_null());
    let finished = app
        .orders_of(&ana)
        .await
        .iter()
        .filter(|s| *s == "finished")
        .count() as i64;
    assert_eq!(finished, paid);
    // Whatever happened at once, what is left buys what it can afterwards.
    if paid == 1 {
        app.create_order(&ana, "chars-2000", "gold").await.ok();
    }
    let refused = app.create_order(&ana, "chars-2000", "gold").await;
    refused.fails(400, INSUFFICIENT);
    assert_eq!(refused.data()["recharge"], "gold");
    assert_eq!(app.purse(&ana).await.characters, 2 * amount);
}

async fn a_membership_runs_a_month_and_extends_from_its_expiry(b: Backend) {
    let app = spawn_sandbox(b).await;
    let mut ana = app.register("ana").await;
    app.to_noon();
    assert_eq!(app.purse(&ana).await.level, None);

    // Bought at the checkout: VIP for a calendar month from now.
    let bought_at = app.clock().now();
    let (_, id, token) = app.sandbox_order(&ana, "vip-1m").await;
    app.pay_return(id, &token).await.ok();
    let purse = app.purse(&ana).await;
    assert_eq!(purse.level.as_deref(), Some("VIP"));
    let first = expiry(&app, &ana).await;
    let expected = months_after(bought_at, 1);
    assert!(
        (first - expected).num_seconds().abs() <= 5,
        "expires {first}, expected about {expected}"
    );
    // Replaying the return extends nothing.
    app.pay_return(id, &token).await.ok();
    assert_eq!(expiry(&app, &ana).await, first);

    // Bought again ten days later (with gold): a month from the current expiry, not from now.
    app.clock().advance(chrono::Duration::days(10));
    app.give_coins(&ana, 20_000, "setup").await;
    app.create_order(&ana, "vip-1m", "gold").await.ok();
    let second = expiry(&app, &ana).await;
    assert_eq!(second, months_after(first, 1));
    app.create_order(&ana, "vip-3m", "gold").await.ok();
    let third = expiry(&app, &ana).await;
    assert_eq!(third, months_after(second, 3));
    assert_eq!(app.purse(&ana).await.level.as_deref(), Some("VIP"));

    // Once it has run out, it shows no level, and a new purchase starts from now.
    app.clock()
        .advance(third - app.clock().now() + chrono::Duration::hours(1));
    // Months later, she signs in again.
    ana.token = app.login("ana", &ana.password).await.ok()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let lapsed = app.purse(&ana).await;
    assert_eq!((lapsed.level, lapsed.member_expires_at), (None, None));
    let renewed_at = app.clock().now();
    app.create_order(&ana, "vip-1m", "gold").await.ok();
    let renewed = expiry(&app, &ana).await;
    let expected = months_after(renewed_at, 1);
    assert!(
        (renewed - expected).num_seconds().abs() <= 5,
        "expires {renewed}, expected about {expected}"
    );
    assert_eq!(app.purse(&ana).await.level.as_deref(), Some("VIP"));
}

async fn vip_bought_during_svip_extends_the_svip(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.give_coins(&ana, 10_000, "setup").await;

    app.create_order(&ana, "svip-1m", "gold").await.ok();
    assert_eq!(app.purse(&ana).await.level.as_deref(), Some("SVIP"));
    let svip_until = expiry(&app, &ana).await;

    app.create_order(&ana, "vip-1m", "gold").await.ok();
    let purse = app.purse(&ana).await;
    assert_eq!(purse.level.as_deref(), Some("SVIP"));
    assert_eq!(expiry(&app, &ana).await, months_after(svip_until, 1));
    let vip = app.product("vip-1m").await["priceCoins"].as_i64().unwrap();
    let svip = app.product("svip-1m").await["priceCoins"].as_i64().unwrap();
    assert_eq!(purse.coins, 10_000 - vip - svip);
}

/// Under `wallet`, so that `cargo nextest run wallet` picks these stories.
mod wallet {
    use super::*;

    both_databases!(
        the_catalogue_lists_memberships_gold_and_character_packs,
        each_membership_level_lists_its_benefits,
        a_sandbox_purchase_credits_the_coins_once,
        simultaneous_returns_credit_once,
        only_the_checkouts_own_token_pays_an_order,
        a_declined_checkout_cancels_the_order,
        payment_methods_without_a_provider_are_refused,
        gold_pays_for_a_character_pack_at_once,
        paying_with_gold_many_times_at_once_never_overdraws,
        a_membership_runs_a_month_and_extends_from_its_expiry,
        vip_bought_during_svip_extends_the_svip,
    );
}
