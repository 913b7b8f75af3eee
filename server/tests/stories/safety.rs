//! Trust & safety, each rule at its threshold and just below it, with the default settings:
//! a risky first message (a link, a phone number, an email address, a money request) is
//! delivered marked with a caution and queued for staff, a later one never is; three people
//! reporting someone within a week hide them from discover until staff close the reports; a new
//! account starts at most 20 conversations a day; the same long text to a tenth person within an
//! hour is held as spam until staff decide.

use crate::common::chat::Im;
use crate::common::people::DISCOVER;
use crate::common::staff::{has_fields, ids_of, HELD_AS_SPAM, NEW_CONVERSATIONS_CAP, RANDOM};
use crate::common::{spawn, spawn_with, Backend, Person, Setup, TestApp};
use chrono::Duration;
use serde_json::{json, Value};

/// `n` women named `{prefix}{i}`.
async fn women(app: &TestApp, prefix: &str, n: usize) -> Vec<Person> {
    let mut all = Vec::with_capacity(n);
    for i in 0..n {
        all.push(app.woman(&format!("{prefix}{i}")).await);
    }
    all
}

/// The messages waiting in the review queue.
async fn held(app: &TestApp, staff: &Person) -> Vec<Value> {
    app.review_queue(staff).await["messages"]
        .as_array()
        .unwrap()
        .clone()
}

/// A first message with a link, a phone number, an email address or a money request is
/// delivered with `caution` in its content, for both sides, and queued for staff.
async fn a_risky_first_message_is_delivered_with_a_caution(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let tom = app.man("tom").await;
    let cases = [
        ("Find me on https://tom.example.org/me", "link"),
        ("see you at www.tomsplace.net", "link"),
        ("add me on tomchat.com", "link"),
        ("Call me: +34 (600) 12-34-56", "phone"),
        ("my number 600.123.456", "phone"),
        ("Write to tom.smith@mail.example", "email"),
        ("Could you buy me a Gift Card?", "money"),
        ("I only take BITCOIN", "money"),
        ("just venmo me", "money"),
        ("Please WESTERN UNION", "money"),
    ];
    let them = women(&app, "w", cases.len()).await;

    for ((text, reason), her) in cases.iter().zip(&them) {
        let sent = app.says(&tom, her, text).await;
        assert_eq!(
            sent["content"],
            json!({ "text": text, "caution": reason }),
            "as tom sent it"
        );
        let hers = app.conversation(her, tom.id).await;
        assert_eq!(hers.len(), 1, "{text} was not delivered");
        assert_eq!(hers[0]["id"], sent["id"]);
        assert_eq!(
            hers[0]["content"],
            json!({ "text": text, "caution": reason }),
            "as {} received it",
            her.user_name
        );
        assert_eq!(app.unread(her).await, 1);
    }

    let queue = app.review_queue(&sam).await;
    assert_eq!(queue["counts"]["messages"], cases.len());
    let items = queue["messages"].as_array().unwrap();
    assert_eq!(items.len(), cases.len());
    for ((text, reason), her) in cases.iter().zip(&them) {
        let item = items
            .iter()
            .find(|m| m["recipientId"] == her.id)
            .unwrap_or_else(|| panic!("{text} is not in the queue: {queue}"));
        has_fields(
            item,
            &[
                "id",
                "kind",
                "senderId",
                "senderName",
                "recipientId",
                "recipientName",
                "text",
                "reason",
                "createdAt",
            ],
        );
        assert_eq!(item["kind"], "caution");
        assert_eq!(item["reason"], *reason, "{text}");
        assert_eq!(item["text"], *text);
        assert_eq!(item["senderId"], tom.id);
        assert_eq!(item["senderName"], "tom");
        assert_eq!(item["recipientName"], her.user_name.as_str());
    }
}

/// Only the first message between two people is marked: the same text later in a conversation
/// is delivered plain, whoever wrote first.
async fn a_later_message_is_never_marked(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let tom = app.man("tom").await;
    let ana = app.woman("ana").await;
    let bea = app.woman("bea").await;
    let risky = "Call me: +34 600 123 456";

    let first = app.says(&tom, &ana, risky).await;
    assert_eq!(first["content"]["caution"], "phone");
    let second = app.says(&tom, &ana, risky).await;
    assert_eq!(second["content"], json!({ "text": risky }));
    let third = app.says(&tom, &ana, "or mail me at tom@example.com").await;
    assert_eq!(third["content"].get("caution"), None, "{third}");

    // Bea wrote first: tom's risky answer is no first message.
    app.says(&bea, &tom, "Hello Tom").await;
    let answer = app.says(&tom, &bea, risky).await;
    assert_eq!(answer["content"], json!({ "text": risky }));
    let seen = app.conversation(&bea, tom.id).await;
    assert_eq!(seen[0]["content"], json!({ "text": risky }));

    assert_eq!(held(&app, &sam).await.len(), 1, "only the first is queued");
}

/// A first message with none of these is delivered plain and queued nowhere, short numbers and
/// dotted words included.
async fn a_plain_first_message_is_not_marked(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let tom = app.man("tom").await;
    let texts = [
        "Hi Ana, how are you?",
        "I was born in 1995 and love 80s films",
        "Room 123456 at the hotel",
        "Money is not everything... right?",
        "I like cash and cards... games",
    ];
    let them = women(&app, "w", texts.len()).await;
    for (text, her) in texts.iter().zip(&them) {
        let sent = app.says(&tom, her, text).await;
        assert_eq!(sent["content"], json!({ "text": text }), "{text}");
        let seen = app.conversation(her, tom.id).await;
        assert_eq!(seen[0]["content"], json!({ "text": text }), "{text}");
    }
    assert_eq!(held(&app, &sam).await, Vec::<Value>::new());
    assert_eq!(app.review_queue(&sam).await["counts"]["messages"], 0);
}

/// Two people reporting someone, even one of them three times, do not hide him; a third person
/// does, from discover and the random sidekick; he comes back when staff have dismissed every
/// open report against him.
async fn three_reporters_hide_a_person_until_staff_dismiss_their_reports(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let (cleo, dora, eva) = (
        app.woman("cleo").await,
        app.woman("dora").await,
        app.woman("eva").await,
    );
    let reports = [
        app.reports(&cleo, &bob, "spam").await,
        app.reports(&dora, &bob, "scam").await,
        app.reports(&dora, &bob, "harassment").await,
        app.reports(&dora, &bob, "other").await,
    ];
    assert_eq!(app.discovered(&ana, "").await, vec![bob.id]);
    assert_eq!(
        app.get(RANDOM, Some(&ana.token)).await.ok()["userId"],
        bob.id
    );
    assert_eq!(app.user_page(&sam, bob.id).await["held"], false);

    let third = app.reports(&eva, &bob, "fake_profile").await;
    assert_eq!(app.discovered(&ana, "").await, Vec::<i64>::new());
    assert_eq!(app.get(DISCOVER, Some(&ana.token)).await.ok()["total"], 0);
    assert_eq!(app.get(RANDOM, Some(&ana.token)).await.ok(), Value::Null);
    assert_eq!(app.user_page(&sam, bob.id).await["held"], true);
    let (open, _) = app.report_queue(&sam, "open").await;
    assert!(open.iter().all(|r| r["target"]["held"] == true), "{open:?}");

    // Hidden while any report stays open.
    let all: Vec<i64> = reports.iter().copied().chain([third]).collect();
    for id in &all[..all.len() - 1] {
        app.close_report(&sam, *id, json!({ "action": "dismiss" }))
            .await
            .ok();
        assert_eq!(app.discovered(&ana, "").await, Vec::<i64>::new());
    }
    app.close_report(&sam, third, json!({ "action": "dismiss" }))
        .await
        .ok();
    assert_eq!(app.discovered(&ana, "").await, vec![bob.id]);
    assert_eq!(
        app.get(RANDOM, Some(&ana.token)).await.ok()["userId"],
        bob.id
    );
    assert_eq!(app.user_page(&sam, bob.id).await["held"], false);
}

/// The hold counts reporters of the last 7 days: a report older than that does not make the
/// third.
async fn reports_older_than_a_week_do_not_hold(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let (cleo, dora, eva) = (
        app.woman("cleo").await,
        app.woman("dora").await,
        app.woman("eva").await,
    );
    app.reports(&cleo, &bob, "spam").await;
    app.clock().advance(Duration::days(8));
    app.reports(&dora, &bob, "spam").await;
    app.reports(&eva, &bob, "spam").await;
    assert_eq!(app.discovered(&ana, "").await, vec![bob.id]);
}

/// Removing a held person's content closes the report and, with none left open, lifts the
/// hold; banning keeps them out of discover anyway.
async fn removing_lifts_the_hold_and_banning_keeps_the_person_out(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let dan = app.man("dan").await;
    let reporters = women(&app, "r", 3).await;
    let mut against_bob = Vec::new();
    for her in &reporters {
        against_bob.push(app.reports(her, &bob, "spam").await);
        app.reports(her, &dan, "spam").await;
    }
    assert_eq!(app.discovered(&ana, "").await, Vec::<i64>::new());

    app.close_report(&sam, against_bob[0], json!({ "action": "remove" }))
        .await
        .ok();
    assert_eq!(
        app.discovered(&ana, "").await,
        Vec::<i64>::new(),
        "two still open"
    );
    for id in &against_bob[1..] {
        app.close_report(&sam, *id, json!({ "action": "remove" }))
            .await
            .ok();
    }
    assert_eq!(app.discovered(&ana, "").await, vec![bob.id]);

    let (open, _) = app.report_queue(&sam, "open").await;
    app.close_report(
        &sam,
        open[0]["id"].as_i64().unwrap(),
        json!({ "action": "ban" }),
    )
    .await
    .ok();
    assert_eq!(app.report_queue(&sam, "open").await.1, 0);
    assert_eq!(app.discovered(&ana, "").await, vec![bob.id]);
}

/// A new account starts 20 conversations a day; the 21st is refused with 429 and stores
/// nothing, while conversations already started go on, and so does an answer to someone who
/// wrote first. The next UTC day it starts 20 more.
async fn a_new_account_starts_at_most_20_conversations_a_day(b: Backend) {
    let app = spawn(b).await;
    app.to_noon();
    let tom = app.man("tom").await;
    let them = women(&app, "w", 23).await;
    let (first_twenty, rest) = them.split_at(20);

    for her in first_twenty {
        app.says(&tom, her, "Hi there").await;
    }
    let stored = app.messages_stored().await;
    let reply = app.send_msg(&tom, rest[0].id, "Hi there").await;
    reply.fails(429, NEW_CONVERSATIONS_CAP);
    assert_eq!(app.messages_stored().await, stored);
    assert_eq!(
        app.conversation(&rest[0], tom.id).await,
        Vec::<Value>::new()
    );

    // Conversations already started go on; an answer starts nothing.
    for her in first_twenty.iter().take(3) {
        app.says(&tom, her, "How was your day?").await;
        app.says(her, &tom, "Good!").await;
        app.says(&tom, her, "Glad to hear").await;
    }
    app.says(&rest[1], &tom, "Hello Tom").await;
    app.says(&tom, &rest[1], "Hello to you").await;
    app.send_msg(&tom, rest[2].id, "Hi there")
        .await
        .fails(429, NEW_CONVERSATIONS_CAP);

    // Tomorrow (UTC) he starts again.
    app.clock().advance(Duration::days(1));
    app.says(&tom, &rest[0], "Hi there").await;
    app.says(&tom, &rest[2], "Hi there").await;
}

/// Only accounts younger than 7 days are capped: an account of 8 days starts as many
/// conversations as it likes, while one of 6 days is still capped.
async fn an_account_older_than_a_week_is_not_capped(b: Backend) {
    let app = spawn(b).await;
    app.to_noon();
    let old = app.man("old").await;
    app.clock().advance(Duration::days(2));
    let young = app.man("young").await;
    app.clock().advance(Duration::days(6));
    let them = women(&app, "w", 22).await;

    for her in &them {
        app.says(&old, her, "Hi there").await;
    }
    for her in &them[..20] {
        app.says(&young, her, "Hello").await;
    }
    app.send_msg(&young, them[20].id, "Hello")
        .await
        .fails(429, NEW_CONVERSATIONS_CAP);
}

/// A text of at least 20 characters: the same to 9 people within an hour is delivered, the
/// 10th and every later one is held for review (403) and not delivered, whatever its case and
/// spacing; staff approving it delivers it, rejecting it discards it.
async fn the_same_text_to_a_tenth_person_is_held_as_spam(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let tom = app.man("tom").await;
    let them = women(&app, "w", 12).await;
    let text = "Hello beautiful, would you like to chat with me tonight?";
    let variants = [
        text.to_owned(),
        text.to_uppercase(),
        format!("  {}  ", text.replace(' ', "   ")),
    ];

    for (i, her) in them[..9].iter().enumerate() {
        let sent = app.says(&tom, her, &variants[i % 3]).await;
        assert_eq!(sent["content"].get("caution"), None);
        assert_eq!(app.conversation(her, tom.id).await.len(), 1);
    }
    let stored = app.messages_stored().await;
    let mut hers = app.online(&them[9], 0).await;
    app.send_msg(&tom, them[9].id, &variants[1])
        .await
        .fails(403, HELD_AS_SPAM);
    app.send_msg(&tom, them[10].id, text)
        .await
        .fails(403, HELD_AS_SPAM);
    assert_eq!(app.messages_stored().await, stored);
    for her in &them[9..11] {
        assert_eq!(app.conversation(her, tom.id).await, Vec::<Value>::new());
        assert_eq!(app.unread(her).await, 0);
    }
    hers.quiet(std::time::Duration::from_millis(500)).await;

    let items = held(&app, &sam).await;
    assert_eq!(items.len(), 2, "{items:?}");
    for item in &items {
        assert_eq!(item["kind"], "spam");
        assert_eq!(item["reason"], "repeated");
        assert_eq!(item["senderId"], tom.id);
    }
    let item_of = |her: &Person| {
        items
            .iter()
            .find(|m| m["recipientId"] == her.id)
            .unwrap_or_else(|| panic!("nothing held for {}: {items:?}", her.user_name))["id"]
            .as_i64()
            .unwrap()
    };
    let (to_tenth, to_eleventh) = (item_of(&them[9]), item_of(&them[10]));

    // Approved: delivered now, as if just sent.
    app.decides(&sam, "message", to_tenth, "approve").await;
    let seen = app.conversation(&them[9], tom.id).await;
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["content"]["text"], variants[1].as_str());
    assert_eq!(app.unread(&them[9]).await, 1);
    let (_, event) = hers.event().await;
    assert_eq!(event["kind"], "message", "{event}");
    assert_eq!(event["message"]["content"]["text"], variants[1].as_str());
    assert_eq!(
        app.conversation(&tom, them[9].id).await.len(),
        1,
        "tom sees it sent"
    );

    // Rejected: discarded.
    app.decides(&sam, "message", to_eleventh, "reject").await;
    assert_eq!(
        app.conversation(&them[10], tom.id).await,
        Vec::<Value>::new()
    );
    assert_eq!(held(&app, &sam).await, Vec::<Value>::new());
    assert_eq!(ids_of(&held(&app, &sam).await), Vec::<i64>::new());

    // Another text goes to anyone; within the hour, the same one is still held.
    app.says(&tom, &them[11], "Something else entirely, just for you")
        .await;
    app.send_msg(&tom, them[11].id, text)
        .await
        .fails(403, HELD_AS_SPAM);
}

/// Below 20 characters a text is no spam however often it is sent; a text held for one person
/// does not hold a different text.
async fn a_short_text_to_many_people_is_not_held(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let tom = app.man("tom").await;
    let them = women(&app, "w", 12).await;
    let short = "Hello there, lovely"; // 19 characters
    assert_eq!(short.chars().count(), 19);
    for her in &them {
        app.says(&tom, her, short).await;
    }
    assert_eq!(held(&app, &sam).await, Vec::<Value>::new());
}

/// The window is an hour: the same text to a tenth person an hour after the first nine is
/// delivered.
async fn the_repeated_text_window_is_an_hour(b: Backend) {
    let app = spawn(b).await;
    let tom = app.man("tom").await;
    let them = women(&app, "w", 10).await;
    let text = "Hello beautiful, would you like to chat with me tonight?";
    for her in &them[..9] {
        app.says(&tom, her, text).await;
    }
    app.clock().advance(Duration::minutes(61));
    app.says(&tom, &them[9], text).await;
}

/// Staff are no senders the rules hold back: the same text to ten people, a link first, all
/// delivered plain.
async fn staff_are_exempt_as_senders(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    // Staff are women here (the registration's own gender): they write to men.
    let men: Vec<Person> = {
        let mut all = Vec::new();
        for i in 0..11 {
            all.push(app.man(&format!("m{i}")).await);
        }
        all
    };
    let text = "Welcome to Amora! Read our tips at https://amora.example/safety";
    for him in &men {
        let sent = app.says(&sam, him, text).await;
        assert_eq!(sent["content"], json!({ "text": text }));
    }
    assert_eq!(held(&app, &sam).await, Vec::<Value>::new());
}

/// The answer to a send frame: its ack or its error.
async fn answer(im: &mut Im) -> Value {
    let frame = im.next().await;
    assert!(
        frame["type"] == "ack" || frame["type"] == "error",
        "expected an answer, got {frame}"
    );
    frame
}

/// The rules hold for sends over the chat socket as over REST: a caution on a risky first
/// message, the new conversations cap and the spam hold, answered as error frames.
async fn the_rules_hold_on_the_chat_socket_too(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    app.to_noon();
    let old = app.man("old").await;
    app.clock().advance(Duration::days(8));
    let tom = app.man("tom").await;
    let them = women(&app, "w", 21).await;
    let mut his = app.online(&tom, 0).await;

    let risky = "Find me on https://tom.example.org";
    his.send_text("c-0", them[0].id, risky).await;
    let ack = answer(&mut his).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    assert_eq!(
        ack["message"]["content"],
        json!({ "text": risky, "caution": "link" })
    );
    for (i, her) in them.iter().enumerate().take(20).skip(1) {
        his.send_text(&format!("c-{i}"), her.id, "Hi").await;
        assert_eq!(answer(&mut his).await["type"], "ack");
    }
    let stored = app.messages_stored().await;
    his.send_text("c-20", them[20].id, "Hi").await;
    assert_eq!(
        answer(&mut his).await,
        json!({
            "type": "error", "clientId": "c-20", "code": 429,
            "msg": NEW_CONVERSATIONS_CAP, "data": null,
        })
    );
    assert_eq!(app.messages_stored().await, stored);

    let mut spammer = app.online(&old, 0).await;
    let text = "Hello beautiful, would you like to chat with me tonight?";
    for (i, her) in them.iter().enumerate().take(9) {
        spammer.send_text(&format!("s-{i}"), her.id, text).await;
        assert_eq!(answer(&mut spammer).await["type"], "ack");
    }
    spammer.send_text("s-9", them[9].id, text).await;
    assert_eq!(
        answer(&mut spammer).await,
        json!({
            "type": "error", "clientId": "s-9", "code": 403,
            "msg": HELD_AS_SPAM, "data": null,
        })
    );
    assert_eq!(app.conversation(&them[9], old.id).await.len(), 0);
    let items = held(&app, &sam).await;
    let kinds: Vec<(&Value, &Value)> = items.iter().map(|m| (&m["kind"], &m["senderId"])).collect();
    assert!(
        kinds.contains(&(&json!("caution"), &json!(tom.id))),
        "{items:?}"
    );
    assert!(
        kinds.contains(&(&json!("spam"), &json!(old.id))),
        "{items:?}"
    );
}

/// The thresholds are the operator's: with two reporters, two conversations a day and three
/// people, each rule fires there.
async fn the_thresholds_follow_the_configuration(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| {
        c.safety.report_hold_reporters = 2;
        c.safety.new_conversations_per_day = 2;
        c.safety.repeat_text_people = 3;
    })
    .await;
    app.to_noon();
    let old = app.man("old").await;
    app.clock().advance(Duration::days(8));
    let ana = app.woman("ana").await;
    let tom = app.man("tom").await;
    let them = women(&app, "w", 3).await;

    app.reports(&them[0], &old, "spam").await;
    assert_eq!(app.discovered(&ana, "").await.len(), 2);
    app.reports(&them[1], &old, "spam").await;
    assert_eq!(app.discovered(&ana, "").await, vec![tom.id]);

    app.says(&tom, &them[0], "Hi").await;
    app.says(&tom, &them[1], "Hi").await;
    app.send_msg(&tom, them[2].id, "Hi")
        .await
        .fails(429, NEW_CONVERSATIONS_CAP);

    let text = "Hello beautiful, would you like to chat with me tonight?";
    app.says(&old, &them[0], text).await;
    app.says(&old, &them[1], text).await;
    app.send_msg(&old, them[2].id, text)
        .await
        .fails(403, HELD_AS_SPAM);
}

/// The rules read every message that carries words, not only texts: a custom message's
/// strings. A risky first one comes with a caution; the same one to a tenth person is held and,
/// released by staff, delivered as the custom message it was.
async fn every_message_with_words_is_read_by_the_rules(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let tom = app.man("tom").await;
    let them = women(&app, "w", 11).await;
    let risky = json!({ "title": "My page", "body": ["see", "https://tom.example.org/me"] });
    let sent = app
        .send_content(&tom, them[0].id, "custom", risky, None)
        .await
        .ok();
    assert_eq!(sent["message"]["content"]["caution"], "link", "{sent}");
    let card = json!({ "title": "Hello beautiful, would you like to chat with me tonight?" });
    for her in &them[1..10] {
        app.send_content(&tom, her.id, "custom", card.clone(), None)
            .await
            .ok();
    }
    let stored = app.messages_stored().await;
    app.send_content(&tom, them[10].id, "custom", card.clone(), None)
        .await
        .fails(403, HELD_AS_SPAM);
    assert_eq!(app.messages_stored().await, stored);
    let items = held(&app, &sam).await;
    let item = items
        .iter()
        .find(|m| m["kind"] == "spam")
        .unwrap_or_else(|| panic!("nothing held: {items:?}"));
    assert_eq!(item["recipientId"], them[10].id);
    app.decides(&sam, "message", item["id"].as_i64().unwrap(), "approve")
        .await;
    let seen = app.conversation(&them[10], tom.id).await;
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["type"], "custom", "{seen:?}");
    assert_eq!(seen[0]["content"], card);
}

both_databases!(
    the_rules_hold_on_the_chat_socket_too,
    the_thresholds_follow_the_configuration,
    a_risky_first_message_is_delivered_with_a_caution,
    a_later_message_is_never_marked,
    a_plain_first_message_is_not_marked,
    three_reporters_hide_a_person_until_staff_dismiss_their_reports,
    reports_older_than_a_week_do_not_hold,
    removing_lifts_the_hold_and_banning_keeps_the_person_out,
    a_new_account_starts_at_most_20_conversations_a_day,
    an_account_older_than_a_week_is_not_capped,
    the_same_text_to_a_tenth_person_is_held_as_spam,
    every_message_with_words_is_read_by_the_rules,
    a_short_text_to_many_people_is_not_held,
    the_repeated_text_window_is_an_hour,
    staff_are_exempt_as_senders,
);
