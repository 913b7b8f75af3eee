//! Account endpoints (SPEC section 7 "Auth and profile"): thin handlers that parse into the
//! domain types of `model.rs`, call the store, and answer.

use axum::extract::{FromRef, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::account::bans::APPEAL_MAX_CHARS;
use crate::account::codes;
use crate::account::guard::Gate;
use crate::account::hooks::AccountEvent;
use crate::account::model::NewUser;
use crate::account::model::{
    parse_code, parse_language, parse_signature, parse_telephone, Birthday, Country, Email, Gender,
    Password, UserName, UserView,
};
use crate::account::store::{CodePurpose, ProfileChange, UniqueError, Verification};
use crate::account::token::token_hash;
use crate::account::Accounts;
use crate::api::envelope::{ok, ok_with, Envelope, Reply};
use crate::api::error::{ApiError, ApiResult};
use crate::api::extract::{ClientIp, Input, Query};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::api::suspension::{AppealView, Suspension};
use crate::i18n::Msg;

/// Characters granted once for verifying the email (SPEC section 9).
pub const EMAIL_REWARD_CHARACTERS: i64 = 80;

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

fn unique_error(e: UniqueError) -> ApiError {
    match e {
        UniqueError::EmailTaken => ApiError::Invalid(Msg::EmailTaken),
        UniqueError::UserNameTaken => ApiError::Invalid(Msg::UserNameTaken),
        UniqueError::Db(e) => e.into(),
    }
}

async fn view(accounts: &Accounts, user_id: i64) -> ApiResult<UserView> {
    let row = accounts
        .store
        .user(user_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    Ok(UserView::from_row(row, accounts.clock.unix()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    user_name: Option<String>,
    email: Option<String>,
    password: Option<String>,
    /// `female` or `male`.
    gender: Option<String>,
    /// One of the eleven countries of SPEC section 5.
    country: Option<String>,
    /// `YYYY-MM-DD`; at least 18 years ago.
    birthday: Option<String>,
    /// The avatar picture as a base64 data URL.
    avatar: Option<String>,
    language: Option<String>,
    signature: Option<String>,
    telephone: Option<String>,
    privacy_accepted: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SignedIn {
    /// Bearer token for `Authorization`.
    token: String,
    user: UserView,
}

/// Creates an account and signs it in.
#[utoipa::path(post, path = "/register", tag = "account", request_body = RegisterRequest,
    responses((status = 200, body = Envelope<SignedIn>), (status = 400), (status = 413), (status = 429)))]
async fn register(
    State(accounts): State<Accounts>,
    ClientIp(ip): ClientIp,
    Input(req): Input<RegisterRequest>,
) -> ApiResult<Reply<SignedIn>> {
    accounts
        .limits
        .check(Action::RegisterByIp, &ip.to_string())?;
    let today = accounts.clock.now().date_naive();
    let user_name = UserName::parse(req.user_name.as_deref())?;
    let email = Email::parse(req.email.as_deref())?;
    let password = Password::parse(req.password.as_deref())?;
    let gender = Gender::parse(req.gender.as_deref())?;
    let country = Country::parse(req.country.as_deref())?;
    let birthday = Birthday::adult(req.birthday.as_deref(), today)?;
    let language = parse_language(req.language.as_deref().or(Some("en")))?;
    let signature = parse_signature(req.signature.as_deref())?;
    let telephone = parse_telephone(req.telephone.as_deref())?;
    if req.privacy_accepted != Some(true) {
        return Err(ApiError::Invalid(Msg::PrivacyPolicy));
    }
    let avatar = req
        .avatar
        .as_deref()
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .ok_or(ApiError::Invalid(Msg::AvatarRequired))?;
    // Cheap checks before the expensive work; the unique indexes still decide races.
    if accounts.store.email_in_use(email.as_str()).await? {
        return Err(ApiError::Invalid(Msg::EmailTaken));
    }
    if accounts
        .store
        .user_name_in_use(user_name.as_str(), None)
        .await?
    {
        return Err(ApiError::Invalid(Msg::UserNameTaken));
    }
    let picture = accounts
        .media
        .put_base64_image(crate::media::Media::SOMEONE_NEW, "avatars", avatar)
        .await?;
    let password_hash = accounts.passwords.hash(password.as_str()).await?;
    let created = accounts
        .store
        .create_user(&NewUser {
            user_name: user_name.as_str(),
            email: email.as_str(),
            password_hash: &password_hash,
            gender: gender.as_str(),
            country: country.as_str(),
            birthday: &birthday.to_db(),
            language,
            signature: signature.as_deref(),
            telephone: telephone.as_deref(),
            avatar_key: &picture.key,
            avatar_thumb_key: &picture.thumb_key,
            now: accounts.clock.unix(),
        })
        .await;
    let user_id = match created {
        Ok(id) => id,
        Err(e) => {
            accounts
                .media
                .delete(&[&picture.key, &picture.thumb_key])
                .await;
            return Err(unique_error(e));
        }
    };
    let token = accounts.sessions.open(user_id).await?;
    Ok(ok(SignedIn {
        token,
        user: view(&accounts, user_id).await?,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    /// The user name or the email.
    user_name: Option<String>,
    password: Option<String>,
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
    let login = req.user_name.as_deref().unwrap_or_default().trim();
    let password = req.password.as_deref().unwrap_or_default();
    accounts.limits.check(Action::LoginByIp, &ip.to_string())?;
    if login.is_empty() || password.is_empty() {
        return Err(ApiError::Invalid(Msg::LoginFailed));
    }
    // Service accounts have no credentials: they answer as an unknown name does.
    let found = accounts.store.credentials(login).await?;
    // Only failures count against the account, so a stranger's guesses slow its owner down
    // but never lock them out.
    let gate = match &found {
        Some(c) => accounts.login_gate(c.id).await?,
        None => Gate::Open,
    };
    let matched = accounts
        .passwords
        .verify(password, found.as_ref().map(|c| c.password_hash.as_str()))
        .await?;
    let user_id = match found {
        Some(c) if matched => {
            // Only whoever knows the password learns of a ban.
            if c.banned {
                accounts.lift_ban_if_over(c.id, c.banned_until).await?;
            }
            c.id
        }
        Some(c) => return Err(accounts.login_failed(c.id, gate).await),
        None => return Err(ApiError::Invalid(Msg::LoginFailed)),
    };
    let token = accounts.sessions.open(user_id).await?;
    Ok(ok(SignedIn {
        token,
        user: view(&accounts, user_id).await?,
    }))
}

/// Ends this session.
#[utoipa::path(post, path = "/logout", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 401)))]
async fn logout(State(accounts): State<Accounts>, me: Session) -> ApiResult<Reply<Option<String>>> {
    accounts.store.delete_session(me.session_id).await?;
    accounts
        .hooks
        .happened(AccountEvent::SignedOut {
            user_id: me.user_id,
        })
        .await?;
    Ok(ok(None))
}

/// The signed-in person.
#[utoipa::path(get, path = "/getInfo", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Envelope<UserView>), (status = 401)))]
async fn get_info(State(accounts): State<Accounts>, me: Session) -> ApiResult<Reply<UserView>> {
    let mut me_view = view(&accounts, me.user_id).await?;
    me_view.translation_allowance = accounts.hooks.translation_allowance(me.user_id).await?;
    Ok(ok(me_view))
}

/// My profile.
#[utoipa::path(get, path = "/system/user/profile", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Envelope<UserView>), (status = 401)))]
async fn profile(State(accounts): State<Accounts>, me: Session) -> ApiResult<Reply<UserView>> {
    Ok(ok(view(&accounts, me.user_id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileRequest {
    user_name: Option<String>,
    gender: Option<String>,
    country: Option<String>,
    birthday: Option<String>,
    language: Option<String>,
    /// Empty clears it.
    signature: Option<String>,
    /// Empty clears it.
    telephone: Option<String>,
}

/// Changes my profile; absent fields stay as they are.
#[utoipa::path(put, path = "/system/user/profile", tag = "account", security(("bearer" = [])),
    request_body = ProfileRequest, responses((status = 200, body = Envelope<UserView>), (status = 400), (status = 401)))]
async fn update_profile(
    State(accounts): State<Accounts>,
    me: Session,
    Input(req): Input<ProfileRequest>,
) -> ApiResult<Reply<UserView>> {
    let today = accounts.clock.now().date_naive();
    let change = ProfileChange {
        user_name: req
            .user_name
            .as_deref()
            .map(|n| UserName::parse(Some(n)))
            .transpose()?
            .map(|n| n.as_str().to_owned()),
        gender: req
            .gender
            .as_deref()
            .map(|g| Gender::parse(Some(g)))
            .transpose()?
            .map(Gender::as_str),
        country: req
            .country
            .as_deref()
            .map(|c| Country::parse(Some(c)))
            .transpose()?
            .map(|c| c.as_str()),
        birthday: req
            .birthday
            .as_deref()
            .map(|b| Birthday::adult(Some(b), today))
            .transpose()?
            .map(Birthday::to_db),
        language: req
            .language
            .as_deref()
            .map(|l| parse_language(Some(l)))
            .transpose()?,
        signature: req
            .signature
            .as_deref()
            .map(|s| parse_signature(Some(s)))
            .transpose()?,
        telephone: req
            .telephone
            .as_deref()
            .map(|t| parse_telephone(Some(t)))
            .transpose()?,
    };
    accounts
        .store
        .update_profile(me.user_id, &change)
        .await
        .map_err(unique_error)?;
    Ok(ok(view(&accounts, me.user_id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AvatarRequest {
    /// A base64 data URL (JPEG, PNG, WebP or GIF, at most 10 MB).
    avatar: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvatarView {
    avatar: String,
    avatar_thumb: String,
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
    accounts.limits.check(Action::AvatarByIp, &ip.to_string())?;
    accounts
        .limits
        .check(Action::AvatarByAccount, &me.user_id.to_string())?;
    let data = req
        .avatar
        .as_deref()
        .ok_or(ApiError::Invalid(Msg::AvatarRequired))?;
    let picture = accounts
        .media
        .put_base64_image(me.user_id, "avatars", data)
        .await?;
    let old = accounts
        .store
        .set_avatar(me.user_id, &picture.key, &picture.thumb_key)
        .await?;
    accounts
        .media
        .delete(&old.iter().map(String::as_str).collect::<Vec<_>>())
        .await;
    Ok(ok(AvatarView {
        avatar: crate::media::Media::url(&picture.key),
        avatar_thumb: crate::media::Media::url(&picture.thumb_key),
    }))
}

/// Mails me a six-digit code to verify my email.
#[utoipa::path(post, path = "/system/user/sendEmail", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 429)))]
async fn send_email(
    State(accounts): State<Accounts>,
    me: Session,
    ClientIp(ip): ClientIp,
) -> ApiResult<Reply<Option<String>>> {
    accounts.limits.check(Action::MailByIp, &ip.to_string())?;
    let user = accounts
        .store
        .user(me.user_id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    // One budget with `forgetPwd`'s: it is one mailbox.
    accounts.limits.check(
        Action::MailByAccount,
        &codes::mailbox(user.email.as_deref().unwrap_or_default()),
    )?;
    if user.email_verified {
        return Err(ApiError::Invalid(Msg::EmailAlreadyVerified));
    }
    accounts.send_code(&user, CodePurpose::VerifyEmail).await?;
    Ok(ok_with(Msg::CodeSent, None))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeRequest {
    /// The six digits from the mail.
    code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerifiedView {
    email_verified: bool,
    characters_granted: i64,
    /// Character balance after the reward.
    characters: i64,
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
    let code = parse_code(req.code.as_deref())?;
    let hash = codes::hash(me.user_id, CodePurpose::VerifyEmail, &code);
    let outcome = accounts
        .store
        .verify_email(
            me.user_id,
            &hash,
            EMAIL_REWARD_CHARACTERS,
            accounts.clock.unix(),
        )
        .await?;
    match outcome {
        Verification::Verified { characters } => Ok(ok_with(
            Msg::EmailVerified,
            EmailVerifiedView {
                email_verified: true,
                characters_granted: EMAIL_REWARD_CHARACTERS,
                characters,
            },
        )),
        Verification::AlreadyVerified => Err(ApiError::Invalid(Msg::EmailAlreadyVerified)),
        Verification::WrongCode => Err(ApiError::Invalid(Msg::CodeInvalid)),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ForgetQuery {
    /// The user name (or the email).
    user_name: Option<String>,
    email: Option<String>,
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
    accounts.limits.check(Action::MailByIp, &ip.to_string())?;
    let email = Email::parse(q.email.as_deref())?;
    let user_name = q.user_name.as_deref().unwrap_or_default().trim();
    accounts.request_reset(user_name, &email).await?;
    Ok(ok_with(Msg::CodeSent, None))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ForgetUpdateQuery {
    input_user_name: Option<String>,
    input_email: Option<String>,
    email_code: Option<String>,
    new_password: Option<String>,
}

/// Sets a new password with the mailed code; every session ends.
#[utoipa::path(post, path = "/system/user/profile/forgetUpdatePwd", tag = "account", params(ForgetUpdateQuery),
    responses((status = 200, body = Envelope<Option<String>>), (status = 400), (status = 429)))]
async fn forget_update_pwd(
    State(accounts): State<Accounts>,
    ClientIp(ip): ClientIp,
    Query(q): Query<ForgetUpdateQuery>,
) -> ApiResult<Reply<Option<String>>> {
    accounts.limits.check(Action::LoginByIp, &ip.to_string())?;
    let email = Email::parse(q.input_email.as_deref())?;
    let code = parse_code(q.email_code.as_deref())?;
    let password = Password::parse(q.new_password.as_deref())?;
    let user_name = q.input_user_name.as_deref().unwrap_or_default().trim();
    // No account with this pair reads as a wrong code: nobody learns who has an account here.
    let user = accounts
        .store
        .user_for_reset(user_name, email.as_str())
        .await?
        .ok_or(ApiError::Invalid(Msg::CodeInvalid))?;
    // Past the day's wrong codes even the right one is refused: guessing has to stop somewhere.
    accounts.reset_allowed(user.id).await?;
    // Whether this is the current password is only told to whoever holds the code.
    let code_hash = codes::hash(user.id, CodePurpose::ResetPassword, &code);
    let now = accounts.clock.unix();
    if !accounts
        .store
        .check_code(user.id, CodePurpose::ResetPassword, &code_hash, now)
        .await?
    {
        return Err(ApiError::Invalid(Msg::CodeInvalid));
    }
    let old_hash = accounts.store.password_hash(user.id).await?;
    if accounts
        .passwords
        .verify(password.as_str(), old_hash.as_deref())
        .await?
    {
        return Err(ApiError::Invalid(Msg::PasswordSame));
    }
    let new_hash = accounts.passwords.hash(password.as_str()).await?;
    if !accounts
        .store
        .reset_password(user.id, &code_hash, &new_hash, now)
        .await?
    {
        return Err(ApiError::Invalid(Msg::CodeInvalid));
    }
    accounts
        .hooks
        .happened(AccountEvent::PasswordChanged { user_id: user.id })
        .await?;
    Ok(ok_with(Msg::PasswordChanged, None))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChangeRequest {
    old_password: Option<String>,
    new_password: Option<String>,
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
    password_check_allowed(&accounts, me, ip)?;
    let new = Password::parse(req.new_password.as_deref())?;
    let old = req.old_password.as_deref().unwrap_or_default();
    if old == new.as_str() {
        return Err(ApiError::Invalid(Msg::PasswordSame));
    }
    let hash = accounts.store.password_hash(me.user_id).await?;
    if !accounts.passwords.verify(old, hash.as_deref()).await? {
        return Err(ApiError::Invalid(Msg::OldPasswordWrong));
    }
    let new_hash = accounts.passwords.hash(new.as_str()).await?;
    accounts
        .store
        .set_password(me.user_id, &new_hash, Some(me.session_id))
        .await?;
    accounts
        .hooks
        .happened(AccountEvent::PasswordChanged {
            user_id: me.user_id,
        })
        .await?;
    Ok(ok_with(Msg::PasswordChanged, None))
}

/// Each password check takes an Argon2 slot that sign-ins need: limited per account and address.
fn password_check_allowed(accounts: &Accounts, me: Session, ip: std::net::IpAddr) -> ApiResult<()> {
    accounts
        .limits
        .check(Action::PasswordByIp, &ip.to_string())?;
    accounts
        .limits
        .check(Action::PasswordByAccount, &me.user_id.to_string())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteAccountRequest {
    /// My current password, asked again so that a borrowed session cannot delete the account.
    password: Option<String>,
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
    password_check_allowed(&accounts, me, ip)?;
    let password = req.password.as_deref().unwrap_or_default();
    let hash = accounts.store.password_hash(me.user_id).await?;
    if password.is_empty() || !accounts.passwords.verify(password, hash.as_deref()).await? {
        return Err(ApiError::Invalid(Msg::DeletePasswordWrong));
    }
    accounts
        .hooks
        .happened(AccountEvent::Left {
            user_id: me.user_id,
        })
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

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppealRequest {
    /// The `appealToken` of the ban's answer.
    token: Option<String>,
    /// Why the ban should be lifted: 1 to 1000 characters.
    text: Option<String>,
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
    let token = req.token.as_deref().unwrap_or_default().trim();
    if token.is_empty() {
        return Err(ApiError::Forbidden(Msg::AppealExpired));
    }
    let text = req.text.as_deref().unwrap_or_default().trim();
    if text.is_empty() || text.chars().count() > APPEAL_MAX_CHARS {
        return Err(ApiError::Invalid(Msg::AppealText));
    }
    let sent = accounts
        .bans
        .appeal(&token_hash(token), text, accounts.clock.unix())
        .await?;
    Ok(ok(sent))
}
