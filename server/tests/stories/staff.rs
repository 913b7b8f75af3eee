//! The operator console: every `/admin` path is for staff alone (401 without a session, 403 for
//! anyone else, and nothing changes); every staff action is written to an append-only audit
//! log, with who did it, to what, and what it was before and after; notices and versions staff
//! write are what everyone reads; staff set the price of products and gifts and take them off
//! sale, and a bad price changes nothing; client errors reach them; they find people by id,
//! email or name.

use crate::common::feed::{photo, row_ids, CLIENT_ERROR, NOTICES, VERSIONS};
use crate::common::staff::{
    every_admin_path, has_fields, ids_of, Targets, ADMIN, BAD_VERSION, EXPIRED, NOTICE_TEXT,
    NOT_FOUND, PRICE_INVALID, STAFF_ONLY,
};
use crate::common::wallet::{GIFTS, PRODUCTS};
use crate::common::{spawn, Backend, Body, Person, TestApp};
use serde_json::{json, Value};

/// Something behind every `/admin` path: a report against tom, a photo of ana's and a dynamic
/// of hers flagged by tom waiting for review, tom's cautioned first message to ana, a notice
/// and a version.
async fn targets(app: &TestApp, staff: &Person) -> (Targets, Person, Person) {
    let ana = app.woman("ana").await;
    let tom = app.man("tom").await;
    app.make_member(&ana, 30).await;
    let report = app.reports(&ana, &tom, "harassment").await;
    let photo = row_ids(&app.add_photos(&ana, vec![photo()]).await.ok())[0];
    let dynamic = app.posts(&ana, "Hello from Madrid").await;
    app.flag(&tom, dynamic, "spam").await.ok();
    app.says(&tom, &ana, "Write me at tom@example.com").await;
    let message = app.waiting(staff, "messages").await[0];
    let notice = app
        .admin_post(
            staff,
            "/notices",
            json!({ "title": "Maintenance", "body": "Tonight at 02:00 UTC" }),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.admin_post(
        staff,
        "/versions",
        json!({ "version": "1.0.0", "platform": "web", "notes": "First", "url": null, "mandatory": false }),
    )
    .await
    .ok();
    let version = app.admin_get(staff, "/versions").await[0]["id"]
        .as_i64()
        .unwrap();
    let t = Targets {
        report,
        photo,
        dynamic,
        message,
        person: tom.id,
        notice,
        version,
    };
    (t, ana, tom)
}

/// Every `/admin` path answers 401 without a session and 403 "Only staff may do this" to a
/// member, changing nothing; staff get 200 from each.
async fn every_admin_path_is_for_staff_alone(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let (targets, ana, tom) = targets(&app, &staff).await;
    let paths = every_admin_path(&targets);
    let audited = app.audited(&staff).await;
    let vip = app.product("vip-1m").await;
    let notices = app.get(NOTICES, None).await.ok();

    for (method, path, body) in &paths {
        let body = || {
            if body.is_null() {
                Body::None
            } else {
                Body::Json(body.clone())
            }
        };
        let url = format!("{ADMIN}{path}");
        app.call(method, &url, None, body())
            .await
            .fails(401, EXPIRED);
        for member in [&ana, &tom] {
            let reply = app.call(method, &url, Some(&member.token), body()).await;
            assert_eq!(
                (reply.status, reply.msg()),
                (403, STAFF_ONLY),
                "{method} {path}: {}",
                reply.body
            );
        }
    }
    assert_eq!(app.audited(&staff).await, audited, "a refusal was audited");
    assert!(app.signed_in(&tom).await, "a member banned tom");
    assert_eq!(app.product("vip-1m").await, vip);
    assert_eq!(app.get(NOTICES, None).await.ok(), notices);
    assert_eq!(
        app.report_queue(&staff, "open").await.1,
        1,
        "a member closed the report"
    );

    for (method, path, body) in paths {
        let reply = app.admin(&staff, method, &path, body).await;
        assert_eq!(reply.status, 200, "{method} {path}: {}", reply.body);
    }
}

/// An id as text, whether it came as a number or as a string.
fn id_text(id: &Value) -> String {
    id.as_str().map_or_else(|| id.to_string(), str::to_owned)
}

/// The audit row of `action` on `kind` whose target is one of `ids`.
#[track_caller]
fn row_of<'a>(rows: &'a [Value], action: &str, kind: &str, ids: &[Value]) -> &'a Value {
    let ids: Vec<String> = ids.iter().map(id_text).collect();
    rows.iter()
        .find(|r| {
            r["action"] == action
                && r["targetKind"] == kind
                && ids.contains(&id_text(&r["targetId"]))
        })
        .unwrap_or_else(|| {
            panic!(
                "no {action} of {kind} {ids:?} in {}",
                serde_json::to_string_pretty(rows).unwrap()
            )
        })
}

/// Every staff action writes one audit row naming the staff member, the action, its target and
/// the target before and after; the log is newest first and narrows by target and by staff
/// member; a member's own deletions are not staff actions.
async fn every_staff_action_is_written_to_the_audit_log(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let sue = app.staff("sue").await;
    let (t, ana, tom) = targets(&app, &sam).await;
    let dynamic = app.posts(&ana, "Cheap watches at example.com").await;
    let comment = app.comments_on(&tom, dynamic, "Nice").await;
    let own = app.posts(&ana, "Mine to delete").await;
    app.delete_dynamics(&ana, &own.to_string()).await.ok();
    let staff_own = app.posts(&sam, "Staff's own, deleted").await;
    app.delete_dynamics(&sam, &staff_own.to_string()).await.ok();
    let before_actions = app.audit(&sam, "").await;
    assert_eq!(
        before_actions
            .iter()
            .map(|r| r["action"].as_str().unwrap())
            .collect::<Vec<_>>(),
        vec!["version.add", "notice.add"],
        "only staff actions on others are audited"
    );

    // The review item's id, or the message's.
    let message_ids = [
        json!(t.message),
        app.conversation(&ana, tom.id).await[0]["id"].clone(),
    ];
    app.close_report(&sam, t.report, json!({ "action": "dismiss" }))
        .await
        .ok();
    app.decides(&sam, "photo", t.photo, "approve").await;
    app.decides(&sam, "dynamic", t.dynamic, "approve").await;
    app.decides(&sam, "message", t.message, "approve").await;
    app.ban_as(&sam, tom.id, "Scam", None).await.ok();
    app.unban_as(&sue, tom.id).await.ok();
    app.admin_post(
        &sam,
        &format!("/notices/{}/texts", t.notice),
        json!({ "title": "Mantenimiento", "body": "Esta noche", "language": "es" }),
    )
    .await
    .ok();
    app.admin(
        &sam,
        "DELETE",
        &format!("/notices/{}", t.notice),
        Value::Null,
    )
    .await
    .ok();
    app.admin(
        &sam,
        "DELETE",
        &format!("/versions/{}", t.version),
        Value::Null,
    )
    .await
    .ok();
    let vip = app.product_id("vip-1m").await;
    app.admin(
        &sam,
        "PUT",
        "/products/vip-1m",
        json!({ "priceCents": 2499 }),
    )
    .await
    .ok();
    let rose = app.get(GIFTS, None).await.ok().as_array().unwrap()[0].clone();
    assert_eq!(rose["code"], "rose");
    app.admin(&sam, "PUT", "/gifts/rose", json!({ "priceCoins": 12 }))
        .await
        .ok();
    app.edit_dynamic(&sam, dynamic, "[link removed]").await.ok();
    app.remove_comment(&sam, comment).await.ok();
    app.delete_dynamics(&sam, &dynamic.to_string()).await.ok();

    let rows = app.audit(&sam, "").await;
    let expected: Vec<(&str, &str, Vec<Value>)> = vec![
        ("report.close", "report", vec![json!(t.report)]),
        ("review.photo", "photo", vec![json!(t.photo)]),
        ("review.dynamic", "dynamic", vec![json!(t.dynamic)]),
        ("review.message", "message", message_ids.to_vec()),
        ("user.ban", "user", vec![json!(tom.id)]),
        ("user.unban", "user", vec![json!(tom.id)]),
        ("notice.add", "notice", vec![json!(t.notice)]),
        ("notice.text", "notice", vec![json!(t.notice)]),
        ("notice.delete", "notice", vec![json!(t.notice)]),
        ("version.add", "version", vec![json!(t.version)]),
        ("version.delete", "version", vec![json!(t.version)]),
        ("product.set", "product", vec![json!(vip), json!("vip-1m")]),
        ("gift.set", "gift", vec![rose["id"].clone(), json!("rose")]),
        ("dynamic.edit", "dynamic", vec![json!(dynamic)]),
        ("comment.remove", "comment", vec![json!(comment)]),
        ("dynamic.delete", "dynamic", vec![json!(dynamic)]),
    ];
    assert_eq!(rows.len(), expected.len(), "one row an action: {rows:#?}");
    for (action, kind, ids) in &expected {
        let row = row_of(&rows, action, kind, ids);
        has_fields(
            row,
            &[
                "id",
                "staffId",
                "staffName",
                "action",
                "targetKind",
                "targetId",
                "before",
                "after",
                "createdAt",
            ],
        );
        let by = if *action == "user.unban" { &sue } else { &sam };
        assert_eq!(row["staffId"], by.id, "{row}");
        assert_eq!(row["staffName"], by.user_name.as_str(), "{row}");
        assert!(row["createdAt"].as_str().is_some(), "{row}");
        assert_ne!(
            row["before"], row["after"],
            "the row tells neither what it was nor what it became: {row}"
        );
        if action.ends_with(".add") {
            assert_eq!(row["before"], Value::Null, "{row}");
        }
        if action.ends_with(".add") || action.ends_with(".set") || action.ends_with(".edit") {
            assert_ne!(row["after"], Value::Null, "{row}");
        }
        if action.ends_with(".delete") || action.ends_with(".remove") || action.ends_with(".set") {
            assert_ne!(row["before"], Value::Null, "{row}");
        }
    }
    // What the rows say before and after, where it is plain.
    let price = row_of(&rows, "product.set", "product", &expected[11].2);
    assert!(price["before"].to_string().contains("1999"), "{price}");
    assert!(price["after"].to_string().contains("2499"), "{price}");
    let edit = row_of(&rows, "dynamic.edit", "dynamic", &[json!(dynamic)]);
    assert!(
        edit["before"].to_string().contains("Cheap watches"),
        "{edit}"
    );
    assert!(
        edit["after"].to_string().contains("[link removed]"),
        "{edit}"
    );

    // Newest first: the last action leads, the first action of all comes last.
    let row_ids = ids_of(&rows);
    let mut sorted = row_ids.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(row_ids, sorted);
    assert_eq!(rows[0]["action"], "dynamic.delete");
    assert_eq!(rows.last().unwrap()["action"], "notice.add");

    // Narrowed to one person, and to one staff member.
    let about_tom = app
        .audit(&sam, &format!("targetKind=user&targetId={}", tom.id))
        .await;
    let actions: Vec<&str> = about_tom
        .iter()
        .map(|r| r["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, vec!["user.unban", "user.ban"]);
    let by_sue = app.audit(&sam, &format!("staffId={}", sue.id)).await;
    assert_eq!(by_sue.len(), 1);
    assert_eq!(by_sue[0]["action"], "user.unban");
    let history = ids_of(
        app.user_page(&sam, tom.id).await["history"]
            .as_array()
            .unwrap(),
    );
    for id in ids_of(&about_tom) {
        assert!(
            history.contains(&id),
            "{id} is not in tom's history {history:?}"
        );
    }

    // Paged.
    let page = app.admin_get(&sam, "/audit?pageNum=2&pageSize=5").await;
    assert_eq!(page["total"], expected.len());
    assert_eq!(ids_of(page["rows"].as_array().unwrap()), row_ids[5..10]);
}

/// The audit table refuses UPDATE and DELETE: not even a direct statement rewrites history.
async fn the_audit_log_cannot_be_changed_or_deleted(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let bob = app.man("bob").await;
    app.ban_as(&staff, bob.id, "Scam", None).await.ok();
    let rows = app.audit(&staff, "").await;
    assert_eq!(rows.len(), 1);

    for sql in [
        "UPDATE audit_log SET action = 'user.unban'".to_owned(),
        format!(
            "UPDATE audit_log SET staff_id = NULL WHERE id = {}",
            rows[0]["id"]
        ),
        "DELETE FROM audit_log".to_owned(),
        format!("DELETE FROM audit_log WHERE id = {}", rows[0]["id"]),
    ] {
        let done = app.try_execute(&sql).await;
        assert!(done.is_err(), "{sql} was allowed: {done:?}");
    }
    assert_eq!(app.audit(&staff, "").await, rows);
}

/// The notices as a reader sees them: `(title, body)` of each, newest first.
async fn notice_texts(app: &TestApp, who: Option<&Person>, query: &str) -> Vec<(String, String)> {
    let page = app
        .get(&format!("{NOTICES}?{query}"), who.map(|p| p.token.as_str()))
        .await
        .ok();
    page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["title"].as_str().unwrap().to_owned(),
                n["body"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn pair(title: &str, body: &str) -> (String, String) {
    (title.to_owned(), body.to_owned())
}

/// A notice staff write is read by everyone, in each language staff add, until they delete
/// it; a personal notice is read by its person alone; a notice needs a title and a text.
async fn notices_staff_write_are_read_until_deleted(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;

    let add = |body: Value| app.admin_post(&staff, "/notices", body);
    let first = add(json!({ "title": "Maintenance", "body": "Tonight at 02:00 UTC" }))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    app.admin_post(
        &staff,
        &format!("/notices/{first}/texts"),
        json!({ "title": "メンテナンス", "body": "今夜", "language": "ja" }),
    )
    .await
    .ok();
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let second = add(json!({ "title": "Nuevo", "body": "Álbumes", "language": "es" }))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    let personal = add(json!({ "title": "For you", "body": "Just for Ana", "userId": ana.id }))
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();

    let everyone = vec![
        pair("Nuevo", "Álbumes"),
        pair("Maintenance", "Tonight at 02:00 UTC"),
    ];
    assert_eq!(notice_texts(&app, None, "").await, everyone);
    assert_eq!(notice_texts(&app, Some(&bob), "").await, everyone);
    let hers = notice_texts(&app, Some(&ana), "").await;
    assert!(hers.contains(&pair("For you", "Just for Ana")), "{hers:?}");
    assert_eq!(hers.len(), 3, "{hers:?}");
    assert_eq!(
        notice_texts(&app, None, "lang=ja").await,
        vec![pair("Nuevo", "Álbumes"), pair("メンテナンス", "今夜")]
    );

    // Staff see every notice with all its texts.
    let listed = app.admin_get(&staff, "/notices").await;
    assert_eq!(listed["total"], 3);
    let rows = listed["rows"].as_array().unwrap();
    assert_eq!(ids_of(rows), vec![personal, second, first]);
    assert_eq!(rows[0]["userId"], ana.id);
    assert_eq!(rows[2]["userId"], Value::Null);
    let mut languages: Vec<&str> = rows[2]["texts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["language"].as_str().unwrap())
        .collect();
    languages.sort_unstable();
    assert_eq!(languages, vec!["en", "ja"]);

    // A translation replaced is replaced, not added.
    app.admin_post(
        &staff,
        &format!("/notices/{first}/texts"),
        json!({ "title": "Maintenance", "body": "Tomorrow at 02:00 UTC", "language": "en" }),
    )
    .await
    .ok();
    assert_eq!(
        notice_texts(&app, None, "").await[1],
        pair("Maintenance", "Tomorrow at 02:00 UTC")
    );

    // Deleted: gone for everyone.
    app.admin(&staff, "DELETE", &format!("/notices/{first}"), Value::Null)
        .await
        .ok();
    assert_eq!(
        notice_texts(&app, None, "").await,
        vec![pair("Nuevo", "Álbumes")]
    );
    app.admin(&staff, "DELETE", &format!("/notices/{first}"), Value::Null)
        .await
        .fails(404, NOT_FOUND);
    app.admin(&staff, "DELETE", "/notices/999999", Value::Null)
        .await
        .fails(404, NOT_FOUND);

    // A title and a text, neither too long.
    let audited = app.audited(&staff).await;
    for body in [
        json!({ "title": "", "body": "Text" }),
        json!({ "title": "Title", "body": "" }),
        json!({ "title": "   ", "body": "Text" }),
        json!({ "body": "Text" }),
        json!({ "title": "Title" }),
        json!({ "title": "t".repeat(101), "body": "Text" }),
        json!({ "title": "Title", "body": "b".repeat(2001) }),
    ] {
        add(body.clone()).await.fails(400, NOTICE_TEXT);
    }
    let reply = add(json!({ "title": "Title", "body": "Text", "language": "xx" })).await;
    assert_eq!(reply.status, 400, "{}", reply.body);
    add(json!({ "title": "t".repeat(100), "body": "b".repeat(2000) }))
        .await
        .ok();
    assert_eq!(app.admin_get(&staff, "/notices").await["total"], 3);
    assert_eq!(app.audited(&staff).await, audited + 1);
}

/// A version staff release is what the update check lists, until they delete it; released
/// again on its platform it replaces its listing, and a version that is not one is refused.
async fn versions_staff_release_are_listed_until_deleted(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let add = |version: &str, platform: &str| {
        app.admin_post(
            &staff,
            "/versions",
            json!({
                "version": version, "platform": platform, "notes": "Albums",
                "url": "https://example.com/amora.apk", "mandatory": true,
            }),
        )
    };
    add("1.4.0", "android").await.ok();
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    add("1.4.0", "web").await.ok();

    let public = app.get(VERSIONS, None).await.ok();
    let rows = public.as_array().unwrap();
    assert_eq!(rows.len(), 2, "{public}");
    assert_eq!(
        (&rows[0]["platform"], &rows[1]["platform"]),
        (&json!("web"), &json!("android"))
    );
    assert_eq!(rows[1]["version"], "1.4.0");
    assert_eq!(rows[1]["notes"], "Albums");
    assert_eq!(rows[1]["url"], "https://example.com/amora.apk");
    assert_eq!(rows[1]["mandatory"], true);

    let listed = app.admin_get(&staff, "/versions").await;
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), 2);
    for (theirs, ours) in listed.iter().zip(rows) {
        assert!(theirs["id"].as_i64().is_some(), "{theirs}");
        assert_eq!(theirs["platform"], ours["platform"]);
    }

    // Released again, a version replaces its listing.
    let again = app
        .admin_post(
            &staff,
            "/versions",
            json!({ "version": "1.4.0", "platform": "android", "notes": "Albums, faster" }),
        )
        .await
        .ok();
    assert_eq!(again["notes"], "Albums, faster");
    assert_eq!(again["mandatory"], false);
    for bad in ["", "v1.4.0", "one.two.three", "1..4", "1.4.0-beta"] {
        add(bad, "web").await.fails(400, BAD_VERSION);
    }
    assert_eq!(
        app.get(VERSIONS, None).await.ok().as_array().unwrap().len(),
        2
    );

    let android = listed[1]["id"].as_i64().unwrap();
    app.admin(
        &staff,
        "DELETE",
        &format!("/versions/{android}"),
        Value::Null,
    )
    .await
    .ok();
    let left = app.get(VERSIONS, None).await.ok();
    assert_eq!(left.as_array().unwrap().len(), 1);
    assert_eq!(left[0]["platform"], "web");
    // Deleted, the version may be released again.
    add("1.4.0", "android").await.ok();
}

/// Staff change a product's price, and `getProduct` shows it; off sale, it is not offered at
/// all but staff still see it; a price that is not one is refused and changes nothing; so does
/// the operator's `amora product set`, audited as the operator's.
async fn staff_set_a_products_price_and_take_it_off_sale(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let put = |code: &str, body: Value| {
        let path = format!("/products/{code}");
        let (app, staff) = (&app, &staff);
        async move { app.admin(staff, "PUT", &path, body).await }
    };

    let all = app.admin_get(&staff, "/products").await;
    let all = all.as_array().unwrap();
    assert_eq!(all.len(), 12, "{all:?}");
    has_fields(
        &all[0],
        &[
            "code",
            "kind",
            "level",
            "months",
            "amount",
            "priceCents",
            "currency",
            "priceCoins",
            "active",
            "sort",
        ],
    );
    assert_eq!(all[0]["code"], "vip-1m");
    assert!(all.iter().all(|p| p["active"] == true));

    let changed = put("vip-1m", json!({ "priceCents": 2499, "priceCoins": null }))
        .await
        .ok();
    assert_eq!(changed["priceCents"], 2499);
    assert_eq!(changed["priceCoins"], Value::Null);
    assert_eq!(changed["currency"], "USD", "what is not given stays");
    assert_eq!(changed["months"], 1);
    let shown = app.product("vip-1m").await;
    assert_eq!(
        (
            &shown["priceCents"],
            &shown["priceCoins"],
            &shown["currency"]
        ),
        (&json!(2499), &Value::Null, &json!("USD"))
    );
    let changed = put(
        "chars-2000",
        json!({ "amount": 2500, "currency": "EUR", "priceCoins": 350 }),
    )
    .await
    .ok();
    assert_eq!(
        (
            &changed["amount"],
            &changed["currency"],
            &changed["priceCoins"]
        ),
        (&json!(2500), &json!("EUR"), &json!(350))
    );
    let shown = app.product("chars-2000").await;
    assert_eq!(
        (
            &shown["amount"],
            &shown["currency"],
            &shown["priceCents"],
            &shown["priceCoins"]
        ),
        (&json!(2500), &json!("EUR"), &json!(299), &json!(350))
    );

    // Off sale: gone from the catalogue, still on staff's list.
    put("svip-1m", json!({ "active": false })).await.ok();
    let catalogue = app.get(PRODUCTS, None).await.ok();
    assert!(
        !catalogue.to_string().contains("svip-1m"),
        "an inactive product is offered: {catalogue}"
    );
    let all = app.admin_get(&staff, "/products").await;
    let svip = all
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["code"] == "svip-1m")
        .unwrap()
        .clone();
    assert_eq!(svip["active"], false);
    put("svip-1m", json!({ "active": true })).await.ok();
    app.product("svip-1m").await;

    // A price that is not one changes nothing.
    let catalogue = app.get(PRODUCTS, None).await.ok();
    let audited = app.audited(&staff).await;
    for body in [
        json!({ "priceCents": -1 }),
        json!({ "priceCoins": 0 }),
        json!({ "priceCoins": -5 }),
        json!({ "amount": 0 }),
        json!({ "months": 0 }),
        json!({ "months": 37 }),
        json!({ "currency": "usd" }),
        json!({ "currency": "US" }),
        json!({ "currency": "USDT" }),
        json!({ "priceCents": 100, "currency": "E1R" }),
    ] {
        put("vip-3m", body.clone()).await.fails(400, PRICE_INVALID);
    }
    put("no-such-product", json!({ "priceCents": 100 }))
        .await
        .fails(404, NOT_FOUND);
    assert_eq!(app.get(PRODUCTS, None).await.ok(), catalogue);
    assert_eq!(app.audited(&staff).await, audited);

    // Free is a price; 36 months is a membership.
    let changed = put("vip-3m", json!({ "priceCents": 0, "months": 36 }))
        .await
        .ok();
    assert_eq!(
        (&changed["priceCents"], &changed["months"]),
        (&json!(0), &json!(36))
    );

    // The operator's command, audited with no staff member.
    app.amora(&[
        "product",
        "set",
        "--code",
        "vip-12m",
        "--price-cents",
        "9999",
    ])
    .await;
    assert_eq!(app.product("vip-12m").await["priceCents"], 9999);
    let newest = &app.audit(&staff, "").await[0];
    assert_eq!(newest["action"], "product.set");
    assert_eq!(newest["staffId"], Value::Null, "{newest}");
}

/// The gifts on sale: `(code, priceCoins)` of each.
async fn listed(app: &TestApp) -> Vec<(String, i64)> {
    app.get(GIFTS, None)
        .await
        .ok()
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["code"].as_str().unwrap().to_owned(),
                g["priceCoins"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// Staff change a gift's price, and the gift list shows it; off sale, it is not listed; a price
/// that is not one is refused and changes nothing.
async fn staff_set_a_gifts_price_and_take_it_off_sale(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let put = |code: &str, body: Value| {
        let path = format!("/gifts/{code}");
        let (app, staff) = (&app, &staff);
        async move { app.admin(staff, "PUT", &path, body).await }
    };

    let all = app.admin_get(&staff, "/gifts").await;
    let all = all.as_array().unwrap();
    assert_eq!(all.len(), 8);
    has_fields(
        &all[0],
        &["code", "kind", "icon", "priceCoins", "active", "sort"],
    );

    let changed = put("rose", json!({ "priceCoins": 15 })).await.ok();
    assert_eq!(changed["priceCoins"], 15);
    assert_eq!(listed(&app).await[0], ("rose".to_owned(), 15));

    put("ring", json!({ "active": false })).await.ok();
    let gifts = listed(&app).await;
    assert_eq!(gifts.len(), 7);
    assert!(gifts.iter().all(|(code, _)| code != "ring"), "{gifts:?}");

    let before = listed(&app).await;
    for body in [json!({ "priceCoins": 0 }), json!({ "priceCoins": -3 })] {
        put("coffee", body).await.fails(400, PRICE_INVALID);
    }
    put("no-such-gift", json!({ "priceCoins": 5 }))
        .await
        .fails(404, NOT_FOUND);
    assert_eq!(listed(&app).await, before);

    put("ring", json!({ "active": true })).await.ok();
    assert_eq!(listed(&app).await.len(), 8);
}

/// Errors the web app reports reach staff, newest first, with who met them.
async fn client_errors_reach_staff(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let ana = app.register("ana").await;
    assert_eq!(
        app.admin_get(&staff, "/errors").await,
        json!({ "rows": [], "total": 0 })
    );
    app.post(
        CLIENT_ERROR,
        None,
        json!({ "message": "TypeError: x is undefined", "stack": "at render (app.js:1:2)",
                "url": "https://amora.example/pages/dynamic/dynamic", "userAgent": "Mozilla/5.0" }),
    )
    .await
    .ok();
    app.post(
        CLIENT_ERROR,
        Some(&ana.token),
        json!({ "message": "ReferenceError: y", "url": "https://amora.example/chat" }),
    )
    .await
    .ok();

    let page = app.admin_get(&staff, "/errors").await;
    assert_eq!(page["total"], 2);
    let rows = page["rows"].as_array().unwrap();
    for row in rows {
        has_fields(
            row,
            &[
                "id",
                "message",
                "stack",
                "url",
                "userAgent",
                "userId",
                "createdAt",
            ],
        );
    }
    assert_eq!(rows[0]["message"], "ReferenceError: y");
    assert_eq!(rows[0]["userId"], ana.id);
    assert_eq!(rows[0]["url"], "https://amora.example/chat");
    assert_eq!(rows[1]["message"], "TypeError: x is undefined");
    assert_eq!(rows[1]["stack"], "at render (app.js:1:2)");
    assert_eq!(rows[1]["userAgent"], "Mozilla/5.0");
    assert_eq!(rows[1]["userId"], Value::Null);

    let page = app.admin_get(&staff, "/errors?pageNum=2&pageSize=1").await;
    assert_eq!(page["total"], 2);
    assert_eq!(page["rows"][0]["message"], "TypeError: x is undefined");
}

/// Staff find a person by id, by email, or by the start of the user name in any case; a
/// person's page tells their reports, what they filed and their history.
async fn staff_find_people_by_id_email_or_name(b: Backend) {
    let app = spawn(b).await;
    let staff = app.staff("sam").await;
    let anabel = app.woman("anabel").await;
    let anna = app.woman("anna").await;
    let bob = app.man("bob").await;
    app.reports(&anabel, &bob, "spam").await;
    app.reports(&anna, &bob, "scam").await;

    let found = |q: String| {
        let app = &app;
        let staff = &staff;
        async move {
            let page = app
                .admin_get(staff, &TestApp::with_query("/users", &[("q", &q)]))
                .await;
            let rows = page["rows"].as_array().unwrap().clone();
            assert_eq!(page["total"].as_i64().unwrap(), rows.len() as i64);
            rows
        }
    };
    let user_ids = |rows: &[Value]| {
        let mut ids: Vec<i64> = rows.iter().map(|r| r["userId"].as_i64().unwrap()).collect();
        ids.sort_unstable();
        ids
    };

    assert_eq!(
        user_ids(&found("AN".into()).await),
        vec![anabel.id, anna.id]
    );
    assert_eq!(user_ids(&found("anab".into()).await), vec![anabel.id]);
    assert_eq!(
        user_ids(&found("bob@example.com".into()).await),
        vec![bob.id]
    );
    assert_eq!(
        user_ids(&found("BOB@example.com".into()).await),
        vec![bob.id]
    );
    assert_eq!(user_ids(&found(bob.id.to_string()).await), vec![bob.id]);
    assert_eq!(user_ids(&found("nobody".into()).await), Vec::<i64>::new());
    let row = &found("bob".into()).await[0];
    has_fields(
        row,
        &[
            "userId",
            "userName",
            "email",
            "avatar",
            "status",
            "role",
            "level",
            "createdAt",
            "lastActiveAt",
            "reportsAgainst",
            "held",
        ],
    );
    assert_eq!(row["email"], "bob@example.com");
    assert_eq!(row["status"], "active");
    assert_eq!(row["role"], "member");
    assert_eq!(row["reportsAgainst"], 2);
    assert_eq!(row["held"], false);

    let page = app.user_page(&staff, bob.id).await;
    assert_eq!(page["gender"], "male");
    assert_eq!(page["country"], "Spain");
    assert_eq!(page["reportsFiled"], 0);
    assert_eq!(page["reports"].as_array().unwrap().len(), 2);
    assert_eq!(page["banReason"], Value::Null);
    assert_eq!(page["bannedUntil"], Value::Null);
    assert_eq!(app.user_page(&staff, anna.id).await["reportsFiled"], 1);
    app.admin(&staff, "GET", "/users/999999", Value::Null)
        .await
        .fails(404, NOT_FOUND);
}

both_databases!(
    every_admin_path_is_for_staff_alone,
    every_staff_action_is_written_to_the_audit_log,
    the_audit_log_cannot_be_changed_or_deleted,
    notices_staff_write_are_read_until_deleted,
    versions_staff_release_are_listed_until_deleted,
    staff_set_a_products_price_and_take_it_off_sale,
    staff_set_a_gifts_price_and_take_it_off_sale,
    client_errors_reach_staff,
    staff_find_people_by_id_email_or_name,
);
