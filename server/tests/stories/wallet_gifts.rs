//! Gifts and red packets in chat, as people send them: a gift costs its sender coins (members
//! pay 30% less for cards, rounded up), shows to both sides and on the receiver's profile; a red
//! packet takes its amount from the sender at once, and the receiver claims it once, within 24
//! hours, after which it goes back to the sender. Not enough coins, a retried send, claims at
//! once and by the wrong person: nothing moves twice, and a refusal moves nothing at all.

use crate::common::chat::BLOCK;
use crate::common::wallet::{
    CLAIM_RED_PACKET, GIFTS, GIFTS_RECEIVED, INSUFFICIENT, RED_PACKET_AMOUNT, RED_PACKET_GONE,
};
use crate::common::{spawn, Backend, Person, Reply, TestApp};
use serde_json::{json, Value};

/// A man and a woman who may chat.
async fn couple(app: &TestApp) -> (Person, Person) {
    (app.man("tom").await, app.woman("ana").await)
}

/// The catalogue's gift with this code.
async fn gift(app: &TestApp, code: &str) -> Value {
    app.get(GIFTS, None)
        .await
        .ok()
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["code"] == code)
        .unwrap_or_else(|| panic!("no gift {code}"))
        .clone()
}

async fn send_gift(app: &TestApp, from: &Person, to: &Person, code: &str) -> Reply {
    let id = gift(app, code).await["id"].clone();
    app.send_content(from, to.id, "gift", json!({ "giftId": id }), None)
        .await
}

/// A gift that must go: the price its sender paid.
async fn gives(app: &TestApp, from: &Person, to: &Person, code: &str) -> i64 {
    let sent = send_gift(app, from, to, code).await.ok();
    assert_eq!(sent["message"]["type"], "gift");
    sent["message"]["content"]["price"].as_i64().unwrap()
}

/// Gifts shown on `whose` profile, to `viewer`: (code, count), most given first.
async fn received(app: &TestApp, viewer: &Person, whose: &Person) -> Vec<(String, i64)> {
    app.get(
        &format!("{GIFTS_RECEIVED}?userId={}", whose.id),
        Some(&viewer.token),
    )
    .await
    .ok()
    .as_array()
    .unwrap()
    .iter()
    .map(|r| {
        (
            r["gift"]["code"].as_str().unwrap().to_owned(),
            r["count"].as_i64().unwrap(),
        )
    })
    .collect()
}

async fn red_packet(app: &TestApp, from: &Person, to: &Person, content: Value) -> Reply {
    app.send_content(from, to.id, "redPacket", content, None)
        .await
}

/// A red packet that must go: its message as the sender sees it.
async fn sends_packet(app: &TestApp, from: &Person, to: &Person, amount: i64) -> Value {
    let sent = red_packet(app, from, to, json!({ "amount": amount }))
        .await
        .ok();
    sent["message"].clone()
}

fn packet_id(message: &Value) -> i64 {
    message["content"]["redPacketId"].as_i64().unwrap()
}

async fn claim(app: &TestApp, who: &Person, id: i64) -> Reply {
    app.post(CLAIM_RED_PACKET, Some(&who.token), json!({ "id": id }))
        .await
}

/// The message with this id as `who` sees it in the conversation with `peer`.
async fn seen(app: &TestApp, who: &Person, peer: &Person, id: &Value) -> Value {
    app.conversation(who, peer.id)
        .await
        .into_iter()
        .find(|m| &m["id"] == id)
        .unwrap_or_else(|| panic!("{} does not see message {id}", who.user_name))
}

async fn the_gift_catalogue_prices_cards_and_other_gifts_in_coins(b: Backend) {
    let app = spawn(b).await;
    let gifts = app.get(GIFTS, None).await.ok();
    let gifts = gifts.as_array().unwrap();
    assert!(gifts.len() >= 2);
    for kind in ["card", "other"] {
        assert!(
            gifts.iter().any(|g| g["kind"] == kind),
            "no {kind}: {gifts:?}"
        );
    }
    let mut ids = Vec::new();
    for g in gifts {
        assert!(g["priceCoins"].as_i64().unwrap() > 0, "{g}");
        assert!(!g["icon"].as_str().unwrap().is_empty(), "{g}");
        assert!(!g["code"].as_str().unwrap().is_empty(), "{g}");
        ids.push(g["id"].as_i64().unwrap());
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), gifts.len());
}

async fn a_gift_in_chat_costs_the_sender_and_shows_to_both(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.give_coins(&tom, 100, "setup").await;
    assert!(received(&app, &tom, &ana).await.is_empty());

    let sent = send_gift(&app, &tom, &ana, "rose").await.ok()["message"].clone();
    let rose = gift(&app, "rose").await;
    assert_eq!(sent["type"], "gift");
    assert_eq!(sent["content"]["giftId"], rose["id"]);
    assert_eq!(sent["content"]["icon"], rose["icon"]);
    assert_eq!(sent["content"]["price"], rose["priceCoins"]);
    let price = rose["priceCoins"].as_i64().unwrap();
    assert_eq!(app.coins(&tom).await, 100 - price);
    assert_eq!(app.coins(&ana).await, 0);

    // Both see the gift in their conversation.
    for (who, peer) in [(&tom, &ana), (&ana, &tom)] {
        let m = seen(&app, who, peer, &sent["id"]).await;
        assert_eq!(m["type"], "gift");
        assert_eq!(m["content"]["code"], "rose");
        assert_eq!(m["content"]["icon"], rose["icon"]);
    }
    // Her profile shows what she received, to her and to others; his shows nothing.
    assert_eq!(received(&app, &tom, &ana).await, [("rose".to_owned(), 1)]);
    gives(&app, &tom, &ana, "rose").await;
    let coffee = gives(&app, &tom, &ana, "coffee").await;
    assert_eq!(
        received(&app, &ana, &ana).await,
        [("rose".to_owned(), 2), ("coffee".to_owned(), 1)]
    );
    assert!(received(&app, &ana, &tom).await.is_empty());
    assert_eq!(app.coins(&tom).await, 100 - 2 * price - coffee);
    assert_eq!(app.ledger_of(&tom).await, 4);
    assert_eq!(app.count("gifts_given").await, 3);
}

async fn members_pay_30_percent_less_for_card_gifts(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let leo = app.man("leo").await;
    // An operator adds a card whose discounted price is not a whole coin.
    app.execute(
        "INSERT INTO gifts (code, kind, icon, price_coins, sort) VALUES ('postcard', 'card', '✉️', 45, 13)",
    )
    .await;
    app.give_coins(&tom, 500, "setup").await;
    app.give_coins(&leo, 500, "setup").await;
    app.to_noon();
    app.make_member(&tom, 1).await;

    assert_eq!(gift(&app, "love-card").await["priceCoins"], 50);
    assert_eq!(gives(&app, &tom, &ana, "love-card").await, 35);
    assert_eq!(gives(&app, &tom, &ana, "postcard").await, 32);
    let teddy = gift(&app, "teddy").await["priceCoins"].as_i64().unwrap();
    assert_eq!(gives(&app, &tom, &ana, "teddy").await, teddy);
    assert_eq!(app.coins(&tom).await, 500 - 35 - 32 - teddy);

    // Not a member: the full price.
    assert_eq!(gives(&app, &leo, &ana, "love-card").await, 50);
    assert_eq!(app.coins(&leo).await, 450);

    // Once the membership has run out, the full price again.
    app.clock().advance(chrono::Duration::days(2));
    assert_eq!(gives(&app, &tom, &ana, "love-card").await, 50);
    assert_eq!(app.coins(&tom).await, 500 - 35 - 32 - teddy - 50);
    let paid: Vec<String> = app
        .texts("SELECT CAST(price_paid AS TEXT) FROM gifts_given ORDER BY id")
        .await;
    assert_eq!(paid, ["35", "32", &teddy.to_string(), "50", "50"]);
}

async fn without_enough_coins_no_gift_is_sent(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.give_coins(&tom, 5, "setup").await;
    let before = app.money().await;

    let refused = send_gift(&app, &tom, &ana, "rose").await;
    refused.fails(400, INSUFFICIENT);
    // The app is told where to buy what was missing.
    assert_eq!(refused.data()["recharge"], "gold");
    // No gift chosen, or one that does not exist.
    for content in [
        json!({}),
        json!({ "giftId": 999_999 }),
        json!({ "giftId": "rose" }),
    ] {
        let reply = app
            .send_content(&tom, ana.id, "gift", content.clone(), None)
            .await;
        assert_eq!(reply.status, 404, "{content}: {}", reply.body);
    }
    // Blocked: refused before anything is paid.
    app.give_coins(&tom, 100, "top-up").await;
    let before_block = app.money().await;
    app.post(BLOCK, Some(&ana.token), json!({ "userId": tom.id }))
        .await
        .ok();
    let reply = send_gift(&app, &tom, &ana, "rose").await;
    assert_eq!(reply.status, 403, "{}", reply.body);
    let after = app.money().await;
    assert_eq!(
        (
            &after.balances,
            after.ledger_entries,
            after.messages,
            after.gifts_given
        ),
        (
            &before_block.balances,
            before_block.ledger_entries,
            before_block.messages,
            before_block.gifts_given
        )
    );
    assert_eq!(before.messages, 0);
    assert_eq!(after.messages, 0);
    assert_eq!(app.coins(&tom).await, 105);
    assert!(received(&app, &tom, &ana).await.is_empty());
}

async fn a_retried_gift_is_charged_once(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.give_coins(&tom, 200, "setup").await;
    let teddy = gift(&app, "teddy").await;
    let price = teddy["priceCoins"].as_i64().unwrap();
    let content = json!({ "giftId": teddy["id"] });

    let first = app
        .send_content(&tom, ana.id, "gift", content.clone(), Some("gift-1"))
        .await
        .ok();
    for _ in 0..3 {
        let again = app
            .send_content(&tom, ana.id, "gift", content.clone(), Some("gift-1"))
            .await
            .ok();
        assert_eq!(again["message"]["id"], first["message"]["id"]);
    }
    let replies = futures::future::join_all(
        (0..5).map(|_| app.send_content(&tom, ana.id, "gift", content.clone(), Some("gift-2"))),
    )
    .await;
    let ids: Vec<Value> = replies
        .into_iter()
        .map(|r| r.ok()["message"]["id"].clone())
        .collect();
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");

    assert_eq!(app.coins(&tom).await, 200 - 2 * price);
    assert_eq!(app.messages_stored().await, 2);
    assert_eq!(app.count("gifts_given").await, 2);
    assert_eq!(received(&app, &tom, &ana).await, [("teddy".to_owned(), 2)]);
    assert_eq!(app.ledger_of(&tom).await, 3);
}

async fn a_red_packet_needs_an_amount_and_the_coins_for_it(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.give_coins(&tom, 100, "setup").await;
    let before = app.money().await;

    for content in [
        json!({ "blessing": "for you" }),
        json!({}),
        json!({ "amount": 0 }),
        json!({ "amount": -5 }),
        json!({ "amount": "ten" }),
        json!({ "amount": 1.5 }),
    ] {
        red_packet(&app, &tom, &ana, content)
            .await
            .fails(400, RED_PACKET_AMOUNT);
    }
    red_packet(&app, &tom, &ana, json!({ "amount": 101 }))
        .await
        .fails(400, INSUFFICIENT);
    assert_eq!(app.money().await, before);
    assert_eq!(app.coins(&tom).await, 100);
    assert!(app.conversation(&ana, tom.id).await.is_empty());

    // All he has is fine.
    sends_packet(&app, &tom, &ana, 100).await;
    assert_eq!(app.coins(&tom).await, 0);
}

async fn the_blessing_defaults_to_best_wishes_in_the_senders_language(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let pablo = app
        .register_with("pablo", json!({ "gender": "male", "language": "es" }))
        .await;
    app.give_coins(&tom, 100, "setup").await;
    app.give_coins(&pablo, 100, "setup").await;

    let plain = sends_packet(&app, &tom, &ana, 10).await;
    assert_eq!(plain["type"], "redPacket");
    assert_eq!(plain["content"]["blessing"], "Best wishes!");
    assert_eq!(plain["content"]["amount"], 10);
    assert_eq!(plain["content"]["state"], "unclaimed");
    let own = red_packet(
        &app,
        &tom,
        &ana,
        json!({ "amount": 10, "blessing": "Happy birthday, Ana" }),
    )
    .await
    .ok()["message"]
        .clone();
    assert_eq!(own["content"]["blessing"], "Happy birthday, Ana");
    let blank = red_packet(&app, &tom, &ana, json!({ "amount": 10, "blessing": "  " }))
        .await
        .ok()["message"]
        .clone();
    assert_eq!(blank["content"]["blessing"], "Best wishes!");
    let spanish = sends_packet(&app, &pablo, &ana, 10).await;
    assert_eq!(spanish["content"]["blessing"], "¡Mis mejores deseos!");
    // The receiver sees the sender's words.
    let m = seen(&app, &ana, &tom, &own["id"]).await;
    assert_eq!(m["content"]["blessing"], "Happy birthday, Ana");
}

async fn a_red_packet_moves_its_coins_once_when_claimed(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let leo = app.man("leo").await;
    app.give_coins(&tom, 100, "setup").await;

    let sent = sends_packet(&app, &tom, &ana, 30).await;
    let id = packet_id(&sent);
    // Taken from the sender at once.
    assert_eq!(app.coins(&tom).await, 70);
    let unclaimed = seen(&app, &ana, &tom, &sent["id"]).await;
    assert_eq!(unclaimed["content"]["state"], "unclaimed");
    assert_eq!(unclaimed["content"]["amount"], 30);
    assert_eq!(unclaimed["content"]["redPacketId"], id);

    // Neither the sender nor a stranger can take it: it is not there for them.
    let before = app.money().await;
    claim(&app, &tom, id).await.fails(404, "Not found");
    claim(&app, &leo, id).await.fails(404, "Not found");
    assert_eq!(app.money().await, before);

    // The claim answers what it credited and the balance after.
    assert_eq!(
        claim(&app, &ana, id).await.ok(),
        json!({ "coins": 30, "balance": 30 })
    );
    assert_eq!(app.coins(&ana).await, 30);
    assert_eq!(app.coins(&tom).await, 70);
    let before = app.money().await;
    claim(&app, &ana, id).await.fails(400, RED_PACKET_GONE);
    assert_eq!(app.money().await, before);
    assert_eq!(app.coins(&ana).await, 30);
    assert_eq!(
        app.ledger_key(&format!("red-packet:{id}:claim")).await,
        (1, 30)
    );

    // Both now see it received.
    for (who, peer) in [(&tom, &ana), (&ana, &tom)] {
        let m = seen(&app, who, peer, &sent["id"]).await;
        assert_eq!(m["content"]["state"], "received", "{}", who.user_name);
    }
    // A packet that does not exist.
    claim(&app, &ana, id + 1000).await.fails(404, "Not found");
}

async fn an_unclaimed_red_packet_returns_to_its_sender_after_24_hours(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.give_coins(&tom, 100, "setup").await;
    app.to_noon();

    let early = sends_packet(&app, &tom, &ana, 30).await;
    let late = sends_packet(&app, &tom, &ana, 20).await;
    assert_eq!(app.coins(&tom).await, 50);

    // 23 hours on, still hers to claim.
    app.clock().advance(chrono::Duration::hours(23));
    claim(&app, &ana, packet_id(&early)).await.ok();
    assert_eq!(app.coins(&ana).await, 30);

    // 25 hours on, it has gone back: her claim finds it returned, and he has his coins.
    app.clock().advance(chrono::Duration::hours(2));
    claim(&app, &ana, packet_id(&late))
        .await
        .fails(400, RED_PACKET_GONE);
    assert_eq!(app.coins(&tom).await, 70);
    assert_eq!(app.coins(&ana).await, 30);
    assert_eq!(
        app.ledger_key(&format!("red-packet:{}:return", packet_id(&late)))
            .await,
        (1, 20)
    );
    for (who, peer) in [(&tom, &ana), (&ana, &tom)] {
        let m = seen(&app, who, peer, &late["id"]).await;
        assert_eq!(m["content"]["state"], "returned", "{}", who.user_name);
        let m = seen(&app, who, peer, &early["id"]).await;
        assert_eq!(m["content"]["state"], "received", "{}", who.user_name);
    }
    let before = app.money().await;
    claim(&app, &ana, packet_id(&late))
        .await
        .fails(400, RED_PACKET_GONE);
    assert_eq!(app.money().await, before);

    // Nobody tries to claim this one: the server's sweep returns it all the same.
    let ignored = sends_packet(&app, &tom, &ana, 40).await;
    assert_eq!(app.coins(&tom).await, 30);
    app.clock().advance(chrono::Duration::hours(25));
    app.app().chat.return_red_packets().await.unwrap();
    assert_eq!(app.coins(&tom).await, 70);
    let m = seen(&app, &ana, &tom, &ignored["id"]).await;
    assert_eq!(m["content"]["state"], "returned");
    claim(&app, &ana, packet_id(&ignored))
        .await
        .fails(400, RED_PACKET_GONE);
    // Sweeping again returns nothing twice.
    app.app().chat.return_red_packets().await.unwrap();
    assert_eq!(app.coins(&tom).await, 70);
    assert_eq!(app.coins(&ana).await, 30);
}

async fn a_red_packet_to_someone_who_leaves_goes_back_to_its_sender(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.give_coins(&tom, 100, "setup").await;
    let sent = sends_packet(&app, &tom, &ana, 45).await;
    app.delete_account(&ana).await;
    assert_eq!(app.coins(&tom).await, 55);

    app.clock().advance(chrono::Duration::hours(25));
    app.app().chat.return_red_packets().await.unwrap();
    assert_eq!(app.coins(&tom).await, 100);
    assert_eq!(
        app.ledger_key(&format!("red-packet:{}:return", packet_id(&sent)))
            .await,
        (1, 45)
    );
}

async fn ten_simultaneous_claims_credit_once(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.give_coins(&tom, 100, "setup").await;
    let id = packet_id(&sends_packet(&app, &tom, &ana, 60).await);

    let replies = futures::future::join_all((0..10).map(|_| claim(&app, &ana, id))).await;
    assert_eq!(
        replies.iter().filter(|r| r.status == 200).count(),
        1,
        "{replies:?}"
    );
    for r in replies.iter().filter(|r| r.status != 200) {
        r.fails(400, RED_PACKET_GONE);
    }
    assert_eq!(app.coins(&ana).await, 60);
    assert_eq!(app.coins(&tom).await, 40);
    assert_eq!(
        app.ledger_key(&format!("red-packet:{id}:claim")).await,
        (1, 60)
    );
    assert_eq!(app.ledger_of(&ana).await, 1);
}

async fn a_retried_red_packet_is_charged_once(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.give_coins(&tom, 100, "setup").await;
    let content = json!({ "amount": 25 });

    let first = app
        .send_content(&tom, ana.id, "redPacket", content.clone(), Some("packet-1"))
        .await
        .ok();
    let again = app
        .send_content(&tom, ana.id, "redPacket", content.clone(), Some("packet-1"))
        .await
        .ok();
    assert_eq!(again["message"]["id"], first["message"]["id"]);
    let replies =
        futures::future::join_all((0..5).map(|_| {
            app.send_content(&tom, ana.id, "redPacket", content.clone(), Some("packet-2"))
        }))
        .await;
    let ids: Vec<Value> = replies
        .into_iter()
        .map(|r| r.ok()["message"]["id"].clone())
        .collect();
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");

    assert_eq!(app.coins(&tom).await, 50);
    assert_eq!(app.messages_stored().await, 2);
    assert_eq!(app.count("red_packets").await, 2);
}

/// Under `wallet`, so that `cargo nextest run wallet` picks these stories.
mod wallet {
    use super::*;

    both_databases!(
        the_gift_catalogue_prices_cards_and_other_gifts_in_coins,
        a_gift_in_chat_costs_the_sender_and_shows_to_both,
        members_pay_30_percent_less_for_card_gifts,
        without_enough_coins_no_gift_is_sent,
        a_retried_gift_is_charged_once,
        a_red_packet_needs_an_amount_and_the_coins_for_it,
        the_blessing_defaults_to_best_wishes_in_the_senders_language,
        a_red_packet_moves_its_coins_once_when_claimed,
        an_unclaimed_red_packet_returns_to_its_sender_after_24_hours,
        a_red_packet_to_someone_who_leaves_goes_back_to_its_sender,
        ten_simultaneous_claims_credit_once,
        a_retried_red_packet_is_charged_once,
    );
}
