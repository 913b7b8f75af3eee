//! A ban, told as it is. Staff pick its reason from a short list (`BanCode`); the person is
//! answered 403 "This account has been suspended" with `data: {reason, until, appealToken,
//! appeal}`, at sign-in (past her password) and on every session the ban ended, never "Login has
//! expired". She may appeal once per ban: she has no session, so the answer carries a
//! short-lived pass (`appealToken`), good for her own ban only; her appeal waits in the staff
//! review queue until staff lift the ban or keep it, and her next try shows the outcome.

use crate::account::token::{new_token, token_hash};
use crate::api::error::{ApiError, ApiResult};
use crate::api::suspension::{AppealView, Suspension};
use crate::clock::rfc3339;
use crate::db::{counted, is_unique_violation, on_db, Db};
use crate::i18n::Msg;

/// How long the pass given with a ban's answer lets her send an appeal.
pub const APPEAL_PASS_SECS: i64 = 30 * 60;

/// The longest appeal, in characters.
pub const APPEAL_MAX_CHARS: usize = 1000;

/// Why staff banned someone, as the person is told (in her language, by the app).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BanCode {
    Spam,
    FakeProfile,
    InappropriateContent,
    Harassment,
    Underage,
    Scam,
    Other,
}

impl BanCode {
    pub const ALL: [BanCode; 7] = [
        BanCode::Spam,
        BanCode::FakeProfile,
        BanCode::InappropriateContent,
        BanCode::Harassment,
        BanCode::Underage,
        BanCode::Scam,
        BanCode::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            BanCode::Spam => "spam",
            BanCode::FakeProfile => "fake_profile",
            BanCode::InappropriateContent => "inappropriate_content",
            BanCode::Harassment => "harassment",
            BanCode::Underage => "underage",
            BanCode::Scam => "scam",
            BanCode::Other => "other",
        }
    }

    fn find(text: &str) -> Option<BanCode> {
        let text = text.trim().to_lowercase();
        BanCode::ALL.into_iter().find(|c| c.as_str() == text)
    }

    /// The code staff picked; without one, the reason they wrote when it is a code itself (a
    /// report's reason), otherwise `other`. A code not on the list is refused.
    pub fn parse(code: Option<&str>, reason: &str) -> Result<BanCode, Msg> {
        match code {
            Some(code) => BanCode::find(code).ok_or(Msg::BanCode),
            None => Ok(BanCode::find(reason).unwrap_or(BanCode::Other)),
        }
    }

    /// A stored code; anything else (a ban from before codes) reads as `other`.
    pub fn from_db(code: Option<&str>) -> BanCode {
        code.and_then(BanCode::find).unwrap_or(BanCode::Other)
    }
}

/// An appeal waiting for staff.
#[derive(Debug, sqlx::FromRow)]
pub struct WaitingAppeal {
    pub id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub avatar_key: Option<String>,
    pub body: String,
    pub ban_code: Option<String>,
    pub ban_reason: Option<String>,
    pub banned_until: Option<i64>,
    pub created_at: i64,
}

/// An appeal staff decided on.
#[derive(Debug, sqlx::FromRow)]
pub struct DecidedAppeal {
    pub user_id: i64,
    pub ban: i64,
}

#[derive(Debug, sqlx::FromRow)]
struct BanRow {
    ban_code: Option<String>,
    banned_until: Option<i64>,
    ban_count: i64,
}

/// Bans, their passes and appeals, on SQLite and PostgreSQL.
#[derive(Clone, Debug)]
pub struct BanStore {
    db: Db,
}

impl BanStore {
    pub fn new(db: Db) -> BanStore {
        BanStore { db }
    }

    /// The person's current ban, if she is banned.
    async fn ban_of(&self, user_id: i64) -> sqlx::Result<Option<BanRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT ban_code, banned_until, ban_count FROM users WHERE id = $1 AND status = 'banned'",
        ).bind(user_id).fetch_optional(pool).await)
    }

    /// The banned person a session ended by her ban belonged to.
    pub async fn suspended_session(&self, token_hash: &str, now: i64) -> sqlx::Result<Option<i64>> {
        on_db!(&self.db, pool => sqlx::query_scalar(
            "SELECT s.user_id FROM suspended_sessions s JOIN users u ON u.id = s.user_id
             WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.status = 'banned'",
        ).bind(token_hash).bind(now).fetch_optional(pool).await)
    }

    /// The ban's answer for a banned person (a new pass with it); None when she is not banned.
    pub async fn suspension(&self, user_id: i64, now: i64) -> sqlx::Result<Option<Suspension>> {
        let Some(ban) = self.ban_of(user_id).await? else {
            return Ok(None);
        };
        let (token, hash) = new_token();
        let appeal: Option<(String, i64)> = on_db!(&self.db, pool => {
            sqlx::query(
                "INSERT INTO appeal_passes (token_hash, user_id, ban, expires_at) VALUES ($1, $2, $3, $4)",
            ).bind(&hash).bind(user_id).bind(ban.ban_count).bind(now + APPEAL_PASS_SECS)
            .execute(pool).await?;
            sqlx::query_as("SELECT state, created_at FROM ban_appeals WHERE user_id = $1 AND ban = $2")
                .bind(user_id).bind(ban.ban_count).fetch_optional(pool).await?
        });
        Ok(Some(Suspension {
            reason: BanCode::from_db(ban.ban_code.as_deref()).as_str(),
            until: ban.banned_until.map(rfc3339),
            appeal_token: token,
            appeal: appeal.map(|(state, at)| AppealView {
                state,
                sent_at: rfc3339(at),
            }),
        }))
    }

    /// Sends an appeal with a pass: once per ban, while the ban the pass was given for lasts.
    pub async fn appeal(
        &self,
        pass_hash: &str,
        body: &str,
        now: i64,
    ) -> Result<AppealView, ApiError> {
        let pass: Option<(i64, i64)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT user_id, ban FROM appeal_passes WHERE token_hash = $1 AND expires_at > $2",
        ).bind(pass_hash).bind(now).fetch_optional(pool).await)?;
        let Some((user_id, ban)) = pass else {
            return Err(ApiError::Forbidden(Msg::AppealExpired));
        };
        match self.ban_of(user_id).await? {
            Some(current) if current.ban_count == ban => {}
            _ => return Err(ApiError::Conflict(Msg::NotBanned)),
        }
        let added = on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO ban_appeals (user_id, ban, body, created_at) VALUES ($1, $2, $3, $4)",
        ).bind(user_id).bind(ban).bind(body).bind(now).execute(pool).await.map(|_| ()));
        match added {
            Ok(_) => Ok(AppealView {
                state: "waiting".into(),
                sent_at: rfc3339(now),
            }),
            Err(e) if is_unique_violation(&e, "ban_appeals") => {
                Err(ApiError::Conflict(Msg::AppealSentAlready))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Appeals waiting for staff, oldest first, with how many wait.
    pub async fn waiting(&self, limit: i64) -> sqlx::Result<(Vec<WaitingAppeal>, i64)> {
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(
                "SELECT a.id, a.user_id, u.user_name, u.avatar_key, a.body, u.ban_code, u.ban_reason,
                        u.banned_until, a.created_at
                 FROM ban_appeals a JOIN users u ON u.id = a.user_id
                 WHERE a.state = 'waiting' ORDER BY a.id LIMIT $1",
            ).bind(limit).fetch_all(pool).await?;
            let waiting = sqlx::query_scalar(&counted(
                "SELECT 1 FROM ban_appeals WHERE state = 'waiting'",
            )).fetch_one(pool).await?;
            Ok((rows, waiting))
        })
    }

    /// Staff's decision on a waiting appeal: `lifted` or `kept`. None when none waits with `id`.
    pub async fn decide(
        &self,
        id: i64,
        lift: bool,
        now: i64,
    ) -> sqlx::Result<Option<DecidedAppeal>> {
        let state = if lift { "lifted" } else { "kept" };
        on_db!(&self.db, pool => sqlx::query_as(
            "UPDATE ban_appeals SET state = $2, decided_at = $3 WHERE id = $1 AND state = 'waiting'
             RETURNING user_id, ban",
        ).bind(id).bind(state).bind(now).fetch_optional(pool).await)
    }

    /// Forgets passes and ended sessions past their time.
    pub async fn purge_expired(&self, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => {
            sqlx::query("DELETE FROM appeal_passes WHERE expires_at <= $1").bind(now).execute(pool).await?;
            sqlx::query("DELETE FROM suspended_sessions WHERE expires_at <= $1").bind(now).execute(pool).await?;
            Ok(())
        })
    }
}

impl crate::account::Accounts {
    /// A banned person's appeal against her ban, with the pass her ban's answer gave her.
    pub async fn appeal(&self, token: Option<&str>, text: Option<&str>) -> ApiResult<AppealView> {
        let token = token.unwrap_or_default().trim();
        if token.is_empty() {
            return Err(ApiError::Forbidden(Msg::AppealExpired));
        }
        let text = text.unwrap_or_default().trim();
        if text.is_empty() || text.chars().count() > APPEAL_MAX_CHARS {
            return Err(ApiError::Invalid(Msg::AppealText));
        }
        self.bans
            .appeal(&token_hash(token), text, self.clock.unix())
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ban_code_is_picked_from_the_list() {
        assert_eq!(BanCode::parse(Some("scam"), "x"), Ok(BanCode::Scam));
        assert_eq!(BanCode::parse(Some("rude"), "x"), Err(Msg::BanCode));
        assert_eq!(BanCode::parse(None, "Spam"), Ok(BanCode::Spam));
        assert_eq!(BanCode::parse(None, "Cool down"), Ok(BanCode::Other));
        assert_eq!(BanCode::from_db(Some("Fake photos")), BanCode::Other);
    }
}
