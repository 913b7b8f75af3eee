//! Scrolling the people: discover and the people lists followed page after page with the
//! `nextPageToken` of each page. A scroll shows everyone once, in the order its first page had,
//! while people become active, like, visit, block or are banned between two pages; a search
//! reuses its list while it is fresh and makes a new one after; the daily allowance of
//! non-members stays exact; totals count up to 1,000 and scrolling goes past them; a token that
//! does not belong to the list and its filters is refused; the random sidekick never offers
//! someone hidden.

use std::collections::BTreeSet;

use crate::common::people::{
    asks_to_upgrade, ids, BLOCKED, CONTACTS, DISCOVER, LIKE_ME, LIKE_TO, MATCHES, PROFILE,
    RECOMMENDED, VISITORS,
};
use crate::common::staff::RANDOM;
use crate::common::{spawn, spawn_with, Backend, Person, Setup, TestApp};
use chrono::Duration;
use serde_json::{json, Value};

const STALE: &str = "This list has changed: please refresh it";

/// `path` (with its query), at `token` when there is one.
fn at(path: &str, token: Option<&str>) -> String {
    match token {
        None => path.to_owned(),
        Some(token) => {
            let sep = if path.contains('?') { '&' } else { '?' };
            let query = serde_urlencoded::to_string([("pageToken", token)]).unwrap();
            format!("{path}{sep}{query}")
        }
    }
}

/// One page of `path` as `who`, at `token` when there is one.
async fn page(app: &TestApp, who: &Person, path: &str, token: Option<&str>) -> Value {
    app.get(&at(path, token), Some(&who.token)).await.ok()
}

/// The token of the page after `page`, or `None` on the last page.
#[track_caller]
fn next(page: &Value) -> Option<String> {
    match page.get("nextPageToken") {
        Some(Value::Null) => None,
        Some(Value::String(token)) => {
            assert!(!token.is_empty(), "an empty token: {page}");
            Some(token.clone())
        }
        other => panic!("no nextPageToken ({other:?}) in {page}"),
    }
}

/// The pages of `path` as `who` after the page that gave `token`, to the last one.
async fn rest_of(app: &TestApp, who: &Person, path: &str, token: String) -> Vec<Vec<i64>> {
    let mut pages = Vec::new();
    let mut token = Some(token);
    while let Some(at_token) = token {
        assert!(pages.len() < 40, "the scroll never ends: {pages:?}");
        let current = page(app, who, path, Some(&at_token)).await;
        pages.push(ids(&current));
        token = next(&current);
    }
    pages
}

/// Every page of `path` as `who`, from the first to the last.
async fn scroll(app: &TestApp, who: &Person, path: &str) -> (Value, Vec<Vec<i64>>) {
    let first = page(app, who, path, None).await;
    let mut pages = vec![ids(&first)];
    if let Some(token) = next(&first) {
        pages.extend(rest_of(app, who, path, token).await);
    }
    (first, pages)
}

#[track_caller]
fn each_once(all: &[i64]) {
    let distinct: BTreeSet<i64> = all.iter().copied().collect();
    assert_eq!(distinct.len(), all.len(), "someone shown twice: {all:?}");
}

fn ids_of(people: &[&Person]) -> Vec<i64> {
    people.iter().map(|p| p.id).collect()
}

/// `who` does something, which makes them active now (at most once a minute).
async fn touch(app: &TestApp, who: &Person) {
    app.get("/prod-api/getInfo", Some(&who.token)).await.ok();
}

/// `who` sets the heart on `whom` to `liked`.
async fn like(app: &TestApp, who: &Person, whom: &Person, liked: bool) {
    let state = app
        .get(
            &format!("/prod-api/system/like/opera/{}?like={liked}", whom.id),
            Some(&who.token),
        )
        .await
        .ok();
    assert_eq!(state["liked"], liked, "{state}");
}

/// `who` opens the profile of `whom`.
async fn visit(app: &TestApp, who: &Person, whom: &Person) {
    app.get(&format!("{PROFILE}?userId={}", whom.id), Some(&who.token))
        .await
        .ok();
}

async fn block(app: &TestApp, who: &Person, whom: &Person) {
    app.post(
        "/prod-api/system/blacklisted/add",
        Some(&who.token),
        json!({ "userId": whom.id }),
    )
    .await
    .ok();
}

/// Men registered one after the other: the last registered is the most recently active.
async fn men(app: &TestApp, how_many: usize) -> Vec<Person> {
    let mut men = Vec::new();
    for i in 0..how_many {
        men.push(app.man(&format!("man{i:02}")).await);
    }
    men
}

async fn people_active_between_pages_are_neither_shown_twice_nor_skipped(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.discover_list_seconds = 30).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    let men = men(&app, 25).await;
    // The newest account first: each registered after the one before.
    let first_list: Vec<i64> = men.iter().rev().map(|m| m.id).collect();
    let by_id = |id: i64| men.iter().find(|m| m.id == id).unwrap();
    app.clock().advance(Duration::minutes(2));

    let path = format!("{DISCOVER}?pageSize=4");
    let mut current = page(&app, &ana, &path, None).await;
    assert_eq!(current["total"], 25);
    let mut pages = vec![ids(&current)];
    let mut came_back: Vec<i64> = Vec::new();
    while let Some(token) = next(&current) {
        assert!(pages.len() < 10, "the scroll never ends: {pages:?}");
        // Over a minute later (the list is past its 30 seconds), someone already shown and
        // someone further down the list come back, one after the other.
        app.clock().advance(Duration::seconds(61));
        let shown = pages.last().unwrap()[0];
        let further = first_list[first_list.len() - pages.len()];
        for id in [shown, further] {
            touch(&app, by_id(id)).await;
            came_back.retain(|other| *other != id);
            came_back.push(id);
            app.clock().advance(Duration::seconds(2));
        }
        current = page(&app, &ana, &path, Some(&token)).await;
        pages.push(ids(&current));
    }
    let sizes: Vec<usize> = pages.iter().map(Vec::len).collect();
    assert_eq!(sizes, vec![4, 4, 4, 4, 4, 4, 1], "{pages:?}");
    assert_eq!(
        pages.concat(),
        first_list,
        "everyone once, in the order of the first list"
    );

    // A new search after the window is a new list: the people who came back first, the last
    // to come back on top, then the others as before.
    let mut new_order: Vec<i64> = came_back.iter().rev().copied().collect();
    new_order.extend(first_list.iter().filter(|id| !came_back.contains(id)));
    assert_eq!(app.discovered(&ana, "").await, new_order);
    let fresh = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&fresh), new_order[..4].to_vec());
}

async fn a_search_reuses_its_list_while_it_is_fresh_and_makes_a_new_one_after(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.discover_list_seconds = 30).await;
    let ana = app.woman("ana").await;
    let bea = app.woman("bea").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dave = app.man("dave").await;

    let first = app.discovered(&ana, "").await;
    assert_eq!(first, ids_of(&[&dave, &carl, &bob]));

    // Someone joins within the 30 seconds: the same search answers the same list, for her and
    // for anyone searching the same.
    let eric = app.man("eric").await;
    assert_eq!(app.discovered(&ana, "").await, first);
    assert_eq!(app.discovered(&bea, "").await, first);
    let again = app.discover(&ana, "pageSize=2").await.ok();
    assert_eq!(ids(&again), first[..2].to_vec());
    assert_eq!(again["total"], 3);
    // Another search is another list, made now: he is in it.
    assert_eq!(
        app.discovered(&ana, "country=Spain").await,
        ids_of(&[&eric, &dave, &carl, &bob])
    );

    // Past the window, a new list is made: he is found.
    app.clock().advance(Duration::seconds(31));
    let fresh = app.discover(&ana, "pageSize=100").await.ok();
    assert_eq!(ids(&fresh), ids_of(&[&eric, &dave, &carl, &bob]));
    assert_eq!(fresh["total"], 4);
    assert_eq!(
        app.discovered(&bea, "").await,
        ids_of(&[&eric, &dave, &carl, &bob])
    );
}

async fn blocks_bans_and_deletions_between_pages_hide_people_on_every_later_page(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.discover_list_seconds = 30).await;
    let sam = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let bea = app.woman("bea").await;
    let mut men = men(&app, 17).await;
    // The list's order: the newest account first.
    men.reverse();
    let list: Vec<i64> = men.iter().map(|m| m.id).collect();
    let pick = |at: &[usize]| at.iter().map(|&i| list[i]).collect::<Vec<i64>>();
    let path = format!("{DISCOVER}?pageSize=4");

    let first = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&first), list[..4].to_vec());
    let anas = next(&first).expect("more pages");
    // Someone joins; within 30 seconds bea's same search is the same list, without him.
    let nick = app.man("nick").await;
    let first = page(&app, &bea, &path, None).await;
    assert_eq!(ids(&first), list[..4].to_vec(), "the list is shared");
    let beas = next(&first).expect("more pages");

    // Between two pages: ana blocks one, another blocks her, a third is banned, a fourth
    // leaves; bea blocks a fifth.
    block(&app, &ana, &men[4]).await;
    block(&app, &men[6], &ana).await;
    app.ban_as(&sam, men[9].id, "Spam", None).await.ok();
    app.delete_account(&men[12]).await;
    block(&app, &bea, &men[7]).await;

    // Full pages, nobody hidden shown, nobody else skipped; bea's block is hers only.
    let hers = rest_of(&app, &ana, &path, anas).await;
    let expected = pick(&[5, 7, 8, 10, 11, 13, 14, 15, 16]);
    assert_eq!(
        hers,
        vec![
            expected[..4].to_vec(),
            expected[4..8].to_vec(),
            expected[8..].to_vec()
        ]
    );
    let theirs = rest_of(&app, &bea, &path, beas).await;
    let expected = pick(&[4, 5, 6, 8, 10, 11, 13, 14, 15, 16]);
    assert_eq!(
        theirs,
        vec![
            expected[..4].to_vec(),
            expected[4..8].to_vec(),
            expected[8..].to_vec()
        ]
    );
    assert!(!hers.concat().contains(&nick.id) && !theirs.concat().contains(&nick.id));

    // A new first page of the same (still fresh) list hides them too.
    let again = ids(&page(&app, &ana, &format!("{DISCOVER}?pageSize=100"), None).await);
    for hidden in [4, 6, 9, 12] {
        assert!(!again.contains(&list[hidden]), "{again:?}");
    }
    assert!(again.contains(&list[7]));
}

async fn the_daily_allowance_stays_exact_when_scrolling_with_tokens(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| {
        c.people.daily_discover_cap = 5;
        c.people.discover_list_seconds = 30;
    })
    .await;
    app.to_noon();
    let ana = app.woman("ana").await;
    let men = men(&app, 8).await;
    let list: Vec<i64> = men.iter().rev().map(|m| m.id).collect();
    let path = format!("{DISCOVER}?pageSize=3");

    let first = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&first), list[..3].to_vec());
    assert_eq!(first["total"], 8);
    let t1 = next(&first).expect("more pages");
    let second = page(&app, &ana, &path, Some(&t1)).await;
    assert_eq!(ids(&second), list[3..5].to_vec(), "only two more today");
    assert_eq!(app.count("discover_shown").await, 5);
    let t2 = next(&second).expect("three more people");

    // Nobody new is left for today: the next page asks to upgrade and counts nothing.
    asks_to_upgrade(&app.get(&at(&path, Some(&t2)), Some(&ana.token)).await);
    asks_to_upgrade(&app.get(&at(&path, Some(&t2)), Some(&ana.token)).await);
    assert_eq!(app.count("discover_shown").await, 5);

    // People seen today are still free: the same pages again, and a wider first page.
    let again = page(&app, &ana, &path, Some(&t1)).await;
    assert_eq!(ids(&again), list[3..5].to_vec());
    assert_eq!(
        ids(&app.discover(&ana, "pageSize=5").await.ok()),
        list[..5].to_vec()
    );
    assert_eq!(
        ids(&app.discover(&ana, "pageSize=8").await.ok()),
        list[..5].to_vec()
    );
    assert_eq!(app.count("discover_shown").await, 5);
}

async fn a_token_of_another_list_or_other_filters_is_refused_and_changes_nothing(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.discover_list_seconds = 30).await;
    let ana = app.woman("ana").await;
    let men = men(&app, 7).await;
    let list: Vec<i64> = men.iter().rev().map(|m| m.id).collect();
    let dora = app.woman("dora").await;
    let eve = app.woman("eve").await;
    let fay = app.woman("fay").await;
    for man in &men[..3] {
        like(&app, &ana, man, true).await;
    }
    for woman in [&dora, &eve, &fay] {
        block(&app, &ana, woman).await;
    }

    let path = format!("{DISCOVER}?pageSize=3");
    let first = page(&app, &ana, &path, None).await;
    let t1 = next(&first).expect("more pages");
    let second = page(&app, &ana, &path, Some(&t1)).await;
    let t2 = next(&second).expect("more pages");
    let third = page(&app, &ana, &path, Some(&t2)).await;
    assert_eq!(next(&third), None, "the last page has no token");
    assert_eq!(
        [ids(&first), ids(&second), ids(&third)].concat(),
        list,
        "{first} {second} {third}"
    );
    // Nothing changed: pageNum=2 is the second page; with a token, pageNum is ignored.
    assert_eq!(
        ids(&app.discover(&ana, "pageSize=3&pageNum=2").await.ok()),
        ids(&second)
    );
    let with_num = page(&app, &ana, &format!("{path}&pageNum=3"), Some(&t1)).await;
    assert_eq!(ids(&with_num), ids(&second));

    let likes = format!("{LIKE_TO}?pageSize=2");
    let liked = page(&app, &ana, &likes, None).await;
    let lt = next(&liked).expect("three people liked");
    let blocked = format!("{BLOCKED}?pageSize=2");
    let bt = next(&page(&app, &ana, &blocked, None).await).expect("three people blocked");
    let last_liked = page(&app, &ana, &likes, Some(&lt)).await;
    assert_eq!(ids(&last_liked).len(), 1);
    assert_eq!(next(&last_liked), None, "the last page has no token");
    // A match and a heart after the lists were opened: badges to keep.
    app.clock().advance(Duration::minutes(1));
    like(&app, &men[0], &ana, true).await;
    let counters = app.counters(&ana).await;
    assert_eq!(counters, (1, 1, 0));
    let shown = app.count("discover_shown").await;
    // Lists found are written a moment after the answers that found them.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let lists = app.count("discover_lists").await;

    for (path, token) in [
        (path.clone(), "garbage".to_owned()),
        (format!("{path}&country=Spain"), t1.clone()),
        (format!("{path}&gender=female"), t1.clone()),
        (format!("{path}&minAge=20"), t1.clone()),
        (format!("{path}&online=true"), t1.clone()),
        (format!("{path}&withPhotos=true"), t1.clone()),
        (format!("{path}&language=es"), t1.clone()),
        (path.clone(), lt.clone()),
        (format!("{RECOMMENDED}?pageSize=3"), t1.clone()),
        (likes.clone(), "garbage".to_owned()),
        (likes.clone(), t1.clone()),
        (likes.clone(), bt.clone()),
        (blocked.clone(), lt.clone()),
        (format!("{MATCHES}?pageSize=2"), lt.clone()),
        (format!("{CONTACTS}?pageSize=2"), lt.clone()),
    ] {
        app.get(&at(&path, Some(&token)), Some(&ana.token))
            .await
            .fails(400, STALE);
    }
    assert_eq!(
        app.counters(&ana).await,
        counters,
        "a refusal clears nothing"
    );
    assert_eq!(app.count("discover_shown").await, shown);
    assert_eq!(app.count("discover_lists").await, lists);
    // The tokens themselves still work.
    assert_eq!(ids(&page(&app, &ana, &path, Some(&t1)).await), ids(&second));
    assert_eq!(
        ids(&page(&app, &ana, &likes, Some(&lt)).await),
        ids(&last_liked)
    );
}

/// A search of more people than its first list holds counts them all, and the scroll goes on
/// past that list in order; an age range counts only its own.
async fn a_search_past_its_first_pages_is_counted_whole_and_scrolls_on(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    app.make_member(&ana, 30).await;
    let seeded = seed_men(&app, 250).await;
    let (first, pages) = scroll(&app, &ana, &format!("{DISCOVER}?pageSize=20")).await;
    assert_eq!(first["total"], 250, "counted whole");
    assert_eq!(
        pages.concat(),
        seeded,
        "everyone once, most recently active first"
    );
    // Forty of them are younger: born in 2000, 25 or 26 years old now.
    app.execute(
        "UPDATE users SET birthday = '2000-06-01' WHERE user_name LIKE 'seed%'
           AND CAST(SUBSTR(user_name, 5) AS INTEGER) % 5 = 0 AND CAST(SUBSTR(user_name, 5) AS INTEGER) <= 200",
    )
    .await;
    let young = app
        .discover(&ana, "pageSize=20&minAge=20&maxAge=30")
        .await
        .ok();
    assert_eq!(young["total"], 40);
}

/// `how_many` men written directly, `seed1` the most recently active, then `seed2`...: their
/// ids in that order.
async fn seed_men(app: &TestApp, how_many: i64) -> Vec<i64> {
    let now = app.clock().unix();
    app.execute(&format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {how_many})
         INSERT INTO users (user_name, email, password_hash, gender, country, birthday, language,
                            created_at, last_active_at)
         SELECT 'seed' || i, 'seed' || i || '@example.com', 'x', 'male', 'Spain', '1990-01-01',
                'en', {now} - 5000, {now} - 2000 - i FROM n"
    ))
    .await;
    app.texts(
        "SELECT CAST(id AS TEXT) FROM users WHERE user_name LIKE 'seed%'
         ORDER BY last_active_at DESC",
    )
    .await
    .iter()
    .map(|id| id.parse().unwrap())
    .collect()
}

async fn totals_count_up_to_a_thousand_and_tokens_scroll_past_it(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    app.make_member(&ana, 30).await;
    let seeded = seed_men(&app, 1005).await;
    assert_eq!(seeded.len(), 1005);

    let (first, pages) = scroll(&app, &ana, &format!("{DISCOVER}?pageSize=100")).await;
    assert_eq!(first["total"], 1000, "counted up to 1,000");
    let sizes: Vec<usize> = pages.iter().map(Vec::len).collect();
    let mut expected_sizes = vec![100; 10];
    expected_sizes.push(5);
    assert_eq!(sizes, expected_sizes);
    assert_eq!(
        pages.concat(),
        seeded,
        "everyone once, most recently active first"
    );

    // My Favourite with 1,005 likes, the newest like the one of the highest id.
    let now = app.clock().unix();
    app.execute(&format!(
        "INSERT INTO likes (liker_id, liked_id, created_at)
         SELECT {}, id, {now} - 100000 + id FROM users WHERE user_name LIKE 'seed%'",
        ana.id
    ))
    .await;
    let mut newest_first = seeded.clone();
    newest_first.sort_unstable_by(|a, b| b.cmp(a));
    let (first, pages) = scroll(&app, &ana, &format!("{LIKE_TO}?pageSize=100")).await;
    assert_eq!(first["total"], 1000, "counted up to 1,000");
    let sizes: Vec<usize> = pages.iter().map(Vec::len).collect();
    assert_eq!(sizes, expected_sizes);
    assert_eq!(
        pages.concat(),
        newest_first,
        "every like once, newest first"
    );
}

async fn my_favourites_scroll_once_in_order_and_a_later_page_keeps_the_badge(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let m = men(&app, 6).await;
    for man in &m[..5] {
        app.clock().advance(Duration::minutes(1));
        like(&app, &ana, man, true).await;
    }
    let path = format!("{LIKE_TO}?pageSize=2");

    let first = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&first), ids_of(&[&m[4], &m[3]]));
    assert_eq!(first["total"], 5);
    // A new like on top, and a match (My Favourite's badge) after the first page.
    app.clock().advance(Duration::minutes(1));
    like(&app, &ana, &m[5], true).await;
    like(&app, &m[0], &ana, true).await;
    assert_eq!(app.counters(&ana).await.0, 1);

    let rest = rest_of(&app, &ana, &path, next(&first).unwrap()).await;
    assert_eq!(
        rest,
        vec![ids_of(&[&m[2], &m[1]]), ids_of(&[&m[0]])],
        "no row twice, none skipped"
    );
    assert_eq!(
        app.counters(&ana).await.0,
        1,
        "a later page keeps the badge"
    );

    let again = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&again), ids_of(&[&m[5], &m[4]]));
    assert_eq!(app.counters(&ana).await.0, 0, "the first page clears it");
    assert_eq!(
        app.list_ids(&ana, LIKE_TO).await,
        ids_of(&[&m[5], &m[4], &m[3], &m[2], &m[1], &m[0]])
    );
}

async fn wink_me_scrolls_once_and_only_its_first_page_clears_the_badge(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    app.make_member(&ana, 30).await;
    let m = men(&app, 6).await;
    for man in &m[..5] {
        app.clock().advance(Duration::minutes(1));
        like(&app, man, &ana, true).await;
    }
    assert_eq!(app.counters(&ana).await.1, 5);
    let path = format!("{LIKE_ME}?pageSize=2");

    let first = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&first), ids_of(&[&m[4], &m[3]]));
    assert_eq!(first["total"], 5);
    assert_eq!(
        app.counters(&ana).await.1,
        0,
        "the first page clears the badge"
    );

    // Between two pages: a new heart, and one already shown taken back and given again.
    app.clock().advance(Duration::minutes(1));
    like(&app, &m[5], &ana, true).await;
    app.clock().advance(Duration::minutes(1));
    like(&app, &m[4], &ana, false).await;
    like(&app, &m[4], &ana, true).await;
    let badge = app.counters(&ana).await;
    assert!(badge.1 >= 1, "{badge:?}");

    let rest = rest_of(&app, &ana, &path, next(&first).unwrap()).await;
    assert_eq!(
        rest,
        vec![ids_of(&[&m[2], &m[1]]), ids_of(&[&m[0]])],
        "no row twice, none skipped"
    );
    assert_eq!(
        app.counters(&ana).await,
        badge,
        "a later page keeps the badge"
    );

    assert_eq!(
        app.list_ids(&ana, LIKE_ME).await,
        ids_of(&[&m[4], &m[5], &m[3], &m[2], &m[1], &m[0]])
    );
    assert_eq!(app.counters(&ana).await.1, 0);
}

async fn matches_scroll_once_and_a_like_taken_back_ends_the_match_on_later_pages(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let m = men(&app, 6).await;
    for man in &m[..5] {
        app.clock().advance(Duration::minutes(1));
        like(&app, man, &ana, true).await;
        like(&app, &ana, man, true).await;
    }
    let path = format!("{MATCHES}?pageSize=2");

    let first = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&first), ids_of(&[&m[4], &m[3]]));
    assert_eq!(first["total"], 5);
    // Between two pages: she takes back her heart for someone on the next page, and a new
    // match happens.
    app.clock().advance(Duration::minutes(1));
    like(&app, &ana, &m[2], false).await;
    app.clock().advance(Duration::minutes(1));
    like(&app, &m[5], &ana, true).await;
    like(&app, &ana, &m[5], true).await;

    let rest = rest_of(&app, &ana, &path, next(&first).unwrap()).await;
    assert_eq!(rest, vec![ids_of(&[&m[1], &m[0]])]);

    let again = page(&app, &ana, &path, None).await;
    assert_eq!(again["total"], 5);
    assert_eq!(
        app.list_ids(&ana, MATCHES).await,
        ids_of(&[&m[5], &m[4], &m[3], &m[1], &m[0]])
    );
    assert_eq!(app.list_ids(&m[2], MATCHES).await, Vec::<i64>::new());
}

async fn loves_footprints_scroll_once_and_a_visitor_coming_back_moves_to_the_top(b: Backend) {
    let app = spawn(b).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    app.make_member(&ana, 30).await;
    let m = men(&app, 6).await;
    for man in &m[..5] {
        app.clock().advance(Duration::minutes(1));
        visit(&app, man, &ana).await;
    }
    assert_eq!(app.counters(&ana).await.2, 5);
    let path = format!("{VISITORS}?pageSize=2");

    let first = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&first), ids_of(&[&m[4], &m[3]]));
    assert_eq!(first["total"], 5);
    assert_eq!(
        app.counters(&ana).await.2,
        0,
        "the first page clears the badge"
    );

    // The next day, a new visitor, then one further down the list comes back.
    app.clock().advance(Duration::days(1));
    visit(&app, &m[5], &ana).await;
    app.clock().advance(Duration::minutes(1));
    visit(&app, &m[1], &ana).await;
    let badge = app.counters(&ana).await;
    assert!(badge.2 >= 1, "{badge:?}");

    let rest = rest_of(&app, &ana, &path, next(&first).unwrap())
        .await
        .concat();
    let all = [ids(&first), rest.clone()].concat();
    each_once(&all);
    let without_the_one_back: Vec<i64> = rest.iter().copied().filter(|id| *id != m[1].id).collect();
    assert_eq!(without_the_one_back, ids_of(&[&m[2], &m[0]]), "{rest:?}");
    assert!(!rest.contains(&m[5].id), "{rest:?}");
    assert_eq!(
        app.counters(&ana).await,
        badge,
        "a later page keeps the badge"
    );

    // A new first page: the one who came back on top, once.
    let again = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&again), ids_of(&[&m[1], &m[5]]));
    assert_eq!(again["total"], 6);
    assert_eq!(app.counters(&ana).await.2, 0);
    assert_eq!(
        app.list_ids(&ana, VISITORS).await,
        ids_of(&[&m[1], &m[5], &m[4], &m[3], &m[2], &m[0]])
    );
}

async fn the_blocked_list_scrolls_once_in_order_while_new_blocks_arrive(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let m = men(&app, 6).await;
    for man in &m[..5] {
        app.clock().advance(Duration::minutes(1));
        block(&app, &ana, man).await;
    }
    let path = format!("{BLOCKED}?pageSize=2");

    let first = page(&app, &ana, &path, None).await;
    assert_eq!(ids(&first), ids_of(&[&m[4], &m[3]]));
    assert_eq!(first["total"], 5);
    app.clock().advance(Duration::minutes(1));
    block(&app, &ana, &m[5]).await;

    let rest = rest_of(&app, &ana, &path, next(&first).unwrap()).await;
    assert_eq!(
        rest,
        vec![ids_of(&[&m[2], &m[1]]), ids_of(&[&m[0]])],
        "no row twice, none skipped"
    );
    assert_eq!(
        app.list_ids(&ana, BLOCKED).await,
        ids_of(&[&m[5], &m[4], &m[3], &m[2], &m[1], &m[0]])
    );
}

async fn the_random_sidekick_never_offers_someone_hidden_from_a_reused_list(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.discover_list_seconds = 30).await;
    let bob = app.man("bob").await;
    let ana = app.woman("ana").await;
    let cleo = app.woman("cleo").await;
    let dora = app.woman("dora").await;
    let eve = app.woman("eve").await;
    let fay = app.woman("fay").await;

    // Bob's search makes the list of his default filters: all five.
    let found: BTreeSet<i64> = app.discovered(&bob, "").await.into_iter().collect();
    assert_eq!(
        found,
        ids_of(&[&ana, &cleo, &dora, &eve, &fay])
            .into_iter()
            .collect::<BTreeSet<i64>>()
    );

    // Within the list's 30 seconds: he blocks one, one blocks him, one is banned, one leaves.
    block(&app, &bob, &ana).await;
    block(&app, &cleo, &bob).await;
    app.ban(&dora).await;
    app.delete_account(&eve).await;
    for _ in 0..20 {
        let offered = app.get(RANDOM, Some(&bob.token)).await.ok();
        assert_eq!(offered["userId"], fay.id, "{offered}");
    }
    assert_eq!(app.discovered(&bob, "").await, vec![fay.id]);

    // Nobody left: nobody offered.
    block(&app, &bob, &fay).await;
    for _ in 0..5 {
        assert_eq!(app.get(RANDOM, Some(&bob.token)).await.ok(), Value::Null);
    }
}

both_databases!(
    people_active_between_pages_are_neither_shown_twice_nor_skipped,
    a_search_reuses_its_list_while_it_is_fresh_and_makes_a_new_one_after,
    blocks_bans_and_deletions_between_pages_hide_people_on_every_later_page,
    the_daily_allowance_stays_exact_when_scrolling_with_tokens,
    a_token_of_another_list_or_other_filters_is_refused_and_changes_nothing,
    totals_count_up_to_a_thousand_and_tokens_scroll_past_it,
    a_search_past_its_first_pages_is_counted_whole_and_scrolls_on,
    my_favourites_scroll_once_in_order_and_a_later_page_keeps_the_badge,
    wink_me_scrolls_once_and_only_its_first_page_clears_the_badge,
    matches_scroll_once_and_a_like_taken_back_ends_the_match_on_later_pages,
    loves_footprints_scroll_once_and_a_visitor_coming_back_moves_to_the_top,
    the_blocked_list_scrolls_once_in_order_while_new_blocks_arrive,
    the_random_sidekick_never_offers_someone_hidden_from_a_reused_list,
);
