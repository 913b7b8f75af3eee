//! People nearby: someone shares their area (kept only as a cell of about 5 km, never the
//! position) and sees the others who share theirs, nearest first, never closer than "less than
//! 5 km", page by page to a clean end; under discover's rules: blocks either way, bans, holds,
//! the other gender by default, the filters, and the non-members' daily number of people.
//! Turning sharing off forgets the area and takes the person out of everyone's list.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use crate::common::people::{asks_to_upgrade, ids};
use crate::common::{spawn, spawn_with, Backend, Person, Setup, TestApp};

const LOCATION: &str = "/prod-api/system/user/profile/location";
const NEARBY: &str = "/prod-api/system/user/profile/nearby";
const BLOCK: &str = "/prod-api/system/blacklisted/add";
const SHARE_FIRST: &str = "Share your area to see people nearby";
const BAD_AREA: &str = "Your area can't be shared: the position needs a latitude from -90 to 90 and a longitude from -180 to 180";
const STALE: &str = "This list has changed: please refresh it";

/// Places people share, (lat, lng).
const SHIBUYA: (f64, f64) = (35.6595, 139.7005);
const SHINJUKU: (f64, f64) = (35.6938, 139.7034);
const YOKOHAMA: (f64, f64) = (35.4437, 139.6380);
const OSAKA: (f64, f64) = (34.6937, 135.5023);
const SAPPORO: (f64, f64) = (43.0618, 141.3545);
const PARIS: (f64, f64) = (48.8566, 2.3522);

async fn share(app: &TestApp, who: &Person, (lat, lng): (f64, f64)) {
    let state = app
        .put(
            LOCATION,
            Some(&who.token),
            json!({ "lat": lat, "lng": lng }),
        )
        .await
        .ok();
    assert_eq!(state["sharesArea"], true);
}

async fn nearby(app: &TestApp, who: &Person, query: &str) -> crate::common::Reply {
    app.get(&format!("{NEARBY}?{query}"), Some(&who.token))
        .await
}

/// Everyone `who` sees nearby, page by page of `size`: (id, distanceKm, town) in order.
async fn scroll(app: &TestApp, who: &Person, size: u32) -> Vec<(i64, i64, Option<String>)> {
    let mut seen = Vec::new();
    let mut token: Option<String> = None;
    for _ in 0..100 {
        let query = match &token {
            Some(t) => format!("pageSize={size}&pageToken={t}"),
            None => format!("pageSize={size}"),
        };
        let page = nearby(app, who, &query).await.ok();
        for row in page["rows"].as_array().unwrap() {
            seen.push((
                row["userId"].as_i64().unwrap(),
                row["distanceKm"].as_i64().unwrap(),
                row["town"].as_str().map(str::to_owned),
            ));
        }
        match page["nextPageToken"].as_str() {
            Some(t) => token = Some(t.to_owned()),
            None => return seen,
        }
    }
    panic!("the list never ended: {seen:?}");
}

fn people_of(rows: &[(i64, i64, Option<String>)]) -> Vec<i64> {
    rows.iter().map(|r| r.0).collect()
}

async fn shares_area(app: &TestApp, who: &Person) -> Value {
    app.get("/prod-api/getInfo", Some(&who.token)).await.ok()["sharesArea"].clone()
}

/// The stored area of `who`: (row, column, the middle's longitude in thousandths of a degree).
async fn stored_area(app: &TestApp, who: &Person) -> Option<(i64, i64, i64)> {
    let sql = format!(
        "SELECT cell_row, cell_col, cell_lng FROM nearby_areas WHERE user_id = {}",
        who.id
    );
    amora_server::on_db!(&app.app().db, pool => sqlx::query_as(&sql).fetch_optional(pool).await)
        .unwrap()
}

async fn sharing_is_off_until_i_turn_it_on_and_only_my_area_is_kept(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    assert_eq!(shares_area(&app, &ana).await, false);
    nearby(&app, &ana, "").await.fails(403, SHARE_FIRST);

    let (lat, lng) = (35.658_034, 139.701_636);
    share(&app, &ana, (lat, lng)).await;
    assert_eq!(shares_area(&app, &ana).await, true);
    // The row holds the cell and nothing that gives the position back.
    let (row, col, cell_lng) = stored_area(&app, &ana).await.unwrap();
    assert!(row > 0 && col > 0);
    assert_ne!(cell_lng, (lng * 1000.0).round() as i64);
    // A position a few hundred metres away is the same area.
    share(&app, &ana, (lat + 0.002, lng + 0.002)).await;
    assert_eq!(stored_area(&app, &ana).await.unwrap(), (row, col, cell_lng));
    assert_eq!(app.count("nearby_areas").await, 1);

    // Off forgets the area.
    let state = app
        .put(LOCATION, Some(&ana.token), json!({ "off": true }))
        .await
        .ok();
    assert_eq!(state["sharesArea"], false);
    assert_eq!(stored_area(&app, &ana).await, None);
    assert_eq!(shares_area(&app, &ana).await, false);
    nearby(&app, &ana, "").await.fails(403, SHARE_FIRST);
}

async fn bad_positions_are_refused_and_change_nothing(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    share(&app, &ana, SHIBUYA).await;
    let before = stored_area(&app, &ana).await;
    for body in [
        json!({ "lat": 91, "lng": 0 }),
        json!({ "lat": -90.5, "lng": 0 }),
        json!({ "lat": 0, "lng": 180.01 }),
        json!({ "lat": 0, "lng": -181 }),
        json!({ "lat": "NaN", "lng": 0 }),
        json!({ "lat": 0, "lng": "Infinity" }),
        json!({ "lat": "north", "lng": 0 }),
        json!({ "lat": 35.0 }),
        json!({ "lng": 139.0 }),
        json!({}),
        json!({ "off": false }),
        json!({ "lat": null, "lng": null }),
        json!({ "lat": [1], "lng": 2 }),
        // Off with a position that is none: the request is wrong, and nothing is forgotten.
        json!({ "off": true, "lng": [1, 2] }),
        json!({ "off": true, "lat": 95, "lng": 0 }),
    ] {
        app.put(LOCATION, Some(&ana.token), body.clone())
            .await
            .fails(400, BAD_AREA);
        assert_eq!(stored_area(&app, &ana).await, before, "{body}");
    }
    // Someone who never shared stays out after a bad position.
    let eva = app.woman("eva").await;
    app.put(LOCATION, Some(&eva.token), json!({ "lat": 100, "lng": 0 }))
        .await
        .fails(400, BAD_AREA);
    assert_eq!(stored_area(&app, &eva).await, None);
    app.put(LOCATION, None, json!({ "lat": 1, "lng": 2 }))
        .await
        .fails(401, "Login has expired, please log in again");
    assert_eq!(app.count("nearby_areas").await, 1);
}

async fn people_come_nearest_first_never_closer_than_five_km(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    share(&app, &ana, SHIBUYA).await;
    let same = app.man("same").await;
    let shinjuku = app.man("shinjuku").await;
    let yokohama = app.man("yokohama").await;
    let osaka = app.man("osaka").await;
    let sapporo = app.man("sapporo").await;
    let paris = app.man("paris").await;
    let quiet = app.man("quiet").await; // shares nothing
    for (who, at) in [
        (&paris, PARIS),
        (&osaka, OSAKA),
        (&same, (SHIBUYA.0 + 0.001, SHIBUYA.1 - 0.001)),
        (&sapporo, SAPPORO),
        (&yokohama, YOKOHAMA),
        (&shinjuku, SHINJUKU),
    ] {
        share(&app, who, at).await;
    }
    let _ = quiet;

    let page = nearby(&app, &ana, "pageSize=20").await.ok();
    assert_eq!(page["total"], 6);
    assert_eq!(
        ids(&page),
        vec![
            same.id,
            shinjuku.id,
            yokohama.id,
            osaka.id,
            sapporo.id,
            paris.id
        ]
    );
    assert_eq!(page["nextPageToken"], Value::Null);
    let rows = page["rows"].as_array().unwrap();
    let km: Vec<i64> = rows
        .iter()
        .map(|r| r["distanceKm"].as_i64().unwrap())
        .collect();
    assert_eq!(km[0], 5, "the same area reads less than 5 km");
    assert!((5..=6).contains(&km[1]), "{km:?}");
    assert!((20..=30).contains(&km[2]), "{km:?}");
    assert!((380..=420).contains(&km[3]), "{km:?}");
    assert!((800..=860).contains(&km[4]), "{km:?}");
    assert!((9_600..=9_800).contains(&km[5]), "{km:?}");
    // Each a card like discover's, with the town of their area where one is near.
    assert_eq!(rows[3]["userName"], "osaka");
    assert_eq!(rows[3]["town"], "Osaka");
    assert_eq!(rows[5]["town"], "Paris");
    assert!(rows[3]["avatar"].is_string() && rows[3]["age"].is_number());

    // Named in the reader's language.
    let ja = app
        .call_with(
            "GET",
            &format!("{NEARBY}?pageSize=20"),
            Some(&ana.token),
            crate::common::Body::None,
            &[("Accept-Language", "ja")],
        )
        .await
        .ok();
    assert!(
        ja["rows"][3]["town"].as_str().unwrap().starts_with("大阪"),
        "{}",
        ja["rows"][3]
    );
}

async fn pages_show_nobody_twice_and_end_cleanly(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    share(&app, &ana, SHIBUYA).await;
    let mut men = Vec::new();
    for i in 0..13 {
        let man = app.man(&format!("man{i}")).await;
        // Three to a cell, spreading outward.
        let step = f64::from(i / 3) * 0.3;
        share(&app, &man, (SHIBUYA.0 + step, SHIBUYA.1 + step)).await;
        men.push(man.id);
    }
    for size in [1, 2, 3, 5, 13, 20] {
        let seen = scroll(&app, &ana, size).await;
        let order = people_of(&seen);
        assert_eq!(order.len(), 13, "page size {size}: {seen:?}");
        assert_eq!(
            order.iter().collect::<BTreeSet<_>>().len(),
            13,
            "nobody twice at page size {size}"
        );
        assert_eq!(
            order.iter().copied().collect::<BTreeSet<_>>(),
            men.iter().copied().collect::<BTreeSet<_>>()
        );
        let km: Vec<i64> = seen.iter().map(|r| r.1).collect();
        assert!(km.windows(2).all(|w| w[0] <= w[1]), "nearest first: {km:?}");
    }
    // Exactly a page's worth: the last page says it is the last.
    let page = nearby(&app, &ana, "pageSize=13").await.ok();
    assert_eq!(page["nextPageToken"], Value::Null);

    // A token that does not parse, is another list's, or was made for other filters or another
    // area is stale.
    let first = nearby(&app, &ana, "pageSize=2").await.ok();
    let token = first["nextPageToken"].as_str().unwrap().to_owned();
    nearby(&app, &ana, "pageSize=2&pageToken=garbage")
        .await
        .fails(400, STALE);
    nearby(
        &app,
        &ana,
        &format!("pageSize=2&gender=female&pageToken={token}"),
    )
    .await
    .fails(400, STALE);
    share(&app, &ana, PARIS).await;
    nearby(&app, &ana, &format!("pageSize=2&pageToken={token}"))
        .await
        .fails(400, STALE);
}

async fn blocks_either_way_bans_and_holds_hide_people(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.safety.report_hold_reporters = 1).await;
    let ana = app.woman("ana").await;
    share(&app, &ana, SHIBUYA).await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dave = app.man("dave").await;
    let eric = app.man("eric").await;
    let fred = app.man("fred").await;
    for (who, at) in [
        (&bob, SHINJUKU),
        (&carl, YOKOHAMA),
        (&dave, OSAKA),
        (&eric, SAPPORO),
        (&fred, PARIS),
    ] {
        share(&app, who, at).await;
    }
    let everyone = vec![bob.id, carl.id, dave.id, eric.id, fred.id];
    assert_eq!(people_of(&scroll(&app, &ana, 2).await), everyone);

    // I block Bob; Carl blocks me.
    app.post(BLOCK, Some(&ana.token), json!({ "userId": bob.id }))
        .await
        .ok();
    app.post(BLOCK, Some(&carl.token), json!({ "userId": ana.id }))
        .await
        .ok();
    // Staff ban Dave; Eric is held after a report.
    let sam = app.staff("sam").await;
    app.ban_as(&sam, dave.id, "Scam", None).await.ok();
    let zoe = app.woman("zoe").await;
    app.reports(&zoe, &eric, "spam").await;

    assert_eq!(people_of(&scroll(&app, &ana, 2).await), vec![fred.id]);
    // And neither does Carl see me.
    assert!(!people_of(&scroll(&app, &carl, 2).await).contains(&ana.id));
}

async fn turning_sharing_off_takes_me_out_of_everyones_list(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    share(&app, &ana, SHIBUYA).await;
    share(&app, &bob, SHINJUKU).await;
    share(&app, &carl, OSAKA).await;
    assert_eq!(people_of(&scroll(&app, &bob, 10).await), vec![ana.id]);

    app.put(LOCATION, Some(&ana.token), json!({ "off": true }))
        .await
        .ok();
    assert_eq!(people_of(&scroll(&app, &bob, 10).await), Vec::<i64>::new());
    // Deleting the account forgets the area too.
    app.delete_account(&carl).await;
    assert_eq!(app.count("nearby_areas").await, 1);
}

async fn sharing_or_moving_shows_at_once_in_a_list_already_found(b: Backend) {
    // Everyone searching alike from one cell reads one list for a while: what changes an area
    // still shows on the very next request.
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dave = app.man("dave").await;
    share(&app, &ana, SHIBUYA).await;
    share(&app, &bob, SHINJUKU).await;
    share(&app, &carl, OSAKA).await;
    assert_eq!(
        people_of(&scroll(&app, &ana, 10).await),
        vec![bob.id, carl.id]
    );
    // Dave starts sharing between the two; then Bob moves to Paris.
    share(&app, &dave, YOKOHAMA).await;
    assert_eq!(
        people_of(&scroll(&app, &ana, 10).await),
        vec![bob.id, dave.id, carl.id]
    );
    share(&app, &bob, PARIS).await;
    assert_eq!(
        people_of(&scroll(&app, &ana, 10).await),
        vec![dave.id, carl.id, bob.id]
    );
}

async fn discovers_gender_default_and_filters_apply(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let dora = app
        .register_with("dora", json!({ "country": "Japan" }))
        .await;
    let bob = app
        .register_with("bob", json!({ "gender": "male", "country": "Japan" }))
        .await;
    let carl = app
        .register_with("carl", json!({ "gender": "male", "country": "Germany" }))
        .await;
    for (who, at) in [
        (&ana, SHIBUYA),
        (&dora, SHINJUKU),
        (&bob, YOKOHAMA),
        (&carl, OSAKA),
    ] {
        share(&app, who, at).await;
    }
    // The other gender by default; another gender or country when asked.
    assert_eq!(
        people_of(&scroll(&app, &ana, 10).await),
        vec![bob.id, carl.id]
    );
    let f = |q: &'static str| {
        let (app, ana) = (&app, &ana);
        async move { ids(&nearby(app, ana, q).await.ok()) }
    };
    assert_eq!(f("gender=female").await, vec![dora.id]);
    assert_eq!(f("country=Germany").await, vec![carl.id]);
    nearby(&app, &ana, "minAge=50&maxAge=20")
        .await
        .fails(400, "Please choose an age range between 18 and 99");
}

async fn a_non_member_sees_a_number_of_people_a_day(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.people.daily_discover_cap = 3).await;
    app.to_noon();
    let ana = app.woman("ana").await;
    share(&app, &ana, SHIBUYA).await;
    for (i, at) in [SHINJUKU, YOKOHAMA, OSAKA, SAPPORO, PARIS]
        .iter()
        .enumerate()
    {
        let man = app.man(&format!("man{i}")).await;
        share(&app, &man, *at).await;
    }
    let first = nearby(&app, &ana, "pageSize=2").await.ok();
    assert_eq!(ids(&first).len(), 2);
    let token = first["nextPageToken"].as_str().unwrap();
    let second = nearby(&app, &ana, &format!("pageSize=2&pageToken={token}"))
        .await
        .ok();
    assert_eq!(ids(&second).len(), 1, "one more today: {second}");
    let token = second["nextPageToken"].as_str().unwrap();
    asks_to_upgrade(&nearby(&app, &ana, &format!("pageSize=2&pageToken={token}")).await);
    // People already shown today cost nothing; a member sees everyone.
    assert_eq!(ids(&nearby(&app, &ana, "pageSize=2").await.ok()).len(), 2);
    app.make_member(&ana, 30).await;
    assert_eq!(scroll(&app, &ana, 10).await.len(), 5);
}

async fn the_archive_says_whether_i_share_my_area(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    share(&app, &ana, SHIBUYA).await;
    let auth = format!("Bearer {}", ana.token);
    let got = app
        .fetch(
            "GET",
            "/prod-api/system/user/export",
            &[("authorization", auth.as_str())],
        )
        .await;
    assert_eq!(got.status, 200, "{}", got.text());
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(got.bytes)).unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut archive.by_name("profile.json").unwrap(), &mut text)
        .unwrap();
    let profile: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(profile["sharesArea"], true, "{profile}");
    // Nothing of the area itself.
    assert!(!text.contains("cell"), "{text}");
}

both_databases!(
    sharing_is_off_until_i_turn_it_on_and_only_my_area_is_kept,
    bad_positions_are_refused_and_change_nothing,
    people_come_nearest_first_never_closer_than_five_km,
    pages_show_nobody_twice_and_end_cleanly,
    blocks_either_way_bans_and_holds_hide_people,
    turning_sharing_off_takes_me_out_of_everyones_list,
    sharing_or_moving_shows_at_once_in_a_list_already_found,
    discovers_gender_default_and_filters_apply,
    a_non_member_sees_a_number_of_people_a_day,
    the_archive_says_whether_i_share_my_area,
);
