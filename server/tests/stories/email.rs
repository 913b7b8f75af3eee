//! Codes by mail, as a person meets them: verifying the email address (and its reward of 80
//! characters), and resetting a forgotten password. The mail really travels over SMTP to a
//! loopback server, and the person reads the code from it.

use crate::common::passwords::{self, forget, other_than, reset, reset_code};
use crate::common::{spawn, spawn_with, Backend, Person, Reply, Setup, TestApp};
use serde_json::json;

const SEND: &str = "/prod-api/system/user/sendEmail";
const VERIFY: &str = "/prod-api/system/user/updateEmailVerified";

/// Asks for a verification code and reads it from the mail.
async fn mailed_code(app: &TestApp, who: &Person) -> String {
    let sent = app.post_form(SEND, Some(&who.token), vec![]).await;
    assert_eq!(
        sent.msg(),
        "The verification code has been sent to your email"
    );
    sent.ok();
    app.mail.code_for(&who.email).await
}

async fn verify(app: &TestApp, who: &Person, code: &str) -> Reply {
    app.post_form(VERIFY, Some(&who.token), vec![("code", code.to_owned())])
        .await
}

/// Email verified, characters held, ledger entries written.
async fn reward_state(app: &TestApp, who: &Person) -> (bool, i64, i64) {
    let me = app.get("/prod-api/getInfo", Some(&who.token)).await.ok();
    (
        me["emailVerified"].as_bool().unwrap(),
        me["characters"].as_i64().unwrap(),
        app.count("ledger_entries").await,
    )
}

async fn verifying_the_email_grants_80_characters_once(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let code = mailed_code(&app, &ana).await;
    assert_eq!(app.mail.all().len(), 1);
    assert!(!app.mail.last_to(&ana.email).await.subject.is_empty());

    let done = verify(&app, &ana, &code).await;
    assert_eq!(
        done.msg(),
        "Email verified: you received 80 free characters"
    );
    let done = done.ok();
    assert_eq!(
        (
            done["emailVerified"].as_bool(),
            done["charactersGranted"].as_i64()
        ),
        (Some(true), Some(80))
    );
    assert_eq!(done["characters"], 80);
    assert_eq!(reward_state(&app, &ana).await, (true, 80, 1));
    let entry = app
        .texts(&format!(
            "SELECT reason FROM ledger_entries WHERE user_id = {} AND amount = 80",
            ana.id
        ))
        .await;
    assert_eq!(entry.len(), 1);

    // Neither the same code nor a new one pays twice.
    verify(&app, &ana, &code)
        .await
        .fails(400, "Your email is already verified");
    app.post_form(SEND, Some(&ana.token), vec![])
        .await
        .fails(400, "Your email is already verified");
    assert_eq!(app.mail.all().len(), 1, "no second code is mailed");
    assert_eq!(reward_state(&app, &ana).await, (true, 80, 1));
}

async fn a_wrong_code_changes_nothing(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let code = mailed_code(&app, &ana).await;
    verify(&app, &ana, &other_than(&code, 1))
        .await
        .fails(400, "The verification code is incorrect or has expired");
    assert_eq!(reward_state(&app, &ana).await, (false, 0, 0));
    // The form-encoded endpoint takes JSON too.
    app.post(VERIFY, Some(&ana.token), json!({ "code": code }))
        .await
        .ok();
    assert_eq!(reward_state(&app, &ana).await, (true, 80, 1));
}

async fn five_wrong_tries_burn_the_code(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;

    let code = mailed_code(&app, &ana).await;
    for nth in 1..=4 {
        verify(&app, &ana, &other_than(&code, nth))
            .await
            .fails(400, "The verification code is incorrect or has expired");
    }
    verify(&app, &ana, &code).await.ok();

    let code = mailed_code(&app, &bea).await;
    for nth in 1..=5 {
        verify(&app, &bea, &other_than(&code, nth))
            .await
            .fails(400, "The verification code is incorrect or has expired");
    }
    verify(&app, &bea, &code)
        .await
        .fails(400, "The verification code is incorrect or has expired");
    assert_eq!(reward_state(&app, &bea).await, (false, 0, 1));
    let fresh = mailed_code(&app, &bea).await;
    verify(&app, &bea, &fresh).await.ok();
}

async fn a_code_lasts_ten_minutes(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    let ana_code = mailed_code(&app, &ana).await;
    let bea_code = mailed_code(&app, &bea).await;
    app.clock().advance(chrono::Duration::minutes(9));
    verify(&app, &ana, &ana_code).await.ok();
    app.clock().advance(chrono::Duration::minutes(2));
    verify(&app, &bea, &bea_code)
        .await
        .fails(400, "The verification code is incorrect or has expired");
    assert_eq!(reward_state(&app, &bea).await, (false, 0, 1));
}

/// Sending again does not cancel the code she has just read: every code stays good for its
/// whole ten minutes, whichever arrives first; one of them verifies, and then none does.
async fn an_earlier_code_still_verifies_after_a_newer_one(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let old = mailed_code(&app, &ana).await;
    app.clock().advance(chrono::Duration::minutes(3));
    let mut new = mailed_code(&app, &ana).await;
    while new == old {
        new = mailed_code(&app, &ana).await; // one chance in a million
    }
    verify(&app, &ana, &old).await.ok();
    assert_eq!(reward_state(&app, &ana).await, (true, 80, 1));
    verify(&app, &ana, &new)
        .await
        .fails(400, "Your email is already verified");

    // A newer code does not lengthen an older one's life.
    let bea = app.register("bea").await;
    let old = mailed_code(&app, &bea).await;
    app.clock().advance(chrono::Duration::minutes(9));
    let new = mailed_code(&app, &bea).await;
    app.clock().advance(chrono::Duration::minutes(2));
    if old != new {
        verify(&app, &bea, &old)
            .await
            .fails(400, "The verification code is incorrect or has expired");
    }
    verify(&app, &bea, &new).await.ok();
}

/// Codes kept alive side by side are still ten a day: the first of the day works after the
/// tenth, and the eleventh is refused.
async fn live_codes_side_by_side_are_still_ten_a_day(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let first = mailed_code(&app, &ana).await;
    for _ in 1..10 {
        app.post_form(SEND, Some(&ana.token), vec![]).await.ok();
    }
    app.mail.wait_for(10).await;
    app.post_form(SEND, Some(&ana.token), vec![]).await.fails(
        429,
        "Too many codes were asked for this account today, please try again tomorrow",
    );
    assert_eq!(app.mail.all().len(), 10);
    verify(&app, &ana, &first).await.ok();
}

async fn a_code_has_six_digits(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let code = mailed_code(&app, &ana).await;
    for bad in ["12345", "1234567", "12a456", "", "１２３４５６"] {
        verify(&app, &ana, bad)
            .await
            .fails(400, "Please enter the six-digit code");
    }
    app.post_form(VERIFY, Some(&ana.token), vec![])
        .await
        .fails(400, "Please enter the six-digit code");
    assert_eq!(reward_state(&app, &ana).await, (false, 0, 0));
    // Typing mistakes are not guesses: the code is still good.
    verify(&app, &ana, &code).await.ok();
}

async fn many_members_verifying_at_once_all_get_their_reward(b: Backend) {
    let app = spawn(b).await;
    let mut members = Vec::new();
    for i in 0..12 {
        let who = app.register(&format!("member{i}")).await;
        let code = mailed_code(&app, &who).await;
        members.push((who, code));
    }
    let verifications = members.iter().map(|(who, code)| verify(&app, who, code));
    for done in futures::future::join_all(verifications).await {
        assert_eq!(done.ok()["characters"], 80);
    }
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM users WHERE email_verified")
            .await,
        12
    );
    assert_eq!(app.count("ledger_entries").await, 12);
}

async fn a_forgotten_password_is_reset_with_a_mailed_code(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let phone = app.login("ana", "secret1").await.ok()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let sent = forget(&app, "ana", "ANA@example.com").await;
    assert_eq!(
        sent.msg(),
        "The verification code has been sent to your email"
    );
    let code = app.mail.code_for(&ana.email).await;

    // The old password again: refused, and the code, sessions and password all stay.
    reset(&app, &ana, &code, "secret1")
        .await
        .fails(400, "The new password is the same as the old password");
    reset(&app, &ana, &code, "abc")
        .await
        .fails(400, "The password must be 5 to 20 characters");
    app.get("/prod-api/getInfo", Some(&phone)).await.ok();
    app.login("ana", "secret1").await.ok();

    let done = reset(&app, &ana, &code, "fresh-start").await;
    assert_eq!(done.msg(), "Your password has been changed");
    done.ok();
    for token in [&ana.token, &phone] {
        app.get("/prod-api/getInfo", Some(token))
            .await
            .fails(401, "Login has expired, please log in again");
    }
    assert_eq!(app.sessions_of(&ana).await, 0);
    app.login("ana", "secret1")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("ana", "fresh-start").await.ok();

    // A code opens one reset.
    reset(&app, &ana, &code, "another-one")
        .await
        .fails(400, "The verification code is incorrect or has expired");
    app.login("ana", "fresh-start").await.ok();
}

async fn a_reset_needs_the_right_code_in_time(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let code = reset_code(&app, &ana).await;
    reset(&app, &ana, &other_than(&code, 1), "fresh-start")
        .await
        .fails(400, "The verification code is incorrect or has expired");
    app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    app.clock().advance(chrono::Duration::minutes(11));
    reset(&app, &ana, &code, "fresh-start")
        .await
        .fails(400, "The verification code is incorrect or has expired");
    app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    app.login("ana", "secret1").await.ok();
    app.login("ana", "fresh-start")
        .await
        .fails(400, "Incorrect user name or password");

    // A reset code does not verify the email, nor a verification code reset the password.
    let verify_code = mailed_code(&app, &ana).await;
    let reset_code = passwords::reset_code(&app, &ana).await;
    if reset_code != verify_code {
        verify(&app, &ana, &reset_code)
            .await
            .fails(400, "The verification code is incorrect or has expired");
        reset(&app, &ana, &verify_code, "fresh-start")
            .await
            .fails(400, "The verification code is incorrect or has expired");
        app.login("ana", "secret1").await.ok();
    }
    verify(&app, &ana, &verify_code).await.ok();
    reset(&app, &ana, &reset_code, "fresh-start").await.ok();
}

async fn only_the_code_holder_learns_whether_a_password_is_the_old_one(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    // No code was ever mailed: guessing the current password must not be confirmed.
    reset(&app, &ana, "123456", "secret1")
        .await
        .fails(400, "The verification code is incorrect or has expired");
    let code = reset_code(&app, &ana).await;
    reset(&app, &ana, &other_than(&code, 7), "secret1")
        .await
        .fails(400, "The verification code is incorrect or has expired");
    reset(&app, &ana, &code, "secret1")
        .await
        .fails(400, "The new password is the same as the old password");
    reset(&app, &ana, &code, "fresh-start").await.ok();
}

async fn a_mismatched_name_and_email_get_no_code(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.register("bea").await;
    let before = app.snapshot().await;
    for (name, email) in [
        ("ana", "bea@example.com"),
        ("bea", "ana@example.com"),
        ("nobody", "nobody@example.com"),
    ] {
        // The same answer as for a pair that matches: nobody learns who has an account here.
        let asked = forget(&app, name, email).await;
        assert_eq!(
            asked.ok_msg(),
            "The verification code has been sent to your email"
        );
    }
    forget(&app, "ana", "")
        .await
        .fails(400, "Please enter your email address");
    forget(&app, "ana", "not-an-email")
        .await
        .fails(400, "Incorrect email format");
    assert_eq!(
        app.snapshot().await,
        before,
        "a refused request mailed or stored a code"
    );

    // The email stands for the user name too.
    forget(&app, "ANA@example.com", "ana@example.com")
        .await
        .ok();
    app.mail.wait_for(before.mails + 1).await;
    assert_eq!(app.mail.all().len(), before.mails + 1);

    let stranger = Person {
        email: "bea@example.com".to_owned(),
        ..ana.clone()
    };
    reset(&app, &stranger, "123456", "fresh-start")
        .await
        .fails(400, "The verification code is incorrect or has expired");
    app.login("ana", "secret1").await.ok();
}

async fn an_unreachable_mail_server_is_reported(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| {
        c.smtp_url = Some("smtp://127.0.0.1:1".to_owned().into())
    })
    .await;
    let ana = app.register("ana").await;
    app.post_form(SEND, Some(&ana.token), vec![])
        .await
        .fails(503, "The email could not be sent, please try again later");
    // A reset code is mailed after the answer, which tells nothing of the mail server either.
    forget(&app, "ana", &ana.email).await.ok();
    assert_eq!(app.count("mail_outbox").await, 0);
    assert_eq!(reward_state(&app, &ana).await, (false, 0, 0));
}

async fn without_a_mail_server_the_mail_waits_in_the_outbox(b: Backend) {
    let app = spawn_with(
        Setup {
            with_smtp: false,
            ..Setup::new(b)
        },
        |_| {},
    )
    .await;
    let ana = app.register("ana").await;
    app.post_form(SEND, Some(&ana.token), vec![]).await.ok();
    assert!(app.mail.all().is_empty());
    assert_eq!(
        app.texts("SELECT recipient FROM mail_outbox").await,
        vec![ana.email.clone()]
    );
    let body = app.texts("SELECT body FROM mail_outbox").await.remove(0);
    let code: String = body
        .split(|c: char| !c.is_ascii_digit())
        .find(|digits| digits.len() == 6)
        .unwrap_or_else(|| panic!("no code in {body}"))
        .to_owned();
    verify(&app, &ana, &code).await.ok();
    assert_eq!(reward_state(&app, &ana).await, (true, 80, 1));
}

async fn the_mail_speaks_the_members_language(b: Backend) {
    let app = spawn_with(
        Setup {
            with_smtp: false,
            ..Setup::new(b)
        },
        |_| {},
    )
    .await;
    let mut form = app.registration("kenji");
    form["language"] = json!("ja");
    app.post("/prod-api/register", None, form).await.ok();
    let kenji = app.login("kenji", "secret1").await.ok();
    let ana = app.register("ana").await;

    app.post_form(SEND, kenji["token"].as_str(), vec![])
        .await
        .ok();
    forget(&app, "kenji", "kenji@example.com").await.ok();
    // The reset code is mailed after the answer.
    for _ in 0..100 {
        if app.count("mail_outbox").await == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.post_form(SEND, Some(&ana.token), vec![]).await.ok();
    let subjects = app
        .texts("SELECT subject FROM mail_outbox ORDER BY id")
        .await;
    assert_eq!(
        subjects,
        [
            "Amora の認証コード",
            "Amora のパスワード再設定",
            "Your Amora verification code"
        ]
    );
    let bodies = app.texts("SELECT body FROM mail_outbox ORDER BY id").await;
    assert!(
        bodies[0].contains("10 分") || bodies[0].contains("10分"),
        "{}",
        bodies[0]
    );
    assert!(
        bodies[2].starts_with("Your verification code is "),
        "{}",
        bodies[2]
    );
}

async fn asking_for_codes_too_often_is_slowed_down_per_account(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| {
            c.rate_limit.mail_per_account = 2;
            c.rate_limit.mail_per_ip = 100;
        },
    )
    .await;
    let ana = app.register("ana").await;
    let bea = app.register("bea").await;
    mailed_code(&app, &ana).await;
    mailed_code(&app, &ana).await;
    let before = app.snapshot().await;
    let slowed = app.post_form(SEND, Some(&ana.token), vec![]).await;
    slowed.limited();
    // The same mailbox by the other door.
    forget(&app, "ana", &ana.email)
        .await
        .fails(429, "Too many requests, please try again later");
    assert_eq!(app.snapshot().await, before);

    mailed_code(&app, &bea).await;
    forget(&app, "bea", &bea.email).await.ok();
}

both_databases!(
    verifying_the_email_grants_80_characters_once,
    a_wrong_code_changes_nothing,
    five_wrong_tries_burn_the_code,
    a_code_lasts_ten_minutes,
    an_earlier_code_still_verifies_after_a_newer_one,
    live_codes_side_by_side_are_still_ten_a_day,
    a_code_has_six_digits,
    many_members_verifying_at_once_all_get_their_reward,
    a_forgotten_password_is_reset_with_a_mailed_code,
    a_reset_needs_the_right_code_in_time,
    only_the_code_holder_learns_whether_a_password_is_the_old_one,
    a_mismatched_name_and_email_get_no_code,
    an_unreachable_mail_server_is_reported,
    without_a_mail_server_the_mail_waits_in_the_outbox,
    the_mail_speaks_the_members_language,
    asking_for_codes_too_often_is_slowed_down_per_account,
);
