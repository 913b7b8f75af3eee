//! Account endpoints (SPEC section 7 "Auth and profile"): thin handlers that take the forms of
//! `forms.rs`, call one method of the accounts service, and answer.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::account::forms::{
    AppealRequest, AvatarRequest, AvatarView, CodeRequest, DeleteAccountRequest, EmailVerifiedView,
    ForgetQuery, ForgetUpdateQuery, LoginRequest, PasswordChangeRequest, ProfileRequest,
    RegisterRequest, SignedIn,
};
use crate::account::model::UserView;
use crate::account::Accounts;
use crate::api::envelope::{ok, ok_with, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{ClientIp, Input, Query};
use crate::api::session::Session;
use crate::api::suspension::{AppealView, Suspension};
use crate::i18n::Msg;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Accounts: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(get_info))
        .routes(routes!(profile, update_profile))
        .routes(routes!(upload_avatar))
        .routes(routes!(send_email))
        .routes(routes!(update_email_verified))
        .routes(routes!(forget_pwd))
        .routes(routes!(forget_update_pwd))
        .routes(routes!(update_pwd))
        .routes(routes!(cancellation, cancellation_by_get))
        .routes(routes!(appeal))
}

/// Creates an account and signs it in.
#[utoipa::path(post, path = "/register", tag = "account", request_body = RegisterRequest,
    responses((status = 200, body = Envelope<SignedIn>), (status = 400), (status = 413), (status = 429)))]
async fn register(
    State(accounts): State<Accounts>,
    ClientIp(ip): ClientIp,
    Input(req): Input<RegisterRequest>,
) -> ApiResult<Reply<SignedIn>> {
    Ok(ok(accounts.register(ip, &req).await?))
}

/// Signs in by user name or email.
#[utoipa::path(post, path = "/login", tag = "account", request_body = LoginRequest,
    responses((status = 200, body = Envelope<SignedIn>), (status = 400), (status = 401),
        (status = 403, description = "This account has been suspended: data is the ban", body = Envelope<Suspension>),
        (status = 429)))]
async fn login(
    State(accounts): State<Accounts>,
    ClientIp(ip): ClientIp,
    Input(req): Input<LoginRequest>,
) -> ApiResult<Reply<SignedIn>> {
    Ok(ok(accounts.login(ip, &req).await?))
}

/// Ends this session.
#[utoipa::path(post, path = "/logout", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 401)))]
async fn logout(State(accounts): State<Accounts>, me: Session) -> ApiResult<Reply<Option<String>>> {
    accounts.logout(me).await?;
    Ok(ok(None))
}

/// The signed-in person.
#[utoipa::path(get, path = "/getInfo", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Envelope<UserView>), (status = 401)))]
async fn get_info(State(accounts): State<Accounts>, me: Session) -> ApiResult<Reply<UserView>> {
    Ok(ok(accounts.me(me.user_id).await?))
}

/// My profile.
#[utoipa::path(get, path = "/system/user/profile", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Envelope<UserView>), (status = 401)))]
async fn profile(State(accounts): State<Accounts>, me: Session) -> ApiResult<Reply<UserView>> {
    Ok(ok(accounts.view(me.user_id).await?))
}

/// Changes my profile; absent fields stay as they are.
#[utoipa::path(put, path = "/system/user/profile", tag = "account", security(("bearer" = [])),
    request_body = ProfileRequest, responses((status = 200, body = Envelope<UserView>), (status = 400), (status = 401)))]
async fn update_profile(
    State(accounts): State<Accounts>,
    me: Session,
    Input(req): Input<ProfileRequest>,
) -> ApiResult<Reply<UserView>> {
    Ok(ok(accounts.update_profile(me.user_id, &req).await?))
}

/// Replaces my avatar.
#[utoipa::path(post, path = "/system/user/profile/avatar/base64", tag = "account", security(("bearer" = [])),
    request_body = AvatarRequest, responses((status = 200, body = Envelope<AvatarView>), (status = 400), (status = 413), (status = 429)))]
async fn upload_avatar(
    State(accounts): State<Accounts>,
    me: Session,
    ClientIp(ip): ClientIp,
    Input(req): Input<AvatarRequest>,
) -> ApiResult<Reply<AvatarView>> {
    let avatar = req.avatar.as_deref();
    Ok(ok(accounts.replace_avatar(me.user_id, ip, avatar).await?))
}

/// Mails me a six-digit code to verify my email.
#[utoipa::path(post, path = "/system/user/sendEmail", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 429)))]
async fn send_email(
    State(accounts): State<Accounts>,
    me: Session,
    ClientIp(ip): ClientIp,
) -> ApiResult<Reply<Option<String>>> {
    accounts.send_email_code(me.user_id, ip).await?;
    Ok(ok_with(Msg::CodeSent, None))
}

/// Verifies my email with the mailed code and grants the 80-character reward once.
#[utoipa::path(post, path = "/system/user/updateEmailVerified", tag = "account", security(("bearer" = [])),
    request_body(content = CodeRequest, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<EmailVerifiedView>), (status = 400)))]
async fn update_email_verified(
    State(accounts): State<Accounts>,
    me: Session,
    Input(req): Input<CodeRequest>,
) -> ApiResult<Reply<EmailVerifiedView>> {
    let verified = accounts
        .verify_email(me.user_id, req.code.as_deref())
        .await?;
    Ok(ok_with(Msg::EmailVerified, verified))
}

/// Mails a password-reset code to the account with this user name and email, if there is one:
/// the answer does not tell whether there is.
#[utoipa::path(post, path = "/system/user/profile/forgetPwd", tag = "account", params(ForgetQuery),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 429)))]
async fn forget_pwd(
    State(accounts): State<Accounts>,
    ClientIp(ip): ClientIp,
    Query(q): Query<ForgetQuery>,
) -> ApiResult<Reply<Option<String>>> {
    accounts
        .forget_password(ip, q.user_name.as_deref(), q.email.as_deref())
        .await?;
    Ok(ok_with(Msg::CodeSent, None))
}

/// Sets a new password with the mailed code; every session ends.
#[utoipa::path(post, path = "/system/user/profile/forgetUpdatePwd", tag = "account", params(ForgetUpdateQuery),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 429)))]
async fn forget_update_pwd(
    State(accounts): State<Accounts>,
    ClientIp(ip): ClientIp,
    Query(q): Query<ForgetUpdateQuery>,
) -> ApiResult<Reply<Option<String>>> {
    accounts.reset_password(ip, &q).await?;
    Ok(ok_with(Msg::PasswordChanged, None))
}

/// Changes my password; my other sessions end, this one stays.
#[utoipa::path(put, path = "/system/user/profile/updatePwd", tag = "account", security(("bearer" = [])),
    request_body(content = PasswordChangeRequest, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 401), (status = 429)))]
async fn update_pwd(
    State(accounts): State<Accounts>,
    me: Session,
    ClientIp(ip): ClientIp,
    Input(req): Input<PasswordChangeRequest>,
) -> ApiResult<Reply<Option<String>>> {
    accounts.change_password(me, ip, &req).await?;
    Ok(ok_with(Msg::PasswordChanged, None))
}

/// Deletes my account once I give my password again: sessions end, and what `docs/privacy.md`
/// lists is erased at once (profile, pictures, likes, matches, visits, dynamics, comments, album,
/// contacts, blocks, settings, and the content of my messages); orders and the ledger stay, as the
/// law requires, pointing at the anonymised account. A wrong password deletes nothing.
#[utoipa::path(post, path = "/system/user/cancellation", tag = "account", security(("bearer" = [])),
    request_body = DeleteAccountRequest,
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 401), (status = 429)))]
async fn cancellation(
    State(accounts): State<Accounts>,
    me: Session,
    ClientIp(ip): ClientIp,
    Input(req): Input<DeleteAccountRequest>,
) -> ApiResult<Reply<Option<String>>> {
    accounts
        .delete_account(me, ip, req.password.as_deref())
        .await?;
    Ok(ok_with(Msg::AccountDeleted, None))
}

/// Deleted nothing: account deletion is `POST` with the password.
///
/// SPEC section 7 lists `GET /system/user/cancellation` as the deletion itself. A GET that
/// deletes can be set off by a link or an image on any page the person opens while signed in,
/// and it asks nothing of whoever holds the device, so the deletion moved to `POST` with the
/// password; this path stays in the API description and answers 405 with a message saying so.
#[utoipa::path(get, path = "/system/user/cancellation", tag = "account", security(("bearer" = [])),
    responses((status = 401), (status = 405, body = Envelope<Option<String>>)))]
async fn cancellation_by_get(_me: Session) -> ApiResult<Reply<Option<String>>> {
    Err(ApiError::WrongMethod(Msg::DeleteNeedsPost))
}

/// A banned person's appeal against her ban, once per ban. She has no session: the pass given
/// with the ban's answer (403 "This account has been suspended", `data.appealToken`) authorises
/// it, for her own ban only and for 30 minutes. It waits in the staff review queue.
#[utoipa::path(post, path = "/system/user/appeal", tag = "account", request_body = AppealRequest,
    responses((status = 200, body = Envelope<AppealView>), (status = 400),
        (status = 403, description = "The pass is unknown or expired"),
        (status = 409, description = "Appealed already, or not banned any more")))]
async fn appeal(
    State(accounts): State<Accounts>,
    Input(req): Input<AppealRequest>,
) -> ApiResult<Reply<AppealView>> {
    let sent = accounts
        .appeal(req.token.as_deref(), req.text.as_deref())
        .await?;
    Ok(ok(sent))
}
