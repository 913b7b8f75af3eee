//! What the account endpoints take and answer (their OpenAPI schemas), read by the handlers in
//! `routes.rs` and the account's service.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::account::model::UserView;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    pub user_name: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    /// `female` or `male`.
    pub gender: Option<String>,
    /// One of the eleven countries of SPEC section 5.
    pub country: Option<String>,
    /// `YYYY-MM-DD`; at least 18 years ago.
    pub birthday: Option<String>,
    /// The avatar picture as a base64 data URL.
    pub avatar: Option<String>,
    pub language: Option<String>,
    pub signature: Option<String>,
    pub telephone: Option<String>,
    pub privacy_accepted: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SignedIn {
    /// Bearer token for `Authorization`.
    pub token: String,
    pub user: UserView,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    /// The user name or the email.
    pub user_name: Option<String>,
    pub password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileRequest {
    pub user_name: Option<String>,
    pub gender: Option<String>,
    pub country: Option<String>,
    pub birthday: Option<String>,
    pub language: Option<String>,
    /// Empty clears it.
    pub signature: Option<String>,
    /// Empty clears it.
    pub telephone: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AvatarRequest {
    /// A base64 data URL (JPEG, PNG, WebP or GIF, at most 10 MB).
    pub avatar: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvatarView {
    pub avatar: String,
    pub avatar_thumb: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeRequest {
    /// The six digits from the mail.
    pub code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerifiedView {
    pub email_verified: bool,
    pub characters_granted: i64,
    /// Character balance after the reward.
    pub characters: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ForgetQuery {
    /// The user name (or the email).
    pub user_name: Option<String>,
    pub email: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ForgetUpdateQuery {
    pub input_user_name: Option<String>,
    pub input_email: Option<String>,
    pub email_code: Option<String>,
    pub new_password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChangeRequest {
    pub old_password: Option<String>,
    pub new_password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteAccountRequest {
    /// My current password, asked again so that a borrowed session cannot delete the account.
    pub password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppealRequest {
    /// The `appealToken` of the ban's answer.
    pub token: Option<String>,
    /// Why the ban should be lifted: 1 to 1000 characters.
    pub text: Option<String>,
}
