//! Rate limits on the actions attackers like: logging in, registering and asking for mail codes.
//! Each action is limited per client address and, where there is one, per account, with a
//! per-minute quota from the configuration. Over the limit answers 429 with `Retry-After`.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use crate::api::error::ApiError;
use crate::config::RateLimits;

#[derive(Debug, Clone, Copy)]
pub enum Action {
    LoginByIp,
    LoginByAccount,
    RegisterByIp,
    MailByIp,
    MailByAccount,
    ChatSend,
    PushSubscribeByIp,
    PushSubscribeByAccount,
}

pub struct RateLimiter {
    disabled: bool,
    login_ip: DefaultKeyedRateLimiter<String>,
    login_account: DefaultKeyedRateLimiter<String>,
    register_ip: DefaultKeyedRateLimiter<String>,
    mail_ip: DefaultKeyedRateLimiter<String>,
    mail_account: DefaultKeyedRateLimiter<String>,
    chat_send: DefaultKeyedRateLimiter<String>,
    push_subscribe_ip: DefaultKeyedRateLimiter<String>,
    push_subscribe_account: DefaultKeyedRateLimiter<String>,
}

fn per_minute(n: u32) -> DefaultKeyedRateLimiter<String> {
    governor::RateLimiter::keyed(Quota::per_minute(
        NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN),
    ))
}

impl RateLimiter {
    pub fn new(limits: &RateLimits) -> Self {
        Self {
            disabled: limits.disabled,
            login_ip: per_minute(limits.login_per_ip),
            login_account: per_minute(limits.login_per_account),
            register_ip: per_minute(limits.register_per_ip),
            mail_ip: per_minute(limits.mail_per_ip),
            mail_account: per_minute(limits.mail_per_account),
            chat_send: per_minute(limits.chat_per_user),
            push_subscribe_ip: per_minute(limits.push_subscribe_per_ip),
            push_subscribe_account: per_minute(limits.push_subscribe_per_account),
        }
    }

    /// Counts one `action` by `key`; an error when the quota is spent.
    pub fn check(&self, action: Action, key: &str) -> Result<(), ApiError> {
        if self.disabled {
            return Ok(());
        }
        let limiter = match action {
            Action::LoginByIp => &self.login_ip,
            Action::LoginByAccount => &self.login_account,
            Action::RegisterByIp => &self.register_ip,
            Action::MailByIp => &self.mail_ip,
            Action::MailByAccount => &self.mail_account,
            Action::ChatSend => &self.chat_send,
            Action::PushSubscribeByIp => &self.push_subscribe_ip,
            Action::PushSubscribeByAccount => &self.push_subscribe_account,
        };
        limiter.check_key(&key.to_lowercase()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::TooManyRequests {
                retry_after_secs: wait.as_secs().max(1),
            }
        })
    }

    /// Forgets keys whose quota has refilled, so the maps do not grow without bound.
    pub fn forget_idle(&self) {
        for limiter in [
            &self.login_ip,
            &self.login_account,
            &self.register_ip,
            &self.mail_ip,
            &self.mail_account,
            &self.chat_send,
            &self.push_subscribe_ip,
            &self.push_subscribe_account,
        ] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// How often `forget_idle` should run.
    pub const SWEEP_EVERY: Duration = Duration::from_secs(60);
}
