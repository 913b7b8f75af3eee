//! What gets pushed, and when not: likes, visits and matches pushed to the person they concern
//! (members told who, others teased), gifts and notices to one person, each kind turned off on
//! its own, quiet hours on the person's clock, and no more than a few pushes about others'
//! doings an hour. This test is the push service and decrypts what it receives as a browser would.

use axum::http::StatusCode;
use chrono::Duration;
use p256::SecretKey;
use serde_json::{json, Value};

use crate::common::{Backend, Person, Setup, TestApp};
use crate::push::{message, push_service, settle, wait_for, with_local_push_and, Inbox};
use amora_server::notify::webpush::{b64, decrypt, new_secret, public_bytes};

const SETTINGS: &str = "/prod-api/system/push/settings";
const WINK_ME: &str = "/pages/index/index?tab=wink";
const FOOTPRINTS: &str = "/pages/index/index?tab=footprints";

/// A browser subscribed for `who`, and what reached it.
pub(crate) struct Phone {
    key: SecretKey,
    auth: [u8; 16],
    inbox: Inbox,
}

impl Phone {
    pub(crate) async fn of(app: &TestApp, who: &Person) -> Phone {
        let (service, inbox) = push_service(StatusCode::CREATED).await;
        let (key, auth) = (new_secret(), [7u8; 16]);
        app.post(
            "/prod-api/system/push/subscribe",
            Some(&who.token),
            json!({ "endpoint": format!("{service}/push/{}", who.id),
                    "keys": { "p256dh": b64(&public_bytes(&key)), "auth": b64(&auth) } }),
        )
        .await
        .ok();
        Phone { key, auth, inbox }
    }

    /// The pushes received so far, decrypted, once `n` are there (or a few seconds passed).
    pub(crate) async fn pushes(&self, n: usize) -> Vec<Value> {
        wait_for(&self.inbox, n)
            .await
            .iter()
            .map(|(_, body)| {
                serde_json::from_slice(&decrypt(body, &self.key, &self.auth).unwrap()).unwrap()
            })
            .collect()
    }

    /// The kinds received so far in alphabetical order (pushes go out in the background, in
    /// no set order), after waiting long enough for any push under way.
    async fn kinds(&self) -> Vec<String> {
        settle().await;
        let mut kinds: Vec<String> = self
            .pushes(0)
            .await
            .iter()
            .map(|p| p["data"]["kind"].as_str().unwrap().to_owned())
            .collect();
        kinds.sort();
        kinds
    }
}

async fn with_pushes(b: Backend) -> TestApp {
    with_local_push_and(Setup::new(b), |_| {}).await
}

async fn like(app: &TestApp, who: &Person, whom: &Person) {
    let path = format!("/prod-api/system/like/opera/{}?like=true", whom.id);
    app.get(&path, Some(&who.token)).await.ok();
}

async fn visit(app: &TestApp, who: &Person, whom: &Person) {
    let path = format!("/prod-api/system/user/profile/homePage?userId={}", whom.id);
    app.get(&path, Some(&who.token)).await.ok();
}

async fn change(app: &TestApp, who: &Person, change: Value) -> crate::common::Reply {
    app.post(SETTINGS, Some(&who.token), change).await
}

async fn settings_start_all_on_and_change_only_what_is_named(b: Backend) {
    let app = with_pushes(b).await;
    let ana = app.woman("ana").await;
    let all_on = json!({ "messages": true, "likes": true, "visitors": true, "matches": true,
        "gifts": true, "announcements": true, "quietHours": null, "timeZone": "UTC" });
    assert_eq!(app.get(SETTINGS, Some(&ana.token)).await.ok(), all_on);

    let changed = change(
        &app,
        &ana,
        json!({ "likes": false, "timeZone": "Asia/Tokyo",
        "quietHours": { "from": "22:30", "to": "07:00" } }),
    )
    .await
    .ok();
    let mut expected = all_on.clone();
    expected["likes"] = json!(false);
    expected["timeZone"] = json!("Asia/Tokyo");
    expected["quietHours"] = json!({ "from": "22:30", "to": "07:00" });
    assert_eq!(changed, expected);
    assert_eq!(app.get(SETTINGS, Some(&ana.token)).await.ok(), expected);

    // Only what is named changes: quiet hours stay when visitors are turned off.
    let changed = change(&app, &ana, json!({ "visitors": false })).await.ok();
    expected["visitors"] = json!(false);
    assert_eq!(changed, expected);

    // Refused, and nothing changes.
    for bad in [
        json!({ "timeZone": "Mars/Olympus", "likes": true }),
        json!({ "quietHours": { "from": "25:00", "to": "07:00" }, "likes": true }),
        json!({ "quietHours": { "from": "7:00", "to": "08:00" } }),
        json!({ "quietHours": { "from": "07:00", "to": "07:00" } }),
        json!({ "quietHours": { "from": "07:00" } }),
    ] {
        assert_eq!(change(&app, &ana, bad.clone()).await.code(), 400, "{bad}");
        assert_eq!(
            app.get(SETTINGS, Some(&ana.token)).await.ok(),
            expected,
            "{bad}"
        );
    }

    // Null turns quiet hours off; someone else's settings are their own.
    expected["quietHours"] = Value::Null;
    assert_eq!(
        change(&app, &ana, json!({ "quietHours": null })).await.ok(),
        expected
    );
    let ben = app.man("ben").await;
    assert_eq!(app.get(SETTINGS, Some(&ben.token)).await.ok(), all_on);
    assert_eq!(app.get(SETTINGS, None).await.code(), 401);
    assert_eq!(
        app.post(SETTINGS, None, json!({ "likes": false }))
            .await
            .code(),
        401
    );
}

async fn likes_visits_and_matches_are_pushed_and_members_are_told_who(b: Backend) {
    let app = with_pushes(b).await;
    let ana = app.woman("ana").await;
    let ben = app.man("ben").await;
    let phone = Phone::of(&app, &ana).await;

    // Ana is not a member: she learns that someone liked and visited her, not who.
    like(&app, &ben, &ana).await;
    visit(&app, &ben, &ana).await;
    let pushes = phone.pushes(2).await;
    assert_eq!(pushes.len(), 2, "{pushes:?}");
    let liked = pushes.iter().find(|p| p["data"]["kind"] == "like").unwrap();
    assert_eq!(liked["title"], "Someone liked you");
    assert_eq!(liked["body"], "Upgrade now to see who");
    assert_eq!(liked["data"], json!({ "kind": "like", "url": WINK_ME }));
    let visited = pushes
        .iter()
        .find(|p| p["data"]["kind"] == "visitor")
        .unwrap();
    assert_eq!(visited["title"], "Someone visited your profile");
    assert_eq!(
        visited["data"],
        json!({ "kind": "visitor", "url": FOOTPRINTS })
    );

    // A second visit the same day and a like asked again push nothing more.
    visit(&app, &ben, &ana).await;
    like(&app, &ben, &ana).await;
    assert_eq!(phone.kinds().await.len(), 2);

    // Ana likes carl, and carl likes her back: carl learns of her like, she of the match.
    let carl = app.man("carl").await;
    let carls_phone = Phone::of(&app, &carl).await;
    like(&app, &ana, &carl).await;
    like(&app, &carl, &ana).await;
    assert_eq!(carls_phone.pushes(1).await[0]["data"]["kind"], "like");
    let to_ana = phone.pushes(3).await;
    let matched = to_ana.last().unwrap();
    assert_eq!(matched["title"], "carl");
    assert_eq!(matched["body"], "It's a match! Say hello");
    assert_eq!(matched["data"]["kind"], "match");
    assert_eq!(matched["data"]["im_chat_msg_ext_mine_id"], carl.id);
    assert_eq!(matched["data"]["im_chat_msg_ext_mine_username"], "carl");
    assert!(matched["data"].get("url").is_none());

    // As a member, ana is told who.
    app.make_member(&ana, 30).await;
    let dan = app.man("dan").await;
    like(&app, &dan, &ana).await;
    let pushes = phone.pushes(4).await;
    let liked = pushes.last().unwrap();
    assert_eq!(liked["title"], "dan");
    assert_eq!(liked["body"], "Likes you. Have a look at their profile");
    assert_eq!(liked["data"], json!({ "kind": "like", "url": WINK_ME }));
}

async fn each_kind_stays_quiet_when_turned_off(b: Backend) {
    let app = with_pushes(b).await;
    let ana = app.woman("ana").await;
    let ben = app.man("ben").await;
    let phone = Phone::of(&app, &ana).await;
    let staff = app.staff("sue").await;
    let notice = |title: &str| json!({ "title": title, "body": "Read me", "userId": ana.id });

    change(&app, &ana, json!({ "likes": false, "visitors": false }))
        .await
        .ok();
    like(&app, &ben, &ana).await;
    visit(&app, &ben, &ana).await;
    message(&app, &ben, &ana, "hello").await;
    app.admin_post(&staff, "/notices", notice("One")).await.ok();
    assert_eq!(phone.kinds().await, ["announcement", "message"]);
    let pushes = phone.pushes(2).await;
    let told = pushes
        .iter()
        .find(|p| p["data"]["kind"] == "announcement")
        .unwrap();
    assert_eq!(told["title"], "One");
    assert_eq!(told["body"], "Read me");
    assert_eq!(told["data"]["url"], "/pages/Bulletin/Bulletin");

    change(
        &app,
        &ana,
        json!({ "messages": false, "announcements": false, "matches": false }),
    )
    .await
    .ok();
    message(&app, &ben, &ana, "still there?").await;
    app.admin_post(&staff, "/notices", notice("Two")).await.ok();
    let carl = app.man("carl").await;
    like(&app, &ana, &carl).await;
    like(&app, &carl, &ana).await;
    assert_eq!(phone.kinds().await, ["announcement", "message"]);

    // Turned on again, each arrives.
    change(&app, &ana, json!({ "messages": true, "likes": true }))
        .await
        .ok();
    message(&app, &ben, &ana, "there you are").await;
    let dan = app.man("dan").await;
    like(&app, &dan, &ana).await;
    assert_eq!(
        phone.kinds().await,
        ["announcement", "like", "message", "message"]
    );
}

async fn gifts_are_their_own_kind(b: Backend) {
    let app = with_pushes(b).await;
    let ana = app.woman("ana").await;
    let ben = app.man("ben").await;
    app.give_coins(&ben, 10_000, "push-gifts").await;
    let phone = Phone::of(&app, &ana).await;
    let gifts = app.get("/prod-api/system/gift/list", None).await.ok();
    let cheapest = gifts
        .as_array()
        .unwrap()
        .iter()
        .min_by_key(|g| g["priceCoins"].as_i64().unwrap())
        .unwrap()["id"]
        .clone();
    let give = || app.send_content(&ben, ana.id, "gift", json!({ "giftId": cheapest }), None);
    give().await.ok();
    let pushes = phone.pushes(1).await;
    assert_eq!(pushes[0]["title"], "ben");
    assert_eq!(pushes[0]["body"], "Sent you a gift");
    assert_eq!(pushes[0]["data"]["kind"], "gift");
    assert_eq!(pushes[0]["data"]["im_chat_msg_ext_mine_id"], ben.id);

    change(&app, &ana, json!({ "gifts": false })).await.ok();
    give().await.ok();
    message(&app, &ben, &ana, "did you like it?").await;
    assert_eq!(phone.kinds().await, ["gift", "message"]);
}

async fn quiet_hours_follow_the_persons_clock(b: Backend) {
    let app = with_pushes(b).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    let ben = app.man("ben").await;
    let phone = Phone::of(&app, &ana).await;
    change(
        &app,
        &ana,
        json!({ "timeZone": "Asia/Tokyo",
        "quietHours": { "from": "22:00", "to": "07:00" } }),
    )
    .await
    .ok();

    // 12:00 UTC is 21:00 in Tokyo: pushed.
    message(&app, &ben, &ana, "evening").await;
    assert_eq!(phone.kinds().await, ["message"]);
    // 14:00 UTC is 23:00 in Tokyo, 21:00 UTC is 06:00: quiet.
    app.clock().advance(Duration::hours(2));
    message(&app, &ben, &ana, "asleep?").await;
    app.clock().advance(Duration::hours(7));
    like(&app, &ben, &ana).await;
    assert_eq!(phone.kinds().await, ["message"]);
    // 22:00 UTC is 07:00 the next morning in Tokyo: pushed again.
    app.clock().advance(Duration::hours(1));
    message(&app, &ben, &ana, "good morning").await;
    assert_eq!(phone.kinds().await, ["message", "message"]);
}

async fn no_more_than_a_few_pushes_about_others_an_hour(b: Backend) {
    let app = with_local_push_and(Setup::new(b), |c| c.push.social_per_hour = 3).await;
    let ana = app.woman("ana").await;
    let phone = Phone::of(&app, &ana).await;
    let mut men = Vec::new();
    for name in ["ben", "carl", "dan", "eli", "finn"] {
        men.push(app.man(name).await);
    }
    for man in &men {
        like(&app, man, &ana).await;
    }
    // Messages are not counted.
    message(&app, &men[0], &ana, "hi").await;
    assert_eq!(phone.kinds().await, ["like", "like", "like", "message"]);

    // An hour later there is room again.
    app.clock().advance(Duration::minutes(61));
    let gus = app.man("gus").await;
    visit(&app, &gus, &ana).await;
    assert_eq!(
        phone.kinds().await,
        ["like", "like", "like", "message", "visitor"]
    );
}

both_databases!(
    settings_start_all_on_and_change_only_what_is_named,
    likes_visits_and_matches_are_pushed_and_members_are_told_who,
    each_kind_stays_quiet_when_turned_off,
    gifts_are_their_own_kind,
    quiet_hours_follow_the_persons_clock,
    no_more_than_a_few_pushes_about_others_an_hour,
);
