//! Likes (winks), matches, footprints and the red-badge counters: liking and taking it back, the
//! lists of whom I like, who likes me and who visited me (the last two for members), and the
//! counters that count what is new until the list is opened.

use crate::common::people::{asks_to_upgrade, LIKE_ME, LIKE_TO, MATCHES, PROFILE, VISITORS};
use crate::common::{spawn, Backend, Person, TestApp};
use chrono::Duration;
use serde_json::json;

/// `who` taps the heart on `whom`: (liked, mutual).
async fn like(app: &TestApp, who: &Person, whom: &Person) -> (bool, bool) {
    let state = app
        .get(
            &format!("/prod-api/system/like/opera/{}", whom.id),
            Some(&who.token),
        )
        .await
        .ok();
    (
        state["liked"].as_bool().unwrap(),
        state["mutual"].as_bool().unwrap(),
    )
}

/// `who` asks for the heart on `whom` to show `liked`: (liked, mutual).
async fn set_like(app: &TestApp, who: &Person, whom: &Person, liked: bool) -> (bool, bool) {
    let state = app
        .get(
            &format!("/prod-api/system/like/opera/{}?like={liked}", whom.id),
            Some(&who.token),
        )
        .await
        .ok();
    (
        state["liked"].as_bool().unwrap(),
        state["mutual"].as_bool().unwrap(),
    )
}

/// `who` opens the profile of `whom`.
async fn visit(app: &TestApp, who: &Person, whom: &Person) -> serde_json::Value {
    app.get(&format!("{PROFILE}?userId={}", whom.id), Some(&who.token))
        .await
        .ok()
}

async fn a_heart_toggles_and_two_hearts_make_a_match(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;

    assert_eq!(like(&app, &ana, &bob).await, (true, false));
    assert_eq!(app.count("likes").await, 1);
    assert_eq!(like(&app, &ana, &bob).await, (false, false));
    assert_eq!(app.count("likes").await, 0);
    assert_eq!(like(&app, &ana, &bob).await, (true, false));

    let his = visit(&app, &ana, &bob).await;
    assert_eq!(
        (&his["liked"], &his["mutual"]),
        (&json!(true), &json!(false))
    );
    let hers = visit(&app, &bob, &ana).await;
    assert_eq!(
        (&hers["liked"], &hers["mutual"]),
        (&json!(false), &json!(false))
    );

    assert_eq!(like(&app, &bob, &ana).await, (true, true));
    let his = visit(&app, &ana, &bob).await;
    assert_eq!(
        (&his["liked"], &his["mutual"]),
        (&json!(true), &json!(true))
    );

    // Taking the heart back ends the match for both.
    assert_eq!(like(&app, &ana, &bob).await, (false, false));
    let hers = visit(&app, &bob, &ana).await;
    assert_eq!(
        (&hers["liked"], &hers["mutual"]),
        (&json!(true), &json!(false))
    );
}

async fn a_heart_asked_to_like_never_takes_a_like_back(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;

    // Bob likes Ana; she likes him back twice (a double tap, or a second device): still a match.
    assert_eq!(like(&app, &bob, &ana).await, (true, false));
    assert_eq!(set_like(&app, &ana, &bob, true).await, (true, true));
    assert_eq!(set_like(&app, &ana, &bob, true).await, (true, true));
    assert_eq!(app.count("likes").await, 2);

    // Taking it back is as sure: twice leaves it taken back.
    assert_eq!(set_like(&app, &ana, &bob, false).await, (false, false));
    assert_eq!(set_like(&app, &ana, &bob, false).await, (false, false));
    assert_eq!(app.count("likes").await, 1);

    app.get(
        &format!("/prod-api/system/like/opera/{}?like=maybe", bob.id),
        Some(&ana.token),
    )
    .await
    .fails_starting(400, "The request is not valid");
    assert_eq!(app.count("likes").await, 1);
}

async fn nobody_likes_themselves_or_nobody(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    app.delete_account(&bob).await;

    app.get(
        &format!("/prod-api/system/like/opera/{}", ana.id),
        Some(&ana.token),
    )
    .await
    .fails(400, "You cannot do this to yourself");
    for missing in [bob.id.to_string(), "999999".into(), "bob".into()] {
        app.get(
            &format!("/prod-api/system/like/opera/{missing}"),
            Some(&ana.token),
        )
        .await
        .fails(404, "Not found");
    }
    assert_eq!(app.count("likes").await, 0);
}

async fn my_favourites_list_whom_i_like_newest_first(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dave = app.man("dave").await;

    like(&app, &ana, &carl).await;
    app.clock().advance(Duration::minutes(1));
    like(&app, &ana, &bob).await;
    // Someone who likes me is not someone I like.
    like(&app, &dave, &ana).await;

    let page = app.get(LIKE_TO, Some(&ana.token)).await.ok();
    assert_eq!(crate::common::people::ids(&page), vec![bob.id, carl.id]);
    assert_eq!(page["total"], 2);
    assert!(page["rows"][0]["at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(app.list_ids(&dave, LIKE_TO).await, vec![ana.id]);
    assert_eq!(app.list_ids(&bob, LIKE_TO).await, Vec::<i64>::new());

    let page = app
        .get(&format!("{LIKE_TO}?pageNum=2&pageSize=1"), Some(&ana.token))
        .await
        .ok();
    assert_eq!(crate::common::people::ids(&page), vec![carl.id]);
    assert_eq!(page["total"], 2);
}

async fn who_likes_me_and_who_visited_me_are_for_members(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    like(&app, &bob, &ana).await;
    visit(&app, &carl, &ana).await;

    for list in [LIKE_ME, VISITORS] {
        asks_to_upgrade(&app.get(list, Some(&ana.token)).await);
    }
    // The badges still count, and the refusals did not clear them.
    assert_eq!(app.counters(&ana).await, (0, 1, 1));

    app.make_member(&ana, 1).await;
    let likes_me = app.get(LIKE_ME, Some(&ana.token)).await.ok();
    assert_eq!(crate::common::people::ids(&likes_me), vec![bob.id]);
    assert_eq!(likes_me["total"], 1);
    assert!(likes_me["rows"][0]["at"].as_str().is_some());
    assert_eq!(app.list_ids(&ana, VISITORS).await, vec![carl.id]);

    // An expired membership is no membership.
    app.clock().advance(Duration::days(2));
    for list in [LIKE_ME, VISITORS] {
        asks_to_upgrade(&app.get(list, Some(&ana.token)).await);
    }
}

async fn matches_are_people_who_like_each_other(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dave = app.man("dave").await;
    like(&app, &ana, &bob).await;
    like(&app, &ana, &carl).await;
    like(&app, &bob, &ana).await;
    like(&app, &dave, &ana).await;

    let page = app.get(MATCHES, Some(&ana.token)).await.ok();
    assert_eq!(crate::common::people::ids(&page), vec![bob.id]);
    assert_eq!(page["total"], 1);
    assert_eq!(app.list_ids(&bob, MATCHES).await, vec![ana.id]);
    assert_eq!(app.list_ids(&carl, MATCHES).await, Vec::<i64>::new());
    assert_eq!(app.list_ids(&dave, MATCHES).await, Vec::<i64>::new());

    like(&app, &ana, &dave).await;
    assert_eq!(app.list_ids(&dave, MATCHES).await, vec![ana.id]);
    assert_eq!(app.get(MATCHES, Some(&ana.token)).await.ok()["total"], 2);
}

async fn new_hearts_and_visitors_count_until_their_list_is_opened(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dave = app.man("dave").await;
    app.make_member(&ana, 30).await;
    assert_eq!(app.counters(&ana).await, (0, 0, 0));

    like(&app, &bob, &ana).await;
    assert_eq!(app.counters(&ana).await, (0, 1, 0));
    like(&app, &carl, &ana).await;
    visit(&app, &bob, &ana).await;
    assert_eq!(app.counters(&ana).await, (0, 2, 1));
    visit(&app, &carl, &ana).await;
    visit(&app, &bob, &ana).await;
    assert_eq!(app.counters(&ana).await, (0, 2, 2));
    let all = app
        .get(crate::common::people::COUNTERS, Some(&ana.token))
        .await
        .ok();
    assert_eq!(all["Dynamics"], 0);

    app.get(LIKE_ME, Some(&ana.token)).await.ok();
    assert_eq!(app.counters(&ana).await, (0, 0, 2));
    app.get(VISITORS, Some(&ana.token)).await.ok();
    assert_eq!(app.counters(&ana).await, (0, 0, 0));
    // Opening the lists clears only the opener's badges.
    assert_eq!(app.counters(&bob).await, (0, 0, 0));

    app.clock().advance(Duration::minutes(1));
    like(&app, &dave, &ana).await;
    visit(&app, &dave, &ana).await;
    assert_eq!(app.counters(&ana).await, (0, 1, 1));
}

async fn a_visit_counts_once_a_day(b: Backend) {
    let app = spawn(b).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    app.make_member(&ana, 30).await;

    visit(&app, &bob, &ana).await;
    visit(&app, &bob, &ana).await;
    assert_eq!(app.count("footprints").await, 1);
    assert_eq!(app.counters(&ana).await, (0, 0, 1));
    assert_eq!(app.list_ids(&ana, VISITORS).await, vec![bob.id]);
    assert_eq!(app.counters(&ana).await, (0, 0, 0));

    // Later the same day: no new footprint, nothing new to show.
    app.clock().advance(Duration::hours(2));
    visit(&app, &bob, &ana).await;
    assert_eq!(app.count("footprints").await, 1);
    assert_eq!(app.counters(&ana).await, (0, 0, 0));

    // The next day the visit counts again.
    app.clock().advance(Duration::days(1));
    visit(&app, &bob, &ana).await;
    assert_eq!(app.count("footprints").await, 2);
    assert_eq!(app.counters(&ana).await, (0, 0, 1));
    let visitors = app.get(VISITORS, Some(&ana.token)).await.ok();
    assert_eq!(
        visitors["total"], 1,
        "one visitor, however often: {visitors}"
    );
}

async fn my_favourites_badge_counts_new_matches(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dave = app.man("dave").await;
    like(&app, &ana, &bob).await;
    like(&app, &ana, &carl).await;
    // A heart from someone I do not like is no match.
    like(&app, &dave, &ana).await;
    assert_eq!(app.counters(&ana).await, (0, 1, 0));

    like(&app, &bob, &ana).await;
    assert_eq!(app.counters(&ana).await, (1, 2, 0));
    // For bob the match is new too: he liked someone who liked him already.
    assert_eq!(app.counters(&bob).await.0, 1);

    // A non-member may open My Favourite: it clears that badge only.
    assert_eq!(app.list_ids(&ana, LIKE_TO).await.len(), 2);
    assert_eq!(app.counters(&ana).await, (0, 2, 0));

    app.clock().advance(Duration::minutes(1));
    like(&app, &carl, &ana).await;
    assert_eq!(app.counters(&ana).await, (1, 3, 0));
}

both_databases!(
    a_heart_asked_to_like_never_takes_a_like_back,
    a_heart_toggles_and_two_hearts_make_a_match,
    nobody_likes_themselves_or_nobody,
    my_favourites_list_whom_i_like_newest_first,
    who_likes_me_and_who_visited_me_are_for_members,
    matches_are_people_who_like_each_other,
    new_hearts_and_visitors_count_until_their_list_is_opened,
    a_visit_counts_once_a_day,
    my_favourites_badge_counts_new_matches,
);
