//! Sessions, as a person meets them: being turned away without a live one, logging out,
//! changing the password (this device stays signed in, the others do not), and deleting the
//! account.

use crate::common::{spawn, Backend, Body, Person, TestApp};
use serde_json::json;

const EXPIRED: &str = "Login has expired, please log in again";
const UPDATE_PWD: &str = "/prod-api/system/user/profile/updatePwd";
const CANCEL: &str = "/prod-api/system/user/cancellation";

/// Every endpoint that needs a session, with a body that would otherwise be acceptable.
fn signed_in_calls() -> Vec<(&'static str, &'static str, Body)> {
    vec![
        ("GET", "/prod-api/getInfo", Body::None),
        ("GET", "/prod-api/system/user/profile", Body::None),
        (
            "PUT",
            "/prod-api/system/user/profile",
            Body::Json(json!({ "signature": "hacked" })),
        ),
        (
            "POST",
            "/prod-api/system/user/profile/avatar/base64",
            Body::Json(json!({ "avatar": crate::common::png_data_url(8, 8) })),
        ),
        (
            "POST",
            "/prod-api/system/user/sendEmail",
            Body::Form(vec![]),
        ),
        (
            "POST",
            "/prod-api/system/user/updateEmailVerified",
            Body::Form(vec![("code", "123456".to_owned())]),
        ),
        (
            "PUT",
            UPDATE_PWD,
            Body::Form(vec![
                ("oldPassword", "secret1".to_owned()),
                ("newPassword", "hacked1".to_owned()),
            ]),
        ),
        ("POST", CANCEL, Body::Json(json!({ "password": "secret1" }))),
        ("POST", "/prod-api/logout", Body::None),
    ]
}

async fn change_password(app: &TestApp, token: &str, old: &str, new: &str) -> crate::common::Reply {
    app.put_form(
        UPDATE_PWD,
        Some(token),
        vec![
            ("oldPassword", old.to_owned()),
            ("newPassword", new.to_owned()),
        ],
    )
    .await
}

async fn signed_in(app: &TestApp, who: &Person, password: &str) -> String {
    app.login(&who.user_name, password).await.ok()["token"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn without_a_live_session_every_door_is_closed(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let logged_out = signed_in(&app, &ana, "secret1").await;
    app.post("/prod-api/logout", Some(&logged_out), json!({}))
        .await
        .ok();
    let before = (
        app.snapshot().await,
        app.get("/prod-api/getInfo", Some(&ana.token)).await.ok(),
    );

    let garbage = "x".repeat(43);
    let longer = format!("{}x", ana.token);
    // What the database keeps is not a key: a leaked table opens nothing.
    let stored = app
        .texts(&format!(
            "SELECT token_hash FROM sessions WHERE user_id = {}",
            ana.id
        ))
        .await
        .remove(0);
    let headers: [(&str, Option<&str>); 6] = [
        ("no token", None),
        ("garbage", Some(&garbage)),
        ("logged out", Some(&logged_out)),
        ("the stored hash", Some(&stored)),
        ("a token cut short", Some(&ana.token[..20])),
        ("the token with more", Some(&longer)),
    ];
    for (what, token) in headers {
        for (method, path, body) in signed_in_calls() {
            let reply = app.call(method, path, token, body).await;
            assert_eq!(
                (reply.status, reply.msg()),
                (401, EXPIRED),
                "{what}: {method} {path}"
            );
        }
    }
    // Not a bearer token at all.
    for header in ["Basic YW5hOnNlY3JldDE=", "Bearer", "Bearer ", &ana.token] {
        let reply = app
            .call_with(
                "GET",
                "/prod-api/getInfo",
                None,
                Body::None,
                &[("Authorization", header)],
            )
            .await;
        reply.fails(401, EXPIRED);
    }
    let after = (
        app.snapshot().await,
        app.get("/prod-api/getInfo", Some(&ana.token)).await.ok(),
    );
    assert_eq!(after, before);
}

async fn logging_out_ends_only_this_session(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let phone = signed_in(&app, &ana, "secret1").await;
    let done = app
        .post("/prod-api/logout", Some(&phone), json!({}))
        .await
        .ok();
    assert_eq!(done, json!(null));
    app.get("/prod-api/getInfo", Some(&phone))
        .await
        .fails(401, EXPIRED);
    app.post("/prod-api/logout", Some(&phone), json!({}))
        .await
        .fails(401, EXPIRED);
    app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    assert_eq!(app.sessions_of(&ana).await, 1);
}

async fn a_session_ends_after_thirty_days(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.clock().advance(chrono::Duration::days(29));
    app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    app.clock()
        .advance(chrono::Duration::days(1) + chrono::Duration::minutes(1));
    app.get("/prod-api/getInfo", Some(&ana.token))
        .await
        .fails(401, EXPIRED);
    signed_in(&app, &ana, "secret1").await;
}

async fn changing_the_password_keeps_this_device_and_signs_out_the_others(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let laptop = signed_in(&app, &ana, "secret1").await;
    let sessions = app.sessions_of(&ana).await;

    let refusals = [
        (
            "secret1",
            "secret1",
            "The new password is the same as the old password",
        ),
        ("wrong-old", "new-secret", "The old password is incorrect"),
        ("", "new-secret", "The old password is incorrect"),
        ("secret1", "abcd", "The password must be 5 to 20 characters"),
        (
            "secret1",
            "abcdefghijklmnopqrstu",
            "The password must be 5 to 20 characters",
        ),
    ];
    for (old, new, msg) in refusals {
        change_password(&app, &ana.token, old, new)
            .await
            .fails(400, msg);
        assert_eq!(app.sessions_of(&ana).await, sessions, "{msg}");
        app.get("/prod-api/getInfo", Some(&laptop)).await.ok();
    }
    app.login("ana", "secret1").await.ok();
    app.login("ana", "new-secret")
        .await
        .fails(400, "Incorrect user name or password");
    let sessions = app.sessions_of(&ana).await;
    assert!(sessions >= 3);

    let done = change_password(&app, &ana.token, "secret1", "new-secret").await;
    assert_eq!(done.msg(), "Your password has been changed");
    done.ok();
    app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    app.get("/prod-api/getInfo", Some(&laptop))
        .await
        .fails(401, EXPIRED);
    assert_eq!(app.sessions_of(&ana).await, 1);
    app.login("ana", "secret1")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("ana", "new-secret").await.ok();

    // The form-encoded endpoint takes JSON too.
    let json = json!({ "oldPassword": "new-secret", "newPassword": "third-one" });
    app.put(UPDATE_PWD, Some(&ana.token), json).await.ok();
    app.login("ANA@example.com", "third-one").await.ok();
}

async fn deleting_the_account_frees_the_name_and_keeps_the_ledger(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let phone = signed_in(&app, &ana, "secret1").await;
    // Earn the email reward so that the ledger holds something of hers.
    app.post_form("/prod-api/system/user/sendEmail", Some(&ana.token), vec![])
        .await
        .ok();
    let code = app.mail.code_for(&ana.email).await;
    app.post_form(
        "/prod-api/system/user/updateEmailVerified",
        Some(&ana.token),
        vec![("code", code)],
    )
    .await
    .ok();
    let me = app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    let pictures = [
        me["avatar"].as_str().unwrap().to_owned(),
        me["avatarThumb"].as_str().unwrap().to_owned(),
    ];
    for picture in &pictures {
        assert_eq!(app.fetch("GET", picture, &[]).await.status, 200);
    }
    let media = app.media_files();

    let done = app
        .post(CANCEL, Some(&ana.token), json!({ "password": "secret1" }))
        .await;
    assert_eq!(done.msg(), "Your account has been deleted");
    done.ok();

    for token in [&ana.token, &phone] {
        app.get("/prod-api/getInfo", Some(token))
            .await
            .fails(401, EXPIRED);
        app.post(CANCEL, Some(token), json!({ "password": "secret1" }))
            .await
            .fails(401, EXPIRED);
    }
    app.login("ana", "secret1")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("ana@example.com", "secret1")
        .await
        .fails(400, "Incorrect user name or password");
    for picture in &pictures {
        app.get(picture, None).await.fails(404, "Not found");
    }
    assert_eq!(app.media_files(), media - 2);
    assert_eq!(app.sessions_of(&ana).await, 0);
    let kept = format!(
        "SELECT COUNT(*) FROM ledger_entries WHERE user_id = {} AND amount = 80",
        ana.id
    );
    assert_eq!(app.scalar(&kept).await, 1, "the ledger is append-only");
    let personal = format!(
        "SELECT COUNT(*) FROM users WHERE id = {} AND email IS NULL AND status = 'deleted'",
        ana.id
    );
    assert_eq!(app.scalar(&personal).await, 1, "her email must be gone");

    // The name and the email are free again, for a new account with nothing of the old one.
    let again = app.register("ana").await;
    assert_ne!(again.id, ana.id);
    let me = app.get("/prod-api/getInfo", Some(&again.token)).await.ok();
    assert_eq!(
        (me["emailVerified"].as_bool(), me["characters"].as_i64()),
        (Some(false), Some(0))
    );
    app.login("ANA@example.com", "secret1").await.ok();
}

async fn deleting_an_account_never_collides_with_another_members_name(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    // Bea happens to choose the name a deleted account used to be renamed to.
    let name = format!("deleted-{}", ana.id);
    app.put(
        "/prod-api/system/user/profile",
        Some(&bea.token),
        json!({ "userName": name }),
    )
    .await
    .ok();
    app.post(CANCEL, Some(&ana.token), json!({ "password": "secret1" }))
        .await
        .ok();
    app.get("/prod-api/getInfo", Some(&ana.token))
        .await
        .fails(401, EXPIRED);
    let me = app.get("/prod-api/getInfo", Some(&bea.token)).await.ok();
    assert_eq!(me["userName"], name);
    app.login(&name, "secret1").await.ok();
}

both_databases!(
    without_a_live_session_every_door_is_closed,
    logging_out_ends_only_this_session,
    a_session_ends_after_thirty_days,
    changing_the_password_keeps_this_device_and_signs_out_the_others,
    deleting_the_account_frees_the_name_and_keeps_the_ledger,
    deleting_an_account_never_collides_with_another_members_name,
);
