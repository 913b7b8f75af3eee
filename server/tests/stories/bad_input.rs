//! Whatever a client sends, the answer is the envelope, its HTTP status equals its code, it is
//! never a 500, and nothing is written: broken or mistyped JSON, arrays, bodies in the other
//! encoding, bodies over the size limit, unknown paths, wrong methods and ids that are not
//! numbers.

use crate::common::{spawn, Backend, Body, Person, Snapshot, TestApp};
use serde_json::{json, Value};

const NOT_VALID: &str = "The request is not valid";

/// An endpoint that reads a body: one of its text fields, and a body with one field given the
/// wrong JSON type.
struct Endpoint {
    method: &'static str,
    path: &'static str,
    signed_in: bool,
    field: &'static str,
    mistyped: Value,
}

fn endpoints_with_a_body() -> Vec<Endpoint> {
    let e = |method, path, signed_in, field, mistyped| Endpoint {
        method,
        path,
        signed_in,
        field,
        mistyped,
    };
    vec![
        e(
            "POST",
            "/prod-api/register",
            false,
            "userName",
            json!({ "userName": 12, "email": "cid@example.com" }),
        ),
        e(
            "POST",
            "/prod-api/login",
            false,
            "userName",
            json!({ "userName": 12, "password": "secret1" }),
        ),
        e(
            "PUT",
            "/prod-api/system/user/profile",
            true,
            "signature",
            json!({ "signature": "changed", "country": ["Spain"] }),
        ),
        e(
            "POST",
            "/prod-api/system/user/profile/avatar/base64",
            true,
            "avatar",
            json!({ "avatar": 7 }),
        ),
        e(
            "POST",
            "/prod-api/system/user/updateEmailVerified",
            true,
            "code",
            json!({ "code": 123456 }),
        ),
        e(
            "PUT",
            "/prod-api/system/user/profile/updatePwd",
            true,
            "newPassword",
            json!({ "oldPassword": "secret1", "newPassword": 123456 }),
        ),
    ]
}

/// The state a bad request must leave alone: every table, the media, the mail, and Ana's
/// profile, password and session.
async fn state(app: &TestApp, ana: &Person) -> (Snapshot, Value) {
    let me = app
        .get("/prod-api/system/user/profile", Some(&ana.token))
        .await
        .ok();
    (app.snapshot().await, me)
}

async fn unchanged(app: &TestApp, ana: &Person, before: &(Snapshot, Value), what: &str) {
    assert_eq!(&state(app, ana).await, before, "{what} changed something");
}

async fn send(app: &TestApp, e: &Endpoint, ana: &Person, body: Body) -> crate::common::Reply {
    let token = e.signed_in.then_some(ana.token.as_str());
    app.call(e.method, e.path, token, body).await
}

async fn broken_json_is_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.post_form("/prod-api/system/user/sendEmail", Some(&ana.token), vec![])
        .await
        .ok();
    let before = state(&app, &ana).await;
    let nested = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let broken = |f: &str| -> Vec<Vec<u8>> {
        vec![
            format!("{{\"{f}\": ").into_bytes(),
            format!("{{{f}: 'changed'}}").into_bytes(),
            format!("{{\"{f}\": \"changed\"}} {{\"{f}\": \"twice\"}}").into_bytes(),
            format!("{{\"{f}\": \"changed\", \"{f}\": \"twice\"}}").into_bytes(),
            [
                format!("{{\"{f}\": \"").into_bytes(),
                vec![0xff, 0xfe],
                b"\"}".to_vec(),
            ]
            .concat(),
            nested.clone().into_bytes(),
            format!("{f}=changed").into_bytes(),
        ]
    };
    for e in endpoints_with_a_body() {
        for body in &broken(e.field) {
            let reply = send(&app, &e, &ana, Body::Raw("application/json", body.clone())).await;
            reply.fails_starting(400, NOT_VALID);
            unchanged(&app, &ana, &before, e.path).await;
        }
    }
}

async fn json_of_the_wrong_shape_is_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = state(&app, &ana).await;
    for e in endpoints_with_a_body() {
        let mistyped = e.mistyped.clone();
        send(&app, &e, &ana, Body::Json(mistyped))
            .await
            .fails_starting(400, NOT_VALID);
        unchanged(&app, &ana, &before, e.path).await;
        for wrong in [
            json!([{ "userName": "ana" }]),
            json!("ana"),
            json!(42),
            json!(true),
            Value::Null,
        ] {
            send(&app, &e, &ana, Body::Json(wrong.clone()))
                .await
                .fails_starting(400, NOT_VALID);
            unchanged(&app, &ana, &before, e.path).await;
        }
    }
    // A struct's fields in order as an array is still not the object the document asks for,
    // even where every field may be left out.
    for wrong in [json!([null]), json!(["https://push.example/1"]), json!([])] {
        app.call(
            "POST",
            "/prod-api/system/push/unsubscribe",
            Some(&ana.token),
            Body::Json(wrong),
        )
        .await
        .fails_starting(400, NOT_VALID);
    }
}

async fn a_body_in_the_other_encoding_is_read_or_refused_cleanly(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    // Form bodies are understood where JSON is the usual encoding ...
    let form = b"userName=ana&password=secret1".to_vec();
    let data = app
        .call(
            "POST",
            "/prod-api/login",
            None,
            Body::Raw("application/x-www-form-urlencoded", form),
        )
        .await
        .ok();
    assert_eq!(data["user"]["userId"], ana.id);

    // ... but JSON text labelled as a form is not read as JSON: it is a form with no known field.
    let before = state(&app, &ana).await;
    let expected: [(u16, &str); 6] = [
        (400, "The user name must be 2 to 30 characters, without @"),
        (400, "Incorrect user name or password"),
        (200, "Success"),
        (400, "Please upload an avatar"),
        (400, "Please enter the six-digit code"),
        (400, "The password must be 5 to 20 characters"),
    ];
    for (e, (code, msg)) in endpoints_with_a_body().into_iter().zip(expected) {
        let json_text = serde_json::to_vec(&app.registration("cid")).unwrap();
        let reply = send(
            &app,
            &e,
            &ana,
            Body::Raw("application/x-www-form-urlencoded", json_text),
        )
        .await;
        assert_eq!((reply.status, reply.msg()), (code, msg), "{}", e.path);
        unchanged(&app, &ana, &before, e.path).await;
    }
    // A form value that does not fit the field's type.
    let mistyped = b"userName=cid&privacyAccepted=yes".to_vec();
    let reply = app
        .call(
            "POST",
            "/prod-api/register",
            None,
            Body::Raw("application/x-www-form-urlencoded", mistyped),
        )
        .await;
    reply.fails_starting(400, NOT_VALID);
    unchanged(&app, &ana, &before, "a mistyped form").await;
}

async fn a_body_over_16_mb_is_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = state(&app, &ana).await;
    let mut huge = b"{\"signature\": \"".to_vec();
    huge.resize(16 * 1024 * 1024 + 1, b'a');
    for e in endpoints_with_a_body() {
        let reply = send(&app, &e, &ana, Body::Raw("application/json", huge.clone())).await;
        reply.fails(413, "The request is too large");
        unchanged(&app, &ana, &before, e.path).await;
    }
    let form = [b"code=".to_vec(), vec![b'1'; 16 * 1024 * 1024]].concat();
    let reply = app
        .call(
            "POST",
            "/prod-api/system/user/updateEmailVerified",
            Some(&ana.token),
            Body::Raw("application/x-www-form-urlencoded", form),
        )
        .await;
    reply.fails(413, "The request is too large");
    unchanged(&app, &ana, &before, "a huge form").await;
}

async fn broken_query_strings_are_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = state(&app, &ana).await;
    let queries = [
        "/prod-api/system/user/profile/forgetPwd?userName=ana&userName=bea&email=ana@example.com",
        "/prod-api/system/user/profile/forgetUpdatePwd?inputUserName=ana&inputEmail=ana@example.com&inputEmail=x@example.com&emailCode=123456&newPassword=fresh-start",
        "/prod-api/system/user/profile/forgetPwd?userName[]=ana&email=ana@example.com&email=ana@example.com",
    ];
    for path in queries {
        app.call("POST", path, None, Body::None)
            .await
            .fails_starting(400, NOT_VALID);
        unchanged(&app, &ana, &before, path).await;
    }
    for path in [
        "/prod-api/system/user/profile/forgetPwd",
        "/prod-api/system/user/profile/forgetUpdatePwd",
    ] {
        app.call("POST", path, None, Body::None)
            .await
            .fails(400, "Please enter your email address");
        unchanged(&app, &ana, &before, path).await;
    }
}

async fn unknown_paths_answer_404_in_the_envelope(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = state(&app, &ana).await;
    let paths = [
        "/prod-api/nope",
        "/prod-api/system/user/profile/nope",
        "/prod-api/login/extra",
        "/prod-api/system",
        "/prod-api/",
        "/prod-api",
        "/prod-api/getinfo",
    ];
    for path in paths {
        for method in ["GET", "POST", "DELETE"] {
            let reply = app
                .call(method, path, Some(&ana.token), Body::Json(json!({})))
                .await;
            assert_eq!(
                (reply.status, reply.msg()),
                (404, "Not found"),
                "{method} {path}"
            );
        }
    }
    for path in [
        "/media/avatars/nope.jpg",
        "/media/avatars/..%2F..%2Famora.db",
        "/media/..%2Famora.db",
    ] {
        app.get(path, None).await.fails(404, "Not found");
    }
    unchanged(&app, &ana, &before, "unknown paths").await;
}

async fn wrong_methods_answer_405_in_the_envelope(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = state(&app, &ana).await;
    let wrong = [
        ("GET", "/prod-api/register"),
        ("DELETE", "/prod-api/login"),
        ("GET", "/prod-api/logout"),
        ("POST", "/prod-api/getInfo"),
        ("DELETE", "/prod-api/system/user/profile"),
        ("PATCH", "/prod-api/system/user/profile"),
        ("GET", "/prod-api/system/user/profile/avatar/base64"),
        ("GET", "/prod-api/system/user/sendEmail"),
        ("PUT", "/prod-api/system/user/updateEmailVerified"),
        ("GET", "/prod-api/system/user/profile/forgetPwd"),
        ("GET", "/prod-api/system/user/profile/forgetUpdatePwd"),
        ("POST", "/prod-api/system/user/profile/updatePwd"),
        ("DELETE", "/prod-api/system/user/cancellation"),
        ("POST", "/prod-api/openapi.json"),
        ("POST", "/media/avatars/any.jpg"),
        ("DELETE", "/media/avatars/any.jpg"),
    ];
    for (method, path) in wrong {
        let reply = app
            .call(method, path, Some(&ana.token), Body::Json(json!({})))
            .await;
        assert_eq!(
            (reply.status, reply.msg()),
            (405, NOT_VALID),
            "{method} {path}"
        );
    }
    unchanged(&app, &ana, &before, "wrong methods").await;
    app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
}

async fn an_id_that_is_not_a_number_finds_nobody(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    let before = state(&app, &ana).await;
    let people_rows = "SELECT (SELECT COUNT(*) FROM likes) + (SELECT COUNT(*) FROM footprints) \
                       + (SELECT COUNT(*) FROM contacts) + (SELECT COUNT(*) FROM remarks)";
    let rows = app.scalar(people_rows).await;
    let routes = [
        ("GET", "/prod-api/system/user/getInfos/"),
        ("GET", "/prod-api/system/user/checkOnlineStatusInLast/"),
        ("GET", "/prod-api/system/like/opera/"),
        ("GET", "/prod-api/em/addFriend/"),
        ("GET", "/prod-api/em/delFriend/"),
        ("POST", "/prod-api/em/friend/updateRemark/"),
    ];
    for (method, route) in routes {
        for id in [
            "abc",
            "1.5",
            "99999999999999999999",
            "%20",
            "1e3",
            "0x1F",
            &format!("{}%20", bea.id),
        ] {
            let path = format!("{route}{id}");
            let reply = app.call(method, &path, Some(&ana.token), Body::None).await;
            assert_eq!(
                (reply.status, reply.msg()),
                (404, "Not found"),
                "{method} {path}"
            );
        }
    }
    unchanged(&app, &ana, &before, "non-numeric ids").await;
    assert_eq!(app.scalar(people_rows).await, rows);
}

/// The NUL character is refused however text comes in (a JSON body, a form, a query string, a
/// path, a chat frame), with nothing written: PostgreSQL cannot store it, where it was a 500.
async fn text_holding_a_nul_is_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let tom = app.man("tom").await;
    let before = state(&app, &ana).await;
    let token = Some(ana.token.as_str());
    let replies = [
        app.put(
            "/prod-api/system/user/profile",
            token,
            json!({ "signature": "Hello\u{0}there" }),
        )
        .await,
        app.post(
            "/prod-api/system/dynamic",
            token,
            json!({ "content": "A walk\u{0}" }),
        )
        .await,
        app.call(
            "PUT",
            "/prod-api/system/user/profile",
            token,
            Body::Form(vec![("signature", "Hello\u{0}there".into())]),
        )
        .await,
        app.post(
            "/prod-api/system/content/sendMsg",
            token,
            json!({ "to": tom.id, "msgType": "txt", "content": { "text": "Hi\u{0}" } }),
        )
        .await,
        app.get(
            "/prod-api/system/user/profile/homePage/all?country=Ja%00pan",
            token,
        )
        .await,
        app.get("/prod-api/system/grade/1%00", token).await,
    ];
    for reply in replies {
        reply.fails(400, &format!("{NOT_VALID}: a text holds the NUL character"));
    }
    unchanged(&app, &ana, &before, "a NUL").await;

    let mut im = app.online(&ana, 0).await;
    im.send(json!({
        "type": "send", "clientId": "c-nul", "to": tom.id, "msgType": "txt",
        "content": { "text": "Hi\u{0}" },
    }))
    .await;
    let error = im.next().await;
    assert_eq!(
        (&error["type"], &error["code"]),
        (&json!("error"), &json!(400)),
        "{error}"
    );
    assert_eq!(app.messages_stored().await, 0);
}

/// JSON has one number type: an id or an amount written with a fraction or an exponent that is
/// whole (`12.0`, `1.2e1`, a 16-digit id with `.0`) is that integer, read from its digits, in a
/// body, a query string or a form; one that is not whole is refused and changes nothing.
async fn a_whole_number_with_a_fraction_or_exponent_is_that_integer(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let dynamic = app.publish(&ana, "At the sea", vec![]).await.ok()["id"]
        .as_i64()
        .unwrap();
    let remove = |body: String| {
        app.call(
            "POST",
            "/prod-api/system/comment/remove",
            Some(&ana.token),
            Body::Raw("application/json", body.into_bytes()),
        )
    };
    for written in ["{id}.0", "{id}.000e0", "{id}0e-1"] {
        let id = app.comments_on(&ana, dynamic, "Lovely").await;
        let body = format!(r#"{{"id": {}}}"#, written.replace("{id}", &id.to_string()));
        remove(body.clone()).await.ok();
        assert_eq!(
            app.scalar(&format!("SELECT COUNT(*) FROM comments WHERE id = {id}"))
                .await,
            0,
            "{body}"
        );
    }
    // Past 2^51 a float cannot tell 118.0 from 118.5; the digits can.
    remove(r#"{"id": -3826088240498118.0}"#.to_owned())
        .await
        .fails(404, "Not found");
    let id = app.comments_on(&ana, dynamic, "Still here").await;
    for written in [format!("{id}.5"), format!("{id}5e-1")] {
        remove(format!(r#"{{"id": {written}}}"#))
            .await
            .fails_starting(400, NOT_VALID);
    }
    assert_eq!(
        app.scalar(&format!("SELECT COUNT(*) FROM comments WHERE id = {id}"))
            .await,
        1
    );

    // In a query string and in a form as well.
    let bob = app.register("bob").await;
    let profile = |user_id: String| {
        let path = format!("/prod-api/system/user/profile/homePage?userId={user_id}");
        let token = ana.token.clone();
        let app = &app;
        async move { app.get(&path, Some(&token)).await }
    };
    let seen = profile(format!("{}.0", bob.id)).await.ok();
    assert_eq!(seen["userId"], bob.id);
    profile(format!("{}.5", bob.id))
        .await
        .fails_starting(400, NOT_VALID);
    let id = app.comments_on(&ana, dynamic, "By form").await;
    app.call(
        "POST",
        "/prod-api/system/comment/remove",
        Some(&ana.token),
        Body::Form(vec![("id", format!("{id}.0"))]),
    )
    .await
    .ok();
    assert_eq!(
        app.scalar(&format!("SELECT COUNT(*) FROM comments WHERE id = {id}"))
            .await,
        0
    );
}

both_databases!(
    a_whole_number_with_a_fraction_or_exponent_is_that_integer,
    text_holding_a_nul_is_refused,
    broken_json_is_refused,
    json_of_the_wrong_shape_is_refused,
    a_body_in_the_other_encoding_is_read_or_refused_cleanly,
    a_body_over_16_mb_is_refused,
    broken_query_strings_are_refused,
    unknown_paths_answer_404_in_the_envelope,
    wrong_methods_answer_405_in_the_envelope,
    an_id_that_is_not_a_number_finds_nobody,
);
