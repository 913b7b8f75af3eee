//! The email and the password: verifying the email (with its reward), resetting a forgotten
//! password with a mailed code, changing it, and deleting the account with it.

use std::net::IpAddr;

use crate::account::codes;
use crate::account::forms::{EmailVerifiedView, ForgetUpdateQuery, PasswordChangeRequest};
use crate::account::hooks::AccountEvent;
use crate::account::model::{parse_code, Email, Password};
use crate::account::store::{CodePurpose, Verification};
use crate::account::Accounts;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::i18n::Msg;

/// Characters granted once for verifying the email (SPEC section 9).
pub const EMAIL_REWARD_CHARACTERS: i64 = 80;

impl Accounts {
    /// Mails me a six-digit code to verify my email.
    pub async fn send_email_code(&self, me: i64, ip: IpAddr) -> ApiResult<()> {
        self.limits.check(Action::MailByIp, &ip.to_string()).await?;
        let user = self.store.user(me).await?.ok_or(ApiError::Unauthorized)?;
        // One budget with `forgetPwd`'s: it is one mailbox.
        self.limits
            .check(
                Action::MailByAccount,
                &codes::mailbox(user.email.as_deref().unwrap_or_default()),
            )
            .await?;
        if user.email_verified {
            return Err(ApiError::Invalid(Msg::EmailAlreadyVerified));
        }
        self.send_code(&user, CodePurpose::VerifyEmail).await
    }

    /// Verifies my email with the mailed code and grants the reward once.
    pub async fn verify_email(&self, me: i64, code: Option<&str>) -> ApiResult<EmailVerifiedView> {
        let code = parse_code(code)?;
        let hash = codes::hash(me, CodePurpose::VerifyEmail, &code);
        let outcome = self
            .store
            .verify_email(me, &hash, EMAIL_REWARD_CHARACTERS, self.clock.unix())
            .await?;
        match outcome {
            Verification::Verified { characters } => Ok(EmailVerifiedView {
                email_verified: true,
                characters_granted: EMAIL_REWARD_CHARACTERS,
                characters,
            }),
            Verification::AlreadyVerified => Err(ApiError::Invalid(Msg::EmailAlreadyVerified)),
            Verification::WrongCode => Err(ApiError::Invalid(Msg::CodeInvalid)),
        }
    }

    /// Mails a password-reset code to the account with this user name and email, if there is
    /// one: the answer does not tell whether there is.
    pub async fn forget_password(
        &self,
        ip: IpAddr,
        user_name: Option<&str>,
        email: Option<&str>,
    ) -> ApiResult<()> {
        self.limits.check(Action::MailByIp, &ip.to_string()).await?;
        let email = Email::parse(email)?;
        let user_name = user_name.unwrap_or_default().trim();
        self.request_reset(user_name, &email).await
    }

    /// Sets a new password with the mailed code; every session ends.
    pub async fn reset_password(&self, ip: IpAddr, q: &ForgetUpdateQuery) -> ApiResult<()> {
        self.limits
            .check(Action::LoginByIp, &ip.to_string())
            .await?;
        let email = Email::parse(q.input_email.as_deref())?;
        let code = parse_code(q.email_code.as_deref())?;
        let password = Password::parse(q.new_password.as_deref())?;
        let user_name = q.input_user_name.as_deref().unwrap_or_default().trim();
        // No account with this pair reads as a wrong code: nobody learns who has an account here.
        let user = self
            .store
            .user_for_reset(user_name, email.as_str())
            .await?
            .ok_or(ApiError::Invalid(Msg::CodeInvalid))?;
        // Past the day's wrong codes even the right one is refused: guessing has to stop somewhere.
        self.reset_allowed(user.id).await?;
        // Whether this is the current password is only told to whoever holds the code.
        let code_hash = codes::hash(user.id, CodePurpose::ResetPassword, &code);
        let now = self.clock.unix();
        if !self
            .store
            .check_code(user.id, CodePurpose::ResetPassword, &code_hash, now)
            .await?
        {
            return Err(ApiError::Invalid(Msg::CodeInvalid));
        }
        let old_hash = self.store.password_hash(user.id).await?;
        if self
            .passwords
            .verify(password.as_str(), old_hash.as_deref())
            .await?
        {
            return Err(ApiError::Invalid(Msg::PasswordSame));
        }
        let new_hash = self.passwords.hash(password.as_str()).await?;
        if !self
            .store
            .reset_password(user.id, &code_hash, &new_hash, now)
            .await?
        {
            return Err(ApiError::Invalid(Msg::CodeInvalid));
        }
        self.hooks
            .happened(AccountEvent::PasswordChanged { user_id: user.id })
            .await
    }

    /// Changes my password; my other sessions end, this one stays.
    pub async fn change_password(
        &self,
        me: Session,
        ip: IpAddr,
        req: &PasswordChangeRequest,
    ) -> ApiResult<()> {
        self.password_check_allowed(me, ip).await?;
        let new = Password::parse(req.new_password.as_deref())?;
        let old = req.old_password.as_deref().unwrap_or_default();
        if old == new.as_str() {
            return Err(ApiError::Invalid(Msg::PasswordSame));
        }
        let hash = self.store.password_hash(me.user_id).await?;
        if !self.passwords.verify(old, hash.as_deref()).await? {
            return Err(ApiError::Invalid(Msg::OldPasswordWrong));
        }
        let new_hash = self.passwords.hash(new.as_str()).await?;
        self.store
            .set_password(me.user_id, &new_hash, Some(me.session_id))
            .await?;
        self.hooks
            .happened(AccountEvent::PasswordChanged {
                user_id: me.user_id,
            })
            .await
    }

    /// Deletes my account once I give my password again; a wrong password deletes nothing.
    pub async fn delete_account(
        &self,
        me: Session,
        ip: IpAddr,
        password: Option<&str>,
    ) -> ApiResult<()> {
        self.password_check_allowed(me, ip).await?;
        let password = password.unwrap_or_default();
        let hash = self.store.password_hash(me.user_id).await?;
        if password.is_empty() || !self.passwords.verify(password, hash.as_deref()).await? {
            return Err(ApiError::Invalid(Msg::DeletePasswordWrong));
        }
        self.hooks
            .happened(AccountEvent::Left {
                user_id: me.user_id,
            })
            .await
    }

    /// Each password check takes an Argon2 slot that sign-ins need: limited per account and
    /// address.
    async fn password_check_allowed(&self, me: Session, ip: IpAddr) -> ApiResult<()> {
        self.limits
            .check(Action::PasswordByIp, &ip.to_string())
            .await?;
        self.limits
            .check(Action::PasswordByAccount, &me.user_id.to_string())
            .await
    }
}
