//! "Are you sure?" (issue 38): a message with an insult, a slur or harassment, in any of our
//! languages, is refused once with 409 and `data.confirm = "harsh"`, nothing stored; sent again
//! with `confirmed`, it is delivered with `"harsh": true` in its content, so that its reader is
//! asked "Does this bother you?". Texts, red packet blessings and custom messages alike, over REST
//! and over the chat socket; staff are not asked; the metrics count both answers.

use crate::common::chat::{Im, SEND};
use crate::common::{spawn, Backend, Person, Reply, TestApp};
use serde_json::{json, Value};

const ARE_YOU_SURE: &str = "This message may hurt. Send it anyway?";

/// `from` sends a message, confirmed or not, with a client id.
async fn send(
    app: &TestApp,
    from: &Person,
    to: &Person,
    msg_type: &str,
    content: Value,
    client_id: &str,
    confirmed: Option<bool>,
) -> Reply {
    let mut body =
        json!({ "to": to.id, "msgType": msg_type, "content": content, "clientId": client_id });
    if let Some(confirmed) = confirmed {
        body["confirmed"] = json!(confirmed);
    }
    app.post(SEND, Some(&from.token), body).await
}

/// The refusal that asks again: 409, the message, and what the app acts on.
fn asks_again(reply: &Reply) {
    reply.fails(409, ARE_YOU_SURE);
    assert_eq!(reply.data(), &json!({ "confirm": "harsh" }));
}

/// A counter of `/metrics` (0 before its first count).
async fn counter(app: &TestApp, name: &str) -> u64 {
    let text = app.fetch("GET", "/metrics", &[]).await.text();
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .map_or(0, |v| v.trim().parse().unwrap())
}

async fn an_insult_is_asked_about_and_goes_only_when_confirmed(b: Backend) {
    let app = spawn(b).await;
    let tom = app.man("tom").await;
    let ana = app.woman("ana").await;
    let prompted = counter(&app, "harsh_prompted_total").await;
    let sent = counter(&app, "harsh_sent_total").await;

    let insults = [
        ("c-en", "You are a stupid bitch"),
        ("c-ru", "Ну ты и мудило"),
        ("c-ja", "お前はデブだね"),
    ];
    for (client_id, text) in insults {
        let reply = send(
            &app,
            &tom,
            &ana,
            "txt",
            json!({ "text": text }),
            client_id,
            None,
        )
        .await;
        asks_again(&reply);
        // `false` is no confirmation.
        let reply = send(
            &app,
            &tom,
            &ana,
            "txt",
            json!({ "text": text }),
            client_id,
            Some(false),
        )
        .await;
        asks_again(&reply);
    }
    assert_eq!(app.messages_stored().await, 0, "nothing is stored");
    assert_eq!(app.conversation(&ana, tom.id).await, Vec::<Value>::new());

    for (client_id, text) in insults {
        let reply = send(
            &app,
            &tom,
            &ana,
            "txt",
            json!({ "text": text }),
            client_id,
            Some(true),
        )
        .await;
        let message = reply.ok()["message"].clone();
        assert_eq!(message["content"], json!({ "text": text, "harsh": true }));
        // A retried send gets the first answer, stored once.
        let again = send(
            &app,
            &tom,
            &ana,
            "txt",
            json!({ "text": text }),
            client_id,
            Some(true),
        )
        .await;
        assert_eq!(again.ok()["message"]["id"], message["id"]);
    }
    assert_eq!(app.messages_stored().await, 3);
    let hers = app.conversation(&ana, tom.id).await;
    let mut read: Vec<Value> = hers.iter().map(|m| m["content"].clone()).collect();
    read.reverse();
    let expected: Vec<Value> = insults
        .iter()
        .map(|(_, text)| json!({ "text": text, "harsh": true }))
        .collect();
    assert_eq!(read, expected, "as ana reads them");

    assert_eq!(counter(&app, "harsh_prompted_total").await - prompted, 6);
    assert_eq!(counter(&app, "harsh_sent_total").await - sent, 3);
}

async fn harmless_texts_and_staff_are_not_asked(b: Backend) {
    let app = spawn(b).await;
    let tom = app.man("tom").await;
    let ana = app.woman("ana").await;
    let sam = app.staff("sam").await;
    let prompted = counter(&app, "harsh_prompted_total").await;
    for text in [
        "I grew up near Scunthorpe, a classic English town",
        "Я люблю мандарины",
        "Hola, ¿cómo estás?",
        "デビューおめでとう",
    ] {
        let message = app.says(&tom, &ana, text).await;
        assert_eq!(message["content"], json!({ "text": text }), "{text}");
    }
    // Staff write to men here (the registration's own gender).
    let said = "Whoever called you a bitch was wrong";
    let message = app.says(&sam, &tom, said).await;
    assert_eq!(message["content"], json!({ "text": said }));
    assert_eq!(counter(&app, "harsh_prompted_total").await, prompted);
}

async fn a_blessing_and_a_custom_message_are_asked_about_too(b: Backend) {
    let app = spawn(b).await;
    let tom = app.man("tom").await;
    let ana = app.woman("ana").await;
    app.give_coins(&tom, 10, "packets").await;

    let packet = json!({ "amount": 2, "blessing": "for you, hijo de puta" });
    let reply = send(
        &app,
        &tom,
        &ana,
        "redPacket",
        packet.clone(),
        "c-packet",
        None,
    )
    .await;
    asks_again(&reply);
    assert_eq!(app.coins(&tom).await, 10, "nothing paid");
    let custom = json!({ "title": "A card", "lines": ["hi", "du Arschloch"] });
    let reply = send(&app, &tom, &ana, "custom", custom.clone(), "c-custom", None).await;
    asks_again(&reply);
    assert_eq!(app.messages_stored().await, 0);

    let reply = send(
        &app,
        &tom,
        &ana,
        "redPacket",
        packet,
        "c-packet",
        Some(true),
    )
    .await;
    let content = reply.ok()["message"]["content"].clone();
    assert_eq!(content["blessing"], "for you, hijo de puta");
    assert_eq!(content["harsh"], true);
    assert_eq!(app.coins(&tom).await, 8);
    let reply = send(&app, &tom, &ana, "custom", custom, "c-custom", Some(true)).await;
    assert_eq!(
        reply.ok()["message"]["content"],
        json!({ "title": "A card", "lines": ["hi", "du Arschloch"], "harsh": true })
    );
    let hers = app.conversation(&ana, tom.id).await;
    assert!(
        hers.iter().all(|m| m["content"]["harsh"] == true),
        "{hers:?}"
    );
}

/// The answer to a send frame: its ack or its error.
async fn answer(im: &mut Im) -> Value {
    loop {
        let frame = im.next().await;
        if frame["type"] == "ack" || frame["type"] == "error" {
            return frame;
        }
    }
}

async fn on_the_chat_socket_the_same(b: Backend) {
    let app = spawn(b).await;
    let tom = app.man("tom").await;
    let ana = app.woman("ana").await;
    let (user, token) = app.im_token(&tom).await;
    let (mut his, _) = app
        .connect_with(&tom, &user, &token, &[("accept-language", "es")])
        .await;
    his.resume(0).await;
    let mut hers = app.online(&ana, 0).await;
    let sent = counter(&app, "harsh_sent_total").await;

    let text = "eres un cabrón";
    his.send_text("c-1", ana.id, text).await;
    assert_eq!(
        answer(&mut his).await,
        json!({
            "type": "error", "clientId": "c-1", "code": 409,
            "msg": "Este mensaje puede hacer daño. ¿Enviarlo de todos modos?",
            "data": { "confirm": "harsh" },
        })
    );
    assert_eq!(app.messages_stored().await, 0);

    his.send(json!({
        "type": "send", "clientId": "c-1", "to": ana.id, "msgType": "txt",
        "content": { "text": text }, "confirmed": true,
    }))
    .await;
    let ack = answer(&mut his).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    assert_eq!(
        ack["message"]["content"],
        json!({ "text": text, "harsh": true })
    );
    let (_, event) = hers.event().await;
    assert_eq!(event["kind"], "message", "{event}");
    assert_eq!(
        event["message"]["content"],
        json!({ "text": text, "harsh": true })
    );
    assert_eq!(counter(&app, "harsh_sent_total").await - sent, 1);
}

both_databases!(
    an_insult_is_asked_about_and_goes_only_when_confirmed,
    harmless_texts_and_staff_are_not_asked,
    a_blessing_and_a_custom_message_are_asked_about_too,
    on_the_chat_socket_the_same,
);
