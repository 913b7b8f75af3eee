//! Free coins, as people collect them: the daily claim once per UTC day, watch rewards a few
//! times a day, each counted on its own and starting again after midnight UTC, also when asked
//! for many times at once. A refused claim moves nothing.

use crate::common::wallet::{ALREADY_CLAIMED, CLAIM_COINS, WATCH_LIMIT};
use crate::common::{spawn, Backend, Person, Reply, TestApp};
use serde_json::json;

async fn claim(app: &TestApp, who: &Person, kind: &str) -> Reply {
    app.post(CLAIM_COINS, Some(&who.token), json!({ "type": kind }))
        .await
}

/// A claim that must succeed: (coins credited, balance after).
async fn claimed(app: &TestApp, who: &Person, kind: &str) -> (i64, i64) {
    let data = claim(app, who, kind).await.ok();
    (
        data["coins"].as_i64().unwrap(),
        data["balance"].as_i64().unwrap(),
    )
}

fn hours(h: i64) -> chrono::Duration {
    chrono::Duration::hours(h)
}

async fn the_daily_claim_credits_20_coins_once_per_utc_day(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.to_noon();

    assert_eq!(claimed(&app, &ana, "claim").await, (20, 20));
    assert_eq!(app.coins(&ana).await, 20);
    let before = app.money().await;
    claim(&app, &ana, "claim").await.fails(400, ALREADY_CLAIMED);
    // Still the same UTC day at 23:00.
    app.clock().advance(hours(11));
    claim(&app, &ana, "claim").await.fails(400, ALREADY_CLAIMED);
    assert_eq!(app.money().await, before);

    // 01:00 UTC the next day, only 13 hours after the first claim: a new day, a new claim.
    app.clock().advance(hours(2));
    assert_eq!(claimed(&app, &ana, "claim").await, (20, 40));
    claim(&app, &ana, "claim").await.fails(400, ALREADY_CLAIMED);

    // Ten taps at once on the next day credit once.
    app.clock().advance(hours(24));
    let replies = futures::future::join_all((0..10).map(|_| claim(&app, &ana, "claim"))).await;
    let won = replies.iter().filter(|r| r.status == 200).count();
    assert_eq!(won, 1, "{replies:?}");
    for r in replies.iter().filter(|r| r.status != 200) {
        r.fails(400, ALREADY_CLAIMED);
    }
    assert_eq!(app.coins(&ana).await, 60);
    assert_eq!(app.ledger_of(&ana).await, 3);

    // Each person has their own day; the form the apps send counts the same.
    let bea = app.register("bea").await;
    let form = app
        .post_form(
            CLAIM_COINS,
            Some(&bea.token),
            vec![("type", "claim".into())],
        )
        .await
        .ok();
    assert_eq!(
        (form["coins"].as_i64(), form["balance"].as_i64()),
        (Some(20), Some(20))
    );
    assert_eq!(app.coins(&ana).await, 60);
}

async fn watching_credits_5_coins_five_times_a_day(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.to_noon();

    for n in 1..=5 {
        assert_eq!(claimed(&app, &ana, "watch").await, (5, 5 * n));
    }
    let before = app.money().await;
    claim(&app, &ana, "watch").await.fails(400, WATCH_LIMIT);
    app.clock().advance(hours(11));
    claim(&app, &ana, "watch").await.fails(400, WATCH_LIMIT);
    assert_eq!(app.money().await, before);
    assert_eq!(app.coins(&ana).await, 25);

    // The daily claim is counted apart from watching.
    assert_eq!(claimed(&app, &ana, "claim").await, (20, 45));

    // After midnight UTC, five more; asked for ten times at once, still five.
    app.clock().advance(hours(2));
    let replies = futures::future::join_all((0..10).map(|_| claim(&app, &ana, "watch"))).await;
    assert_eq!(
        replies.iter().filter(|r| r.status == 200).count(),
        5,
        "{replies:?}"
    );
    for r in replies.iter().filter(|r| r.status != 200) {
        r.fails(400, WATCH_LIMIT);
    }
    assert_eq!(app.coins(&ana).await, 70);
    assert_eq!(app.ledger_of(&ana).await, 11);
}

async fn what_is_left_to_claim_today_is_told_before_tapping(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.to_noon();
    let state = || app.get("/prod-api/system/watch/state", Some(&ana.token));
    let tomorrow = |state: &serde_json::Value| state["nextDayAt"].as_str().unwrap().to_owned();

    let fresh = state().await.ok();
    assert_eq!(fresh["canClaim"], true);
    assert_eq!(fresh["claimCoins"], 20);
    assert_eq!(fresh["watchesLeft"], 5);
    assert_eq!(fresh["watchCoins"], 5);
    let midnight = chrono::DateTime::parse_from_rfc3339(&tomorrow(&fresh)).unwrap();
    // The next midnight UTC (seconds pass while the request runs; noon is far from it).
    let now = app.clock().unix();
    assert_eq!(midnight.timestamp(), (now / 86_400 + 1) * 86_400);
    assert!(midnight.timestamp() - now <= 12 * 3600);

    claimed(&app, &ana, "claim").await;
    claimed(&app, &ana, "watch").await;
    claimed(&app, &ana, "watch").await;
    let after = state().await.ok();
    assert_eq!(
        (after["canClaim"].clone(), after["watchesLeft"].clone()),
        (json!(false), json!(3))
    );
    // Another person's day is their own.
    let bea = app.register("bea").await;
    let theirs = app
        .get("/prod-api/system/watch/state", Some(&bea.token))
        .await
        .ok();
    assert_eq!(theirs["canClaim"], true);

    // After midnight UTC everything is back.
    app.clock().advance(hours(13));
    let next = state().await.ok();
    assert_eq!(
        (next["canClaim"].clone(), next["watchesLeft"].clone()),
        (json!(true), json!(5))
    );
    assert_eq!(
        app.get("/prod-api/system/watch/state", None).await.code(),
        401
    );
}

async fn only_known_claims_are_counted(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = app.money().await;
    for kind in [json!("bogus"), json!("CLAIM"), json!(""), json!(5)] {
        let reply = app
            .post(CLAIM_COINS, Some(&ana.token), json!({ "type": kind }))
            .await;
        assert_eq!(reply.status, 400, "{kind}: {}", reply.body);
    }
    // Nobody signed in claims nothing.
    let reply = app
        .post(CLAIM_COINS, None, json!({ "type": "claim" }))
        .await;
    assert_eq!(reply.status, 401, "{}", reply.body);
    assert_eq!(app.money().await, before);
    assert_eq!(app.count("coin_claims").await, 0);
    assert_eq!(app.coins(&ana).await, 0);
}

/// Under `wallet`, so that `cargo nextest run wallet` picks these stories.
mod wallet {
    use super::*;

    both_databases!(
        the_daily_claim_credits_20_coins_once_per_utc_day,
        watching_credits_5_coins_five_times_a_day,
        what_is_left_to_claim_today_is_told_before_tapping,
        only_known_claims_are_counted,
    );
}
