//! Rate limits on the actions attackers like: logging in, registering, asking for mail codes,
//! and the calls that cost us something (password checks, chat tokens, avatars, translations,
//! likes that notify, reports with pictures, archives of a person's data). Each action is limited per client address (IPv6
//! by /64, see `ClientIp`) and, where there is one, per account, with a per-minute quota from
//! the configuration (per hour for archives of a person's data). Over the limit answers 429 with `Retry-After`. Failed sign-ins per account
//! are counted in the database instead (`account::guard`).
//!
//! With shared counters (`counters.rs`, `AMORA_COUNTERS_URL`) every node counts against one
//! quota; while they do not answer, or without them, each node counts alone (a client spread over
//! several nodes then has each node's quota).

use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::{Clock as _, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use crate::api::error::ApiError;
use crate::config::RateLimits;
use crate::counters::{Counters, Spent};

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

/// One action's quota, its window, and this node's own count of it.
struct Limit {
    name: &'static str,
    quota: u32,
    window: Duration,
    here: DefaultKeyedRateLimiter<String>,
}

pub struct RateLimiter {
    disabled: bool,
    /// Each action's limit, in `Action::ALL`'s order.
    limits: Vec<Limit>,
    /// Every node's counts, when they are shared; this node's limiters count meanwhile when
    /// they are not there or do not answer.
    counters: Counters,
}

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

impl Action {
    const ALL: [Action; 21] = [
        Action::LoginByIp,
        Action::RegisterByIp,
        Action::MailByIp,
        Action::MailByAccount,
        Action::ChatSend,
        Action::TranslateByAccount,
        Action::LikeByAccount,
        Action::ReportByAccount,
        Action::PasswordByAccount,
        Action::PasswordByIp,
        Action::ImTokenByAccount,
        Action::ImTokenByIp,
        Action::AvatarByAccount,
        Action::AvatarByIp,
        Action::PushSubscribeByIp,
        Action::PushSubscribeByAccount,
        Action::PostByAccount,
        Action::CommentByAccount,
        Action::UploadByAccount,
        Action::ClientErrorByIp,
        Action::ExportByAccount,
    ];

    /// The action's name among the shared counters, its quota and its window.
    fn limit(self, limits: &RateLimits) -> (&'static str, u32, Duration) {
        match self {
            Action::LoginByIp => ("login-ip", limits.login_per_ip, MINUTE),
            Action::RegisterByIp => ("register-ip", limits.register_per_ip, MINUTE),
            Action::MailByIp => ("mail-ip", limits.mail_per_ip, MINUTE),
            Action::MailByAccount => ("mail-account", limits.mail_per_account, MINUTE),
            Action::ChatSend => ("chat", limits.chat_per_user, MINUTE),
            Action::TranslateByAccount => ("translate", limits.translate_per_user, MINUTE),
            Action::LikeByAccount => ("like", limits.like_per_user, MINUTE),
            Action::ReportByAccount => ("report", limits.report_per_user, MINUTE),
            Action::PasswordByAccount => ("password-account", limits.password_per_account, MINUTE),
            Action::PasswordByIp => ("password-ip", limits.password_per_ip, MINUTE),
            Action::ImTokenByAccount => ("im-token-account", limits.im_token_per_account, MINUTE),
            Action::ImTokenByIp => ("im-token-ip", limits.im_token_per_ip, MINUTE),
            Action::AvatarByAccount => ("avatar-account", limits.avatar_per_account, MINUTE),
            Action::AvatarByIp => ("avatar-ip", limits.avatar_per_ip, MINUTE),
            Action::PushSubscribeByIp => ("push-ip", limits.push_subscribe_per_ip, MINUTE),
            Action::PushSubscribeByAccount => {
                ("push-account", limits.push_subscribe_per_account, MINUTE)
            }
            Action::PostByAccount => ("post", limits.post_per_account, MINUTE),
            Action::CommentByAccount => ("comment", limits.comment_per_account, MINUTE),
            Action::UploadByAccount => ("upload", limits.upload_per_account, MINUTE),
            Action::ClientErrorByIp => ("client-error-ip", limits.client_error_per_ip, MINUTE),
            Action::ExportByAccount => ("export", limits.export_per_account, HOUR),
        }
    }
}

impl RateLimiter {
    pub fn new(limits: &RateLimits, counters: Counters) -> Self {
        Self {
            disabled: limits.disabled,
            limits: Action::ALL
                .iter()
                .map(|action| {
                    let (name, quota, window) = action.limit(limits);
                    let quota = quota.max(1);
                    let per = NonZeroU32::new(quota).unwrap_or(NonZeroU32::MIN);
                    let here = if window == HOUR {
                        Quota::per_hour(per)
                    } else {
                        Quota::per_minute(per)
                    };
                    Limit {
                        name,
                        quota,
                        window,
                        here: governor::RateLimiter::keyed(here),
                    }
                })
                .collect(),
            counters,
        }
    }

    /// Whether limits are off (tests and local development).
    pub fn disabled(&self) -> bool {
        self.disabled
    }

    /// Counts one `action` by `key`; an error when the quota is spent.
    pub async fn check(&self, action: Action, key: &str) -> Result<(), ApiError> {
        self.check_n(action, key, 1).await
    }

    /// Counts `n` of `action` by `key` at once (the pictures of one request, say): all of them
    /// or, when the quota cannot hold them all, none and an error. Counting none is no check.
    /// Counted by every node when the counters are shared and answer, else by this node.
    pub async fn check_n(&self, action: Action, key: &str, n: u32) -> Result<(), ApiError> {
        let Some(n) = NonZeroU32::new(n) else {
            return Ok(());
        };
        if self.disabled {
            return Ok(());
        }
        let limit = &self.limits[action as usize];
        let key = key.to_lowercase();
        let shared = self
            .counters
            .spend(
                &format!("{}:{key}", limit.name),
                n.get(),
                limit.quota,
                limit.window,
            )
            .await;
        let wait = match shared {
            Some(Spent::Granted) => return Ok(()),
            Some(Spent::Refused { retry_after }) => retry_after,
            None => match limit.here.check_key_n(&key, n) {
                Ok(Ok(())) => return Ok(()),
                Ok(Err(not_until)) => not_until.wait_time_from(DefaultClock::default().now()),
                // More at once than the quota ever holds: a window's wait is the honest answer.
                Err(_) => limit.window,
            },
        };
        Err(ApiError::TooManyRequests {
            retry_after_secs: wait.as_secs().max(1),
        })
    }

    /// Forgets keys whose quota has refilled, so the maps do not grow without bound.
    pub fn forget_idle(&self) {
        for limit in &self.limits {
            limit.here.retain_recent();
            limit.here.shrink_to_fit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_action_has_its_own_limit() {
        for (i, action) in Action::ALL.iter().enumerate() {
            assert_eq!(*action as usize, i, "{action:?}");
        }
    }
}
