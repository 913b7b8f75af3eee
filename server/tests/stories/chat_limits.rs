//! The chat socket's limits (docs/im-protocol.md, "Limits"): at most 100 ids a frame, a budget
//! of frames a second, frames of at most 64 KiB but for an image send, a peer that does
//! not read dropped after the write timeout, a reader too slow for its queue closed to resume,
//! and missed events replayed in pages, all of them, in order.

use std::time::Duration;

use crate::common::chat::{Ended, Im};
use crate::common::{spawn, spawn_with, Backend, Person, Setup, TestApp};
use serde_json::{json, Value};

/// Messages of 5 KB that fill what the kernel buffers between the server and a client that
/// does not read (about 2.7 MB on Linux's loopback), with room to spare.
const BIG: usize = 1200;

/// Long enough for a frame that should not come to show up if it were sent.
const SETTLE: Duration = Duration::from_millis(400);

async fn couple(app: &TestApp) -> (Person, Person) {
    (app.man("tom").await, app.woman("ana").await)
}

/// `n` texts of `len` characters from `from` to `to`, sent over `from`'s socket without waiting
/// for each ack (the server's frame budget must allow it): the acks' sequence numbers.
async fn flood(app: &TestApp, from: &Person, to: i64, n: usize, len: usize) -> Vec<i64> {
    let mut im = app.online(from, 0).await;
    let text = "x".repeat(len);
    for i in 0..n {
        im.send_text(&format!("f-{i}"), to, &text).await;
    }
    let mut acks = Vec::with_capacity(n);
    while acks.len() < n {
        let frame = im.next().await;
        if frame["type"] == "ack" {
            acks.push(frame["seq"].as_i64().unwrap());
        } else {
            assert_eq!(frame["type"], "event", "{frame}");
        }
    }
    im.close().await;
    acks
}

async fn a_frame_with_more_than_100_ids_is_refused(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let mut his = app.online(&tom, 0).await;
    let mut hers = app.online(&ana, 0).await;
    let sent = app.says(&tom, &ana, "hi").await;
    let id = sent["id"].as_i64().unwrap();
    his.next().await; // his own copy
    hers.next().await;

    let mut ids: Vec<i64> = (1_000_000..1_000_100).collect();
    ids.push(id);
    for frame in [
        json!({ "type": "delivered", "ids": ids }),
        json!({ "type": "read", "ids": ids }),
    ] {
        hers.send(frame).await;
        let answer = hers.next().await;
        assert_eq!(answer["type"], "error", "{answer}");
        assert_eq!(answer["code"], 400, "{answer}");
    }
    his.quiet(SETTLE).await;
    assert_eq!(app.unread(&ana).await, 1, "nothing was marked");

    // A hundred is fine.
    ids.remove(0);
    hers.send(json!({ "type": "read", "ids": ids })).await;
    let (_, receipt) = his.event().await;
    assert_eq!(receipt["kind"], "receipt", "{receipt}");
    assert_eq!(receipt["ids"], json!([id]));
    assert_eq!(app.unread(&ana).await, 0);
}

async fn frames_beyond_the_budget_are_refused_and_a_flood_closes_the_socket(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| {
        c.chat.frames_per_second = 2;
        c.chat.frame_burst = 10;
    })
    .await;
    let (tom, _) = couple(&app).await;
    let (mut im, _) = app.connect(&tom).await;
    for _ in 0..15 {
        im.send(json!({ "type": "ping" })).await;
    }
    let mut answers = Vec::new();
    for _ in 0..15 {
        answers.push(im.next().await);
    }
    let pongs = answers.iter().filter(|f| f["type"] == "pong").count();
    let refused: Vec<&Value> = answers.iter().filter(|f| f["type"] == "error").collect();
    assert!((10..=11).contains(&pongs), "{answers:?}");
    assert_eq!(pongs + refused.len(), 15, "{answers:?}");
    assert!(refused.iter().all(|f| f["code"] == 429), "{refused:?}");

    // The budget comes back with time.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    im.send(json!({ "type": "ping" })).await;
    assert_eq!(im.next().await["type"], "pong");

    // A client that goes on regardless is closed.
    for _ in 0..40 {
        im.send(json!({ "type": "ping" })).await;
    }
    let (frames, ended) = im.until_closed().await;
    assert_eq!(ended, Ended::Closed(Some(4429)), "{frames:?}");
    assert!(
        frames.iter().filter(|f| f["type"] == "pong").count() <= 11,
        "{frames:?}"
    );
}

async fn an_oversize_frame_closes_the_socket(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.make_member(&tom, 30).await;
    let big = "x".repeat(100 * 1024);

    // Only an image send may be larger than 64 KiB.
    for (who, to) in [(&ana, tom.id), (&tom, ana.id)] {
        let (mut im, _) = app.connect(who).await;
        im.send_text("big", to, &big).await;
        let (frames, ended) = im.until_closed().await;
        assert!(frames.is_empty(), "{frames:?}");
        assert_eq!(ended, Ended::Closed(Some(1009)));
    }
    assert_eq!(app.messages_stored().await, 0);

    // A picture may: a member's is stored, anyone else's refused as over REST.
    let picture =
        crate::common::images::data_url("image/png", &crate::common::images::noisy_png(400, 300));
    assert!(picture.len() > 100 * 1024);
    for (who, to, member) in [(&ana, tom.id, false), (&tom, ana.id, true)] {
        let (mut im, _) = app.connect(who).await;
        im.send(json!({
            "type": "send", "clientId": "pic", "to": to, "msgType": "img",
            "content": { "image": picture },
        }))
        .await;
        let answer = im.next().await;
        if member {
            assert_eq!(answer["type"], "ack", "{answer}");
        } else {
            assert_eq!(answer["data"]["upgrade"], true, "{answer}");
        }
    }
    assert_eq!(app.messages_stored().await, 1);

    // Beyond a picture's size the frame is not read at all.
    let (mut his, _) = app.connect(&tom).await;
    his.send_unchecked(json!({
        "type": "send", "clientId": "huge", "to": ana.id, "msgType": "img",
        "content": { "image": "x".repeat(14 * 1024 * 1024) },
    }))
    .await;
    let (frames, _) = his.until_closed().await;
    assert!(frames.is_empty(), "{frames:?}");
    assert_eq!(app.messages_stored().await, 1);
}

async fn a_peer_that_does_not_read_is_dropped_after_the_write_timeout(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| {
        c.chat.frame_burst = 10_000;
        c.chat.write_timeout_ms = 300;
    })
    .await;
    let (tom, ana) = couple(&app).await;
    flood(&app, &tom, ana.id, BIG, 5000).await;

    // She asks for all of it (6 MB) and reads nothing.
    let mut hers = stalled(&app, &ana).await;
    hers.resume(0).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(!app.app().hub.is_online(ana.id), "still connected");

    let (frames, ended) = hers.until_closed().await;
    assert_eq!(ended, Ended::Dropped);
    assert!(frames.len() < BIG, "{} frames", frames.len());
}

async fn a_reader_too_slow_for_its_queue_is_closed_and_resumes(b: Backend) {
    const MORE: usize = 50;
    let app = spawn_with(Setup::new(b), |c| {
        c.chat.frame_burst = 10_000;
        // Room enough for the sender's own copies while he floods (his connection drains its
        // queue between his frames), not for what she is sent while stuck.
        c.chat.outbound_queue = 32;
    })
    .await;
    let (tom, ana) = couple(&app).await;
    flood(&app, &tom, ana.id, BIG, 5000).await;
    let mut hers = stalled(&app, &ana).await;
    hers.resume(0).await;
    tokio::time::sleep(SETTLE).await;

    // Her connection is stuck writing; meanwhile more comes than its queue holds.
    for n in 0..MORE {
        app.says(&tom, &ana, &format!("more {n}")).await;
    }
    let (frames, ended) = hers.until_closed().await;
    assert_eq!(ended, Ended::Closed(Some(4008)));
    let mut seqs: Vec<i64> = frames
        .iter()
        .filter(|f| f["type"] == "event")
        .map(|f| f["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>());

    // Nothing is lost: she resumes from where she was.
    let mut hers = app.online(&ana, seqs.len() as i64).await;
    while seqs.len() < BIG + MORE {
        seqs.push(hers.event().await.0);
    }
    assert_eq!(seqs, (1..=(BIG + MORE) as i64).collect::<Vec<_>>());
    hers.quiet(SETTLE).await;
}

async fn a_resume_after_many_events_sends_them_all_in_order(b: Backend) {
    const MANY: usize = 1500;
    let app = spawn_with(Setup::new(b), |c| c.chat.frame_burst = 10_000).await;
    let (tom, ana) = couple(&app).await;
    flood(&app, &tom, ana.id, MANY, 20).await;

    let mut hers = app.online(&ana, 0).await;
    let mut seqs = Vec::with_capacity(MANY + 3);
    seqs.push(hers.event().await.0);
    // New messages while she catches up come after, once each.
    for n in 0..3 {
        app.says(&tom, &ana, &format!("new {n}")).await;
    }
    let mut last_text = String::new();
    while seqs.len() < MANY + 3 {
        let (seq, event) = hers.event().await;
        seqs.push(seq);
        last_text = event["message"]["content"]["text"]
            .as_str()
            .unwrap()
            .to_owned();
    }
    assert_eq!(seqs, (1..=(MANY + 3) as i64).collect::<Vec<_>>());
    assert_eq!(last_text, "new 2");
    hers.quiet(SETTLE).await;
}

/// Connects `who` over a socket whose receive buffer is small, and reads the hello: a client
/// that then reads nothing stops the server's writes soon.
async fn stalled(app: &TestApp, who: &Person) -> Im {
    let (user, token) = app.im_token(who).await;
    let query = format!(
        "?{}",
        serde_urlencoded::to_string([("user", user.as_str()), ("accessToken", token.as_str())])
            .unwrap()
    );
    let mut im = crate::common::chat::open_im_small(&app.base, &query).await;
    assert_eq!(im.next().await["type"], "hello");
    im
}

both_databases!(
    a_frame_with_more_than_100_ids_is_refused,
    frames_beyond_the_budget_are_refused_and_a_flood_closes_the_socket,
    an_oversize_frame_closes_the_socket,
    a_peer_that_does_not_read_is_dropped_after_the_write_timeout,
    a_reader_too_slow_for_its_queue_is_closed_and_resumes,
    a_resume_after_many_events_sends_them_all_in_order,
);
