//! Accounts, as a person meets them: registering, signing in, verifying the email, resetting and
//! changing the password, deleting the account.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{spawn, Backend};
use serde_json::json;

async fn a_new_member_registers_and_signs_in(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let me = app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    assert_eq!(me["userName"], "ana");
    assert_eq!(me["country"], "Spain");
    assert_eq!(me["emailVerified"], false);
    assert!(me["avatar"].as_str().unwrap().starts_with("/media/avatars/"));

    let by_name = app.login("ana", "secret1").await.ok();
    let by_email = app.login("ANA@example.com", "secret1").await.ok();
    assert_ne!(by_name["token"], by_email["token"]);
    app.login("ana", "wrong-pass").await.fails(401, "Incorrect user name or password");
}

async fn email_verification_grants_80_characters_once(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    app.post_form("/prod-api/system/user/sendEmail", Some(&ana.token), vec![]).await.ok();
    let code = app.mail.code_for(&ana.email).await;
    let done = app
        .post_form("/prod-api/system/user/updateEmailVerified", Some(&ana.token), vec![("code", code.clone())])
        .await
        .ok();
    assert_eq!(done["charactersGranted"], 80);
    assert_eq!(done["characters"], 80);
    app.post_form("/prod-api/system/user/updateEmailVerified", Some(&ana.token), vec![("code", code)])
        .await
        .fails(400, "Your email is already verified");
    let me = app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    assert_eq!((me["emailVerified"].as_bool(), me["characters"].as_i64()), (Some(true), Some(80)));
    assert_eq!(app.count("ledger_entries").await, 1);
}

async fn under_18_cannot_register(b: Backend) {
    let app = spawn(b).await;
    let mut form = app.registration("kid");
    let today = app.clock().now().date_naive();
    let almost = today.with_year_minus(18).succ_opt().unwrap();
    form["birthday"] = json!(almost.format("%Y-%m-%d").to_string());
    app.post("/prod-api/register", None, form).await.fails(400, "You are under 18 years old and cannot register");
    assert_eq!(app.count("users").await, 0);
}

trait YearsAgo {
    fn with_year_minus(self, years: i32) -> Self;
}
impl YearsAgo for chrono::NaiveDate {
    fn with_year_minus(self, years: i32) -> Self {
        use chrono::Datelike;
        self.with_year(self.year() - years).unwrap_or(self)
    }
}

both_databases!(a_new_member_registers_and_signs_in, email_verification_grants_80_characters_once, under_18_cannot_register);
