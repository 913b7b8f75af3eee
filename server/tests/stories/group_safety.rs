//! Trust & safety in group chats: a member reports the group (its owner answers for it) or a
//! message in it (its sender does), staff read the group's lines beside the report and close the
//! group or take the message down; a text repeated in group after group is held like one sent to
//! person after person, a risky first message in a group carries a caution, and a new account
//! putting people it never talked to in groups starts conversations with them, within its cap.

use serde_json::{json, Value};

use crate::chat_groups::{friends, history, lines, make, matched, say, ENDED, GROUPS};
use crate::common::staff::{HELD_AS_SPAM, NEW_CONVERSATIONS_CAP, NOT_FOUND};
use crate::common::{spawn, Backend, Person, TestApp};

const REASON: &str = "Please choose a reason for the report";
const YOURSELF: &str = "You cannot do this to yourself";

async fn report(app: &TestApp, who: &Person, group: i64, body: Value) -> crate::common::Reply {
    app.post(&format!("{GROUPS}/{group}/report"), Some(&who.token), body)
        .await
}

/// The newest report `who` filed.
async fn last_report(app: &TestApp, who: &Person) -> i64 {
    app.scalar(&format!(
        "SELECT MAX(id) FROM reports WHERE reporter_id = {}",
        who.id
    ))
    .await
}

/// Ana reports Carlos's message in Yuki's group, then the group itself: the first report is
/// Carlos's to answer, the second Yuki's, and staff see the group's lines with each. Someone who
/// was never in the group, a message not shown to the reporter, her own message or no reason
/// file nothing.
async fn a_group_or_a_message_in_it_is_reported(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let (yuki, carlos, ana) = friends(&app).await;
    let stranger = app.man("stranger").await;
    let group = make(&app, &yuki, "Hikers", &[&carlos, &ana]).await;
    let id = group["id"].as_i64().unwrap();
    say(&app, &yuki, id, "Welcome everyone").await.ok();
    let rude = say(&app, &carlos, id, "You are all idiots").await.ok()["message"]["id"]
        .as_i64()
        .unwrap();
    let mine = say(&app, &ana, id, "Please be kind").await.ok()["message"]["id"]
        .as_i64()
        .unwrap();
    say(&app, &carlos, id, "Later message").await.ok();

    let before = app.count("reports").await;
    report(&app, &stranger, id, json!({ "reason": "harassment" }))
        .await
        .fails(404, NOT_FOUND);
    report(&app, &ana, id + 1000, json!({ "reason": "harassment" }))
        .await
        .fails(404, NOT_FOUND);
    report(
        &app,
        &ana,
        id,
        json!({ "reason": "harassment", "messageId": rude + 1000 }),
    )
    .await
    .fails(404, NOT_FOUND);
    report(
        &app,
        &ana,
        id,
        json!({ "reason": "harassment", "messageId": mine }),
    )
    .await
    .fails(400, YOURSELF);
    report(
        &app,
        &ana,
        id,
        json!({ "reason": "because", "messageId": rude }),
    )
    .await
    .fails(400, REASON);
    report(&app, &yuki, id, json!({ "reason": "spam" }))
        .await
        .fails(400, YOURSELF);
    assert_eq!(app.count("reports").await, before);

    report(
        &app,
        &ana,
        id,
        json!({ "reason": "harassment", "content": "He insults us", "messageId": rude }),
    )
    .await
    .ok();
    let about_message = last_report(&app, &ana).await;
    let page = app.report_page(&sam, about_message).await.ok();
    assert_eq!(page["target"]["userId"], carlos.id);
    assert_eq!(page["reporter"]["userId"], ana.id);
    assert_eq!(
        page["group"],
        json!({ "id": id, "name": "Hikers", "ended": false })
    );
    assert_eq!(page["messageId"], rude);
    // The group's lines up to the reported message, newest first.
    let shown: Vec<Value> = page["groupLines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| json!([l["kind"], l["senderName"], l["content"]["text"]]))
        .collect();
    assert_eq!(
        shown,
        vec![
            json!(["message", carlos.user_name, "You are all idiots"]),
            json!(["message", yuki.user_name, "Welcome everyone"]),
            json!(["system", yuki.user_name, null]),
        ]
    );

    report(&app, &ana, id, json!({ "reason": "inappropriate_content" }))
        .await
        .ok();
    let about_group = last_report(&app, &ana).await;
    let page = app.report_page(&sam, about_group).await.ok();
    assert_eq!(page["target"]["userId"], yuki.id);
    assert_eq!(page["messageId"], Value::Null);
    assert_eq!(page["groupLines"].as_array().unwrap().len(), 5);
    assert_eq!(page["groupLines"][0]["content"]["text"], "Later message");
    let (open, _) = app.report_queue(&sam, "open").await;
    let queued = open.iter().find(|r| r["id"] == about_group).unwrap();
    assert_eq!(queued["group"]["name"], "Hikers");

    // Someone removed may still report what they were shown.
    app.call(
        "DELETE",
        &format!("{GROUPS}/{id}/members/{}", ana.id),
        Some(&yuki.token),
        crate::common::Body::None,
    )
    .await
    .ok();
    report(
        &app,
        &ana,
        id,
        json!({ "reason": "harassment", "messageId": rude }),
    )
    .await
    .ok();
}

/// Staff "remove" on a report of a message takes that message down for every member; on a
/// report of the group, closes the group: every member is told, and nothing more is sent.
async fn staff_take_a_message_down_or_close_the_group(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let (yuki, carlos, ana) = friends(&app).await;
    let group = make(&app, &yuki, "Hikers", &[&carlos, &ana]).await;
    let id = group["id"].as_i64().unwrap();
    let rude = say(&app, &carlos, id, "You are all idiots").await.ok()["message"]["id"]
        .as_i64()
        .unwrap();
    say(&app, &carlos, id, "Sorry").await.ok();

    report(
        &app,
        &ana,
        id,
        json!({ "reason": "harassment", "messageId": rude }),
    )
    .await
    .ok();
    let about_message = last_report(&app, &ana).await;
    app.close_report(&sam, about_message, json!({ "action": "remove" }))
        .await
        .ok();
    for who in [&yuki, &carlos, &ana] {
        let seen = history(&app, who, id).await;
        let taken = seen.iter().find(|m| m["id"] == rude).unwrap();
        assert_eq!(taken["content"], Value::Null, "{taken}");
        assert!(seen.iter().any(|m| m["content"]["text"] == "Sorry"));
    }
    // Carlos is not banned, and the group goes on.
    say(&app, &carlos, id, "Still here").await.ok();

    report(&app, &ana, id, json!({ "reason": "inappropriate_content" }))
        .await
        .ok();
    let about_group = last_report(&app, &ana).await;
    app.close_report(&sam, about_group, json!({ "action": "remove" }))
        .await
        .ok();
    for who in [&yuki, &carlos, &ana] {
        assert_eq!(lines(&app, who, id).await.last().unwrap(), "closed");
        say(&app, who, id, "Anyone?").await.fails(403, ENDED);
    }
    let page = app.report_page(&sam, about_group).await.ok();
    assert_eq!(page["group"]["ended"], true);
    assert_eq!(page["status"], "closed");
    let group = app
        .get(&format!("{GROUPS}/{id}"), Some(&yuki.token))
        .await
        .ok();
    assert_eq!(group["ended"], true, "{group}");
    let audit = app
        .audit(&sam, &format!("targetKind=group&targetId={id}"))
        .await;
    let actions: Vec<&str> = audit
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["group.close", "group.remove_message"]);
}

/// The same long text in group after group counts as it would person after person: with the
/// default threshold (ten places within an hour) the tenth place, a group, is refused and held;
/// staff approving it deliver it into the group.
async fn a_text_repeated_in_groups_is_held_as_spam(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let tom = app.man("tom").await;
    let text = "Hello beautiful, would you like to chat with me tonight?";
    let mut women = Vec::new();
    for i in 0..7 {
        let her = app.woman(&format!("w{i}")).await;
        app.says(&her, &tom, "hi tom").await;
        women.push(her);
    }
    // Three groups of his, each with two of the women.
    let mut groups = Vec::new();
    for pair in women[1..].chunks(2) {
        let g = make(&app, &tom, "Chat", &[&pair[0], &pair[1]]).await;
        groups.push(g["id"].as_i64().unwrap());
    }
    // Seven people, then two groups: nine places.
    for her in &women {
        app.says(&tom, her, text).await;
    }
    for g in &groups[..2] {
        say(&app, &tom, *g, text).await.ok();
    }
    let before = history(&app, &women[5], groups[2]).await.len();
    say(&app, &tom, groups[2], text)
        .await
        .fails(403, HELD_AS_SPAM);
    assert_eq!(history(&app, &women[5], groups[2]).await.len(), before);

    let held = app.review_queue(&sam).await["messages"].clone();
    let item = held
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["groupId"] == groups[2])
        .unwrap_or_else(|| panic!("nothing held for the group: {held}"))
        .clone();
    assert_eq!(item["kind"], "spam");
    assert_eq!(item["recipientId"], Value::Null);
    assert_eq!(item["groupName"], "Chat");
    assert_eq!(item["text"], text);
    app.decides(&sam, "message", item["id"].as_i64().unwrap(), "approve")
        .await;
    let after = history(&app, &women[5], groups[2]).await;
    assert_eq!(after.len(), before + 1);
    assert_eq!(after.last().unwrap()["content"]["text"], text);
    assert_eq!(after.last().unwrap()["from"], tom.id);
}

/// My first message in a group with a link (or a phone number, an email address, a request for
/// money) carries a caution and is queued for staff; my later ones do not. Staff rejecting it
/// take it down for everyone.
async fn a_risky_first_message_in_a_group_carries_a_caution(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let (yuki, carlos, ana) = friends(&app).await;
    let group = make(&app, &yuki, "Hikers", &[&carlos, &ana]).await;
    let id = group["id"].as_i64().unwrap();

    let first = say(&app, &carlos, id, "Photos at www.carlos-pics.net")
        .await
        .ok()["message"]
        .clone();
    assert_eq!(first["content"]["caution"], "link");
    let later = say(&app, &carlos, id, "More at www.carlos-pics.net")
        .await
        .ok()["message"]
        .clone();
    assert_eq!(later["content"].get("caution"), None);
    let seen = history(&app, &ana, id).await;
    let hers = seen.iter().find(|m| m["id"] == first["id"]).unwrap();
    assert_eq!(hers["content"]["caution"], "link");

    let queue = app.review_queue(&sam).await["messages"].clone();
    let items: Vec<&Value> = queue
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["groupId"] == id)
        .collect();
    assert_eq!(items.len(), 1, "{queue}");
    assert_eq!(items[0]["kind"], "caution");
    assert_eq!(items[0]["reason"], "link");
    assert_eq!(items[0]["senderId"], carlos.id);
    app.decides(&sam, "message", items[0]["id"].as_i64().unwrap(), "reject")
        .await;
    let seen = history(&app, &ana, id).await;
    let taken = seen.iter().find(|m| m["id"] == first["id"]).unwrap();
    assert_eq!(taken["content"], Value::Null, "{taken}");
}

/// A new account may put only so many people it never talked to in groups a day: each is a
/// conversation started, counted with its one-to-one ones (20 a day). Past the cap the change is
/// refused and nothing changes; people it talked to are not counted.
async fn a_new_account_putting_strangers_in_groups_counts_toward_its_cap(b: Backend) {
    let app = spawn(b).await;
    app.to_noon();
    let tom = app.man("tom").await;
    let mut matches = Vec::new();
    for i in 0..22 {
        let her = app.woman(&format!("m{i}")).await;
        matched(&app, &tom, &her).await;
        matches.push(her);
    }
    let talked = app.woman("talked").await;
    app.says(&talked, &tom, "hi").await;
    app.says(&tom, &talked, "hello").await;

    // Fifteen matches he never wrote to, and one he talks to: fifteen conversations.
    let mut first: Vec<&Person> = matches[..15].iter().collect();
    first.push(&talked);
    let group = make(&app, &tom, "Big", &first).await;
    let id = group["id"].as_i64().unwrap();
    // Six more would make 21.
    let six: Vec<i64> = matches[15..21].iter().map(|p| p.id).collect();
    let members = format!("{GROUPS}/{id}/members");
    app.post(&members, Some(&tom.token), json!({ "userIds": six }))
        .await
        .fails(429, NEW_CONVERSATIONS_CAP);
    let group = app
        .get(&format!("{GROUPS}/{id}"), Some(&tom.token))
        .await
        .ok();
    assert_eq!(group["members"].as_array().unwrap().len(), 17);
    // Five make 20, the cap.
    app.post(&members, Some(&tom.token), json!({ "userIds": &six[..5] }))
        .await
        .ok();
    app.send_msg(&tom, matches[21].id, "Hi there")
        .await
        .fails(429, NEW_CONVERSATIONS_CAP);
    make_fails(&app, &tom, &[&matches[21]]).await;
}

async fn make_fails(app: &TestApp, owner: &Person, people: &[&Person]) {
    let ids: Vec<i64> = people.iter().map(|p| p.id).collect();
    app.post(
        GROUPS,
        Some(&owner.token),
        json!({ "name": "More", "userIds": ids }),
    )
    .await
    .fails(429, NEW_CONVERSATIONS_CAP);
}

both_databases!(
    a_group_or_a_message_in_it_is_reported,
    staff_take_a_message_down_or_close_the_group,
    a_text_repeated_in_groups_is_held_as_spam,
    a_risky_first_message_in_a_group_carries_a_caution,
    a_new_account_putting_strangers_in_groups_counts_toward_its_cap,
);
