//! Passing in Discover's card deck: a person passed is not offered again for 30 days, in the
//! grid and the deck alike (one paging, one daily allowance); members may undo a pass; liking
//! someone passed takes the pass back.

use crate::common::people::asks_to_upgrade;
use crate::common::{spawn, spawn_with, Backend, Body, Person, Setup, TestApp};
use chrono::Duration;
use serde_json::json;

const NOT_FOUND: &str = "Not found";

async fn pass(app: &TestApp, who: &Person, whom: i64) -> crate::common::Reply {
    app.post(
        "/prod-api/system/user/pass",
        Some(&who.token),
        json!({ "userId": whom }),
    )
    .await
}

async fn undo(app: &TestApp, who: &Person, whom: i64) -> crate::common::Reply {
    app.call(
        "DELETE",
        &format!("/prod-api/system/user/pass/{whom}"),
        Some(&who.token),
        Body::None,
    )
    .await
}

async fn signed_in_again(app: &TestApp, who: &Person) -> Person {
    let reply = app.login(&who.user_name, &who.password).await.ok();
    Person {
        token: reply["token"].as_str().unwrap().to_owned(),
        ..who.clone()
    }
}

async fn a_person_passed_is_not_shown_for_30_days_then_comes_back(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;

    pass(&app, &ana, bob.id).await.ok();
    assert_eq!(app.discovered(&ana, "").await, vec![carl.id]);
    // Every page: paged one at a time, bob is still not there.
    let first = app.discover(&ana, "pageSize=1").await.ok();
    let second = app.discover(&ana, "pageNum=2&pageSize=1").await.ok();
    assert_eq!(first["rows"][0]["userId"], carl.id);
    assert_eq!(second["rows"].as_array().map(Vec::len), Some(0));
    // Nobody else's discover changes.
    let dora = app.woman("dora").await;
    assert!(app.discovered(&dora, "").await.contains(&bob.id));

    // A session lasts less than the pass: she signs in again.
    app.clock().advance(Duration::days(29));
    let ana = signed_in_again(&app, &ana).await;
    assert!(!app.discovered(&ana, "").await.contains(&bob.id));
    app.clock()
        .advance(Duration::days(1) + Duration::seconds(1));
    let ana = signed_in_again(&app, &ana).await;
    assert!(app.discovered(&ana, "").await.contains(&bob.id));
}

async fn a_member_undoes_a_pass_a_non_member_is_asked_to_upgrade(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bea = app.woman("bea").await;
    let bob = app.man("bob").await;
    app.make_member(&ana, 30).await;

    pass(&app, &ana, bob.id).await.ok();
    pass(&app, &bea, bob.id).await.ok();
    assert_eq!(app.count("passes").await, 2);

    asks_to_upgrade(&undo(&app, &bea, bob.id).await);
    assert!(!app.discovered(&bea, "").await.contains(&bob.id));
    assert_eq!(app.count("passes").await, 2, "a refusal changes nothing");

    undo(&app, &ana, bob.id).await.ok();
    assert!(app.discovered(&ana, "").await.contains(&bob.id));
    // Nothing left to undo.
    undo(&app, &ana, bob.id).await.fails(404, NOT_FOUND);
    assert_eq!(app.count("passes").await, 1);
}

async fn liking_someone_passed_takes_the_pass_back(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    pass(&app, &ana, bob.id).await.ok();
    app.get(
        &format!("/prod-api/system/like/opera/{}?like=true", bob.id),
        Some(&ana.token),
    )
    .await
    .ok();
    assert_eq!(app.count("passes").await, 0);
    assert!(app.discovered(&ana, "").await.contains(&bob.id));
}

async fn the_deck_and_the_grid_count_people_once_against_the_daily_allowance(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.daily_discover_cap = 3).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    let mut men = Vec::new();
    for name in ["bob", "carl", "dave", "eric", "fred"] {
        men.push(app.man(name).await);
    }
    // The deck reads the grid's pages: three people shown, whichever way she looks at them.
    let first = app.discover(&ana, "pageSize=3").await.ok();
    let shown: Vec<i64> = crate::common::people::ids(&first);
    assert_eq!(shown.len(), 3);
    // Passing on them in the deck does not give her new people beyond the allowance.
    for id in &shown {
        pass(&app, &ana, *id).await.ok();
    }
    asks_to_upgrade(&app.discover(&ana, "pageSize=3").await);
    assert_eq!(app.count("discover_shown").await, 3);
}

async fn a_pass_on_nobody_or_on_myself_is_refused_and_keeps_nothing(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    pass(&app, &ana, ana.id)
        .await
        .fails(400, "You cannot do this to yourself");
    pass(&app, &ana, 999_999).await.fails(404, NOT_FOUND);
    app.post("/prod-api/system/user/pass", Some(&ana.token), json!({}))
        .await
        .fails(404, NOT_FOUND);
    app.post("/prod-api/system/user/pass", None, json!({ "userId": 1 }))
        .await
        .fails_starting(401, "");
    assert_eq!(app.count("passes").await, 0);
}

both_databases!(
    a_person_passed_is_not_shown_for_30_days_then_comes_back,
    a_member_undoes_a_pass_a_non_member_is_asked_to_upgrade,
    liking_someone_passed_takes_the_pass_back,
    the_deck_and_the_grid_count_people_once_against_the_daily_allowance,
    a_pass_on_nobody_or_on_myself_is_refused_and_keeps_nothing,
);
