//! Discovering people and looking at them: who the discover list shows and in what order, its
//! filters and their messages, the daily number of people a non-member sees, a person's profile
//! and card, whether they are online, the recommended list and the random sidekick.

use std::collections::BTreeSet;

use crate::common::people::{asks_to_upgrade, ids, PROFILE};
use crate::common::{spawn, spawn_with, Backend, Person, Setup, TestApp};
use chrono::Duration;
use serde_json::json;

fn set(ids: &[i64]) -> BTreeSet<i64> {
    ids.iter().copied().collect()
}

fn people(who: &[&Person]) -> BTreeSet<i64> {
    who.iter().map(|p| p.id).collect()
}

async fn touch(app: &TestApp, who: &Person) {
    app.get("/prod-api/getInfo", Some(&who.token)).await.ok();
}

async fn a_woman_discovers_the_men_never_herself_nor_the_service_accounts(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let dora = app.woman("dora").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;

    let page = app.discover(&ana, "").await.ok();
    assert_eq!(set(&ids(&page)), people(&[&bob, &carl]));
    assert_eq!(page["total"], 2);

    // The service accounts are women too, and a man never meets them in discover.
    let page = app.discover(&bob, "").await.ok();
    assert_eq!(set(&ids(&page)), people(&[&ana, &dora]));
    assert_eq!(page["total"], 2);

    // Looking for women, a woman still never finds herself.
    assert_eq!(
        set(&app.discovered(&ana, "gender=female").await),
        people(&[&dora])
    );
}

async fn with_the_setting_off_both_genders_are_discovered(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| {
        c.people.opposite_gender_by_default = false;
    })
    .await;
    let ana = app.woman("ana").await;
    let dora = app.woman("dora").await;
    let bob = app.man("bob").await;

    let page = app.discover(&ana, "").await.ok();
    assert_eq!(set(&ids(&page)), people(&[&bob, &dora]));
    assert_eq!(page["total"], 2, "the service accounts are never listed");
    assert_eq!(set(&app.discovered(&bob, "").await), people(&[&ana, &dora]));
    assert_eq!(
        set(&app.discovered(&ana, "gender=male").await),
        people(&[&bob])
    );
}

async fn deleted_accounts_are_never_discovered(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    app.delete_account(&carl).await;

    let page = app.discover(&ana, "").await.ok();
    assert_eq!(ids(&page), vec![bob.id]);
    assert_eq!(page["total"], 1);
    assert_eq!(
        app.discovered(&ana, "gender=male&country=Spain&language=en")
            .await,
        vec![bob.id]
    );
}

async fn people_are_filtered_by_gender_country_and_language(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let dora = app
        .register_with("dora", json!({ "country": "Japan", "language": "en" }))
        .await;
    let bob = app
        .register_with(
            "bob",
            json!({ "gender": "male", "country": "Japan", "language": "ja" }),
        )
        .await;
    let carl = app
        .register_with(
            "carl",
            json!({ "gender": "male", "country": "Germany", "language": "ge" }),
        )
        .await;

    assert_eq!(app.discovered(&ana, "gender=female").await, vec![dora.id]);
    assert_eq!(
        set(&app.discovered(&ana, "gender=male").await),
        people(&[&bob, &carl])
    );
    assert_eq!(app.discovered(&ana, "country=Japan").await, vec![bob.id]);
    assert_eq!(
        app.discovered(&ana, "country=Japan&gender=female").await,
        vec![dora.id]
    );
    assert_eq!(
        app.discovered(&ana, "country=South%20Korea").await,
        Vec::<i64>::new()
    );
    assert_eq!(app.discovered(&ana, "language=ge").await, vec![carl.id]);
    assert_eq!(app.discovered(&ana, "language=ja").await, vec![bob.id]);
    assert_eq!(
        app.discovered(&ana, "language=en&gender=female").await,
        vec![dora.id]
    );
    assert_eq!(
        app.discovered(&ana, "language=ja&country=Germany").await,
        Vec::<i64>::new()
    );
    // An empty filter is no filter.
    assert_eq!(
        set(&app.discovered(&ana, "gender=&country=&language=").await),
        people(&[&bob, &carl])
    );
}

async fn a_filter_off_the_list_is_refused_with_the_message_the_app_shows(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    app.man("bob").await;
    for (query, msg) in [
        ("country=Atlantis", "Please choose a country from the list"),
        (
            "country=France&gender=male",
            "Please choose a country from the list",
        ),
        ("gender=other", "Please choose female or male"),
        ("gender=MALES", "Please choose female or male"),
        ("minAge=17", "Please choose an age range between 18 and 99"),
        ("maxAge=100", "Please choose an age range between 18 and 99"),
        (
            "minAge=18&maxAge=17",
            "Please choose an age range between 18 and 99",
        ),
        (
            "minAge=40&maxAge=30",
            "Please choose an age range between 18 and 99",
        ),
        ("language=fr", "Please choose a language from the list"),
    ] {
        app.discover(&ana, query).await.fails(400, msg);
    }
    // Nobody was shown: the refusals took nothing from the day's allowance.
    assert_eq!(app.count("discover_shown").await, 0);
    // The widest range is a valid one.
    assert_eq!(app.discovered(&ana, "minAge=18&maxAge=99").await.len(), 1);
}

async fn the_age_range_includes_both_of_its_ends(b: Backend) {
    let app = spawn(b).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    let day = |d: chrono::NaiveDate| json!(d.format("%Y-%m-%d").to_string());
    let thirty = app.born_years_ago(30);
    let thirty_one = app.born_years_ago(31);
    let man_born = |name: &'static str, born: chrono::NaiveDate| {
        let app = &app;
        async move {
            app.register_with(name, json!({ "gender": "male", "birthday": day(born) }))
                .await
        }
    };
    let turns_30_today = man_born("turns30today", thirty).await;
    let turns_30_tomorrow = man_born("turns30tomorrow", thirty.succ_opt().unwrap()).await;
    let turns_31_today = man_born("turns31today", thirty_one).await;
    let turns_31_tomorrow = man_born("turns31tomorrow", thirty_one.succ_opt().unwrap()).await;

    let card = app
        .get(
            &format!("/prod-api/system/user/getInfos/{}", turns_30_today.id),
            Some(&ana.token),
        )
        .await
        .ok();
    assert_eq!(card["age"], 30);

    assert_eq!(
        set(&app.discovered(&ana, "minAge=30").await),
        people(&[&turns_30_today, &turns_31_today, &turns_31_tomorrow])
    );
    assert_eq!(
        set(&app.discovered(&ana, "maxAge=30").await),
        people(&[&turns_30_today, &turns_30_tomorrow, &turns_31_tomorrow])
    );
    assert_eq!(
        set(&app.discovered(&ana, "minAge=30&maxAge=30").await),
        people(&[&turns_30_today, &turns_31_tomorrow])
    );
    assert_eq!(
        set(&app.discovered(&ana, "minAge=31").await),
        people(&[&turns_31_today])
    );
    assert_eq!(
        set(&app.discovered(&ana, "maxAge=29").await),
        people(&[&turns_30_tomorrow])
    );
}

async fn online_means_active_within_the_last_minutes(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;

    // Everyone who just registered is online.
    assert_eq!(
        set(&app.discovered(&ana, "online=true").await),
        people(&[&bob, &carl])
    );

    app.clock().advance(Duration::minutes(10));
    assert_eq!(app.discovered(&ana, "online=true").await, Vec::<i64>::new());
    touch(&app, &bob).await;
    assert_eq!(app.discovered(&ana, "online=true").await, vec![bob.id]);
    let page = app.discover(&ana, "").await.ok();
    let online: Vec<(i64, bool)> = page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["userId"].as_i64().unwrap(),
                r["online"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(online, vec![(bob.id, true), (carl.id, false)]);

    // Five minutes is the window: six minutes later bob is no longer online.
    app.clock().advance(Duration::minutes(4));
    assert_eq!(app.discovered(&ana, "online=true").await, vec![bob.id]);
    app.clock().advance(Duration::minutes(2));
    assert_eq!(app.discovered(&ana, "online=true").await, Vec::<i64>::new());
    assert_eq!(
        set(&app.discovered(&ana, "online=false").await),
        people(&[&bob, &carl])
    );
}

async fn new_members_are_those_who_joined_in_the_last_30_days(b: Backend) {
    let app = spawn(b).await;
    let bob = app.man("bob").await;
    app.clock().advance(Duration::days(29));
    let ana = app.woman("ana").await;
    let carl = app.man("carl").await;

    assert_eq!(
        set(&app.discovered(&ana, "newMembers=true").await),
        people(&[&bob, &carl])
    );
    app.clock().advance(Duration::days(2));
    assert_eq!(app.discovered(&ana, "newMembers=true").await, vec![carl.id]);
    assert_eq!(set(&app.discovered(&ana, "").await), people(&[&bob, &carl]));
}

async fn recently_active_people_come_first(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dave = app.man("dave").await;

    app.clock().advance(Duration::minutes(2));
    touch(&app, &dave).await;
    app.clock().advance(Duration::minutes(2));
    touch(&app, &bob).await;
    assert_eq!(
        app.discovered(&ana, "").await,
        vec![bob.id, dave.id, carl.id]
    );

    app.clock().advance(Duration::minutes(2));
    touch(&app, &carl).await;
    assert_eq!(
        app.discovered(&ana, "").await,
        vec![carl.id, bob.id, dave.id]
    );
}

async fn svip_members_come_first_among_people_active_in_the_same_window(b: Backend) {
    let app = spawn(b).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    let olaf = app.man("olaf").await;
    let sam = app.man("sam").await;
    let dave = app.man("dave").await;
    let carl = app.man("carl").await;
    let bob = app.man("bob").await;
    let eric = app.man("eric").await;
    let fred = app.man("fred").await;
    app.grant_level(&olaf, "SVIP", 1).await;
    app.grant_level(&sam, "SVIP", 1).await;
    app.make_member(&dave, 1).await;

    // Eric was active two hours ago, olaf (SVIP) three: both in the last day.
    app.clock().advance(Duration::hours(1));
    touch(&app, &eric).await;
    // Fred, a quarter of an hour ago: in the last hour.
    app.clock().advance(Duration::minutes(105));
    touch(&app, &fred).await;
    // Sam (SVIP), dave (VIP), carl and bob, a minute apart, all online now.
    app.clock().advance(Duration::minutes(12));
    for who in [&sam, &dave, &carl, &bob] {
        touch(&app, who).await;
        app.clock().advance(Duration::minutes(1));
    }
    assert_eq!(
        app.discovered(&ana, "").await,
        vec![sam.id, bob.id, carl.id, dave.id, fred.id, olaf.id, eric.id],
        "SVIP first within each window, VIP no different from anyone"
    );

    // Two days later the memberships have run out and everyone is in the same window: activity
    // alone orders them.
    app.clock().advance(Duration::days(2));
    assert_eq!(
        app.discovered(&ana, "").await,
        vec![bob.id, carl.id, dave.id, sam.id, fred.id, eric.id, olaf.id]
    );
}

async fn discover_comes_in_pages(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let mut men = Vec::new();
    for name in ["bob", "carl", "dave", "eric", "fred"] {
        men.push(app.man(name).await);
    }

    let mut seen = Vec::new();
    for (page_num, rows) in [(1, 2), (2, 2), (3, 1), (4, 0)] {
        let page = app
            .discover(&ana, &format!("pageNum={page_num}&pageSize=2"))
            .await
            .ok();
        assert_eq!(page["total"], 5);
        assert_eq!(ids(&page).len(), rows, "page {page_num}: {page}");
        seen.extend(ids(&page));
    }
    let everyone: Vec<i64> = {
        let mut all = men.iter().map(|m| m.id).collect::<Vec<_>>();
        all.reverse();
        all
    };
    // All registered in the same moment: the newest account first, each once.
    assert_eq!(seen, everyone);
    // Ten to a page unless asked otherwise.
    assert_eq!(ids(&app.discover(&ana, "").await.ok()).len(), 5);
}

async fn a_non_member_sees_a_number_of_people_a_day_then_is_offered_membership(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.daily_discover_cap = 5).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    for name in ["bob", "carl", "dave", "eric", "fred", "gus"] {
        app.man(name).await;
    }

    let first = app.discover(&ana, "pageSize=3").await.ok();
    assert_eq!((ids(&first).len(), first["total"].as_i64()), (3, Some(6)));
    let second = app.discover(&ana, "pageNum=2&pageSize=3").await.ok();
    assert_eq!(ids(&second).len(), 2, "only two more today: {second}");
    assert_eq!(app.count("discover_shown").await, 5);

    // Nobody new is left for today: a page of only new people asks to upgrade.
    for query in ["pageNum=6&pageSize=1", "pageNum=2&pageSize=5"] {
        asks_to_upgrade(&app.discover(&ana, query).await);
    }
    assert_eq!(
        app.count("discover_shown").await,
        5,
        "a refusal counts nothing"
    );

    // A new UTC day brings a new allowance.
    app.clock().advance(Duration::days(1));
    assert_eq!(ids(&app.discover(&ana, "pageSize=100").await.ok()).len(), 5);
    asks_to_upgrade(&app.discover(&ana, "pageNum=6&pageSize=1").await);
}

async fn people_seen_again_the_same_day_cost_nothing(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.daily_discover_cap = 5).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    for name in ["bob", "carl", "dave", "eric", "fred", "gus", "hal"] {
        app.man(name).await;
    }

    // Opening Discover again and again shows the same people and never locks her out.
    let first = ids(&app.discover(&ana, "pageSize=3").await.ok());
    for _ in 0..10 {
        assert_eq!(ids(&app.discover(&ana, "pageSize=3").await.ok()), first);
    }
    assert_eq!(app.count("discover_shown").await, 3);

    // A wider page shows the three again for free and two new people; the rest are held back.
    let wider = ids(&app.discover(&ana, "pageSize=7").await.ok());
    assert_eq!(wider.len(), 5, "three seen and two new: {wider:?}");
    assert!(first.iter().all(|id| wider.contains(id)));
    assert_eq!(app.count("discover_shown").await, 5);

    // Filters that find people she already saw still answer, past the allowance.
    for _ in 0..3 {
        assert_eq!(ids(&app.discover(&ana, "pageSize=7").await.ok()), wider);
    }
    let second_page = app.discover(&ana, "pageNum=2&pageSize=5").await;
    asks_to_upgrade(&second_page);
    assert_eq!(app.count("discover_shown").await, 5);
}

async fn a_member_is_never_counted(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.daily_discover_cap = 5).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    for name in ["bob", "carl", "dave", "eric", "fred", "gus"] {
        app.man(name).await;
    }
    app.make_member(&ana, 30).await;
    for _ in 0..3 {
        assert_eq!(ids(&app.discover(&ana, "pageSize=100").await.ok()).len(), 6);
    }
    assert_eq!(app.count("discover_shown").await, 0);

    // An expired membership is no membership.
    let bea = app.woman("bea").await;
    app.make_member(&bea, 1).await;
    app.clock().advance(Duration::days(2));
    assert_eq!(ids(&app.discover(&bea, "pageSize=100").await.ok()).len(), 5);
    asks_to_upgrade(&app.discover(&bea, "pageNum=6&pageSize=1").await);
    assert_eq!(ids(&app.discover(&ana, "pageSize=100").await.ok()).len(), 6);
}

async fn my_own_profile_is_mine_and_leaves_no_footprint(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;

    for path in [PROFILE.to_owned(), format!("{PROFILE}?userId={}", ana.id)] {
        let me = app.get(&path, Some(&ana.token)).await.ok();
        assert_eq!(me["mine"], true, "{me}");
        assert_eq!(me["userId"], ana.id);
        assert_eq!(me["userName"], "ana");
    }
    assert_eq!(app.count("footprints").await, 0);

    let his = app
        .get(&format!("{PROFILE}?userId={}", bob.id), Some(&ana.token))
        .await
        .ok();
    assert_eq!(
        (&his["mine"], &his["liked"], &his["mutual"], &his["contact"]),
        (&json!(false), &json!(false), &json!(false), &json!(false))
    );
    assert_eq!(his["userName"], "bob");
    assert_eq!(app.count("footprints").await, 1);
}

async fn a_card_shows_what_others_may_know(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app
        .register_with(
            "bob",
            json!({
                "gender": "male",
                "country": "Canada",
                "language": "es",
                "signature": "Hola",
                "telephone": "+1 555 0100",
                "birthday": app.born_years_ago(40).format("%Y-%m-%d").to_string(),
            }),
        )
        .await;
    let card = app
        .get(
            &format!("/prod-api/system/user/getInfos/{}", bob.id),
            Some(&ana.token),
        )
        .await
        .ok();
    assert_eq!(card["userId"], bob.id);
    assert_eq!(card["userName"], "bob");
    assert_eq!(card["gender"], "male");
    assert_eq!(card["age"], 40);
    assert_eq!(card["country"], "Canada");
    assert_eq!(card["language"], "es");
    assert_eq!(card["signature"], "Hola");
    assert_eq!(card["emUser"], format!("u{}", bob.id));
    assert_eq!(card["online"], true);
    assert_eq!(card["level"], json!(null));
    assert!(card["avatar"]
        .as_str()
        .unwrap()
        .starts_with("/media/avatars/"));
    assert!(card["avatarThumb"]
        .as_str()
        .unwrap()
        .starts_with("/media/avatars/"));
    assert_eq!(card["active"], "online");
    for private in [
        "lastActiveAt",
        "email",
        "telephone",
        "birthday",
        "coins",
        "characters",
        "role",
    ] {
        assert!(card.get(private).is_none(), "{private} shown: {card}");
    }

    // The VIP badge shows while the membership runs.
    app.make_member(&bob, 1).await;
    let path = format!("/prod-api/system/user/getInfos/{}", bob.id);
    assert_eq!(app.get(&path, Some(&ana.token)).await.ok()["level"], "VIP");
    app.clock().advance(Duration::days(2));
    assert_eq!(
        app.get(&path, Some(&ana.token)).await.ok()["level"],
        json!(null)
    );

    for missing in ["bob", "1.5", "999999"] {
        app.get(
            &format!("/prod-api/system/user/getInfos/{missing}"),
            Some(&ana.token),
        )
        .await
        .fails(404, "Not found");
    }
    app.delete_account(&bob).await;
    app.get(&path, Some(&ana.token))
        .await
        .fails(404, "Not found");
    app.get(&format!("{PROFILE}?userId={}", bob.id), Some(&ana.token))
        .await
        .fails(404, "Not found");
    assert_eq!(app.count("footprints").await, 0);
}

async fn whether_someone_is_online_and_how_recently_but_never_the_minute(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let path = format!("/prod-api/system/user/checkOnlineStatusInLast/{}", bob.id);
    let status = app.get(&path, Some(&ana.token)).await.ok();
    assert_eq!(status, json!({ "online": true, "active": "online" }));

    app.clock().advance(Duration::minutes(10));
    let status = app.get(&path, Some(&ana.token)).await.ok();
    assert_eq!(status, json!({ "online": false, "active": "recently" }));
    // A window of the caller's choosing would tell the minute: the operator's window counts.
    for minutes in [30, 11, 10, 9] {
        let status = app
            .get(&format!("{path}?minutes={minutes}"), Some(&ana.token))
            .await
            .ok();
        assert_eq!(status["online"], false, "minutes={minutes}");
    }
    let card = app
        .get(
            &format!("/prod-api/system/user/getInfos/{}", bob.id),
            Some(&ana.token),
        )
        .await
        .ok();
    assert_eq!(
        (card["active"].as_str(), card.get("lastActiveAt")),
        (Some("recently"), None)
    );
    app.clock().advance(Duration::days(2));
    assert_eq!(
        app.get(&path, Some(&ana.token)).await.ok()["active"],
        "thisWeek"
    );
    app.clock().advance(Duration::days(6));
    assert_eq!(
        app.get(&path, Some(&ana.token)).await.ok()["active"],
        "earlier"
    );

    touch(&app, &bob).await;
    assert_eq!(app.get(&path, Some(&ana.token)).await.ok()["online"], true);

    app.get(
        "/prod-api/system/user/checkOnlineStatusInLast/999999",
        Some(&ana.token),
    )
    .await
    .fails(404, "Not found");
}

async fn the_recommended_list_leaves_out_people_i_already_like(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    app.woman("dora").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let hand = "/prod-api/system/user/listHand";

    assert_eq!(set(&app.list_ids(&ana, hand).await), people(&[&bob, &carl]));
    let like = format!("/prod-api/system/like/opera/{}", bob.id);
    assert_eq!(app.get(&like, Some(&ana.token)).await.ok()["liked"], true);
    assert_eq!(app.list_ids(&ana, hand).await, vec![carl.id]);
    assert_eq!(app.get(&like, Some(&ana.token)).await.ok()["liked"], false);
    assert_eq!(set(&app.list_ids(&ana, hand).await), people(&[&bob, &carl]));

    // Only people active in the last two weeks are recommended.
    app.clock().advance(Duration::days(15));
    touch(&app, &carl).await;
    assert_eq!(app.list_ids(&ana, hand).await, vec![carl.id]);
}

async fn a_random_sidekick_is_someone_i_may_see_or_nobody(b: Backend) {
    let app = spawn(b).await;
    let bob = app.man("bob").await;
    let random = "/prod-api/system/sidekick/random";
    // Only the service accounts (women) are there: they are never offered.
    for _ in 0..3 {
        assert_eq!(app.get(random, Some(&bob.token)).await.ok(), json!(null));
    }
    app.man("carl").await;
    let ana = app.woman("ana").await;
    for _ in 0..3 {
        assert_eq!(
            app.get(random, Some(&bob.token)).await.ok()["userId"],
            ana.id
        );
    }
    app.post(
        "/prod-api/system/blacklisted/add",
        Some(&ana.token),
        json!({ "userId": bob.id }),
    )
    .await
    .ok();
    assert_eq!(app.get(random, Some(&bob.token)).await.ok(), json!(null));
}

async fn every_people_call_needs_a_session(b: Backend) {
    let app = spawn(b).await;
    let bob = app.man("bob").await;
    let id = bob.id;
    for (method, path) in [
        ("GET", format!("{PROFILE}?userId={id}")),
        ("GET", crate::common::people::DISCOVER.to_owned()),
        ("GET", crate::common::people::COUNTERS.to_owned()),
        ("GET", format!("/prod-api/system/user/getInfos/{id}")),
        ("GET", "/prod-api/system/user/listHand".to_owned()),
        (
            "GET",
            format!("/prod-api/system/user/checkOnlineStatusInLast/{id}"),
        ),
        ("GET", "/prod-api/system/sidekick/random".to_owned()),
        ("GET", format!("/prod-api/system/like/opera/{id}")),
        ("GET", "/prod-api/system/like/likeTo".to_owned()),
        ("GET", "/prod-api/system/like/likeMe".to_owned()),
        ("GET", "/prod-api/system/like/likeMeAndLikeTo".to_owned()),
        ("GET", "/prod-api/system/like/visitor".to_owned()),
        ("GET", format!("/prod-api/em/addFriend/{id}")),
        ("GET", format!("/prod-api/em/delFriend/{id}")),
        ("GET", "/prod-api/em/friends/list".to_owned()),
        ("GET", "/prod-api/em/friends/customer".to_owned()),
        (
            "POST",
            format!("/prod-api/em/friend/updateRemark/{id}?remark=Hi"),
        ),
        ("POST", "/prod-api/system/remarks/add".to_owned()),
        ("PUT", "/prod-api/system/remarks/update".to_owned()),
        ("GET", "/prod-api/system/blacklisted/list".to_owned()),
        ("POST", "/prod-api/system/blacklisted/add".to_owned()),
        (
            "DELETE",
            format!("/prod-api/system/blacklisted/remove?ids={id}"),
        ),
        ("POST", "/prod-api/system/form/add".to_owned()),
    ] {
        for token in [None, Some("not-a-session")] {
            let body = crate::common::Body::Json(
                json!({ "userId": id, "remark": "Hi", "reason": "spam" }),
            );
            app.call(method, &path, token, body)
                .await
                .fails(401, "Login has expired, please log in again");
        }
    }
    for table in [
        "likes",
        "footprints",
        "contacts",
        "remarks",
        "blocks",
        "reports",
    ] {
        assert_eq!(app.count(table).await, 0, "{table}");
    }
}

both_databases!(
    a_woman_discovers_the_men_never_herself_nor_the_service_accounts,
    with_the_setting_off_both_genders_are_discovered,
    deleted_accounts_are_never_discovered,
    people_are_filtered_by_gender_country_and_language,
    a_filter_off_the_list_is_refused_with_the_message_the_app_shows,
    the_age_range_includes_both_of_its_ends,
    online_means_active_within_the_last_minutes,
    new_members_are_those_who_joined_in_the_last_30_days,
    recently_active_people_come_first,
    svip_members_come_first_among_people_active_in_the_same_window,
    discover_comes_in_pages,
    a_non_member_sees_a_number_of_people_a_day_then_is_offered_membership,
    people_seen_again_the_same_day_cost_nothing,
    a_member_is_never_counted,
    my_own_profile_is_mine_and_leaves_no_footprint,
    a_card_shows_what_others_may_know,
    whether_someone_is_online_and_how_recently_but_never_the_minute,
    the_recommended_list_leaves_out_people_i_already_like,
    a_random_sidekick_is_someone_i_may_see_or_nobody,
    every_people_call_needs_a_session,
);
