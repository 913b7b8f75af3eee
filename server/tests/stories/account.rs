//! Registering and signing in, as a person meets them: every rule of the registration form with
//! the message the app shows, signing in by user name or email, and the limits on trying too often.

use crate::common::{images, spawn, spawn_with, Backend, Body, Setup, TestApp};
use chrono::{Months, NaiveDate};
use serde_json::{json, Value};

const REGISTER: &str = "/prod-api/register";

/// Sends a registration and asserts it is refused with `msg`, leaving no trace: no account, no
/// session, no picture.
async fn refused(app: &TestApp, form: Value, msg: &str) {
    let before = app.snapshot().await;
    app.post(REGISTER, None, form).await.fails(400, msg);
    assert_eq!(
        app.snapshot().await,
        before,
        "a refused registration wrote something"
    );
}

fn day(d: NaiveDate) -> Value {
    json!(d.format("%Y-%m-%d").to_string())
}

async fn a_new_member_registers_and_signs_in(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let me = app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    assert_eq!(me["userName"], "ana");
    assert_eq!(me["email"], "ana@example.com");
    assert_eq!(me["gender"], "female");
    assert_eq!(me["country"], "Spain");
    assert_eq!(me["birthday"], "1995-03-02");
    assert_eq!(me["language"], "en");
    assert_eq!(me["emailVerified"], false);
    assert_eq!(
        (me["coins"].as_i64(), me["characters"].as_i64()),
        (Some(0), Some(0))
    );
    assert!(me["avatar"]
        .as_str()
        .unwrap()
        .starts_with("/media/avatars/"));
    assert_eq!(app.members().await, 1);
    assert_eq!(app.sessions_of(&ana).await, 1);

    let by_name = app.login("ana", "secret1").await.ok();
    let by_email = app.login("ANA@example.com", "secret1").await.ok();
    assert_eq!(by_name["user"]["userId"], ana.id);
    assert_eq!(by_email["user"]["userId"], ana.id);
    assert_ne!(by_name["token"], by_email["token"]);
    for token in [&by_name["token"], &by_email["token"]] {
        let me = app.get("/prod-api/getInfo", token.as_str()).await.ok();
        assert_eq!(me["userName"], "ana");
    }
    assert_eq!(app.sessions_of(&ana).await, 3);
}

async fn a_wrong_password_and_an_unknown_person_get_the_same_answer(b: Backend) {
    let app = spawn(b).await;
    app.register("ana").await;
    let sessions = app.count("sessions").await;
    app.login("ana", "wrong-pass")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("ana@example.com", "Secret1")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("nobody", "secret1")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("nobody@example.com", "secret1")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("ana", "")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("", "secret1")
        .await
        .fails(400, "Incorrect user name or password");
    assert_eq!(
        app.count("sessions").await,
        sessions,
        "a failed login opened a session"
    );
}

async fn the_eighteenth_birthday_is_the_first_day_one_can_register(b: Backend) {
    let app = spawn(b).await;
    let today = app.clock().now().date_naive();
    let eighteenth = today.checked_sub_months(Months::new(18 * 12)).unwrap();
    let mut form = app.registration("kid");
    form["birthday"] = day(eighteenth.succ_opt().unwrap());
    refused(
        &app,
        form.clone(),
        "You are under 18 years old and cannot register",
    )
    .await;
    form["birthday"] = day(today);
    refused(
        &app,
        form.clone(),
        "You are under 18 years old and cannot register",
    )
    .await;

    form["birthday"] = day(eighteenth);
    let data = app.post(REGISTER, None, form).await.ok();
    assert_eq!(data["user"]["age"], 18);
    assert_eq!(app.members().await, 1);
}

async fn the_privacy_policy_must_be_ticked(b: Backend) {
    let app = spawn(b).await;
    for unticked in [json!(false), Value::Null] {
        let mut form = app.registration("ana");
        form["privacyAccepted"] = unticked;
        refused(&app, form, "Please check the privacy policy").await;
    }
    let mut form = app.registration("ana");
    form.as_object_mut().unwrap().remove("privacyAccepted");
    refused(&app, form, "Please check the privacy policy").await;
}

async fn an_avatar_is_required(b: Backend) {
    let app = spawn(b).await;
    for missing in [Value::Null, json!(""), json!("   ")] {
        let mut form = app.registration("ana");
        form["avatar"] = missing;
        refused(&app, form, "Please upload an avatar").await;
    }
    let mut form = app.registration("ana");
    form.as_object_mut().unwrap().remove("avatar");
    refused(&app, form, "Please upload an avatar").await;

    let mut form = app.registration("ana");
    form["avatar"] = json!(images::data_url(
        "image/png",
        b"just some text, not a picture"
    ));
    refused(&app, form, "Please choose a JPEG, PNG, WebP or GIF image").await;
}

async fn an_email_address_is_required_and_well_formed(b: Backend) {
    let app = spawn(b).await;
    for missing in [Value::Null, json!(""), json!("   ")] {
        let mut form = app.registration("ana");
        form["email"] = missing;
        refused(&app, form, "Please enter your email address").await;
    }
    for bad in [
        "ana",
        "ana@",
        "@example.com",
        "ana@example",
        "ana @example.com",
        "ana@example..com",
        "a@b@example.com",
    ] {
        let mut form = app.registration("ana");
        form["email"] = json!(bad);
        refused(&app, form, "Incorrect email format").await;
    }
}

async fn an_email_address_belongs_to_one_account_whatever_its_case(b: Backend) {
    let app = spawn(b).await;
    app.register("ana").await;
    for taken in ["ana@example.com", "ANA@Example.COM", "  ana@example.com "] {
        let mut form = app.registration("bea");
        form["email"] = json!(taken);
        refused(
            &app,
            form,
            "The email already exists, please change the email address",
        )
        .await;
    }
    assert_eq!(app.members().await, 1);
    app.login("bea", "secret1")
        .await
        .fails(400, "Incorrect user name or password");
}

async fn a_user_name_belongs_to_one_account_whatever_its_case(b: Backend) {
    let app = spawn(b).await;
    app.register("ana").await;
    for taken in ["ana", "ANA", "Ana"] {
        let mut form = app.registration("bea");
        form["userName"] = json!(taken);
        refused(
            &app,
            form,
            "The user name already exists, please choose another",
        )
        .await;
    }
    for bad in ["a", "ana@home", ""] {
        let mut form = app.registration("bea");
        form["userName"] = json!(bad);
        refused(
            &app,
            form,
            "The user name must be 2 to 30 characters, without @",
        )
        .await;
    }
    assert_eq!(app.members().await, 1);
}

async fn a_password_has_5_to_20_characters(b: Backend) {
    let app = spawn(b).await;
    for bad in ["abcd", "abcdefghijklmnopqrstu", ""] {
        let mut form = app.registration("ana");
        form["password"] = json!(bad);
        refused(&app, form, "The password must be 5 to 20 characters").await;
    }
    for (name, good) in [
        ("five", "abcde"),
        ("twenty", "abcdefghijklmnopqrst"),
        ("kanji", "密码密码密"),
    ] {
        let mut form = app.registration(name);
        form["password"] = json!(good);
        app.post(REGISTER, None, form).await.ok();
        app.login(name, good).await.ok();
    }
    assert_eq!(app.members().await, 3);
}

async fn gender_is_female_or_male(b: Backend) {
    let app = spawn(b).await;
    for bad in [json!("other"), json!(""), json!(1), Value::Null] {
        let mut form = app.registration("ana");
        form["gender"] = bad;
        if form["gender"].is_number() {
            // A number where text belongs does not parse at all.
            let before = app.snapshot().await;
            app.post(REGISTER, None, form)
                .await
                .fails_starting(400, "The request is not valid");
            assert_eq!(app.snapshot().await, before);
        } else {
            refused(&app, form, "Please choose female or male").await;
        }
    }
    let mut form = app.registration("bob");
    form["gender"] = json!("male");
    assert_eq!(
        app.post(REGISTER, None, form).await.ok()["user"]["gender"],
        "male"
    );
}

async fn a_country_comes_from_the_list_of_eleven(b: Backend) {
    let app = spawn(b).await;
    for bad in [json!("France"), json!("China"), json!(""), Value::Null] {
        let mut form = app.registration("ana");
        form["country"] = bad;
        refused(&app, form, "Please choose a country from the list").await;
    }
    let eleven = [
        "Britain",
        "Japan",
        "South Korea",
        "Germany",
        "Russia",
        "Spain",
        "America",
        "Australia",
        "Singapore",
        "Malaysia",
        "Canada",
    ];
    for (i, country) in eleven.iter().enumerate() {
        let mut form = app.registration(&format!("member{i}"));
        form["country"] = json!(country);
        assert_eq!(
            app.post(REGISTER, None, form).await.ok()["user"]["country"],
            *country
        );
    }
    assert_eq!(app.members().await, 11);
}

async fn a_birthday_is_a_real_date(b: Backend) {
    let app = spawn(b).await;
    let tomorrow = app.clock().now().date_naive().succ_opt().unwrap();
    for bad in [
        json!("02/03/1995"),
        json!("1995-02-30"),
        json!("1995-13-01"),
        json!("yesterday"),
        json!(""),
        Value::Null,
    ] {
        let mut form = app.registration("ana");
        form["birthday"] = bad;
        refused(&app, form, "Please enter a valid birthday").await;
    }
    let mut form = app.registration("ana");
    form["birthday"] = day(tomorrow);
    refused(&app, form, "Please enter a valid birthday").await;
}

async fn the_optional_fields_keep_their_rules(b: Backend) {
    let app = spawn(b).await;
    let cases: [(&str, Value, &str); 4] = [
        (
            "language",
            json!("fr"),
            "Please choose a language from the list",
        ),
        (
            "signature",
            json!("x".repeat(201)),
            "The signature must be at most 200 characters",
        ),
        (
            "telephone",
            json!("call me maybe"),
            "Incorrect telephone number",
        ),
        (
            "telephone",
            json!("+1 (555) 0123-4567-890"),
            "Incorrect telephone number",
        ),
    ];
    for (field, value, msg) in cases {
        let mut form = app.registration("ana");
        form[field] = value;
        refused(&app, form, msg).await;
    }
    let mut form = app.registration("ana");
    form["language"] = json!("zh-Hans");
    form["signature"] = json!("x".repeat(200));
    form["telephone"] = json!("+34 600 123 456");
    let user = app.post(REGISTER, None, form).await.ok()["user"].clone();
    assert_eq!(
        (user["language"].as_str(), user["telephone"].as_str()),
        (Some("zh-Hans"), Some("+34 600 123 456"))
    );
    assert_eq!(user["signature"].as_str().map(str::len), Some(200));

    let mut form = app.registration("bea");
    form.as_object_mut().unwrap().remove("language");
    let user = app.post(REGISTER, None, form).await.ok()["user"].clone();
    assert_eq!(user["language"], "en");
}

async fn the_answer_speaks_the_language_of_the_app(b: Backend) {
    let app = spawn(b).await;
    let mut form = app.registration("kid");
    form["birthday"] = day(app.clock().now().date_naive());
    let ja = app
        .call_with(
            "POST",
            REGISTER,
            None,
            Body::Json(form.clone()),
            &[("Accept-Language", "ja")],
        )
        .await;
    ja.fails(400, "18歳未満の方は登録できません");
    let en = app
        .call_with(
            "POST",
            REGISTER,
            None,
            Body::Json(form),
            &[("Accept-Language", "en")],
        )
        .await;
    en.fails(400, "You are under 18 years old and cannot register");
    let login = json!({ "userName": "nobody", "password": "secret1" });
    let es = app
        .call_with(
            "POST",
            "/prod-api/login",
            None,
            Body::Json(login),
            &[("Accept-Language", "es-ES,es;q=0.9")],
        )
        .await;
    es.fails(400, "Usuario o contraseña incorrectos");
    assert_eq!(app.members().await, 0);
}

async fn two_people_racing_for_one_user_name_one_gets_it(b: Backend) {
    let app = spawn(b).await;
    let media = app.media_files();
    let attempts = (0..4).map(|i| {
        let mut form = app.registration("ana");
        form["email"] = json!(format!("ana{i}@example.com"));
        app.post(REGISTER, None, form)
    });
    let replies = futures::future::join_all(attempts).await;
    let won = replies.iter().filter(|r| r.status == 200).count();
    assert_eq!(won, 1, "{replies:?}");
    for lost in replies.iter().filter(|r| r.status != 200) {
        lost.fails(400, "The user name already exists, please choose another");
    }
    assert_eq!(app.members().await, 1);
    assert_eq!(
        app.media_files() - media,
        2,
        "the losers' pictures must not stay behind"
    );
}

async fn failed_sign_ins_slow_that_account_down(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| {
            c.rate_limit.login_per_account = 3;
            c.rate_limit.login_per_ip = 100;
            c.account.login_delay_ms = 50;
        },
    )
    .await;
    app.register("ana").await;
    app.register("bea").await;
    app.login("ana", "wrong-pass")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("ana", "secret1").await.ok();
    app.login("ANA", "wrong-pass")
        .await
        .fails(400, "Incorrect user name or password");
    app.login("ana@example.com", "wrong-pass")
        .await
        .fails(400, "Incorrect user name or password");
    let sessions = app.count("sessions").await;

    // The account is the same whichever name it is reached by.
    let slowed = app.login("ana", "wrong-again").await;
    let wait = slowed.limited();
    assert!(wait <= 900, "Retry-After: {wait}");
    assert_eq!(app.count("sessions").await, sessions);
    // Its owner still gets in, a little later.
    app.login("ana@example.com", "secret1").await.ok();

    app.login("bea", "secret1").await.ok();
}

async fn registering_too_often_from_one_address_is_slowed_down(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| {
            c.rate_limit.register_per_ip = 2;
            c.trust_forwarded_for = true;
        },
    )
    .await;
    async fn register(app: &TestApp, name: &str, ip: &str) -> crate::common::Reply {
        app.call_with(
            "POST",
            REGISTER,
            None,
            Body::Json(app.registration(name)),
            &[("X-Forwarded-For", ip)],
        )
        .await
    }
    register(&app, "ana", "198.51.100.7").await.ok();
    register(&app, "bea", "198.51.100.7").await.ok();
    let before = app.snapshot().await;
    let slowed = register(&app, "cid", "198.51.100.7").await;
    slowed.limited();
    assert_eq!(app.snapshot().await, before);

    register(&app, "dan", "203.0.113.9").await.ok();
    assert_eq!(app.members().await, 3);
}

both_databases!(
    a_new_member_registers_and_signs_in,
    a_wrong_password_and_an_unknown_person_get_the_same_answer,
    the_eighteenth_birthday_is_the_first_day_one_can_register,
    the_privacy_policy_must_be_ticked,
    an_avatar_is_required,
    an_email_address_is_required_and_well_formed,
    an_email_address_belongs_to_one_account_whatever_its_case,
    a_user_name_belongs_to_one_account_whatever_its_case,
    a_password_has_5_to_20_characters,
    gender_is_female_or_male,
    a_country_comes_from_the_list_of_eleven,
    a_birthday_is_a_real_date,
    the_optional_fields_keep_their_rules,
    the_answer_speaks_the_language_of_the_app,
    two_people_racing_for_one_user_name_one_gets_it,
    failed_sign_ins_slow_that_account_down,
    registering_too_often_from_one_address_is_slowed_down,
);
