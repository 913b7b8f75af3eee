//! Signing up, in and out, and the signed-in person as the app reads them.

use std::net::IpAddr;

use crate::account::forms::{LoginRequest, RegisterRequest, SignedIn};
use crate::account::guard::Gate;
use crate::account::hooks::AccountEvent;
use crate::account::model::{
    parse_language, parse_signature, parse_telephone, Birthday, Country, Email, Gender, NewUser,
    Password, UserName, UserView,
};
use crate::account::store::UniqueError;
use crate::account::Accounts;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::media::Media;

/// The answer to a registration or a profile change that ran into a taken name or email.
pub(super) fn unique_error(e: UniqueError) -> ApiError {
    match e {
        UniqueError::EmailTaken => ApiError::Invalid(Msg::EmailTaken),
        UniqueError::UserNameTaken => ApiError::Invalid(Msg::UserNameTaken),
        UniqueError::Db(e) => e.into(),
    }
}

impl Accounts {
    /// An active person as they see themselves, with whether they share their area; 401 for
    /// anyone else.
    pub async fn view(&self, user_id: i64) -> ApiResult<UserView> {
        let row = self
            .store
            .user(user_id)
            .await?
            .ok_or(ApiError::Unauthorized)?;
        let mut view = UserView::from_row(row, self.clock.unix());
        view.shares_area = Some(self.hooks.shares_area(user_id).await?);
        Ok(view)
    }

    /// The signed-in person, with today's translation allowance (getInfo).
    pub async fn me(&self, user_id: i64) -> ApiResult<UserView> {
        let mut me = self.view(user_id).await?;
        me.translation_allowance = self.hooks.translation_allowance(user_id).await?;
        Ok(me)
    }

    /// Creates an account and signs it in.
    pub async fn register(&self, ip: IpAddr, req: &RegisterRequest) -> ApiResult<SignedIn> {
        self.limits
            .check(Action::RegisterByIp, &ip.to_string())
            .await?;
        let today = self.clock.now().date_naive();
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
        if self.store.email_in_use(email.as_str()).await? {
            return Err(ApiError::Invalid(Msg::EmailTaken));
        }
        if self
            .store
            .user_name_in_use(user_name.as_str(), None)
            .await?
        {
            return Err(ApiError::Invalid(Msg::UserNameTaken));
        }
        let picture = self
            .media
            .put_base64_image(Media::SOMEONE_NEW, "avatars", avatar)
            .await?;
        let password_hash = self.passwords.hash(password.as_str()).await?;
        let created = self
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
                now: self.clock.unix(),
            })
            .await;
        let user_id = match created {
            Ok(id) => id,
            Err(e) => {
                self.media.delete(&[&picture.key, &picture.thumb_key]).await;
                return Err(unique_error(e));
            }
        };
        self.signed_in(user_id).await
    }

    /// Signs in by user name or email.
    pub async fn login(&self, ip: IpAddr, req: &LoginRequest) -> ApiResult<SignedIn> {
        let login = req.user_name.as_deref().unwrap_or_default().trim();
        let password = req.password.as_deref().unwrap_or_default();
        self.limits
            .check(Action::LoginByIp, &ip.to_string())
            .await?;
        if login.is_empty() || password.is_empty() {
            return Err(ApiError::Invalid(Msg::LoginFailed));
        }
        // Service accounts have no credentials: they answer as an unknown name does.
        let found = self.store.credentials(login).await?;
        // Only failures count against the account, so a stranger's guesses slow its owner down
        // but never lock them out.
        let gate = match &found {
            Some(c) => self.login_gate(c.id).await?,
            None => Gate::Open,
        };
        let matched = self
            .passwords
            .verify(password, found.as_ref().map(|c| c.password_hash.as_str()))
            .await?;
        let user_id = match found {
            Some(c) if matched => {
                // Only whoever knows the password learns of a ban.
                if c.banned {
                    self.lift_ban_if_over(c.id, c.banned_until).await?;
                }
                c.id
            }
            Some(c) => return Err(self.login_failed(c.id, gate).await),
            None => return Err(ApiError::Invalid(Msg::LoginFailed)),
        };
        self.signed_in(user_id).await
    }

    /// A new session for `user_id`, and the person.
    async fn signed_in(&self, user_id: i64) -> ApiResult<SignedIn> {
        let token = self.sessions.open(user_id).await?;
        Ok(SignedIn {
            token,
            user: self.view(user_id).await?,
        })
    }

    /// Ends this session.
    pub async fn logout(&self, me: Session) -> ApiResult<()> {
        self.store.delete_session(me.session_id).await?;
        self.hooks
            .happened(AccountEvent::SignedOut {
                user_id: me.user_id,
            })
            .await
    }
}
