//! Contacts and private remarks: adding and removing contacts, the name I give someone (shown
//! only to me, wherever I meet them), its length limit, and the customer-service contact, which
//! members get as their own concierge.

use crate::common::people::{ids, CONTACTS, PROFILE};
use crate::common::{spawn, Backend, Person, TestApp};
use chrono::Duration;
use serde_json::{json, Value};

const CUSTOMER: &str = "/prod-api/em/friends/customer";
const TOO_LONG: &str = "The remark must be at most 30 characters";

async fn card(app: &TestApp, me: &Person, whom: &Person) -> Value {
    app.get(
        &format!("/prod-api/system/user/getInfos/{}", whom.id),
        Some(&me.token),
    )
    .await
    .ok()
}

async fn update_remark(
    app: &TestApp,
    me: &Person,
    whom: &Person,
    remark: &str,
) -> crate::common::Reply {
    app.post(
        &TestApp::with_query(
            &format!("/prod-api/em/friend/updateRemark/{}", whom.id),
            &[("remark", remark)],
        ),
        Some(&me.token),
        json!({}),
    )
    .await
}

/// The remark on `whom`'s row of a list page.
fn remark_in(page: &Value, whom: &Person) -> Value {
    page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["userId"] == whom.id)
        .unwrap_or_else(|| panic!("{} is not listed: {page}", whom.user_name))["remark"]
        .clone()
}

async fn contacts_are_added_listed_and_removed(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let add = |whom: &Person| format!("/prod-api/em/addFriend/{}", whom.id);

    let added = app.get(&add(&carl), Some(&ana.token)).await.ok();
    assert_eq!(added["userId"], carl.id);
    assert_eq!(added["userName"], "carl");
    app.clock().advance(Duration::minutes(1));
    app.get(&add(&bob), Some(&ana.token)).await.ok();
    app.get(&add(&bob), Some(&ana.token)).await.ok();
    assert_eq!(
        app.count("contacts").await,
        2,
        "adding twice is one contact"
    );

    let page = app.get(CONTACTS, Some(&ana.token)).await.ok();
    assert_eq!(ids(&page), vec![bob.id, carl.id], "newest first");
    assert_eq!(page["total"], 2);
    let profile = app
        .get(&format!("{PROFILE}?userId={}", bob.id), Some(&ana.token))
        .await
        .ok();
    assert_eq!(profile["contact"], true);
    // A contact is one-sided.
    assert_eq!(app.list_ids(&bob, CONTACTS).await, Vec::<i64>::new());
    let profile = app
        .get(&format!("{PROFILE}?userId={}", ana.id), Some(&bob.token))
        .await
        .ok();
    assert_eq!(profile["contact"], false);

    app.get(
        &format!("/prod-api/em/delFriend/{}", bob.id),
        Some(&ana.token),
    )
    .await
    .ok();
    assert_eq!(app.list_ids(&ana, CONTACTS).await, vec![carl.id]);
    let profile = app
        .get(&format!("{PROFILE}?userId={}", bob.id), Some(&ana.token))
        .await
        .ok();
    assert_eq!(profile["contact"], false);

    // Nobody and myself cannot be contacts.
    app.get(
        &format!("/prod-api/em/addFriend/{}", ana.id),
        Some(&ana.token),
    )
    .await
    .fails(400, "You cannot do this to yourself");
    for missing in ["999999", "bob"] {
        app.get(
            &format!("/prod-api/em/addFriend/{missing}"),
            Some(&ana.token),
        )
        .await
        .fails(404, "Not found");
    }
    // A contact who deletes their account leaves the list, and the row naming them goes with
    // the account (docs/privacy.md).
    app.delete_account(&carl).await;
    app.get(&add(&carl), Some(&ana.token))
        .await
        .fails(404, "Not found");
    assert_eq!(app.list_ids(&ana, CONTACTS).await, Vec::<i64>::new());
    assert_eq!(app.count("contacts").await, 0);
}

async fn a_remark_shows_wherever_i_meet_them_and_only_to_me(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let dora = app.woman("dora").await;
    let bob = app.man("bob").await;
    app.make_member(&ana, 30).await;
    app.get(
        &format!("/prod-api/em/addFriend/{}", bob.id),
        Some(&ana.token),
    )
    .await
    .ok();
    for who in [&ana, &bob] {
        let other = if who.id == ana.id { &bob } else { &ana };
        app.get(
            &format!("/prod-api/system/like/opera/{}", other.id),
            Some(&who.token),
        )
        .await
        .ok();
    }
    app.get(&format!("{PROFILE}?userId={}", ana.id), Some(&bob.token))
        .await
        .ok();

    let saved = update_remark(&app, &ana, &bob, "Sweetheart").await.ok();
    assert_eq!(
        (&saved["userId"], &saved["remark"]),
        (&json!(bob.id), &json!("Sweetheart"))
    );
    assert_eq!(
        saved["userName"], "bob",
        "the remark does not rename anyone"
    );

    assert_eq!(card(&app, &ana, &bob).await["remark"], "Sweetheart");
    let profile = app
        .get(&format!("{PROFILE}?userId={}", bob.id), Some(&ana.token))
        .await
        .ok();
    assert_eq!(profile["remark"], "Sweetheart");
    for list in [
        crate::common::people::DISCOVER,
        "/prod-api/system/like/likeTo",
        "/prod-api/system/like/likeMe",
        "/prod-api/system/like/likeMeAndLikeTo",
        "/prod-api/system/like/visitor",
        CONTACTS,
    ] {
        let page = app.get(list, Some(&ana.token)).await.ok();
        assert_eq!(remark_in(&page, &bob), "Sweetheart", "{list}");
    }

    // Others see bob as he is.
    assert_eq!(card(&app, &dora, &bob).await["remark"], json!(null));
    let page = app.discover(&dora, "").await.ok();
    assert_eq!(remark_in(&page, &bob), json!(null));
    let own = app.get(PROFILE, Some(&bob.token)).await.ok();
    assert_eq!(own["remark"], json!(null));
    assert_eq!(own["userName"], "bob");
}

async fn remarks_are_added_changed_and_cleared(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let bob = app.man("bob").await;
    let remark_of_bob = || async { card(&app, &ana, &bob).await["remark"].clone() };

    let added = app
        .post(
            "/prod-api/system/remarks/add",
            Some(&ana.token),
            json!({ "userId": bob.id, "remark": "Honey" }),
        )
        .await
        .ok();
    assert_eq!(added["remark"], "Honey");
    assert_eq!(remark_of_bob().await, "Honey");
    let changed = app
        .put(
            "/prod-api/system/remarks/update",
            Some(&ana.token),
            json!({ "userId": bob.id, "remark": "  Darling  " }),
        )
        .await
        .ok();
    assert_eq!(changed["remark"], "Darling");
    assert_eq!(app.count("remarks").await, 1);

    // Thirty characters at most, counted as characters.
    let thirty = "爱".repeat(30);
    update_remark(&app, &ana, &bob, &"x".repeat(31))
        .await
        .fails(400, TOO_LONG);
    app.put(
        "/prod-api/system/remarks/update",
        Some(&ana.token),
        json!({ "userId": bob.id, "remark": format!("{thirty}!") }),
    )
    .await
    .fails(400, TOO_LONG);
    app.post(
        "/prod-api/system/remarks/add",
        Some(&ana.token),
        json!({ "userId": bob.id, "remark": "y".repeat(40) }),
    )
    .await
    .fails(400, TOO_LONG);
    assert_eq!(
        remark_of_bob().await,
        "Darling",
        "a refused remark changed it"
    );
    update_remark(&app, &ana, &bob, &thirty).await.ok();
    assert_eq!(remark_of_bob().await, json!(thirty));

    // An empty remark clears it, by each way of writing one.
    update_remark(&app, &ana, &bob, "").await.ok();
    assert_eq!(remark_of_bob().await, json!(null));
    assert_eq!(app.count("remarks").await, 0);
    update_remark(&app, &ana, &bob, "Bobby").await.ok();
    app.put(
        "/prod-api/system/remarks/update",
        Some(&ana.token),
        json!({ "userId": bob.id, "remark": "   " }),
    )
    .await
    .ok();
    assert_eq!(remark_of_bob().await, json!(null));
    update_remark(&app, &ana, &bob, "Bobby").await.ok();
    app.post(
        &format!("/prod-api/em/friend/updateRemark/{}", bob.id),
        Some(&ana.token),
        json!({}),
    )
    .await
    .ok();
    assert_eq!(remark_of_bob().await, json!(null));
    assert_eq!(app.count("remarks").await, 0);

    // Nobody and myself get no remark.
    update_remark(&app, &ana, &ana, "Me")
        .await
        .fails(400, "You cannot do this to yourself");
    app.post(
        "/prod-api/system/remarks/add",
        Some(&ana.token),
        json!({ "userId": 999_999, "remark": "Ghost" }),
    )
    .await
    .fails(404, "Not found");
    assert_eq!(app.count("remarks").await, 0);
}

/// The name of the customer-service contact `who` is given.
async fn name(app: &TestApp, who: &Person) -> Value {
    app.get(CUSTOMER, Some(&who.token)).await.ok()["userName"].clone()
}

async fn members_talk_to_the_concierge_and_others_to_support(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    assert_eq!(name(&app, &ana).await, "Amora Support");
    let support = app.get(CUSTOMER, Some(&ana.token)).await.ok();
    assert!(support["emUser"].as_str().unwrap().starts_with('u'));
    // Its card says it is customer service (the app lets anyone chat with it); people's do not.
    assert_eq!(support["service"], true, "{support}");
    let tom = app.man("tom").await;
    let tom_card = card(&app, &ana, &tom).await;
    assert_eq!(tom_card["service"], false, "{tom_card}");

    app.make_member(&ana, 1).await;
    assert_eq!(name(&app, &ana).await, "Amora Concierge");
    let concierge = app.get(CUSTOMER, Some(&ana.token)).await.ok();
    assert_ne!(concierge["userId"], support["userId"]);

    app.clock().advance(Duration::days(2));
    assert_eq!(name(&app, &ana).await, "Amora Support");
}

both_databases!(
    contacts_are_added_listed_and_removed,
    a_remark_shows_wherever_i_meet_them_and_only_to_me,
    remarks_are_added_changed_and_cleared,
    members_talk_to_the_concierge_and_others_to_support,
);
