//! Chatting over the REST endpoints, as people do it: a message reaches the other person, is
//! counted unread until read and then shows as read to its sender; what may be sent (text,
//! emoji, pictures for members) and to whom (not someone blocked, not the same gender when the
//! operator says so, not oneself); recalling, deleting for oneself, customer service, and the
//! limit on sending too fast. Every refusal is shown to store nothing.

use crate::common::chat::{DELETE, EMOJI, MARK_READ, RECALL, SEND_OTHER};
use crate::common::{png_data_url, spawn, spawn_with, Backend, Body, Person, Setup, TestApp};
use serde_json::{json, Value};

const EMPTY: &str = "Can't send empty messages!";
const TOO_LONG: &str = "The message is too long";
const CANNOT_SEND_KIND: &str = "This kind of message cannot be sent";
const BLOCKED: &str = "You cannot message this person";
const SAME_GENDER: &str = "Oops, you are of the same gender, so you cannot chat with this person";
const RECALL_EXPIRED: &str = "This message can no longer be recalled";

/// A man and a woman who may chat.
async fn couple(app: &TestApp) -> (Person, Person) {
    (app.man("tom").await, app.woman("ana").await)
}

/// Asserts a send is refused with `code` and `msg` and stores nothing.
#[track_caller]
fn refused(reply: &crate::common::Reply, code: u16, msg: &str) {
    reply.fails(code, msg);
}

async fn mark_read(app: &TestApp, who: &Person, query: &str) -> crate::common::Reply {
    app.call(
        "PUT",
        &format!("{MARK_READ}?{query}"),
        Some(&who.token),
        Body::None,
    )
    .await
}

async fn recall(app: &TestApp, who: &Person, id: &Value) -> crate::common::Reply {
    app.post(RECALL, Some(&who.token), json!({ "id": id }))
        .await
}

fn texts(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .map(|m| m["content"]["text"].as_str().unwrap_or("<none>").to_owned())
        .collect()
}

async fn a_message_is_seen_counted_and_then_read(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let leo = app.man("leo").await;

    let sent = app
        .send_content(
            &tom,
            ana.id,
            "txt",
            json!({ "text": "Hi Ana!" }),
            Some("c-1"),
        )
        .await
        .ok();
    let message = &sent["message"];
    assert_eq!(message["clientId"], "c-1");
    assert_eq!(
        (&message["from"], &message["to"]),
        (&json!(tom.id), &json!(ana.id))
    );
    assert_eq!(message["type"], "txt");
    assert_eq!(message["content"], json!({ "text": "Hi Ana!" }));
    assert_eq!(message["status"], "unread");
    assert_eq!(sent["seq"], 1, "the first event of tom's sequence");

    let seen = app.conversation(&ana, tom.id).await;
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["id"], message["id"]);
    assert_eq!(seen[0]["content"]["text"], "Hi Ana!");
    assert_eq!(seen[0]["status"], "unread");
    assert_eq!(app.unread(&ana).await, 1);
    assert_eq!(
        app.unread(&tom).await,
        0,
        "one's own messages are never unread"
    );

    // A second person writes later: the newest conversation comes first.
    app.clock().advance(chrono::Duration::seconds(30));
    app.says(&leo, &ana, "Hola").await;
    app.says(&leo, &ana, "¿Qué tal?").await;
    assert_eq!(app.unread(&ana).await, 3);
    let list = app.conversations(&ana).await;
    let peers: Vec<&Value> = list.iter().map(|c| &c["peer"]["userId"]).collect();
    assert_eq!(peers, [&json!(leo.id), &json!(tom.id)]);
    assert_eq!(list[0]["peer"]["userName"], "leo");
    assert_eq!(list[0]["peer"]["gender"], "male");
    assert_eq!(list[0]["lastMessage"]["content"]["text"], "¿Qué tal?");
    assert_eq!(list[0]["unread"], 2);
    assert_eq!(list[1]["peer"]["userName"], "tom");
    assert_eq!(list[1]["lastMessage"]["id"], message["id"]);
    assert_eq!(list[1]["unread"], 1);
    // Tom sees the conversation too, with nothing unread.
    let his = app.conversations(&tom).await;
    assert_eq!(his.len(), 1);
    assert_eq!(his[0]["peer"]["userId"], ana.id);
    assert_eq!(his[0]["unread"], 0);

    // Ana opens tom's chat (the app sends the year too).
    mark_read(&app, &ana, &format!("userId={}&year=2026", tom.id))
        .await
        .ok();
    assert_eq!(app.unread(&ana).await, 2, "leo's two are still unread");
    let list = app.conversations(&ana).await;
    assert_eq!(
        (&list[0]["unread"], &list[1]["unread"]),
        (&json!(2), &json!(0))
    );
    let his_view = app.conversation(&tom, ana.id).await;
    assert_eq!(his_view[0]["status"], "read");
    assert!(his_view[0]["readAt"].is_string(), "{}", his_view[0]);
    mark_read(&app, &ana, &format!("userId={}", leo.id))
        .await
        .ok();
    assert_eq!(app.unread(&ana).await, 0);

    // Marking needs a conversation or ids.
    mark_read(&app, &ana, "year=2026")
        .await
        .fails_starting(400, "");
}

async fn a_long_conversation_pages_backwards(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    for n in 1..=25 {
        let (from, to) = if n % 2 == 0 {
            (&ana, &tom)
        } else {
            (&tom, &ana)
        };
        app.says(from, to, &format!("m{n}")).await;
    }
    let page = |query: String| {
        let app = &app;
        let token = ana.token.clone();
        async move {
            app.get(
                &format!("{}?userId={}&{query}", crate::common::chat::HISTORY, tom.id),
                Some(&token),
            )
            .await
            .ok()
        }
    };
    let first = page("pageSize=10".into()).await;
    assert_eq!(first["total"], 25);
    let rows = first["rows"].as_array().unwrap();
    assert_eq!(texts(rows)[..3], ["m25", "m24", "m23"], "newest first");
    let last = page("pageSize=10&pageNum=3".into()).await;
    assert_eq!(
        texts(last["rows"].as_array().unwrap()),
        ["m5", "m4", "m3", "m2", "m1"]
    );
    // Paging by id keeps its place when new messages arrive.
    app.says(&tom, &ana, "m26").await;
    let older = page(format!("pageSize=10&beforeId={}", rows[9]["id"])).await;
    let older = texts(older["rows"].as_array().unwrap());
    assert_eq!(older.len(), 10);
    assert_eq!((older[0].as_str(), older[9].as_str()), ("m15", "m6"));
    assert_eq!(app.conversation(&ana, tom.id).await.len(), 26);
    // Someone else's conversation is not mine to read.
    let leo = app.man("leo").await;
    assert!(app.conversation(&leo, tom.id).await.is_empty());
}

async fn a_retried_send_is_stored_once(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let first = app
        .send_content(
            &tom,
            ana.id,
            "txt",
            json!({ "text": "Hello" }),
            Some("retry-1"),
        )
        .await
        .ok();
    let again = app
        .send_content(
            &tom,
            ana.id,
            "txt",
            json!({ "text": "Hello" }),
            Some("retry-1"),
        )
        .await
        .ok();
    assert_eq!(again["message"]["id"], first["message"]["id"]);
    assert_eq!(again["seq"], first["seq"]);
    assert_eq!(app.messages_stored().await, 1);
    assert_eq!(app.unread(&ana).await, 1);
    // Another client id is another message; and the same id from another sender is theirs.
    app.send_content(
        &tom,
        ana.id,
        "txt",
        json!({ "text": "Hello" }),
        Some("retry-2"),
    )
    .await
    .ok();
    app.send_content(
        &ana,
        tom.id,
        "txt",
        json!({ "text": "Hi" }),
        Some("retry-1"),
    )
    .await
    .ok();
    assert_eq!(app.messages_stored().await, 3);

    // A retry answers with what was stored, even when the message could not be sent now.
    app.block(&ana, tom.id).await;
    let late = app
        .send_content(
            &tom,
            ana.id,
            "txt",
            json!({ "text": "Hello" }),
            Some("retry-1"),
        )
        .await
        .ok();
    assert_eq!(late["message"]["id"], first["message"]["id"]);
    assert_eq!(late["seq"], first["seq"]);
    app.send_msg(&tom, ana.id, "new").await.fails(403, BLOCKED);
    assert_eq!(app.messages_stored().await, 3);
}

async fn retries_racing_each_other_store_one_message(b: Backend) {
    const OTHERS: usize = 6;
    let app = std::sync::Arc::new(spawn(b).await);
    let (tom, ana) = couple(&app).await;
    let mut tries = Vec::new();
    for _ in 0..6 {
        let (app, tom, to) = (app.clone(), tom.clone(), ana.id);
        tries.push(tokio::spawn(async move {
            app.send_content(&tom, to, "txt", json!({ "text": "once" }), Some("race-1"))
                .await
                .ok()
        }));
    }
    // Other messages at the same moment, stored together with the retries or not: each once.
    let mut others = Vec::new();
    for n in 0..OTHERS {
        let (app, tom, to) = (app.clone(), tom.clone(), ana.id);
        others.push(tokio::spawn(async move {
            app.send_content(
                &tom,
                to,
                "txt",
                json!({ "text": "other" }),
                Some(&format!("other-{n}")),
            )
            .await
            .ok()
        }));
    }
    let mut answers = Vec::new();
    for t in tries {
        let sent = t.await.unwrap();
        answers.push((sent["message"]["id"].clone(), sent["seq"].clone()));
    }
    answers.dedup();
    assert_eq!(answers.len(), 1, "different answers: {answers:?}");
    for t in others {
        t.await.unwrap();
    }
    let stored = 1 + OTHERS as i64;
    assert_eq!(app.messages_stored().await, stored);
    // The losers took no sequence number: the next message follows without a gap.
    let next = app.send_msg(&tom, ana.id, "twice").await.ok();
    assert_eq!(next["seq"], stored + 1);
    let last = app
        .scalar(&format!(
            "SELECT last_seq FROM user_sequences WHERE user_id = {}",
            ana.id
        ))
        .await;
    assert_eq!(last, stored + 1);
    let events = app
        .scalar(&format!(
            "SELECT COUNT(DISTINCT seq) FROM user_events WHERE user_id = {}",
            ana.id
        ))
        .await;
    assert_eq!(events, stored + 1, "one event for each number");
}

/// Sends at the same moment are checked together (one read for many): each still gets the answer
/// for its own two people. Among fifty at once, those to someone who blocked the sender, to a
/// deleted account and the retries of a stored message get their own answers; the rest are
/// stored once each.
async fn sends_checked_together_each_get_their_own_answer(b: Backend) {
    const EACH: usize = 10;
    let app = std::sync::Arc::new(spawn(b).await);
    let (tom, ana) = couple(&app).await;
    let (eve, zoe, gone) = (
        app.woman("eve").await,
        app.woman("zoe").await,
        app.woman("gone").await,
    );
    app.block(&eve, tom.id).await;
    app.delete_account(&gone).await;
    let first = app
        .send_content(
            &tom,
            ana.id,
            "txt",
            json!({ "text": "first" }),
            Some("first"),
        )
        .await
        .ok();
    let mut sends = Vec::new();
    for n in 0..EACH {
        for (to, client_id) in [
            (ana.id, format!("ana-{n}")),
            (zoe.id, format!("zoe-{n}")),
            (eve.id, format!("eve-{n}")),
            (gone.id, format!("gone-{n}")),
            (ana.id, "first".to_owned()),
        ] {
            let (app, tom) = (app.clone(), tom.clone());
            sends.push(tokio::spawn(async move {
                let reply = app
                    .send_content(&tom, to, "txt", json!({ "text": "hi" }), Some(&client_id))
                    .await;
                (to, client_id, reply)
            }));
        }
    }
    for send in sends {
        let (to, client_id, reply) = send.await.unwrap();
        if to == eve.id {
            refused(&reply, 403, BLOCKED);
        } else if to == gone.id {
            refused(&reply, 404, "Not found");
        } else if client_id == "first" {
            assert_eq!(reply.ok()["message"]["id"], first["message"]["id"]);
        } else {
            let sent = reply.ok();
            assert_eq!(sent["message"]["clientId"], client_id.as_str());
            assert_eq!(sent["message"]["to"], to);
        }
    }
    assert_eq!(app.messages_stored().await, 1 + 2 * EACH as i64);
}

async fn a_text_must_not_be_empty_nor_longer_than_5_kb(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    for content in [
        json!({ "text": "" }),
        json!({ "text": "  \n " }),
        json!({}),
        json!(""),
        // Content is an object or a bare string (the document says so); anything else has no text.
        json!(null),
        json!(7),
        json!(true),
        json!(["A walk"]),
    ] {
        let reply = app.send_content(&tom, ana.id, "txt", content, None).await;
        refused(&reply, 400, EMPTY);
    }
    let reply = app
        .post(
            crate::common::chat::SEND,
            Some(&tom.token),
            json!({ "to": ana.id, "msgType": "txt" }),
        )
        .await;
    refused(&reply, 400, EMPTY);
    // 5 KB is counted in bytes: 2561 two-byte letters are over it.
    for text in ["a".repeat(5 * 1024 + 1), "é".repeat(2561)] {
        let reply = app
            .send_content(&tom, ana.id, "txt", json!({ "text": text }), None)
            .await;
        refused(&reply, 400, TOO_LONG);
    }
    assert_eq!(
        app.messages_stored().await,
        0,
        "a refused message was stored"
    );
    assert_eq!(app.count("user_events").await, 0);

    let longest = "a".repeat(5 * 1024);
    let sent = app
        .send_content(&tom, ana.id, "txt", json!({ "text": longest }), None)
        .await
        .ok();
    assert_eq!(
        sent["message"]["content"]["text"].as_str().unwrap().len(),
        5120
    );
    // A bare string is taken as the text.
    let sent = app
        .send_content(&tom, ana.id, "txt", json!("plain"), None)
        .await
        .ok();
    assert_eq!(sent["message"]["content"], json!({ "text": "plain" }));
    assert_eq!(app.messages_stored().await, 2);
}

async fn an_emoji_must_come_from_the_map(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let map = app.get(EMOJI, None).await.ok();
    let codes: Vec<&str> = map
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes.len(), 35);
    let mut unique = codes.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), 35, "codes repeat: {codes:?}");
    assert!(map[0]["emoji"].as_str().is_some_and(|e| !e.is_empty()));

    for code in ["[dragon]", "", "smile"] {
        let reply = app
            .send_content(&tom, ana.id, "emoji", json!({ "code": code }), None)
            .await;
        refused(&reply, 400, CANNOT_SEND_KIND);
    }
    let reply = app
        .send_content(&tom, ana.id, "emoji", json!({}), None)
        .await;
    refused(&reply, 400, EMPTY);
    assert_eq!(app.messages_stored().await, 0);

    for code in [codes[0], codes[34]] {
        let sent = app
            .send_content(&tom, ana.id, "emoji", json!({ "code": code }), None)
            .await
            .ok();
        assert_eq!(sent["message"]["type"], "emoji");
        assert_eq!(sent["message"]["content"], json!({ "code": code }));
    }
    let seen = app.conversation(&ana, tom.id).await;
    assert_eq!(seen[0]["content"]["code"], codes[34]);
    assert_eq!(app.messages_stored().await, 2);
}

async fn pictures_are_for_members(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let picture = json!({ "image": png_data_url(300, 200) });
    let files = app.media_files();

    let reply = app
        .send_content(&tom, ana.id, "img", picture.clone(), None)
        .await;
    crate::common::people::asks_to_upgrade(&reply);
    assert_eq!(app.messages_stored().await, 0);
    assert_eq!(app.media_files(), files, "a refused picture was kept");

    app.make_member(&tom, 30).await;
    let sent = app
        .send_content(&tom, ana.id, "img", picture, None)
        .await
        .ok();
    let content = &sent["message"]["content"];
    assert!(
        content.get("image").is_none(),
        "the data URL is not kept: {content}"
    );
    let (url, thumb) = (
        content["url"].as_str().unwrap(),
        content["thumb"].as_str().unwrap(),
    );
    assert_ne!(url, thumb);
    // The recipient, not a member, sees the picture in the conversation and can open it.
    let seen = app.conversation(&ana, tom.id).await;
    assert_eq!(&seen[0]["content"], content);
    for path in [url, thumb] {
        let got = app.fetch("GET", path, &[]).await;
        assert_eq!(got.status, 200, "{path}");
        assert_eq!(got.header("content-type").as_deref(), Some("image/jpeg"));
        assert_eq!(&got.bytes[..2], &[0xFF, 0xD8], "not a JPEG");
    }
    assert_eq!(
        crate::common::images::dimensions(&app.fetch("GET", url, &[]).await.bytes),
        (300, 200)
    );
    assert_eq!(app.unread(&ana).await, 1, "a picture counts as unread");

    // Not a picture at all.
    let reply = app
        .send_content(
            &tom,
            ana.id,
            "img",
            json!({ "image": "data:image/png;base64,AAAA" }),
            None,
        )
        .await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    let reply = app.send_content(&tom, ana.id, "img", json!({}), None).await;
    refused(&reply, 400, EMPTY);
    assert_eq!(app.messages_stored().await, 1);
}

async fn only_known_types_are_sent_and_gifts_must_be_paid(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.make_member(&tom, 30).await;
    for kind in ["video", "GIFT", "AUDIO", "voice", "LOC", "file"] {
        let reply = app
            .send_content(&tom, ana.id, kind, json!({ "text": "for you" }), None)
            .await;
        refused(&reply, 400, CANNOT_SEND_KIND);
    }
    // Gifts and red packets are the wallet's: with no coins and no gift chosen, nothing goes.
    for kind in ["gift", "redPacket"] {
        let reply = app
            .send_content(
                &tom,
                ana.id,
                kind,
                json!({ "amount": 10, "text": "for you" }),
                None,
            )
            .await;
        assert!(
            [400, 404].contains(&reply.status),
            "{kind} was not refused: {}",
            reply.body
        );
    }
    assert_eq!(app.messages_stored().await, 0);
    // A custom message is any small object.
    let sent = app
        .send_content(
            &tom,
            ana.id,
            "custom",
            json!({ "card": "hello", "n": 1 }),
            None,
        )
        .await
        .ok();
    assert_eq!(
        sent["message"]["content"],
        json!({ "card": "hello", "n": 1 })
    );
    let reply = app
        .send_content(
            &tom,
            ana.id,
            "custom",
            json!({ "big": "x".repeat(5 * 1024) }),
            None,
        )
        .await;
    refused(&reply, 400, TOO_LONG);
    assert_eq!(app.messages_stored().await, 1);
}

async fn a_block_either_way_stops_messages_both_ways(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let leo = app.man("leo").await;
    app.says(&tom, &ana, "Hi").await;
    app.says(&ana, &tom, "Hi back").await;
    app.block(&ana, tom.id).await;
    let before = app.messages_stored().await;
    let events = app.count("user_events").await;
    refused(&app.send_msg(&tom, ana.id, "Why?").await, 403, BLOCKED);
    refused(&app.send_msg(&ana, tom.id, "Bye").await, 403, BLOCKED);
    assert_eq!(app.messages_stored().await, before);
    assert_eq!(app.count("user_events").await, events);
    // The conversation is gone from the list and its messages no longer count as unread.
    assert!(app.conversations(&ana).await.is_empty());
    assert!(app.conversations(&tom).await.is_empty());
    assert_eq!(app.unread(&ana).await, 0);
    assert_eq!(app.unread(&tom).await, 0);
    // Others are not concerned.
    app.says(&leo, &ana, "Hello").await;
    app.says(&tom, &app.woman("eva").await, "Hello").await;

    // A block made the other way round stops them too.
    app.block(&leo, ana.id).await;
    refused(&app.send_msg(&ana, leo.id, "?").await, 403, BLOCKED);
    refused(&app.send_msg(&leo, ana.id, "?").await, 403, BLOCKED);
    assert_eq!(app.messages_stored().await, before + 2);
}

async fn people_of_the_same_gender_cannot_chat_by_default(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let eva = app.woman("eva").await;
    let (tom, leo) = (app.man("tom").await, app.man("leo").await);
    refused(&app.send_msg(&ana, eva.id, "Hi").await, 403, SAME_GENDER);
    refused(&app.send_msg(&eva, ana.id, "Hi").await, 403, SAME_GENDER);
    refused(&app.send_msg(&tom, leo.id, "Hi").await, 403, SAME_GENDER);
    assert_eq!(app.messages_stored().await, 0);
    app.says(&ana, &tom, "Hi").await;
    assert_eq!(app.messages_stored().await, 1);

    // The operator can allow it.
    let app = spawn_with(Setup::new(b), |c| c.chat.same_gender_blocked = false).await;
    let ana = app.woman("ana").await;
    let eva = app.woman("eva").await;
    app.says(&ana, &eva, "Hi").await;
    app.says(&eva, &ana, "Hi there").await;
    assert_eq!(app.conversation(&ana, eva.id).await.len(), 2);
}

async fn one_cannot_message_oneself_or_nobody(b: Backend) {
    let app = spawn(b).await;
    let (tom, _ana) = couple(&app).await;
    refused(
        &app.send_msg(&tom, tom.id, "me").await,
        400,
        "You cannot do this to yourself",
    );
    refused(
        &app.send_msg(&tom, 987_654, "anyone?").await,
        404,
        "Not found",
    );
    let reply = app
        .post(
            crate::common::chat::SEND,
            Some(&tom.token),
            json!({ "content": { "text": "to?" } }),
        )
        .await;
    refused(&reply, 404, "Not found");
    // Nor to someone who has deleted their account.
    let gone = app.woman("gone").await;
    app.delete_account(&gone).await;
    refused(
        &app.send_msg(&tom, gone.id, "still there?").await,
        404,
        "Not found",
    );
    assert_eq!(app.messages_stored().await, 0);
    // Without a session nothing is sent.
    let reply = app
        .post(
            crate::common::chat::SEND,
            None,
            json!({ "to": tom.id, "content": { "text": "x" } }),
        )
        .await;
    assert_eq!(reply.status, 401);
    assert_eq!(app.messages_stored().await, 0);
}

async fn the_sender_may_recall_within_two_minutes(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let first = app.says(&tom, &ana, "oops, wrong chat").await;
    app.clock().advance(chrono::Duration::seconds(119));
    let recalled = recall(&app, &tom, &first["id"]).await.ok();
    assert_eq!(recalled["status"], "recalled");
    assert_eq!(recalled["content"], Value::Null);
    for (who, peer) in [(&tom, ana.id), (&ana, tom.id)] {
        let seen = app.conversation(who, peer).await;
        assert_eq!(seen[0]["id"], first["id"]);
        assert_eq!(
            seen[0]["status"], "recalled",
            "as {} sees it",
            who.user_name
        );
        assert_eq!(seen[0]["content"], Value::Null);
    }
    let stored = app
        .texts(&format!(
            "SELECT content FROM messages WHERE id = {}",
            first["id"]
        ))
        .await;
    assert!(
        !stored[0].contains("wrong chat"),
        "the text was kept: {stored:?}"
    );
    assert_eq!(
        app.unread(&ana).await,
        0,
        "a recalled message is not unread"
    );
    // Once is enough.
    recall(&app, &tom, &first["id"])
        .await
        .fails(400, RECALL_EXPIRED);

    let second = app.says(&tom, &ana, "too late to take back").await;
    app.clock().advance(chrono::Duration::seconds(121));
    recall(&app, &tom, &second["id"])
        .await
        .fails(400, RECALL_EXPIRED);
    // The recipient cannot recall what she received.
    let third = app.says(&tom, &ana, "mine").await;
    recall(&app, &ana, &third["id"])
        .await
        .fails(403, "You are not allowed to do this");
    // Nor can a stranger, nor a message that does not exist.
    let leo = app.man("leo").await;
    recall(&app, &leo, &third["id"])
        .await
        .fails(404, "Not found");
    recall(&app, &tom, &json!(987_654))
        .await
        .fails(404, "Not found");
    let seen = app.conversation(&ana, tom.id).await;
    assert_eq!(
        texts(&seen),
        ["mine", "too late to take back", "<none>"],
        "only the first was recalled"
    );
    assert_eq!(seen[1]["status"], "unread");
}

async fn deleting_hides_messages_for_me_only(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let m1 = app.says(&tom, &ana, "one").await;
    let m2 = app.says(&tom, &ana, "two").await;
    app.says(&tom, &ana, "three").await;
    let mine = app.says(&ana, &tom, "four").await;

    let ids = format!("{},{}", m1["id"], m2["id"]);
    let deleted = app
        .call(
            "DELETE",
            DELETE,
            Some(&ana.token),
            Body::Form(vec![("ids", ids)]),
        )
        .await
        .ok();
    assert_eq!(deleted, 2);
    assert_eq!(
        texts(&app.conversation(&ana, tom.id).await),
        ["four", "three"]
    );
    assert_eq!(
        texts(&app.conversation(&tom, ana.id).await),
        ["four", "three", "two", "one"],
        "tom keeps them"
    );
    assert_eq!(app.unread(&ana).await, 1, "deleted messages are not unread");

    // A sender may delete a message of her own, for herself.
    app.call(
        "DELETE",
        DELETE,
        Some(&ana.token),
        Body::Form(vec![("ids", mine["id"].to_string())]),
    )
    .await
    .ok();
    assert_eq!(texts(&app.conversation(&ana, tom.id).await), ["three"]);
    assert_eq!(app.conversation(&tom, ana.id).await.len(), 4);
    // Someone else's messages are not touched.
    let leo = app.man("leo").await;
    let none = app
        .call(
            "DELETE",
            DELETE,
            Some(&leo.token),
            Body::Form(vec![("ids", m1["id"].to_string())]),
        )
        .await
        .ok();
    assert_eq!(none, 0);
    assert_eq!(app.conversation(&tom, ana.id).await.len(), 4);
    app.call(
        "DELETE",
        DELETE,
        Some(&ana.token),
        Body::Form(vec![("ids", "x".into())]),
    )
    .await
    .fails_starting(400, "");
}

async fn customer_service_answers_and_members_reach_the_concierge(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let tom = app.man("tom").await;
    let customer = |who: &Person| {
        let who = who.clone();
        let app = &app;
        async move {
            app.get("/prod-api/em/friends/customer", Some(&who.token))
                .await
                .ok()
        }
    };
    let support = customer(&ana).await;
    assert_eq!(support["userName"], "Amora Support");
    for who in [&ana, &tom] {
        let sent = app
            .post(
                SEND_OTHER,
                Some(&who.token),
                json!({ "content": { "text": "Help!" } }),
            )
            .await
            .ok();
        assert_eq!(
            sent["message"]["to"], support["userId"],
            "{}",
            who.user_name
        );
    }
    refused(
        &app.post(
            SEND_OTHER,
            Some(&ana.token),
            json!({ "content": { "text": "" } }),
        )
        .await,
        400,
        EMPTY,
    );

    app.make_member(&ana, 30).await;
    let concierge = customer(&ana).await;
    assert_eq!(concierge["userName"], "Amora Concierge");
    assert_ne!(concierge["userId"], support["userId"]);
    let sent = app
        .post(
            SEND_OTHER,
            Some(&ana.token),
            json!({ "content": { "text": "VIP help" } }),
        )
        .await
        .ok();
    assert_eq!(sent["message"]["to"], concierge["userId"]);
    // Whatever "to" says, the message goes to customer service.
    let sent = app
        .post(
            SEND_OTHER,
            Some(&tom.token),
            json!({ "to": ana.id, "content": { "text": "again" } }),
        )
        .await
        .ok();
    assert_eq!(sent["message"]["to"], support["userId"]);
    let to_support = app
        .scalar(&format!(
            "SELECT COUNT(*) FROM messages WHERE recipient_id = {}",
            support["userId"]
        ))
        .await;
    assert_eq!(to_support, 3);
    assert_eq!(app.conversations(&ana).await.len(), 2);

    // Someone who blocked customer service cannot write to it either.
    app.block(&tom, support["userId"].as_i64().unwrap()).await;
    let stored = app.messages_stored().await;
    refused(
        &app.post(
            SEND_OTHER,
            Some(&tom.token),
            json!({ "content": { "text": "Help?" } }),
        )
        .await,
        403,
        BLOCKED,
    );
    assert_eq!(app.messages_stored().await, stored);
}

async fn sending_too_fast_is_limited(b: Backend) {
    let setup = Setup {
        rate_limits: true,
        ..Setup::new(b)
    };
    let app = spawn_with(setup, |c| c.rate_limit.chat_per_user = 3).await;
    let (tom, ana) = couple(&app).await;
    for n in 1..=3 {
        app.says(&tom, &ana, &format!("message {n}")).await;
    }
    let reply = app.send_msg(&tom, ana.id, "message 4").await;
    reply.limited();
    assert_eq!(app.messages_stored().await, 3);
    // A retry of a stored message is not another message: it is answered, not limited.
    let first = app.conversation(&tom, ana.id).await.pop().unwrap();
    let again = app
        .send_content(
            &tom,
            ana.id,
            "txt",
            json!({ "text": "message 1" }),
            first["clientId"].as_str(),
        )
        .await
        .ok();
    assert_eq!(again["message"]["id"], first["id"]);
    // The limit is tom's own: ana may still answer.
    app.says(&ana, &tom, "slow down").await;
    assert_eq!(app.messages_stored().await, 4);
}

async fn control_messages_are_delivered_but_never_unread(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.send_content(&tom, ana.id, "cmd", json!({ "action": "call-ended" }), None)
        .await
        .ok();
    assert_eq!(app.unread(&ana).await, 0);
    app.says(&tom, &ana, "did you hear me?").await;
    app.send_content(&tom, ana.id, "cmd", json!({ "action": "nudge" }), None)
        .await
        .ok();
    assert_eq!(app.unread(&ana).await, 1);
    let list = app.conversations(&ana).await;
    assert_eq!(list[0]["unread"], 1);
    assert_eq!(list[0]["lastMessage"]["type"], "cmd");
    let seen = app.conversation(&ana, tom.id).await;
    assert_eq!(seen.len(), 3, "control messages are delivered");
    assert_eq!(seen[0]["content"]["action"], "nudge");
    // A control message names its action.
    let reply = app
        .send_content(&tom, ana.id, "cmd", json!({ "what": "nudge" }), None)
        .await;
    refused(&reply, 400, CANNOT_SEND_KIND);
    assert_eq!(app.messages_stored().await, 3);
}

both_databases!(
    a_message_is_seen_counted_and_then_read,
    a_long_conversation_pages_backwards,
    a_retried_send_is_stored_once,
    retries_racing_each_other_store_one_message,
    sends_checked_together_each_get_their_own_answer,
    a_text_must_not_be_empty_nor_longer_than_5_kb,
    an_emoji_must_come_from_the_map,
    pictures_are_for_members,
    only_known_types_are_sent_and_gifts_must_be_paid,
    a_block_either_way_stops_messages_both_ways,
    people_of_the_same_gender_cannot_chat_by_default,
    one_cannot_message_oneself_or_nobody,
    the_sender_may_recall_within_two_minutes,
    deleting_hides_messages_for_me_only,
    customer_service_answers_and_members_reach_the_concierge,
    sending_too_fast_is_limited,
    control_messages_are_delivered_but_never_unread,
);
