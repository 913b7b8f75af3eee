//! The chat socket `/im` (docs/im-protocol.md) as two people use it: connecting with the IM
//! token, sending and being acknowledged, getting every event exactly once and in order across
//! reconnections, receipts, typing, recall, and being signed out of the socket when another
//! connection, a password change, an account deletion or a logout says so.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use crate::common::chat::{Ended, Im};
use crate::common::{spawn, spawn_with, Backend, Person, Setup, TestApp};
use amora_server::db::Db;
use serde_json::{json, Value};

/// Long enough for a frame that should not come to show up if it were sent.
const SETTLE: Duration = Duration::from_millis(400);

async fn couple(app: &TestApp) -> (Person, Person) {
    (app.man("tom").await, app.woman("ana").await)
}

/// `who` acknowledges a send frame: the ack.
async fn ack(im: &mut Im) -> Value {
    let frame = im.next().await;
    assert_eq!(frame["type"], "ack", "expected an ack, got {frame}");
    frame
}

/// The next event, which must be a message: `(seq, message)`.
async fn message_event(im: &mut Im) -> (i64, Value) {
    let (seq, event) = im.event().await;
    assert_eq!(event["kind"], "message", "{event}");
    (seq, event["message"].clone())
}

async fn the_socket_needs_both_params_and_a_live_token(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let (user, token) = app.im_token(&tom).await;
    assert_eq!(user, format!("u{}", tom.id));
    for query in [
        String::new(),
        format!("?user={user}"),
        format!("?accessToken={token}"),
        format!("?user=&accessToken={token}"),
        format!("?user={user}&accessToken="),
    ] {
        let (status, body) = app.open_im(&query, &[]).await.err().unwrap_or_else(|| {
            panic!("{query:?} was let in");
        });
        assert_eq!(status, 400, "{query:?}");
        assert!(body.contains("empty params"), "{query:?}: {body}");
    }
    for query in [
        format!("?user={user}&accessToken=not-a-token"),
        format!("?user=u{}&accessToken={token}", ana.id),
        format!("?user={}&accessToken={token}", tom.id),
    ] {
        let refused = app
            .open_im(&query, &[])
            .await
            .err()
            .map(|(status, _)| status);
        assert_eq!(refused, Some(401), "{query:?}");
    }
    // Only the IM token opens the socket, not the session's bearer token.
    let refused = app
        .open_im(&format!("?user={user}&accessToken={}", tom.token), &[])
        .await
        .err()
        .map(|(status, _)| status);
    assert_eq!(refused, Some(401));
    // Without a session there is no IM token.
    assert_eq!(
        app.get(crate::common::chat::IM_TOKEN, None).await.status,
        401
    );

    let (mut im, last_seq) = app.connect_with(&tom, &user, &token, &[]).await;
    assert_eq!(last_seq, 0);
    im.send(json!({ "type": "ping" })).await;
    assert_eq!(im.next().await, json!({ "type": "pong" }));
}

async fn a_message_sent_over_rest_reaches_a_connected_recipient(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let first = app.says(&tom, &ana, "Are you there?").await;
    app.says(&ana, &tom, "Yes!").await;

    let (mut im, last_seq) = app.connect(&ana).await;
    assert_eq!(last_seq, 2, "tom's message and her own reply");
    im.quiet(SETTLE).await;
    // Nothing comes before the client says where it is.
    app.says(&tom, &ana, "Great").await;
    im.quiet(SETTLE).await;

    im.resume(0).await;
    let history = im.events(3).await;
    let seqs: Vec<i64> = history.iter().map(|(s, _)| *s).collect();
    assert_eq!(seqs, [1, 2, 3]);
    assert_eq!(history[0].1["message"]["id"], first["id"]);
    assert_eq!(history[0].1["message"]["content"]["text"], "Are you there?");
    assert_eq!(history[1].1["message"]["from"], ana.id, "her own copy");
    assert_eq!(history[2].1["message"]["content"]["text"], "Great");

    let live = app.says(&tom, &ana, "Coffee?").await;
    let (seq, message) = message_event(&mut im).await;
    assert_eq!(seq, 4);
    assert_eq!(message["id"], live["id"]);
    assert_eq!(message["from"], tom.id);
    assert_eq!(message["status"], "unread");
    im.quiet(SETTLE).await;
}

async fn a_send_frame_is_acknowledged_and_each_side_gets_the_message(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let mut his = app.online(&tom, 0).await;
    let mut hers = app.online(&ana, 0).await;

    his.send_text("c-7f3a", ana.id, "Hi!").await;
    let first = ack(&mut his).await;
    assert_eq!(first["clientId"], "c-7f3a");
    assert_eq!(first["seq"], 1);
    let message = &first["message"];
    assert_eq!(message["clientId"], "c-7f3a");
    assert_eq!(message["content"]["text"], "Hi!");
    assert_eq!(
        (&message["from"], &message["to"]),
        (&json!(tom.id), &json!(ana.id))
    );
    let stored = app
        .scalar(&format!(
            "SELECT COUNT(*) FROM messages WHERE id = {}",
            message["id"]
        ))
        .await;
    assert_eq!(stored, 1, "acknowledged means stored");

    // The ack is the next event in his sequence and stands for his own copy, which his
    // connection does not send again; hers comes as an event.
    his.quiet(SETTLE).await;
    let (seq, got) = message_event(&mut hers).await;
    assert_eq!((seq, &got["id"]), (1, &message["id"]));
    assert_eq!(got["content"]["text"], "Hi!");

    // The connection dropped before the ack, say: the client sends again with the same id.
    his.send_text("c-7f3a", ana.id, "Hi!").await;
    let again = ack(&mut his).await;
    assert_eq!(again["message"]["id"], message["id"]);
    assert_eq!(again["seq"], 1);
    assert_eq!(app.messages_stored().await, 1);
    his.quiet(SETTLE).await;
    hers.quiet(SETTLE).await;

    // Types and rules are those of REST.
    his.send(json!({
        "type": "send", "clientId": "c-2", "to": ana.id, "msgType": "emoji",
        "content": { "code": "[rose]" },
    }))
    .await;
    assert_eq!(ack(&mut his).await["seq"], 2);
    let (seq, got) = message_event(&mut hers).await;
    assert_eq!((seq, &got["content"]["code"]), (2, &json!("[rose]")));
}

async fn an_ack_stands_for_the_own_copy_only_when_it_is_the_next_event(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    // Before he resumes, his connection has sent no event: the ack stands for nothing.
    let (mut his, _) = app.connect(&tom).await;
    his.send_text("c-1", ana.id, "one").await;
    assert_eq!(ack(&mut his).await["seq"], 1);
    his.quiet(SETTLE).await;
    his.resume(0).await;
    let (seq, own) = message_event(&mut his).await;
    assert_eq!((seq, &own["content"]["text"]), (1, &json!("one")));

    // Her reply is his event 2; his next message, acknowledged as 3, stands for his copy.
    app.says(&ana, &tom, "two").await;
    assert_eq!(message_event(&mut his).await.0, 2);
    his.send_text("c-3", ana.id, "three").await;
    assert_eq!(ack(&mut his).await["seq"], 3);
    his.quiet(SETTLE).await;
    // A reconnecting client resumes after it and gets only what is new.
    his.close().await;
    app.says(&ana, &tom, "four").await;
    let mut his = app.online(&tom, 3).await;
    let (seq, got) = message_event(&mut his).await;
    assert_eq!((seq, &got["content"]["text"]), (4, &json!("four")));
    his.quiet(SETTLE).await;
}

async fn a_reconnecting_client_gets_exactly_what_it_missed(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let mut hers = app.online(&ana, 0).await;
    app.says(&tom, &ana, "before").await;
    let (last, _) = message_event(&mut hers).await;
    hers.close().await;

    let mut sent = Vec::new();
    for text in ["one", "two", "three"] {
        sent.push(app.says(&tom, &ana, text).await["id"].clone());
    }
    let (mut hers, newest) = app.connect(&ana).await;
    assert_eq!(newest, last + 3);
    hers.resume(last).await;
    let missed = hers.events(3).await;
    let seqs: Vec<i64> = missed.iter().map(|(s, _)| *s).collect();
    assert_eq!(seqs, [last + 1, last + 2, last + 3]);
    let ids: Vec<&Value> = missed.iter().map(|(_, e)| &e["message"]["id"]).collect();
    assert_eq!(ids, sent.iter().collect::<Vec<_>>());
    hers.quiet(SETTLE).await;
    // Then it goes on live, with nothing repeated.
    app.says(&tom, &ana, "four").await;
    let (seq, message) = message_event(&mut hers).await;
    assert_eq!(
        (seq, &message["content"]["text"]),
        (last + 4, &json!("four"))
    );
    hers.quiet(SETTLE).await;
    hers.close().await;

    // A client that skips history resumes from the hello's number.
    let (mut hers, newest) = app.connect(&ana).await;
    hers.resume(newest).await;
    hers.quiet(SETTLE).await;
    app.says(&tom, &ana, "five").await;
    assert_eq!(message_event(&mut hers).await.0, newest + 1);
}

async fn sequences_have_no_gaps_under_concurrent_senders(b: Backend) {
    const SENDERS: usize = 20;
    const EACH: usize = 4;
    const HERS: usize = 10;
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let mut men = Vec::new();
    for n in 0..SENDERS {
        men.push(app.man(&format!("man{n}")).await);
    }
    let mut hers = app.online(&ana, 0).await;
    let app = Arc::new(app);

    let mut tasks = Vec::new();
    for man in men.clone() {
        let (app, to) = (app.clone(), ana.id);
        tasks.push(tokio::spawn(async move {
            let mut acks = Vec::new();
            for n in 0..EACH {
                let sent = app
                    .send_msg(&man, to, &format!("{} #{n}", man.user_name))
                    .await
                    .ok();
                acks.push((
                    sent["seq"].as_i64().unwrap(),
                    sent["message"]["id"].as_i64().unwrap(),
                ));
            }
            acks
        }));
    }
    // Meanwhile she writes to the first one over the socket: her copies share her sequence.
    for n in 0..HERS {
        hers.send_text(&format!("h-{n}"), men[0].id, &format!("reply {n}"))
            .await;
    }

    let mut sent_to_her = BTreeSet::new();
    for (man, task) in men.iter().zip(tasks) {
        let acks = task.await.unwrap();
        let own: Vec<i64> = acks.iter().map(|(s, _)| *s).collect();
        if man.id != men[0].id {
            assert_eq!(
                own,
                (1..=EACH as i64).collect::<Vec<_>>(),
                "{}'s sequence",
                man.user_name
            );
        }
        sent_to_her.extend(acks.iter().map(|(_, id)| *id));
    }

    // Her events come in order, each once; the ack of one of her messages stands for her own
    // copy when it is the next number, and otherwise that copy comes as an event in its place.
    let total = SENDERS * EACH + HERS;
    let (mut seqs, mut received, mut acks) = (Vec::new(), BTreeSet::new(), 0);
    while seqs.len() < total || acks < HERS {
        let frame = hers.next().await;
        match frame["type"].as_str() {
            Some("ack") => {
                acks += 1;
                let seq = frame["seq"].as_i64().unwrap();
                if seq == seqs.last().copied().unwrap_or(0) + 1 {
                    seqs.push(seq);
                }
            }
            Some("event") => {
                seqs.push(frame["seq"].as_i64().unwrap());
                let message = &frame["event"]["message"];
                if message["to"] == ana.id {
                    assert!(
                        received.insert(message["id"].as_i64().unwrap()),
                        "twice: {frame}"
                    );
                }
            }
            _ => panic!("unexpected {frame}"),
        }
    }
    assert_eq!(
        seqs,
        (1..=total as i64).collect::<Vec<_>>(),
        "gapless and in order"
    );
    assert_eq!(received, sent_to_her, "every acknowledged message arrived");
    hers.quiet(SETTLE).await;
    assert_eq!(app.messages_stored().await, total as i64);
    let last = app
        .scalar(&format!(
            "SELECT last_seq FROM user_sequences WHERE user_id = {}",
            ana.id
        ))
        .await;
    assert_eq!(last, total as i64);
}

/// A send retried while the first is still on its way (a client that gave up waiting, say) is
/// stored once, even when both pass the check before sending and reach the writer together,
/// beside other people's messages. The test holds the database's write lock while they are sent,
/// so that they all wait for the writer at once.
async fn a_send_retried_while_on_its_way_is_stored_once(b: Backend) {
    const RETRIES: usize = 8;
    const OTHERS: usize = 8;
    let app = Arc::new(spawn(b).await);
    let (tom, ana) = couple(&app).await;
    let mut others = Vec::new();
    for n in 0..OTHERS {
        others.push(app.man(&format!("other{n}")).await);
    }
    let to = ana.id;
    let lock = hold_the_write_lock(&app).await;
    let mut tasks = Vec::new();
    for _ in 0..RETRIES {
        let (app, tom) = (app.clone(), tom.clone());
        tasks.push(tokio::spawn(async move {
            let sent = app
                .send_content(&tom, to, "txt", json!({ "text": "Hi!" }), Some("c-once"))
                .await
                .ok();
            sent["message"]["id"].as_i64().unwrap()
        }));
    }
    for man in others {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let sent = app.send_msg(&man, to, "Hello").await.ok();
            sent["message"]["id"].as_i64().unwrap()
        }));
    }
    tokio::time::sleep(SETTLE).await;
    drop(lock);
    let mut ids = Vec::new();
    for task in tasks {
        ids.push(task.await.unwrap());
    }
    let (retried, others) = ids.split_at(RETRIES);
    assert!(
        retried.iter().all(|id| *id == retried[0]),
        "every retry answered with the one stored message: {retried:?}"
    );
    assert_eq!(others.iter().collect::<BTreeSet<_>>().len(), OTHERS);
    assert_eq!(app.messages_stored().await, (1 + OTHERS) as i64);
    // Her sequence took one number for each stored message, none for a retry.
    let last = app
        .scalar(&format!(
            "SELECT last_seq FROM user_sequences WHERE user_id = {}",
            ana.id
        ))
        .await;
    assert_eq!(last, (1 + OTHERS) as i64);
}

/// A transaction that keeps the chat writer waiting until it is dropped (rolled back).
async fn hold_the_write_lock(app: &TestApp) -> Box<dyn std::any::Any + Send> {
    match &app.app().db {
        Db::Sqlite(pool) => Box::new(pool.begin_with("BEGIN IMMEDIATE").await.unwrap()),
        Db::Postgres(pool) => {
            let mut tx = pool.begin().await.unwrap();
            sqlx::query("LOCK TABLE user_sequences IN EXCLUSIVE MODE")
                .execute(&mut *tx)
                .await
                .unwrap();
            Box::new(tx)
        }
    }
}

async fn receipts_tell_the_sender_what_was_delivered_and_read(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let mut his = app.online(&tom, 0).await;
    let mut hers = app.online(&ana, 0).await;
    let mut ids = Vec::new();
    for (n, text) in ["Hi", "How are you?"].iter().enumerate() {
        his.send_text(&format!("c-{n}"), ana.id, text).await;
        ids.push(ack(&mut his).await["message"]["id"].clone());
        message_event(&mut hers).await;
    }

    hers.send(json!({ "type": "delivered", "ids": [ids[0]] }))
        .await;
    let (seq, receipt) = his.event().await;
    assert_eq!(seq, 3);
    assert_eq!(receipt["kind"], "receipt");
    assert_eq!(receipt["status"], "delivered");
    assert_eq!(receipt["peer"], ana.id);
    assert_eq!(receipt["ids"], json!([ids[0]]));
    assert_eq!(receipt["upTo"], ids[0]);
    let seen = app.conversation(&tom, ana.id).await;
    assert!(seen[1]["deliveredAt"].is_string());
    // The receipt says when, as the message does.
    assert_eq!(receipt["at"], seen[1]["deliveredAt"]);
    assert_eq!(seen[1]["status"], "unread");

    hers.send(json!({ "type": "read", "peer": tom.id })).await;
    let (seq, receipt) = his.event().await;
    assert_eq!(seq, 4);
    assert_eq!(receipt["kind"], "receipt");
    assert_eq!(receipt["status"], "read");
    assert_eq!(receipt["peer"], ana.id);
    assert_eq!(receipt["ids"], json!(ids));
    assert_eq!(receipt["upTo"], ids[1]);
    let seen = app.conversation(&tom, ana.id).await;
    assert_eq!(receipt["at"], seen[1]["readAt"]);
    assert_eq!(
        (&seen[0]["status"], &seen[1]["status"]),
        (&json!("read"), &json!("read"))
    );
    assert_eq!(app.unread(&ana).await, 0);

    // Nothing new to mark: no receipt. Nor does she get receipts for what she received.
    hers.send(json!({ "type": "read", "peer": tom.id })).await;
    hers.send(json!({ "type": "delivered", "ids": ids })).await;
    his.quiet(SETTLE).await;
    hers.quiet(SETTLE).await;
    // He cannot mark his own messages read for her.
    his.send(json!({ "type": "read", "ids": ids })).await;
    his.quiet(SETTLE).await;

    // A receipt reaches a sender who was away when he comes back.
    his.close().await;
    his_reads_later(&app, &tom, &ana, &mut hers).await;
}

async fn his_reads_later(app: &TestApp, tom: &Person, ana: &Person, hers: &mut Im) {
    let id = app.says(tom, ana, "later").await["id"].clone();
    message_event(hers).await;
    hers.send(json!({ "type": "read", "ids": [id] })).await;
    // Frames are served in order: the pong means the read is done.
    hers.send(json!({ "type": "ping" })).await;
    assert_eq!(hers.next().await["type"], "pong");
    let mut his = app.online(tom, 4).await;
    let (seq, own) = message_event(&mut his).await;
    assert_eq!((seq, &own["id"]), (5, &id));
    assert_eq!(
        own["status"], "read",
        "a replay shows the message as it is now"
    );
    let (seq, receipt) = his.event().await;
    assert_eq!(
        (seq, &receipt["status"], &receipt["ids"]),
        (6, &json!("read"), &json!([id]))
    );
}

async fn typing_reaches_the_other_side_and_is_not_stored(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let mut his = app.online(&tom, 0).await;
    let mut hers = app.online(&ana, 0).await;
    his.send(json!({ "type": "typing", "to": ana.id })).await;
    assert_eq!(
        hers.next().await,
        json!({ "type": "typing", "from": tom.id })
    );
    his.quiet(SETTLE).await;
    assert_eq!(app.count("user_events").await, 0);
    assert_eq!(app.messages_stored().await, 0);
    // Typing to someone who is not connected goes nowhere, and nothing fails.
    let leo = app.man("leo").await;
    hers.send(json!({ "type": "typing", "to": leo.id })).await;
    hers.quiet(SETTLE).await;

    // Once she has blocked him, he cannot show her that he is typing.
    app.block(&ana, tom.id).await;
    his.send(json!({ "type": "typing", "to": ana.id })).await;
    pong(&mut his).await;
    hers.quiet(SETTLE).await;
    hers.send(json!({ "type": "typing", "to": tom.id })).await;
    pong(&mut hers).await;
    his.quiet(SETTLE).await;
}

/// A ping answered: every frame sent before it has been served.
async fn pong(im: &mut Im) {
    im.send(json!({ "type": "ping" })).await;
    assert_eq!(im.next().await, json!({ "type": "pong" }));
}

async fn a_recall_reaches_both_and_replays_as_recalled(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let mut his = app.online(&tom, 0).await;
    let mut hers = app.online(&ana, 0).await;
    his.send_text("c-1", ana.id, "I should not have said that")
        .await;
    let id = ack(&mut his).await["message"]["id"].clone();
    message_event(&mut hers).await;

    // She cannot take back what he wrote.
    hers.send(json!({ "type": "recall", "id": id })).await;
    let error = hers.next().await;
    assert_eq!(error["type"], "error");
    assert_eq!(error["code"], 403, "{error}");

    his.send(json!({ "type": "recall", "id": id })).await;
    let (seq, event) = his.event().await;
    assert_eq!(seq, 2);
    assert_eq!(event, json!({ "kind": "recall", "id": id, "peer": ana.id }));
    let (seq, event) = hers.event().await;
    assert_eq!(seq, 2);
    assert_eq!(event, json!({ "kind": "recall", "id": id, "peer": tom.id }));

    // Coming back later, she sees the message as it is now: recalled, without its content.
    hers.close().await;
    let mut hers = app.online(&ana, 0).await;
    let replay = hers.events(2).await;
    assert_eq!(replay[0].0, 1);
    assert_eq!(replay[0].1["message"]["id"], id);
    assert_eq!(replay[0].1["message"]["status"], "recalled");
    assert_eq!(replay[0].1["message"]["content"], Value::Null);
    assert_eq!(
        replay[1],
        (2, json!({ "kind": "recall", "id": id, "peer": tom.id }))
    );

    // After two minutes it is too late.
    his.send_text("c-2", ana.id, "this one stays").await;
    let id = ack(&mut his).await["message"]["id"].clone();
    message_event(&mut hers).await;
    app.clock().advance(chrono::Duration::minutes(3));
    his.send(json!({ "type": "recall", "id": id })).await;
    let error = his.next().await;
    assert_eq!(error["type"], "error");
    assert_eq!(
        (&error["code"], &error["msg"]),
        (
            &json!(400),
            &json!("This message can no longer be recalled")
        )
    );
    hers.quiet(SETTLE).await;
    assert_eq!(
        app.conversation(&ana, tom.id).await[0]["content"]["text"],
        "this one stays"
    );
}

async fn a_second_connection_replaces_the_first(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let mut first = app.online(&tom, 0).await;
    let mut second = app.online(&tom, 0).await;
    let (frames, ended) = first.until_closed().await;
    assert_eq!(frames, [json!({ "type": "kicked", "code": 206 })]);
    assert_eq!(ended, Ended::Closed(Some(4206)));

    // The one that replaced it stays, and events go to it.
    second.send(json!({ "type": "ping" })).await;
    assert_eq!(second.next().await, json!({ "type": "pong" }));
    app.says(&ana, &tom, "Hi").await;
    let (seq, message) = message_event(&mut second).await;
    assert_eq!((seq, &message["content"]["text"]), (1, &json!("Hi")));
}

async fn a_password_change_or_account_deletion_closes_the_socket(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    // Tom is signed in twice; the other session's IM token dies with that session.
    let other = app.login("tom", "secret1").await.ok()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let other_session = Person {
        token: other,
        ..tom.clone()
    };
    let (user, other_token) = app.im_token(&other_session).await;

    let mut his = app.online(&tom, 0).await;
    app.put_form(
        "/prod-api/system/user/profile/updatePwd",
        Some(&tom.token),
        vec![
            ("oldPassword", "secret1".into()),
            ("newPassword", "secret2".into()),
        ],
    )
    .await
    .ok();
    let (frames, ended) = his.until_closed().await;
    assert_eq!(frames, [json!({ "type": "kicked", "code": 217 })]);
    assert_eq!(ended, Ended::Closed(Some(4217)));
    let query = format!("?user={user}&accessToken={other_token}");
    assert_eq!(
        app.open_im(&query, &[]).await.err().map(|(s, _)| s),
        Some(401)
    );

    let (user, token) = app.im_token(&ana).await;
    let (mut hers, _) = app.connect_with(&ana, &user, &token, &[]).await;
    hers.resume(0).await;
    app.delete_account(&ana).await;
    let (frames, ended) = hers.until_closed().await;
    assert_eq!(frames, [json!({ "type": "kicked", "code": 217 })]);
    assert_eq!(ended, Ended::Closed(Some(4217)));
    let query = format!("?user={user}&accessToken={token}");
    assert_eq!(
        app.open_im(&query, &[]).await.err().map(|(s, _)| s),
        Some(401)
    );
}

async fn after_logout_the_im_token_no_longer_connects(b: Backend) {
    let app = spawn(b).await;
    let (tom, _ana) = couple(&app).await;
    let (user, token) = app.im_token(&tom).await;
    let (im, _) = app.connect_with(&tom, &user, &token, &[]).await;
    im.close().await;
    // A token asked for again is another one; both work while the session lives.
    let (_, second) = app.im_token(&tom).await;
    assert_ne!(second, token);
    let (im, _) = app.connect_with(&tom, &user, &second, &[]).await;
    im.close().await;

    app.call(
        "POST",
        "/prod-api/logout",
        Some(&tom.token),
        crate::common::Body::None,
    )
    .await
    .ok();
    for token in [&token, &second] {
        let query = format!("?user={user}&accessToken={token}");
        assert_eq!(
            app.open_im(&query, &[]).await.err().map(|(s, _)| s),
            Some(401)
        );
    }
}

async fn the_app_language_named_when_connecting_outranks_the_browsers(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let (user, token) = app.im_token(&tom).await;
    let query = format!("?user={user}&accessToken={token}&lang=ja");
    let mut his = app
        .open_im(&query, &[("accept-language", "en-GB,en;q=0.9")])
        .await
        .unwrap_or_else(|(status, body)| panic!("the socket was refused: {status} {body}"));
    assert_eq!(his.next().await["type"], "hello");
    his.resume(0).await;

    his.send_text("c-empty", ana.id, "   ").await;
    let error = his.next().await;
    assert_eq!(
        (&error["clientId"], &error["code"]),
        (&json!("c-empty"), &json!(400))
    );
    assert_eq!(error["msg"], "空のメッセージは送信できません！", "{error}");
}

async fn a_refused_send_answers_with_an_error_frame_in_my_language(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let (user, token) = app.im_token(&tom).await;
    let (mut his, _) = app
        .connect_with(&tom, &user, &token, &[("accept-language", "es")])
        .await;
    his.resume(0).await;

    his.send_text("c-empty", ana.id, "   ").await;
    let error = his.next().await;
    assert_eq!(
        error,
        json!({
            "type": "error", "clientId": "c-empty", "code": 400,
            "msg": "¡No se pueden enviar mensajes vacíos!", "data": null,
        })
    );
    his.send(json!({
        "type": "send", "clientId": "c-pic", "to": ana.id, "msgType": "img",
        "content": { "image": crate::common::png_data_url(16, 16) },
    }))
    .await;
    let error = his.next().await;
    assert_eq!(
        (&error["clientId"], &error["code"]),
        (&json!("c-pic"), &json!(403))
    );
    assert_eq!(error["msg"], "Mejora ahora");
    assert_eq!(error["data"]["upgrade"], true);
    let leo = app.man("leo").await;
    his.send_text("c-leo", leo.id, "Hola").await;
    let error = his.next().await;
    assert_eq!(
        (&error["clientId"], &error["code"]),
        (&json!("c-leo"), &json!(403))
    );
    assert!(
        error["msg"].as_str().unwrap().starts_with("Vaya"),
        "{error}"
    );
    his.send_text("c-nobody", 987_654, "Hola").await;
    assert_eq!(his.next().await["code"], 404);
    // A frame that is not one answers with an error, and the connection stays.
    his.send(json!({ "type": "dance" })).await;
    let error = his.next().await;
    assert_eq!(
        (&error["type"], &error["code"]),
        (&json!("error"), &json!(400))
    );
    his.send(json!({ "type": "ping" })).await;
    assert_eq!(his.next().await["type"], "pong");
    assert_eq!(app.messages_stored().await, 0);
    assert_eq!(app.count("user_events").await, 0);
}

async fn the_hello_gives_the_operators_recall_window_and_gender_rule(b: Backend) {
    for (minutes, same_gender_blocked) in [(2, true), (5, false)] {
        let app = spawn_with(Setup::new(b), |c| {
            c.chat.recall_minutes = minutes;
            c.chat.same_gender_blocked = same_gender_blocked;
        })
        .await;
        let tom = app.man("tom").await;
        let (user, token) = app.im_token(&tom).await;
        let query = format!(
            "?{}",
            serde_urlencoded::to_string([("user", &user), ("accessToken", &token)]).unwrap()
        );
        let mut im = app.open_im(&query, &[]).await.unwrap();
        let hello = im.next().await;
        assert_eq!(hello["type"], "hello", "{hello}");
        assert_eq!(hello["recallMinutes"], minutes, "{hello}");
        assert_eq!(hello["sameGenderBlocked"], same_gender_blocked, "{hello}");
    }
}

both_databases!(
    the_socket_needs_both_params_and_a_live_token,
    the_hello_gives_the_operators_recall_window_and_gender_rule,
    a_message_sent_over_rest_reaches_a_connected_recipient,
    a_send_frame_is_acknowledged_and_each_side_gets_the_message,
    an_ack_stands_for_the_own_copy_only_when_it_is_the_next_event,
    a_reconnecting_client_gets_exactly_what_it_missed,
    sequences_have_no_gaps_under_concurrent_senders,
    a_send_retried_while_on_its_way_is_stored_once,
    receipts_tell_the_sender_what_was_delivered_and_read,
    typing_reaches_the_other_side_and_is_not_stored,
    a_recall_reaches_both_and_replays_as_recalled,
    a_second_connection_replaces_the_first,
    a_password_change_or_account_deletion_closes_the_socket,
    after_logout_the_im_token_no_longer_connects,
    a_refused_send_answers_with_an_error_frame_in_my_language,
    the_app_language_named_when_connecting_outranks_the_browsers,
);
