//! The account's defences, as an attacker meets them: guessing reset codes and flooding a
//! mailbox, guessing a password to lock its owner out, hiding behind many addresses, spending
//! the server's password hashing, speaking as a service account, deleting an account from a
//! borrowed session, hiding characters in a name, and sessions that outlive their expiry.

use std::time::{Duration, Instant};

use crate::common::passwords::{other_than, reset, reset_code, FORGET, RESET};
use crate::common::{spawn, spawn_with, Backend, Body, Person, Reply, Setup, TestApp};
use serde_json::json;

const SEND: &str = "/prod-api/system/user/sendEmail";
const UPDATE_PWD: &str = "/prod-api/system/user/profile/updatePwd";
const CANCEL: &str = "/prod-api/system/user/cancellation";
const AVATAR: &str = "/prod-api/system/user/profile/avatar/base64";
const IM_TOKEN: &str = "/prod-api/em/getEmToken";
const LOGIN_FAILED: &str = "Incorrect user name or password";
const CODES_PER_DAY: &str =
    "Too many codes were asked for this account today, please try again tomorrow";
const RESET_LOCKED: &str =
    "Too many wrong codes: password reset is locked for this account until tomorrow";
const WRONG_CODE: &str = "The verification code is incorrect or has expired";
const CODE_SENT: &str = "The verification code has been sent to your email";

/// A server with its rate limits on, trusting `X-Forwarded-For` as it would behind our proxy.
async fn limited(b: Backend, tweak: impl FnOnce(&mut amora_server::Config)) -> TestApp {
    spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| {
            c.trust_forwarded_for = true;
            tweak(c);
        },
    )
    .await
}

async fn forget_from(app: &TestApp, user_name: &str, email: &str, forwarded: &str) -> Reply {
    let path = TestApp::with_query(FORGET, &[("userName", user_name), ("email", email)]);
    app.call_with(
        "POST",
        &path,
        None,
        Body::None,
        &[("X-Forwarded-For", forwarded)],
    )
    .await
}

async fn forget(app: &TestApp, who: &Person) -> Reply {
    forget_from(app, &who.user_name, &who.email, "192.0.2.1").await
}

async fn login_from(app: &TestApp, login: &str, password: &str, forwarded: &str) -> Reply {
    app.call_with(
        "POST",
        "/prod-api/login",
        None,
        Body::Json(json!({ "userName": login, "password": password })),
        &[("X-Forwarded-For", forwarded)],
    )
    .await
}

async fn the_eleventh_code_of_a_day_is_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    // Verification and reset codes go to one mailbox and share its ten a day.
    for _ in 0..5 {
        app.post_form(SEND, Some(&ana.token), vec![]).await.ok();
        forget(&app, &ana).await.ok();
    }
    app.mail.wait_for(10).await;
    let before = app.snapshot().await;
    // Asked for by anyone, the eleventh reset code reads as sent (the answer does not tell who
    // has an account here), and nothing is stored or mailed.
    assert_eq!(forget(&app, &ana).await.ok_msg(), CODE_SENT);
    // Asked for by her, signed in, the eleventh code is refused until midnight.
    let refused = app.post_form(SEND, Some(&ana.token), vec![]).await;
    refused.fails(429, CODES_PER_DAY);
    let wait = refused.retry_after();
    assert!(wait <= 86_400, "until midnight: {wait}");
    app.post_form(SEND, Some(&ana.token), vec![])
        .await
        .fails(429, CODES_PER_DAY);
    assert_eq!(app.snapshot().await, before, "no code stored, no mail sent");
    // The last code mailed still works.
    let code = app.mail.code_for(&ana.email).await;
    reset(&app, &ana, &code, "renewed1").await.ok();

    forget(&app, &bea).await.ok();
    app.clock().advance(chrono::Duration::days(1));
    forget(&app, &ana).await.ok();
}

async fn too_many_wrong_reset_codes_lock_resets_for_the_day(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    // Five wrong tries burn a code.
    let first = reset_code(&app, &ana).await;
    for nth in 1..=5 {
        reset(&app, &ana, &other_than(&first, nth), "guessed1")
            .await
            .fails(400, WRONG_CODE);
    }
    reset(&app, &ana, &first, "guessed1")
        .await
        .fails(400, WRONG_CODE);
    let second = reset_code(&app, &ana).await;
    for nth in 1..=4 {
        reset(&app, &ana, &other_than(&second, nth), "guessed1")
            .await
            .fails(400, WRONG_CODE);
    }
    // The tenth wrong code of the day, on a fresh code.
    let third = reset_code(&app, &ana).await;
    reset(&app, &ana, &other_than(&third, 1), "guessed1")
        .await
        .fails(400, WRONG_CODE);

    let locked = reset(&app, &ana, &third, "guessed1").await;
    locked.fails(429, RESET_LOCKED);
    locked.retry_after();
    // A new code is not mailed, and the answer does not say so (only a code tried does).
    let mails = app.mail.all().len();
    assert_eq!(forget(&app, &ana).await.ok_msg(), CODE_SENT);
    reset(&app, &ana, &third, "guessed1")
        .await
        .fails(429, RESET_LOCKED);
    assert_eq!(app.mail.all().len(), mails);
    app.login("ana", "guessed1").await.fails(400, LOGIN_FAILED);
    app.login("ana", "secret1").await.ok();
    // Another account is not affected.
    let code = reset_code(&app, &bea).await;
    reset(&app, &bea, &code, "renewed1").await.ok();

    app.clock().advance(chrono::Duration::days(1));
    let code = reset_code(&app, &ana).await;
    reset(&app, &ana, &code, "renewed1").await.ok();
    app.login("ana", "renewed1").await.ok();
}

async fn the_mail_per_address_holds_whatever_the_client_writes_first(b: Backend) {
    let app = limited(b, |c| {
        c.rate_limit.mail_per_ip = 2;
        c.rate_limit.mail_per_account = 100;
    })
    .await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    let cid = app.register("cid").await;
    let proxy_saw = "198.51.100.7";
    forget_from(&app, "ana", &ana.email, proxy_saw).await.ok();
    forget_from(&app, "bea", &bea.email, proxy_saw).await.ok();
    // The client writes its own X-Forwarded-For; our proxy appends the address it saw.
    for forged in ["203.0.113.1", "203.0.113.2", "10.0.0.1, 203.0.113.3"] {
        let slowed = forget_from(&app, "cid", &cid.email, &format!("{forged}, {proxy_saw}")).await;
        slowed.limited();
    }
    forget_from(&app, "cid", &cid.email, "198.51.100.8")
        .await
        .ok();
}

async fn two_addresses_of_one_ipv6_64_share_a_budget(b: Backend) {
    let app = limited(b, |c| c.rate_limit.register_per_ip = 2).await;
    async fn register(app: &TestApp, name: &str, ip: &str) -> Reply {
        app.call_with(
            "POST",
            "/prod-api/register",
            None,
            Body::Json(app.registration(name)),
            &[("X-Forwarded-For", ip)],
        )
        .await
    }
    register(&app, "ana", "2001:db8:1:2::1").await.ok();
    register(&app, "bea", "2001:db8:1:2::2").await.ok();
    let slowed = register(&app, "cid", "2001:db8:1:2:ffff:ffff:ffff:ffff").await;
    slowed.limited();
    // The next /64 is another subscriber.
    register(&app, "dan", "2001:db8:1:3::1").await.ok();
    assert_eq!(app.members().await, 3);
}

async fn a_strangers_wrong_passwords_do_not_lock_the_owner_out(b: Backend) {
    let delay = Duration::from_millis(400);
    let app = limited(b, |c| {
        c.rate_limit.login_per_account = 10;
        c.rate_limit.login_per_ip = 1000;
        c.account.login_delay_ms = 400;
    })
    .await;
    app.register("ana").await;
    // The owner signing in many times is never slowed: only failures count.
    for _ in 0..12 {
        login_from(&app, "ana", "secret1", "192.0.2.10").await.ok();
    }
    for nth in 0..20 {
        let guess = login_from(&app, "ana", &format!("guess{nth}"), "203.0.113.66").await;
        if nth < 10 {
            guess.fails(400, LOGIN_FAILED);
        } else {
            guess.limited();
        }
    }
    let started = Instant::now();
    let owner = login_from(&app, "ana@example.com", "secret1", "192.0.2.10").await;
    let took = started.elapsed();
    owner.ok();
    assert!(took >= delay, "the right password waits: {took:?}");
    // Wrong passwords keep being refused, by whatever name the account is reached.
    login_from(&app, "ANA", "guess99", "198.51.100.3")
        .await
        .limited();

    // Once the window has passed, the account is as before.
    app.clock().advance(chrono::Duration::minutes(16));
    login_from(&app, "ana", "guess100", "203.0.113.66")
        .await
        .fails(400, LOGIN_FAILED);
    let started = Instant::now();
    login_from(&app, "ana", "secret1", "192.0.2.10").await.ok();
    assert!(started.elapsed() < Duration::from_secs(5));
}

async fn password_checks_outside_sign_in_are_limited(b: Backend) {
    let app = limited(b, |c| {
        c.rate_limit.password_per_account = 2;
        c.rate_limit.password_per_ip = 3;
    })
    .await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    async fn change(app: &TestApp, who: &Person, ip: &str) -> Reply {
        app.call_with(
            "PUT",
            UPDATE_PWD,
            Some(&who.token),
            Body::Form(vec![
                ("oldPassword", "wrong-old".to_owned()),
                ("newPassword", "renewed1".to_owned()),
            ]),
            &[("X-Forwarded-For", ip)],
        )
        .await
    }
    for _ in 0..2 {
        change(&app, &ana, "192.0.2.1")
            .await
            .fails(400, "The old password is incorrect");
    }
    let slowed = change(&app, &ana, "192.0.2.9").await;
    slowed.limited();
    // Per address: Bea's first change from Ana's address is its third password check.
    change(&app, &bea, "192.0.2.1")
        .await
        .fails(400, "The old password is incorrect");
    change(&app, &bea, "192.0.2.1").await.limited();
    // Deleting the account checks the password too, on the same budget.
    let deleting = app
        .call_with(
            "POST",
            CANCEL,
            Some(&ana.token),
            Body::Json(json!({ "password": "secret1" })),
            &[("X-Forwarded-For", "192.0.2.200")],
        )
        .await;
    deleting.limited();
    app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
}

async fn chat_tokens_and_avatars_are_limited(b: Backend) {
    let app = limited(b, |c| {
        c.rate_limit.im_token_per_account = 2;
        c.rate_limit.avatar_per_account = 1;
    })
    .await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    for _ in 0..2 {
        app.get(IM_TOKEN, Some(&ana.token)).await.ok();
    }
    let slowed = app.get(IM_TOKEN, Some(&ana.token)).await;
    slowed.limited();
    app.get(IM_TOKEN, Some(&bea.token)).await.ok();

    let picture = json!({ "avatar": crate::common::png_data_url(16, 16) });
    app.post(AVATAR, Some(&ana.token), picture.clone())
        .await
        .ok();
    let files = app.media_files();
    let slowed = app.post(AVATAR, Some(&ana.token), picture.clone()).await;
    slowed.limited();
    assert_eq!(app.media_files(), files);
    app.post(AVATAR, Some(&bea.token), picture).await.ok();
}

async fn service_accounts_cannot_sign_in_or_reset(b: Backend) {
    let app = spawn(b).await;
    // Give them a password directly, so a refusal is for what they are, not a wrong hash.
    let hash = app.app().passwords.hash("support1").await.unwrap();
    let sql = format!("UPDATE users SET password_hash = '{hash}' WHERE role = 'service'");
    amora_server::on_db!(&app.app().db, pool => sqlx::query(&sql).execute(pool).await.map(|_| ()))
        .unwrap();
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM users WHERE role = 'service'")
            .await,
        2
    );
    for (name, email) in [
        ("Amora Support", "support@amora.app"),
        ("Amora Concierge", "concierge@amora.app"),
    ] {
        for login in [name, email] {
            for password in ["support1", "anything1"] {
                app.login(login, password).await.fails(400, LOGIN_FAILED);
            }
        }
        let path = TestApp::with_query(FORGET, &[("userName", name), ("email", email)]);
        let asked = app.call("POST", &path, None, Body::None).await;
        assert_eq!(asked.ok_msg(), CODE_SENT, "as for anyone");
        let path = TestApp::with_query(
            RESET,
            &[
                ("inputUserName", name),
                ("inputEmail", email),
                ("emailCode", "123456"),
                ("newPassword", "taken1"),
            ],
        );
        app.call("POST", &path, None, Body::None)
            .await
            .fails(400, WRONG_CODE);
    }
    assert_eq!(app.count("sessions").await, 0);
    assert_eq!(app.count("email_codes").await, 0);
    assert!(app.mail.all().is_empty());
    // Nor does a session of theirs open any door, however it came to exist.
    let (token, token_hash) = amora_server::account::token::new_token();
    let now = app.clock().unix();
    let sql = format!(
        "INSERT INTO sessions (user_id, token_hash, created_at, expires_at)
         SELECT id, '{token_hash}', {now}, {} FROM users WHERE user_name = 'Amora Support'",
        now + 86_400
    );
    amora_server::on_db!(&app.app().db, pool => sqlx::query(&sql).execute(pool).await.map(|_| ()))
        .unwrap();
    app.get("/prod-api/getInfo", Some(&token))
        .await
        .fails(401, "Login has expired, please log in again");
    // A member with the same kind of password signs in as usual.
    app.register("ana").await;
    app.login("ana", "secret1").await.ok();
}

async fn deleting_the_account_asks_for_the_password(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = app.snapshot().await;

    let by_get = app.get(CANCEL, Some(&ana.token)).await;
    by_get.fails(405, "To delete your account, send POST with your password");
    for body in [
        json!({}),
        json!({ "password": "" }),
        json!({ "password": "wrong-one" }),
    ] {
        app.post(CANCEL, Some(&ana.token), body).await.fails(
            400,
            "The password is incorrect; your account has not been deleted",
        );
    }
    assert_eq!(app.snapshot().await, before, "nothing deleted");
    app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();

    let done = app
        .post(CANCEL, Some(&ana.token), json!({ "password": "secret1" }))
        .await;
    assert_eq!(done.msg(), "Your account has been deleted");
    done.ok();
    app.get("/prod-api/getInfo", Some(&ana.token))
        .await
        .fails(401, "Login has expired, please log in again");
    assert_eq!(app.sessions_of(&ana).await, 0);
    let gone = format!(
        "SELECT COUNT(*) FROM users WHERE id = {} AND status = 'deleted'",
        ana.id
    );
    assert_eq!(app.scalar(&gone).await, 1);
    app.login("ana", "secret1").await.fails(400, LOGIN_FAILED);
    // The OpenAPI document still lists the GET, as SPEC has it.
    let doc = app.fetch("GET", "/prod-api/openapi.json", &[]).await;
    assert_eq!(doc.status, 200);
    let doc: serde_json::Value = serde_json::from_slice(&doc.bytes).unwrap();
    let path = &doc["paths"]["/prod-api/system/user/cancellation"];
    assert!(
        path["get"].is_object() && path["post"].is_object(),
        "{path}"
    );
}

async fn a_name_with_hidden_characters_is_refused(b: Backend) {
    let app = spawn(b).await;
    let invalid = "The user name must be 2 to 30 characters, without @";
    for name in [
        "ana\u{202E}moc.exe",
        "b\u{200B}ea",
        "\u{2066}cid\u{2069}",
        "dan\u{FEFF}",
        "eva\u{2060}",
        "fay\u{00AD}",
        "gus\u{0007}",
    ] {
        app.post("/prod-api/register", None, app.registration(name))
            .await
            .fails(400, invalid);
    }
    assert_eq!(app.members().await, 0);
    let ana = app.register("ana").await;
    for name in ["ana\u{200D}", "\u{202D}zed"] {
        app.put(
            "/prod-api/system/user/profile",
            Some(&ana.token),
            json!({ "userName": name }),
        )
        .await
        .fails(400, invalid);
    }
    app.put(
        "/prod-api/system/user/profile",
        Some(&ana.token),
        json!({ "userName": "Ana María 안나" }),
    )
    .await
    .ok();
}

async fn expired_sessions_are_purged(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.login("ana", "secret1").await.ok();
    assert_eq!(app.sessions_of(&ana).await, 2);
    app.clock().advance(chrono::Duration::days(31));
    let bea = app.register("bea").await;

    let purged = app.app().accounts.purge_expired().await.unwrap();
    assert_eq!(purged, 2);
    assert_eq!(app.sessions_of(&ana).await, 0);
    assert_eq!(app.sessions_of(&bea).await, 1);
    app.get("/prod-api/getInfo", Some(&bea.token)).await.ok();
}

both_databases!(
    the_eleventh_code_of_a_day_is_refused,
    too_many_wrong_reset_codes_lock_resets_for_the_day,
    the_mail_per_address_holds_whatever_the_client_writes_first,
    two_addresses_of_one_ipv6_64_share_a_budget,
    a_strangers_wrong_passwords_do_not_lock_the_owner_out,
    password_checks_outside_sign_in_are_limited,
    chat_tokens_and_avatars_are_limited,
    service_accounts_cannot_sign_in_or_reset,
    deleting_the_account_asks_for_the_password,
    a_name_with_hidden_characters_is_refused,
    expired_sessions_are_purged,
);
