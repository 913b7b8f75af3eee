//! Rate limits on the actions attackers like: logging in, registering, asking for mail codes,
//! and the calls that cost us something (password checks, chat tokens, avatars, translations,
//! likes that notify, reports with pictures, archives of a person's data). Each action is limited per client address (IPv6
//! by /64, see `ClientIp`) and, where there is one, per account, with a per-minute quota from
//! the configuration (per hour for archives of a person's data). Over the limit answers 429 with `Retry-After`. Failed sign-ins per account
//! are counted in the database instead (`account::guard`).

use std::num::NonZeroU32;

use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use crate::api::error::ApiError;
use crate::config::RateLimits;

#[derive(Debug, Clone, Copy)]
pub enum Action {
    LoginByIp,
    RegisterByIp,
    MailByIp,
    MailByAccount,
    ChatSend,
    TranslateByAccount,
    LikeByAccount,
    ReportByAccount,
    PasswordByAccount,
    PasswordByIp,
    ImTokenByAccount,
    ImTokenByIp,
    AvatarByAccount,
    AvatarByIp,
    PushSubscribeByIp,
    PushSubscribeByAccount,
    PostByAccount,
    CommentByAccount,
    UploadByAccount,
    ClientErrorByIp,
    ExportByAccount,
}

pub struct RateLimiter {
    disabled: bool,
    login_ip: DefaultKeyedRateLimiter<String>,
    register_ip: DefaultKeyedRateLimiter<String>,
    mail_ip: DefaultKeyedRateLimiter<String>,
    mail_account: DefaultKeyedRateLimiter<String>,
    chat_send: DefaultKeyedRateLimiter<String>,
    translate: DefaultKeyedRateLimiter<String>,
    like: DefaultKeyedRateLimiter<String>,
    report: DefaultKeyedRateLimiter<String>,
    password_account: DefaultKeyedRateLimiter<String>,
    password_ip: DefaultKeyedRateLimiter<String>,
    im_token_account: DefaultKeyedRateLimiter<String>,
    im_token_ip: DefaultKeyedRateLimiter<String>,
    avatar_account: DefaultKeyedRateLimiter<String>,
    avatar_ip: DefaultKeyedRateLimiter<String>,
    push_subscribe_ip: DefaultKeyedRateLimiter<String>,
    push_subscribe_account: DefaultKeyedRateLimiter<String>,
    post_account: DefaultKeyedRateLimiter<String>,
    comment_account: DefaultKeyedRateLimiter<String>,
    upload_account: DefaultKeyedRateLimiter<String>,
    client_error_ip: DefaultKeyedRateLimiter<String>,
    export_account: DefaultKeyedRateLimiter<String>,
}

fn per_minute(n: u32) -> DefaultKeyedRateLimiter<String> {
    governor::RateLimiter::keyed(Quota::per_minute(
        NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN),
    ))
}

fn per_hour(n: u32) -> DefaultKeyedRateLimiter<String> {
    governor::RateLimiter::keyed(Quota::per_hour(
        NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN),
    ))
}

impl RateLimiter {
    pub fn new(limits: &RateLimits) -> Self {
        Self {
            disabled: limits.disabled,
            login_ip: per_minute(limits.login_per_ip),
            register_ip: per_minute(limits.register_per_ip),
            mail_ip: per_minute(limits.mail_per_ip),
            mail_account: per_minute(limits.mail_per_account),
            chat_send: per_minute(limits.chat_per_user),
            translate: per_minute(limits.translate_per_user),
            like: per_minute(limits.like_per_user),
            report: per_minute(limits.report_per_user),
            password_account: per_minute(limits.password_per_account),
            password_ip: per_minute(limits.password_per_ip),
            im_token_account: per_minute(limits.im_token_per_account),
            im_token_ip: per_minute(limits.im_token_per_ip),
            avatar_account: per_minute(limits.avatar_per_account),
            avatar_ip: per_minute(limits.avatar_per_ip),
            push_subscribe_ip: per_minute(limits.push_subscribe_per_ip),
            push_subscribe_account: per_minute(limits.push_subscribe_per_account),
            post_account: per_minute(limits.post_per_account),
            comment_account: per_minute(limits.comment_per_account),
            upload_account: per_minute(limits.upload_per_account),
            client_error_ip: per_minute(limits.client_error_per_ip),
            export_account: per_hour(limits.export_per_account),
        }
    }

    /// Whether limits are off (tests and local development).
    pub fn disabled(&self) -> bool {
        self.disabled
    }

    /// Counts one `action` by `key`; an error when the quota is spent.
    pub fn check(&self, action: Action, key: &str) -> Result<(), ApiError> {
        self.check_n(action, key, 1)
    }

    /// Counts `n` of `action` by `key` at once (the pictures of one request, say): all of them
    /// or, when the quota cannot hold them all, none and an error. Counting none is no check.
    pub fn check_n(&self, action: Action, key: &str, n: u32) -> Result<(), ApiError> {
        let Some(n) = NonZeroU32::new(n) else {
            return Ok(());
        };
        if self.disabled {
            return Ok(());
        }
        let limiter = match action {
            Action::LoginByIp => &self.login_ip,
            Action::RegisterByIp => &self.register_ip,
            Action::MailByIp => &self.mail_ip,
            Action::MailByAccount => &self.mail_account,
            Action::ChatSend => &self.chat_send,
            Action::TranslateByAccount => &self.translate,
            Action::LikeByAccount => &self.like,
            Action::ReportByAccount => &self.report,
            Action::PasswordByAccount => &self.password_account,
            Action::PasswordByIp => &self.password_ip,
            Action::ImTokenByAccount => &self.im_token_account,
            Action::ImTokenByIp => &self.im_token_ip,
            Action::AvatarByAccount => &self.avatar_account,
            Action::AvatarByIp => &self.avatar_ip,
            Action::PushSubscribeByIp => &self.push_subscribe_ip,
            Action::PushSubscribeByAccount => &self.push_subscribe_account,
            Action::PostByAccount => &self.post_account,
            Action::CommentByAccount => &self.comment_account,
            Action::UploadByAccount => &self.upload_account,
            Action::ClientErrorByIp => &self.client_error_ip,
            Action::ExportByAccount => &self.export_account,
        };
        match limiter.check_key_n(&key.to_lowercase(), n) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                Err(ApiError::TooManyRequests {
                    retry_after_secs: wait.as_secs().max(1),
                })
            }
            // More at once than the quota ever holds: a minute's wait is the honest answer.
            Err(_) => Err(ApiError::TooManyRequests {
                retry_after_secs: 60,
            }),
        }
    }

    /// Forgets keys whose quota has refilled, so the maps do not grow without bound.
    pub fn forget_idle(&self) {
        for limiter in [
            &self.login_ip,
            &self.register_ip,
            &self.mail_ip,
            &self.mail_account,
            &self.chat_send,
            &self.translate,
            &self.like,
            &self.report,
            &self.password_account,
            &self.password_ip,
            &self.im_token_account,
            &self.im_token_ip,
            &self.avatar_account,
            &self.avatar_ip,
            &self.push_subscribe_ip,
            &self.push_subscribe_account,
            &self.post_account,
            &self.comment_account,
            &self.upload_account,
            &self.client_error_ip,
            &self.export_account,
        ] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}
