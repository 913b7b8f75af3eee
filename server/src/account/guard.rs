//! Guards against guessing on accounts: the daily cap on mail codes, the daily lock on password
//! reset after too many wrong codes, and the sign-in gate that counts failed passwords per
//! account (never right ones). All of them count in the database, so they hold across restarts
//! and nodes; a day is a UTC day.

use std::time::Duration;

use crate::account::store::CodeLimit;
use crate::account::Accounts;
use crate::api::error::ApiError;
use crate::i18n::Msg;

const DAY: i64 = 86_400;

/// Unix seconds of the UTC midnight that began the day of `now`.
pub fn day_start(now: i64) -> i64 {
    now - now.rem_euclid(DAY)
}

/// Seconds from `now` to the next UTC midnight (at least one).
fn until_midnight(now: i64) -> u64 {
    u64::try_from(day_start(now) + DAY - now)
        .unwrap_or(1)
        .max(1)
}

/// The answer once an account has had its codes for the day.
pub fn codes_spent(now: i64) -> ApiError {
    ApiError::Limited {
        msg: Msg::CodesPerDay,
        retry_after_secs: until_midnight(now),
    }
}

/// What the sign-in gate says of an account before its password is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    Open,
    /// Too many recent failures: every try waits, and a wrong password is answered 429.
    Slowed {
        retry_after_secs: u64,
    },
}

impl Accounts {
    /// Today's cap on mail codes, for `AccountStore::store_code`.
    pub fn code_limit(&self, now: i64) -> CodeLimit {
        CodeLimit {
            per_day: self.config.account.codes_per_day,
            day_start: day_start(now),
        }
    }

    /// Refuses a password reset (and a new reset code) once the account has had too many wrong
    /// reset codes today: even the right code no longer works until midnight.
    pub async fn reset_allowed(&self, user_id: i64) -> Result<(), ApiError> {
        let now = self.clock.unix();
        let wrong = self
            .store
            .wrong_reset_codes(user_id, day_start(now))
            .await?;
        if wrong >= self.config.account.reset_wrong_codes_per_day {
            return Err(ApiError::Limited {
                msg: Msg::ResetLocked,
                retry_after_secs: until_midnight(now),
            });
        }
        Ok(())
    }

    /// Reads the account's recent failures and, past the threshold, waits the configured delay.
    /// The wait comes before the password check, so it slows every guess and the owner alike;
    /// the owner still gets in. A stranger cannot lock anyone out.
    pub async fn login_gate(&self, user_id: i64) -> Result<Gate, ApiError> {
        if self.limits.disabled() {
            return Ok(Gate::Open);
        }
        let now = self.clock.unix();
        let window = self.config.account.login_failure_window_secs.max(1);
        let (failures, oldest) = self.store.login_failures(user_id, now - window).await?;
        if failures < i64::from(self.config.rate_limit.login_per_account) {
            return Ok(Gate::Open);
        }
        tokio::time::sleep(Duration::from_millis(self.config.account.login_delay_ms)).await;
        let frees_at = oldest.unwrap_or(now) + window;
        Ok(Gate::Slowed {
            retry_after_secs: u64::try_from(frees_at - now).unwrap_or(1).max(1),
        })
    }

    /// Counts a wrong password against the account and returns the answer: the usual one, or 429
    /// once the account is past the threshold.
    pub async fn login_failed(&self, user_id: i64, gate: Gate) -> ApiError {
        if self.limits.disabled() {
            return ApiError::Invalid(Msg::LoginFailed);
        }
        if let Err(e) = self
            .store
            .record_login_failure(user_id, self.clock.unix())
            .await
        {
            return e.into();
        }
        match gate {
            Gate::Open => ApiError::Invalid(Msg::LoginFailed),
            Gate::Slowed { retry_after_secs } => ApiError::TooManyRequests { retry_after_secs },
        }
    }

    /// Deletes expired sessions and failed sign-ins older than the window; the server's sweep
    /// calls it every minute. Returns the number of sessions deleted.
    pub async fn purge_expired(&self) -> Result<u64, ApiError> {
        let now = self.clock.unix();
        let window = self.config.account.login_failure_window_secs.max(1);
        self.store.lift_bans_over(now).await?;
        self.bans.purge_expired(now).await?;
        Ok(self.store.purge_expired(now, now - window).await?)
    }

    /// A banned account's login, past its password: the ban is lifted if its time is over (the
    /// minute sweep may not have come yet), otherwise the login is refused with the ban: why,
    /// until when, and the pass to appeal with.
    pub async fn lift_ban_if_over(
        &self,
        user_id: i64,
        banned_until: Option<i64>,
    ) -> Result<(), ApiError> {
        match banned_until {
            Some(until) if until <= self.clock.unix() => {
                // False when the sweep lifted it a moment ago: lifted either way.
                self.store.unban(user_id).await?;
                Ok(())
            }
            _ => match self.bans.suspension(user_id, self.clock.unix()).await? {
                Some(suspension) => Err(ApiError::Suspended(Box::new(suspension))),
                // Lifted a moment ago.
                None => Ok(()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_a_utc_day() {
        assert_eq!(day_start(86_400 * 3 + 5), 86_400 * 3);
        assert_eq!(until_midnight(86_400 * 3 + 5), 86_395);
        assert_eq!(until_midnight(86_400 * 3), 86_400);
    }
}
