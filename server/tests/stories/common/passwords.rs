//! Forgotten passwords: asking for a reset code and using it.

use super::{Body, Person, Reply, TestApp};

pub const FORGET: &str = "/prod-api/system/user/profile/forgetPwd";
pub const RESET: &str = "/prod-api/system/user/profile/forgetUpdatePwd";

/// Asks for a reset code for this user name and email.
pub async fn forget(app: &TestApp, user_name: &str, email: &str) -> Reply {
    let path = TestApp::with_query(FORGET, &[("userName", user_name), ("email", email)]);
    app.call("POST", &path, None, Body::None).await
}

/// Asks for a reset code for `who` and reads it from the mail, which comes after the answer.
pub async fn reset_code(app: &TestApp, who: &Person) -> String {
    let seen = app.mail.all().len();
    forget(app, &who.user_name, &who.email).await.ok();
    app.mail.wait_for(seen + 1).await;
    app.mail.code_for(&who.email).await
}

/// Sets a new password with a reset code.
pub async fn reset(app: &TestApp, who: &Person, code: &str, new_password: &str) -> Reply {
    let path = TestApp::with_query(
        RESET,
        &[
            ("inputUserName", &who.user_name),
            ("inputEmail", &who.email),
            ("emailCode", code),
            ("newPassword", new_password),
        ],
    );
    app.call("POST", &path, None, Body::None).await
}

/// A six-digit code that is not `code`.
pub fn other_than(code: &str, nth: u32) -> String {
    let n: u32 = code.parse().unwrap_or(0);
    format!("{:06}", (n + nth) % 1_000_000)
}
