//! Group chats (docs/im-protocol.md, "Groups"): made of people I know, run by an owner and
//! admins, each message stored once and numbered in the group's own gapless sequence, delivered
//! to every member's connection, resumed without a gap, read counted from cursors, recalled for
//! everyone. Every rule and what each role may not do has a story here.

use std::time::Duration;

use serde_json::{json, Value};

use crate::common::chat::{Im, HISTORY, RECALL, SEND};
use crate::common::{spawn, Backend, Person, Setup, TestApp};
use crate::push::{settle, with_local_push_and};
use crate::push_settings::Phone;

pub(crate) const GROUPS: &str = "/prod-api/em/groups";
const NAME_INVALID: &str = "A group's name is 1 to 50 characters";
const NOBODY: &str = "Choose at least one person";
const ONLY_KNOWN: &str = "You can add only people you have a conversation or a match with";
const CANNOT_ADD: &str = "You cannot add this person";
const MATCHES_ONLY: &str = "This person can be added to groups only by people they matched with";
const ALREADY_IN: &str = "This person is in the group already";
const RUNNERS_ONLY: &str = "Only the group's owner or an admin can do this";
const OWNER_ONLY: &str = "Only the group's owner can do this";
const ADMINS_STAY: &str = "An admin can remove members, not the owner or other admins";
const HAND_OVER_FIRST: &str = "Hand the group over to someone before you leave";
const ROLE_INVALID: &str = "A member's role is admin (1) or member (2)";
const NOT_MEMBER: &str = "You are not in this group";
pub(crate) const ENDED: &str = "This group has ended";
const NO_GIFTS: &str = "Gifts and red packets are for one-to-one chats";

async fn like(app: &TestApp, who: &Person, whom: &Person) {
    let path = format!("/prod-api/system/like/opera/{}?like=true", whom.id);
    app.get(&path, Some(&who.token)).await.ok();
}

pub(crate) async fn matched(app: &TestApp, a: &Person, b: &Person) {
    like(app, a, b).await;
    like(app, b, a).await;
}

/// Yuki, and two people she knows: Carlos wrote to her, Ana matched with her.
pub(crate) async fn friends(app: &TestApp) -> (Person, Person, Person) {
    let yuki = app.woman("yuki").await;
    let carlos = app.man("carlos").await;
    let ana = app.man("ana").await;
    app.says(&carlos, &yuki, "hola").await;
    matched(app, &yuki, &ana).await;
    (yuki, carlos, ana)
}

pub(crate) async fn make(app: &TestApp, owner: &Person, name: &str, people: &[&Person]) -> Value {
    let ids: Vec<i64> = people.iter().map(|p| p.id).collect();
    app.post(
        GROUPS,
        Some(&owner.token),
        json!({ "name": name, "userIds": ids }),
    )
    .await
    .ok()
}

fn roles(group: &Value) -> Vec<(i64, i64)> {
    let mut roles: Vec<(i64, i64)> = group["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["userId"].as_i64().unwrap(), m["role"].as_i64().unwrap()))
        .collect();
    roles.sort_unstable();
    roles
}

/// The group's history as `who` sees it, oldest first.
pub(crate) async fn history(app: &TestApp, who: &Person, group: i64) -> Vec<Value> {
    let page = app
        .get(
            &format!("{HISTORY}?groupId={group}&pageSize=100"),
            Some(&who.token),
        )
        .await
        .ok();
    let mut rows = page["rows"].as_array().unwrap().clone();
    rows.reverse();
    rows
}

/// The actions of the system lines `who` sees, oldest first.
pub(crate) async fn lines(app: &TestApp, who: &Person, group: i64) -> Vec<String> {
    history(app, who, group)
        .await
        .iter()
        .filter(|m| m["type"] == "system")
        .map(|m| m["content"]["action"].as_str().unwrap().to_owned())
        .collect()
}

pub(crate) async fn say(
    app: &TestApp,
    who: &Person,
    group: i64,
    text: &str,
) -> crate::common::Reply {
    app.post(
        SEND,
        Some(&who.token),
        json!({ "groupId": group, "msgType": "txt", "content": { "text": text } }),
    )
    .await
}

/// Connects `who` and resumes with these group numbers: the client and the hello's groups.
async fn online(app: &TestApp, who: &Person, groups: Value) -> (Im, Value) {
    let (user, token) = app.im_token(who).await;
    let query = format!(
        "?{}",
        serde_urlencoded::to_string([("user", user.as_str()), ("accessToken", token.as_str())])
            .unwrap()
    );
    let mut im = app.open_im(&query, &[]).await.unwrap();
    let hello = im.next().await;
    assert_eq!(hello["type"], "hello", "{hello}");
    let last = hello["lastSeq"].as_i64().unwrap();
    im.send(json!({ "type": "resume", "lastSeq": last, "groups": groups }))
        .await;
    (im, hello["groups"].clone())
}

/// The next frame, which must be a group event: `(group, seq, event)`.
async fn group_event(im: &mut Im) -> (i64, i64, Value) {
    let frame = im.next().await;
    assert_eq!(
        frame["type"], "groupEvent",
        "expected a group event, got {frame}"
    );
    (
        frame["groupId"].as_i64().unwrap(),
        frame["seq"].as_i64().unwrap(),
        frame["event"].clone(),
    )
}

async fn a_group_is_made_of_people_i_know(b: Backend) {
    let app = spawn(b).await;
    let (yuki, carlos, ana) = friends(&app).await;
    let stranger = app.man("stranger").await;

    for (name, people, code, msg) in [
        ("", vec![&carlos], 400, NAME_INVALID),
        (&"x".repeat(51)[..], vec![&carlos], 400, NAME_INVALID),
        ("Tapas", vec![], 400, NOBODY),
        ("Tapas", vec![&carlos, &stranger], 400, ONLY_KNOWN),
    ] {
        let ids: Vec<i64> = people.iter().map(|p| p.id).collect();
        app.post(
            GROUPS,
            Some(&yuki.token),
            json!({ "name": name, "userIds": ids }),
        )
        .await
        .fails(code, msg);
    }
    assert_eq!(
        app.count("chat_groups").await,
        0,
        "nothing refused is stored"
    );

    let group = make(&app, &yuki, "  Tapas on Friday ", &[&carlos, &ana]).await;
    let id = group["id"].as_i64().unwrap();
    assert_eq!(group["name"], "Tapas on Friday");
    assert_eq!(group["myRole"], 0);
    assert_eq!(roles(&group), {
        let mut r = vec![(yuki.id, 0), (carlos.id, 2), (ana.id, 2)];
        r.sort_unstable();
        r
    });
    for who in [&yuki, &carlos, &ana] {
        let mine = app.get(GROUPS, Some(&who.token)).await.ok();
        let row = &mine["rows"][0];
        assert_eq!(
            (row["id"].as_i64(), row["memberCount"].as_i64()),
            (Some(id), Some(3))
        );
        assert_eq!(row["lastMessage"]["content"]["action"], "created");
    }
    let line = &history(&app, &carlos, id).await[0];
    assert_eq!(line["chatType"], "groupChat");
    assert_eq!(line["to"], id);
    assert_eq!(line["content"]["by"]["name"], "yuki");
    assert_eq!(line["content"]["people"].as_array().unwrap().len(), 2);

    // Someone who is not in it sees nothing of it.
    app.get(&format!("{GROUPS}/{id}"), Some(&stranger.token))
        .await
        .fails_starting(404, "");
    app.get(&format!("{HISTORY}?groupId={id}"), Some(&stranger.token))
        .await
        .fails_starting(404, "");
    // Adding someone who is in it already changes nothing.
    app.post(
        &format!("{GROUPS}/{id}/members"),
        Some(&yuki.token),
        json!({ "userIds": [carlos.id] }),
    )
    .await
    .fails(400, ALREADY_IN);
    assert_eq!(app.count("group_events").await, 1);
}

async fn blocks_and_the_matches_only_setting_keep_people_out(b: Backend) {
    let app = spawn(b).await;
    let (yuki, carlos, ana) = friends(&app).await;
    let group = make(&app, &yuki, "Hikers", &[&ana]).await;
    let id = group["id"].as_i64().unwrap();
    let add = |who: &Person, whom: &Person| {
        let path = format!("{GROUPS}/{id}/members");
        let body = json!({ "userIds": [whom.id] });
        let token = who.token.clone();
        let app = &app;
        async move { app.post(&path, Some(&token), body).await }
    };

    // Carlos only lets people he matched with add him: Yuki only wrote with him.
    let settings = format!("{GROUPS}/settings");
    assert_eq!(
        app.get(&settings, Some(&carlos.token)).await.ok()["addedBy"],
        "anyone"
    );
    let set = app
        .put(
            &settings,
            Some(&carlos.token),
            json!({ "addedBy": "matches" }),
        )
        .await
        .ok();
    assert_eq!(set["addedBy"], "matches");
    add(&yuki, &carlos).await.fails(403, MATCHES_ONLY);
    matched(&app, &yuki, &carlos).await;
    add(&yuki, &carlos).await.ok();

    // A block either way keeps people apart.
    let dana = app.man("dana").await;
    let eva = app.man("eva").await;
    app.says(&dana, &yuki, "hi").await;
    app.says(&eva, &yuki, "hi").await;
    app.block(&dana, yuki.id).await;
    app.block(&yuki, eva.id).await;
    add(&yuki, &dana).await.fails(403, CANNOT_ADD);
    add(&yuki, &eva).await.fails(403, CANNOT_ADD);
    app.post(
        GROUPS,
        Some(&yuki.token),
        json!({ "name": "Again", "userIds": [dana.id] }),
    )
    .await
    .fails(403, CANNOT_ADD);
    let members = app
        .get(&format!("{GROUPS}/{id}"), Some(&yuki.token))
        .await
        .ok();
    assert_eq!(members["members"].as_array().unwrap().len(), 3);
}

async fn roles_decide_who_may_change_the_group(b: Backend) {
    let app = spawn(b).await;
    let (yuki, carlos, ana) = friends(&app).await;
    let dana = app.woman("dana").await;
    app.says(&dana, &carlos, "hey").await;
    let id = make(&app, &yuki, "Book club", &[&carlos, &ana]).await["id"]
        .as_i64()
        .unwrap();
    let path = |tail: &str| format!("{GROUPS}/{id}{tail}");

    // A member runs nothing.
    app.post(
        &path("/members"),
        Some(&ana.token),
        json!({ "userIds": [yuki.id] }),
    )
    .await
    .fails(403, RUNNERS_ONLY);
    app.put(&path(""), Some(&ana.token), json!({ "name": "Ana's club" }))
        .await
        .fails(403, RUNNERS_ONLY);
    app.call(
        "DELETE",
        &path(&format!("/members/{}", carlos.id)),
        Some(&ana.token),
        crate::common::Body::None,
    )
    .await
    .fails(403, RUNNERS_ONLY);

    // The owner makes Carlos an admin; only the owner gives roles, and never the owner's.
    app.put(
        &path(&format!("/members/{}", carlos.id)),
        Some(&ana.token),
        json!({ "role": 1 }),
    )
    .await
    .fails(403, OWNER_ONLY);
    app.put(
        &path(&format!("/members/{}", carlos.id)),
        Some(&yuki.token),
        json!({ "role": 0 }),
    )
    .await
    .fails(400, ROLE_INVALID);
    let group = app
        .put(
            &path(&format!("/members/{}", carlos.id)),
            Some(&yuki.token),
            json!({ "role": 1 }),
        )
        .await
        .ok();
    assert!(roles(&group).contains(&(carlos.id, 1)));

    // An admin adds people they know and renames, but removes neither the owner nor admins.
    app.post(
        &path("/members"),
        Some(&carlos.token),
        json!({ "userIds": [dana.id] }),
    )
    .await
    .ok();
    let renamed = app
        .put(&path(""), Some(&carlos.token), json!({ "name": "Readers" }))
        .await
        .ok();
    assert_eq!(renamed["name"], "Readers");
    app.call(
        "DELETE",
        &path(&format!("/members/{}", yuki.id)),
        Some(&carlos.token),
        crate::common::Body::None,
    )
    .await
    .fails(403, ADMINS_STAY);
    app.put(
        &path(&format!("/members/{}", ana.id)),
        Some(&carlos.token),
        json!({ "role": 1 }),
    )
    .await
    .fails(403, OWNER_ONLY);
    app.call(
        "DELETE",
        &path(&format!("/members/{}", ana.id)),
        Some(&carlos.token),
        crate::common::Body::None,
    )
    .await
    .ok();

    // The owner hands over before leaving; the new owner dissolves the group.
    let leave = format!("/members/{}", yuki.id);
    app.call(
        "DELETE",
        &path(&leave),
        Some(&yuki.token),
        crate::common::Body::None,
    )
    .await
    .fails(400, HAND_OVER_FIRST);
    app.post(
        &path("/transfer"),
        Some(&carlos.token),
        json!({ "userId": carlos.id }),
    )
    .await
    .fails(403, OWNER_ONLY);
    let handed = app
        .post(
            &path("/transfer"),
            Some(&yuki.token),
            json!({ "userId": carlos.id }),
        )
        .await
        .ok();
    assert!(roles(&handed).contains(&(carlos.id, 0)) && roles(&handed).contains(&(yuki.id, 1)));
    app.call(
        "DELETE",
        &path(&leave),
        Some(&yuki.token),
        crate::common::Body::None,
    )
    .await
    .ok();
    say(&app, &yuki, id, "still here?")
        .await
        .fails(403, NOT_MEMBER);
    app.call(
        "DELETE",
        &path(""),
        Some(&dana.token),
        crate::common::Body::None,
    )
    .await
    .fails(403, OWNER_ONLY);
    app.call(
        "DELETE",
        &path(""),
        Some(&carlos.token),
        crate::common::Body::None,
    )
    .await
    .ok();
    say(&app, &carlos, id, "anyone?").await.fails(403, ENDED);

    assert_eq!(
        lines(&app, &carlos, id).await,
        [
            "created",
            "promoted",
            "added",
            "renamed",
            "removed",
            "handedOver",
            "left",
            "dissolved"
        ]
    );
    // Those who left see what they were shown, and no more.
    assert_eq!(
        lines(&app, &ana, id).await,
        ["created", "promoted", "added", "renamed", "removed"]
    );
    let seqs: Vec<i64> = history(&app, &carlos, id)
        .await
        .iter()
        .map(|m| m["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(
        seqs,
        (1..=8).collect::<Vec<_>>(),
        "one gapless sequence: refusals take no number"
    );
}

async fn a_group_message_is_stored_once_and_reaches_every_member(b: Backend) {
    let app = spawn(b).await;
    let (yuki, carlos, ana) = friends(&app).await;
    let id = make(&app, &yuki, "Tapas", &[&carlos, &ana]).await["id"]
        .as_i64()
        .unwrap();
    let (mut yukis, hello) = online(&app, &yuki, json!({ id.to_string(): 1 })).await;
    assert_eq!(hello[id.to_string()], 1);
    let (mut carloss, _) = online(&app, &carlos, json!({ id.to_string(): 1 })).await;
    let (mut anas, _) = online(&app, &ana, json!({ id.to_string(): 1 })).await;

    let send = json!({
        "type": "send", "clientId": "g-1", "groupId": id, "msgType": "txt",
        "content": { "text": "¿Vamos a las ocho?" },
    });
    yukis.send(send.clone()).await;
    let ack = yukis.next().await;
    assert_eq!(
        (
            ack["type"].as_str(),
            ack["groupId"].as_i64(),
            ack["seq"].as_i64()
        ),
        (Some("ack"), Some(id), Some(2))
    );
    let message_id = ack["message"]["id"].clone();
    for im in [&mut carloss, &mut anas] {
        let (group, seq, event) = group_event(im).await;
        assert_eq!((group, seq), (id, 2));
        assert_eq!(event["kind"], "message");
        assert_eq!(event["message"]["id"], message_id);
        assert_eq!(event["message"]["chatType"], "groupChat");
        assert_eq!(event["message"]["from"], yuki.id);
        assert_eq!(event["message"]["content"]["text"], "¿Vamos a las ocho?");
    }
    // The ack stood for the sender's own copy; a retry is the same message, stored once.
    yukis.send(send).await;
    let again = yukis.next().await;
    assert_eq!(
        (again["seq"].as_i64(), &again["message"]["id"]),
        (Some(2), &message_id)
    );
    yukis.quiet(Duration::from_millis(300)).await;
    carloss.quiet(Duration::from_millis(300)).await;
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM group_events WHERE kind = 'message'")
            .await,
        1,
        "a message to three people is one row"
    );

    // Over REST too; the others get it live.
    let sent = say(&app, &carlos, id, "¡Sí!").await.ok();
    assert_eq!(sent["seq"], 3);
    assert_eq!(group_event(&mut yukis).await.1, 3);
    assert_eq!(group_event(&mut anas).await.1, 3);

    // Gifts stay one-to-one; strangers and unknown groups are refused.
    app.post(
        SEND,
        Some(&ana.token),
        json!({ "groupId": id, "msgType": "gift", "content": { "giftId": 1 } }),
    )
    .await
    .fails(400, NO_GIFTS);
    let stranger = app.man("stranger").await;
    say(&app, &stranger, id, "let me in")
        .await
        .fails_starting(404, "");
    say(&app, &yuki, id + 1000, "nobody")
        .await
        .fails_starting(404, "");
    assert_eq!(app.scalar("SELECT last_seq FROM chat_groups").await, 3);
}

async fn a_member_who_was_offline_resumes_without_a_gap(b: Backend) {
    let app = spawn(b).await;
    let (yuki, carlos, ana) = friends(&app).await;
    let id = make(&app, &yuki, "Tapas", &[&carlos, &ana]).await["id"]
        .as_i64()
        .unwrap();
    for n in 0..3 {
        say(&app, &yuki, id, &format!("message {n}")).await.ok();
    }
    // Carlos had seen the group's first line only.
    let (mut carloss, hello) = online(&app, &carlos, json!({ id.to_string(): 1 })).await;
    assert_eq!(hello[id.to_string()], 4);
    let mut seen = Vec::new();
    for _ in 0..3 {
        let (_, seq, event) = group_event(&mut carloss).await;
        seen.push((
            seq,
            event["message"]["content"]["text"]
                .as_str()
                .unwrap()
                .to_owned(),
        ));
    }
    assert_eq!(
        seen,
        [
            (2, "message 0".to_owned()),
            (3, "message 1".to_owned()),
            (4, "message 2".to_owned())
        ]
    );
    carloss.quiet(Duration::from_millis(300)).await;

    // A device that knows nothing of the group gets it all from its first line.
    let (mut fresh, _) = online(&app, &ana, json!({})).await;
    let seqs: Vec<i64> = {
        let mut s = Vec::new();
        for _ in 0..4 {
            s.push(group_event(&mut fresh).await.1);
        }
        s
    };
    assert_eq!(seqs, [1, 2, 3, 4]);

    // Removed, Carlos is shown the line that removes him, and nothing after it, live or later.
    app.call(
        "DELETE",
        &format!("{GROUPS}/{id}/members/{}", carlos.id),
        Some(&yuki.token),
        crate::common::Body::None,
    )
    .await
    .ok();
    let (_, seq, event) = group_event(&mut carloss).await;
    assert_eq!(
        (seq, event["message"]["content"]["action"].as_str()),
        (5, Some("removed"))
    );
    say(&app, &yuki, id, "after").await.ok();
    carloss.quiet(Duration::from_millis(400)).await;
    let (mut later, hello) = online(&app, &carlos, json!({ id.to_string(): 4 })).await;
    assert!(
        hello.get(id.to_string()).is_none(),
        "no longer one of my groups: {hello}"
    );
    assert_eq!(group_event(&mut later).await.1, 5);
    later.quiet(Duration::from_millis(400)).await;
    assert_eq!(group_event(&mut fresh).await.1, 5);
    assert_eq!(group_event(&mut fresh).await.1, 6);
}

async fn read_cursors_count_readers_and_unread(b: Backend) {
    let app = spawn(b).await;
    let (yuki, carlos, ana) = friends(&app).await;
    let id = make(&app, &yuki, "Tapas", &[&carlos, &ana]).await["id"]
        .as_i64()
        .unwrap();
    say(&app, &yuki, id, "one").await.ok();
    let second = say(&app, &yuki, id, "two").await.ok();
    let unread = |who: &Person| {
        let token = who.token.clone();
        let app = &app;
        async move {
            app.get(GROUPS, Some(&token)).await.ok()["rows"][0]["unread"]
                .as_i64()
                .unwrap()
        }
    };
    assert_eq!(
        (
            unread(&carlos).await,
            unread(&ana).await,
            unread(&yuki).await
        ),
        (2, 2, 0)
    );

    // Carlos reads the first over REST, Ana both over the socket.
    app.put(
        &format!("{GROUPS}/{id}/read"),
        Some(&carlos.token),
        json!({ "upTo": 2 }),
    )
    .await
    .ok();
    let (mut anas, _) = online(&app, &ana, json!({ id.to_string(): 3 })).await;
    anas.send(json!({ "type": "read", "groupId": id, "upTo": 3 }))
        .await;
    anas.send(json!({ "type": "ping" })).await;
    assert_eq!(anas.next().await["type"], "pong");
    assert_eq!((unread(&carlos).await, unread(&ana).await), (1, 0));
    // A cursor never moves back, nor past the group's end.
    app.put(
        &format!("{GROUPS}/{id}/read"),
        Some(&ana.token),
        json!({ "upTo": 1 }),
    )
    .await
    .ok();
    app.put(
        &format!("{GROUPS}/{id}/read"),
        Some(&carlos.token),
        json!({ "upTo": 99 }),
    )
    .await
    .ok();
    assert_eq!(
        app.scalar(&format!(
            "SELECT MAX(read_seq) FROM group_members WHERE group_id = {id}"
        ))
        .await,
        3
    );
    let mine = history(&app, &yuki, id).await;
    let read_by: Vec<(String, i64)> = mine
        .iter()
        .filter(|m| m["type"] == "txt")
        .map(|m| {
            (
                m["content"]["text"].as_str().unwrap().to_owned(),
                m["readBy"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(read_by, [("one".to_owned(), 2), ("two".to_owned(), 2)]);
    assert_eq!(second["message"]["readBy"], 0);
    assert!(history(&app, &carlos, id)
        .await
        .iter()
        .all(|m| m.get("readBy").is_none()));
}

async fn a_recall_reaches_every_member(b: Backend) {
    let app = spawn(b).await;
    let (yuki, carlos, ana) = friends(&app).await;
    let id = make(&app, &yuki, "Tapas", &[&carlos, &ana]).await["id"]
        .as_i64()
        .unwrap();
    let sent = say(&app, &yuki, id, "oops, wrong group").await.ok();
    let message = sent["message"]["id"].as_i64().unwrap();
    let (mut carloss, _) = online(&app, &carlos, json!({ id.to_string(): 2 })).await;

    app.post(
        RECALL,
        Some(&carlos.token),
        json!({ "id": message, "groupId": id }),
    )
    .await
    .fails_starting(403, "");
    let recalled = app
        .post(
            RECALL,
            Some(&yuki.token),
            json!({ "id": message, "groupId": id }),
        )
        .await
        .ok();
    assert_eq!(recalled["status"], "recalled");
    let (_, seq, event) = group_event(&mut carloss).await;
    assert_eq!(
        (seq, &event),
        (3, &json!({ "kind": "recall", "id": message }))
    );
    let shown = history(&app, &ana, id).await;
    let recalled = shown.iter().find(|m| m["id"] == message).unwrap();
    assert_eq!(
        (recalled["status"].as_str(), &recalled["content"]),
        (Some("recalled"), &Value::Null)
    );
    assert_eq!(
        app.texts(&format!(
            "SELECT content FROM group_events WHERE id = {message}"
        ))
        .await,
        ["null"],
        "the words are gone from the database"
    );
}

async fn a_group_pushes_unless_muted_and_a_mention_is_heard_anyway(b: Backend) {
    let app = with_local_push_and(Setup::new(b), |_| {}).await;
    let yuki = app.woman("yuki").await;
    let carlos = app
        .register_with("carlos", json!({ "gender": "male", "language": "es" }))
        .await;
    let aiko = app
        .register_with("aiko", json!({ "gender": "male", "language": "ja" }))
        .await;
    app.says(&carlos, &yuki, "hola").await;
    app.says(&aiko, &yuki, "konnichiwa").await;
    let id = make(&app, &yuki, "Tapas", &[&carlos, &aiko]).await["id"]
        .as_i64()
        .unwrap();
    let (carlos_phone, aiko_phone) = (Phone::of(&app, &carlos).await, Phone::of(&app, &aiko).await);
    let yukis_phone = Phone::of(&app, &yuki).await;

    // Aiko mutes the group for a week: only a message naming her reaches her.
    let muted = app
        .put(
            &format!("{GROUPS}/{id}/mute"),
            Some(&aiko.token),
            json!({ "for": "week" }),
        )
        .await
        .ok();
    assert!(muted["mutedUntil"].is_string());
    app.post(
        SEND,
        Some(&yuki.token),
        json!({ "groupId": id, "msgType": "img", "content": { "image": "x" } }),
    )
    .await
    .fails_starting(403, "");
    say(&app, &yuki, id, "¿Vamos a las ocho?").await.ok();
    let carlos_heard = carlos_phone.pushes(1).await;
    assert_eq!(carlos_heard[0]["title"], "Tapas");
    assert_eq!(carlos_heard[0]["body"], "yuki: ¿Vamos a las ocho?");
    assert_eq!(carlos_heard[0]["data"]["groupId"], id);
    say(&app, &yuki, id, "@aiko are you coming?").await.ok();
    let aiko_heard = aiko_phone.pushes(1).await;
    assert_eq!(
        aiko_heard.len(),
        1,
        "the first message did not reach her: {aiko_heard:?}"
    );
    assert_eq!(aiko_heard[0]["body"], "yuki: @aiko are you coming?");
    // Pictures and places in each reader's language; never to the sender.
    app.post(
        SEND,
        Some(&yuki.token),
        json!({ "groupId": id, "msgType": "loc", "content": { "lat": 40.4, "lng": -3.7 } }),
    )
    .await
    .ok();
    let carlos_heard = carlos_phone.pushes(3).await;
    assert_eq!(carlos_heard[2]["body"], "yuki: 📍 un lugar");
    app.put(
        &format!("{GROUPS}/{id}/mute"),
        Some(&aiko.token),
        json!({ "for": "off" }),
    )
    .await
    .ok();
    say(&app, &carlos, id, "¡Sí!").await.ok();
    assert_eq!(aiko_phone.pushes(2).await[1]["body"], "carlos: ¡Sí!");
    settle().await;
    assert_eq!(
        yukis_phone.pushes(1).await.len(),
        1,
        "only Carlos' message reached her"
    );
    assert_eq!(aiko_phone.pushes(0).await.len(), 2);
    app.put(
        &format!("{GROUPS}/{id}/mute"),
        Some(&aiko.token),
        json!({ "for": "forever" }),
    )
    .await
    .fails_starting(400, "");
}

async fn someone_banned_or_gone_leaves_every_group(b: Backend) {
    let app = spawn(b).await;
    let (yuki, carlos, ana) = friends(&app).await;
    let dana = app.man("dana").await;
    app.says(&dana, &yuki, "hi").await;
    let tapas = make(&app, &yuki, "Tapas", &[&carlos, &ana, &dana]).await["id"]
        .as_i64()
        .unwrap();
    let hikers = make(&app, &yuki, "Hikers", &[&ana]).await["id"]
        .as_i64()
        .unwrap();
    app.put(
        &format!("{GROUPS}/{tapas}/members/{}", ana.id),
        Some(&yuki.token),
        json!({ "role": 1 }),
    )
    .await
    .ok();

    // The owner is banned: her groups pass on (to the admin first), and she is out of them.
    let staff = app.staff("mod").await;
    app.ban_as(&staff, yuki.id, "spam", None).await.ok();
    let group = app
        .get(&format!("{GROUPS}/{tapas}"), Some(&carlos.token))
        .await
        .ok();
    assert!(roles(&group).contains(&(ana.id, 0)), "{group}");
    assert!(!roles(&group).iter().any(|(id, _)| *id == yuki.id));
    assert_eq!(
        lines(&app, &carlos, tapas).await,
        ["created", "promoted", "handedOver", "left"]
    );
    let hikers_now = app
        .get(&format!("{GROUPS}/{hikers}"), Some(&ana.token))
        .await
        .ok();
    assert_eq!(roles(&hikers_now), [(ana.id, 0)]);

    // Someone who deletes their account leaves too; what they wrote reads as withdrawn.
    let said = say(&app, &dana, tapas, "see you there").await.ok();
    app.delete_account(&dana).await;
    let shown = history(&app, &carlos, tapas).await;
    let gone = shown
        .iter()
        .find(|m| m["id"] == said["message"]["id"])
        .unwrap();
    assert_eq!(
        (gone["status"].as_str(), &gone["content"]),
        (Some("recalled"), &Value::Null)
    );
    assert_eq!(lines(&app, &carlos, tapas).await.last().unwrap(), "left");
    let group = app
        .get(&format!("{GROUPS}/{tapas}"), Some(&carlos.token))
        .await
        .ok();
    assert_eq!(group["members"].as_array().unwrap().len(), 2);
}

async fn each_reader_translates_a_group_message_and_pays_once(b: Backend) {
    let app = spawn(b).await;
    let tom = app.speaker("tom", "male", "en").await;
    let lucia = app.speaker("lucia", "female", "es").await;
    let mia = app.speaker("mia", "female", "es").await;
    let stranger = app.speaker("stranger", "female", "es").await;
    app.text(&lucia, &tom, "hola").await;
    app.text(&mia, &tom, "hola").await;
    let id = make(&app, &tom, "Language club", &[&lucia, &mia]).await["id"]
        .as_i64()
        .unwrap();
    app.give_characters(&lucia, 100).await;
    let message = say(&app, &tom, id, "Good morning").await.ok()["message"]["id"]
        .as_i64()
        .unwrap();
    let translate = |who: &Person, group: i64| {
        let path = format!("/prod-api/system/content/tranMsg?id={message}&groupId={group}");
        let token = who.token.clone();
        let app = &app;
        async move {
            app.call("POST", &path, Some(&token), crate::common::Body::None)
                .await
        }
    };

    // Into the reader's own language by default, charged to the reader, once.
    let first = translate(&lucia, id).await.ok();
    assert_eq!(
        (first["text"].as_str(), first["fromPack"].as_i64()),
        (Some("Buenos días"), Some(12))
    );
    assert_eq!(app.characters(&lucia).await, 88);
    let again = translate(&lucia, id).await.ok();
    assert_eq!(again["fromPack"], 0, "reading again costs nothing");
    assert_eq!(app.characters(&lucia).await, 88);
    // Mia has no characters to pay with: refused, nothing stored for her.
    translate(&mia, id).await.fails_starting(400, "");
    // Someone not in the group, or the wrong group, reads nothing.
    translate(&stranger, id).await.fails_starting(404, "");
    translate(&lucia, id + 1000).await.fails_starting(404, "");

    // The history carries each reader's own translation.
    let hers = history(&app, &lucia, id).await;
    let translated = hers.iter().find(|m| m["id"] == message).unwrap();
    assert_eq!(translated["translation"]["text"], "Buenos días");
    let mias = history(&app, &mia, id).await;
    assert!(mias
        .iter()
        .find(|m| m["id"] == message)
        .unwrap()
        .get("translation")
        .is_none());
    assert_eq!(app.count("group_translations").await, 1);
}

/// Deleting a group message for me hides it from my history alone; a message not shown to me,
/// or of another group, is passed over.
async fn a_member_deletes_a_group_message_for_themself(b: Backend) {
    let app = spawn(b).await;
    let (yuki, carlos, ana) = friends(&app).await;
    let id = make(&app, &yuki, "Hikers", &[&carlos]).await["id"]
        .as_i64()
        .unwrap();
    let other = make(&app, &yuki, "Others", &[&ana]).await["id"]
        .as_i64()
        .unwrap();
    let first = say(&app, &carlos, id, "First").await.ok()["message"]["id"].clone();
    let second = say(&app, &yuki, id, "Second").await.ok()["message"]["id"].clone();
    let elsewhere = say(&app, &yuki, other, "Elsewhere").await.ok()["message"]["id"].clone();
    async fn delete(app: &TestApp, who: &Person, ids: String, group: i64) -> crate::common::Reply {
        app.call(
            "DELETE",
            "/prod-api/system/content/delMsg",
            Some(&who.token),
            crate::common::Body::Form(vec![("ids", ids), ("groupId", group.to_string())]),
        )
        .await
    }
    // Ana was never in the group: nothing of it is hers to hide.
    assert_eq!(delete(&app, &ana, first.to_string(), id).await.ok(), 0);
    assert_eq!(
        delete(&app, &yuki, format!("{first},{second},{elsewhere}"), id)
            .await
            .ok(),
        2
    );
    let texts = |rows: Vec<Value>| -> Vec<Value> {
        rows.iter()
            .filter(|m| m["type"] == "txt")
            .map(|m| m["content"]["text"].clone())
            .collect()
    };
    assert_eq!(texts(history(&app, &yuki, id).await), Vec::<Value>::new());
    assert_eq!(
        texts(history(&app, &carlos, id).await),
        vec![json!("First"), json!("Second")]
    );
    assert_eq!(
        texts(history(&app, &yuki, other).await),
        vec![json!("Elsewhere")]
    );
}

both_databases!(
    a_member_deletes_a_group_message_for_themself,
    a_group_is_made_of_people_i_know,
    blocks_and_the_matches_only_setting_keep_people_out,
    roles_decide_who_may_change_the_group,
    a_group_message_is_stored_once_and_reaches_every_member,
    a_member_who_was_offline_resumes_without_a_gap,
    read_cursors_count_readers_and_unread,
    a_recall_reaches_every_member,
    a_group_pushes_unless_muted_and_a_mention_is_heard_anyway,
    someone_banned_or_gone_leaves_every_group,
    each_reader_translates_a_group_message_and_pays_once,
);
