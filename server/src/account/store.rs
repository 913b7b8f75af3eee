//! Account storage: people, sessions, mail codes and failed sign-ins, on SQLite and PostgreSQL
//! alike. Service accounts (role `service`) have no credentials here: only the server speaks
//! as them.

use crate::account::model::{NewUser, UserRow};
use crate::db::{is_unique_violation, on_db, on_tx, Db, Tx};
use crate::ledger::{self, Asset, Entry, LedgerError};

const USER_COLUMNS: &str = "u.id, u.user_name, u.email, u.email_verified, u.gender, u.country, u.birthday,
    u.language, u.signature, u.telephone, u.avatar_key, u.avatar_thumb_key, u.level,
    u.member_expires_at, u.role, u.created_at, u.last_active_at,
    COALESCE(u.verified_avatar_key = u.avatar_key, FALSE) AS verified,
    COALESCE((SELECT balance FROM balances b WHERE b.user_id = u.id AND b.asset = 'coins'), 0) AS coins,
    COALESCE((SELECT balance FROM balances b WHERE b.user_id = u.id AND b.asset = 'characters'), 0) AS characters";

/// What a login is checked against.
#[derive(Debug, sqlx::FromRow)]
pub struct Credentials {
    pub id: i64,
    pub password_hash: String,
    pub banned: bool,
    /// The end of a timed ban.
    pub banned_until: Option<i64>,
}

/// Profile fields a person may change; `None` leaves a field as it is.
#[derive(Debug, Default)]
pub struct ProfileChange {
    pub user_name: Option<String>,
    pub gender: Option<&'static str>,
    pub country: Option<&'static str>,
    pub birthday: Option<String>,
    pub language: Option<&'static str>,
    /// `Some(None)` clears the field.
    pub signature: Option<Option<String>>,
    pub telephone: Option<Option<String>>,
}

#[derive(Debug, thiserror::Error)]
pub enum UniqueError {
    #[error("email taken")]
    EmailTaken,
    #[error("user name taken")]
    UserNameTaken,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl UniqueError {
    fn classify(err: sqlx::Error) -> UniqueError {
        if is_unique_violation(&err, "users_email_key") {
            UniqueError::EmailTaken
        } else if is_unique_violation(&err, "users_user_name_key") {
            UniqueError::UserNameTaken
        } else {
            UniqueError::Db(err)
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodePurpose {
    VerifyEmail,
    ResetPassword,
}

impl CodePurpose {
    fn as_str(self) -> &'static str {
        match self {
            CodePurpose::VerifyEmail => "verify",
            CodePurpose::ResetPassword => "reset",
        }
    }
}

/// How many wrong tries a mail code survives.
pub const CODE_MAX_ATTEMPTS: i64 = 5;

/// The daily cap on mail codes: at most `per_day` since `day_start`.
#[derive(Debug, Clone, Copy)]
pub struct CodeLimit {
    pub per_day: i64,
    pub day_start: i64,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Verification {
    Verified { characters: i64 },
    AlreadyVerified,
    WrongCode,
}

/// Account storage on SQLite and PostgreSQL.
#[derive(Clone, Debug)]
pub struct AccountStore {
    db: Db,
}

/// True when `code_hash` is the live mail code for `purpose` (then, with `use_up`, it is used
/// up), inside the caller's write transaction; a wrong guess counts against the code's tries.
async fn consume_code(
    tx: &mut Tx,
    user_id: i64,
    purpose: CodePurpose,
    code_hash: &str,
    now: i64,
    use_up: bool,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => {
        // Every code sent stays good for its whole life: a newer one does not void it.
        let live: Vec<(i64, String)> = sqlx::query_as(
            "SELECT id, code_hash FROM email_codes
             WHERE user_id = $1 AND purpose = $2 AND NOT used AND expires_at > $3 AND attempts < $4
             ORDER BY id DESC",
        )
        .bind(user_id)
        .bind(purpose.as_str())
        .bind(now)
        .bind(CODE_MAX_ATTEMPTS)
        .fetch_all(&mut **conn)
        .await?;
        if live.is_empty() {
            return Ok(false);
        }
        // Each compared, so the time taken does not say which.
        let matched = live.iter().fold(false, |found, (_, stored)| {
            crate::account::token::constant_time_eq(stored.as_bytes(), code_hash.as_bytes()) | found
        });
        if matched && !use_up {
            return Ok(true);
        }
        // A right code uses up all of them. A wrong guess counts once, against the newest
        // live code: guesses stay within the tries of the codes sent, as before.
        if matched {
            sqlx::query("UPDATE email_codes SET used = TRUE WHERE user_id = $1 AND purpose = $2 AND NOT used")
                .bind(user_id).bind(purpose.as_str()).execute(&mut **conn).await?;
        } else {
            sqlx::query("UPDATE email_codes SET attempts = attempts + 1 WHERE id = $1")
                .bind(live[0].0).execute(&mut **conn).await?;
        }
        Ok(matched)
    })
}

impl AccountStore {
    pub fn new(db: Db) -> AccountStore {
        AccountStore { db }
    }

    pub async fn create_user(&self, n: &NewUser<'_>) -> Result<i64, UniqueError> {
        let row: Result<(i64,), sqlx::Error> = on_db!(&self.db, pool => sqlx::query_as(
            "INSERT INTO users (user_name, email, password_hash, gender, country, birthday, language,
                signature, telephone, avatar_key, avatar_thumb_key, created_at, last_active_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
             RETURNING id",
        )
        .bind(n.user_name)
        .bind(n.email)
        .bind(n.password_hash)
        .bind(n.gender)
        .bind(n.country)
        .bind(n.birthday)
        .bind(n.language)
        .bind(n.signature)
        .bind(n.telephone)
        .bind(n.avatar_key)
        .bind(n.avatar_thumb_key)
        .bind(n.now)
        .fetch_one(pool)
        .await);
        row.map(|(id,)| id).map_err(UniqueError::classify)
    }

    pub async fn email_in_use(&self, email: &str) -> sqlx::Result<bool> {
        let found: Option<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id FROM users WHERE LOWER(email) = LOWER($1)",
        ).bind(email).fetch_optional(pool).await)?;
        Ok(found.is_some())
    }

    pub async fn user_name_in_use(
        &self,
        user_name: &str,
        except: Option<i64>,
    ) -> sqlx::Result<bool> {
        let found: Option<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id FROM users WHERE LOWER(user_name) = LOWER($1) AND id <> $2",
        ).bind(user_name).bind(except.unwrap_or(0)).fetch_optional(pool).await)?;
        Ok(found.is_some())
    }

    /// The member or staff account, active or banned, whose user name or email is `login`; never
    /// a service account's.
    pub async fn credentials(&self, login: &str) -> sqlx::Result<Option<Credentials>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id, password_hash, status = 'banned' AS banned, banned_until FROM users
             WHERE status IN ('active', 'banned') AND role <> 'service'
               AND (LOWER(user_name) = LOWER($1) OR LOWER(email) = LOWER($1))
             LIMIT 1",
        ).bind(login).fetch_optional(pool).await)
    }

    /// Bans an active member until `until` (none: until lifted) and ends their sessions (their IM
    /// tokens with them); false when they are not an active member.
    /// The sessions it ends are kept aside (`suspended_sessions`), so that their bearer is told
    /// of the ban rather than that her login expired.
    pub async fn ban(
        &self,
        user_id: i64,
        code: &str,
        reason: &str,
        until: Option<i64>,
    ) -> sqlx::Result<bool> {
        let mut tx = self.db.begin_write().await?;
        let banned = on_tx!(&mut tx, conn => {
            let banned = sqlx::query(
                "UPDATE users SET status = 'banned', ban_code = $2, ban_reason = $3, banned_until = $4,
                    ban_count = ban_count + 1
                 WHERE id = $1 AND status = 'active' AND role = 'member'",
            ).bind(user_id).bind(code).bind(reason).bind(until).execute(&mut **conn).await?.rows_affected() > 0;
            if banned {
                sqlx::query(
                    "INSERT INTO suspended_sessions (token_hash, user_id, expires_at)
                     SELECT token_hash, user_id, expires_at FROM sessions WHERE user_id = $1",
                ).bind(user_id).execute(&mut **conn).await?;
                sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut **conn).await?;
            }
            banned
        });
        tx.commit().await?;
        Ok(banned)
    }

    /// Lifts a ban; false when the account was not banned.
    /// The sessions the ban ended and its appeal passes go with it.
    pub async fn unban(&self, user_id: i64) -> sqlx::Result<bool> {
        let mut tx = self.db.begin_write().await?;
        let lifted = on_tx!(&mut tx, conn => {
            let lifted = sqlx::query(
                "UPDATE users SET status = 'active', ban_code = NULL, ban_reason = NULL, banned_until = NULL
                 WHERE id = $1 AND status = 'banned'",
            ).bind(user_id).execute(&mut **conn).await?.rows_affected() > 0;
            for sql in [
                "DELETE FROM suspended_sessions WHERE user_id = $1",
                "DELETE FROM appeal_passes WHERE user_id = $1",
            ] {
                sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
            }
            lifted
        });
        tx.commit().await?;
        Ok(lifted)
    }

    /// Lifts the bans whose time is over; answers how many.
    pub async fn lift_bans_over(&self, now: i64) -> sqlx::Result<u64> {
        let mut tx = self.db.begin_write().await?;
        let lifted = on_tx!(&mut tx, conn => {
            for sql in [
                "DELETE FROM suspended_sessions WHERE user_id IN
                    (SELECT id FROM users WHERE status = 'banned' AND banned_until <= $1)",
                "DELETE FROM appeal_passes WHERE user_id IN
                    (SELECT id FROM users WHERE status = 'banned' AND banned_until <= $1)",
            ] {
                sqlx::query(sql).bind(now).execute(&mut **conn).await?;
            }
            let lifted = sqlx::query(
                "UPDATE users SET status = 'active', ban_code = NULL, ban_reason = NULL, banned_until = NULL
                 WHERE status = 'banned' AND banned_until <= $1",
            ).bind(now).execute(&mut **conn).await?.rows_affected();
            lifted
        });
        tx.commit().await?;
        Ok(lifted)
    }

    pub async fn password_hash(&self, user_id: i64) -> sqlx::Result<Option<String>> {
        let found: Option<(String,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT password_hash FROM users WHERE id = $1 AND status = 'active'",
        ).bind(user_id).fetch_optional(pool).await)?;
        Ok(found.map(|(h,)| h))
    }

    pub async fn user(&self, user_id: i64) -> sqlx::Result<Option<UserRow>> {
        let sql =
            format!("SELECT {USER_COLUMNS} FROM users u WHERE u.id = $1 AND u.status = 'active'");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(user_id).fetch_optional(pool).await)
    }

    /// The active member or staff account with this user name (or email) and this email.
    pub async fn user_for_reset(
        &self,
        user_name: &str,
        email: &str,
    ) -> sqlx::Result<Option<UserRow>> {
        let sql = format!(
            "SELECT {USER_COLUMNS} FROM users u WHERE u.status = 'active' AND u.role <> 'service'
             AND (LOWER(u.user_name) = LOWER($1) OR LOWER(u.email) = LOWER($1)) AND LOWER(u.email) = LOWER($2)"
        );
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(user_name).bind(email).fetch_optional(pool).await)
    }

    pub async fn update_profile(&self, user_id: i64, c: &ProfileChange) -> Result<(), UniqueError> {
        let result = on_db!(&self.db, pool => sqlx::query(
            "UPDATE users SET
                user_name = COALESCE($2, user_name),
                gender = COALESCE($3, gender),
                country = COALESCE($4, country),
                birthday = COALESCE($5, birthday),
                language = COALESCE($6, language),
                signature = CASE WHEN $7 THEN $8 ELSE signature END,
                telephone = CASE WHEN $9 THEN $10 ELSE telephone END
             WHERE id = $1 AND status = 'active'",
        )
        .bind(user_id)
        .bind(c.user_name.as_deref())
        .bind(c.gender)
        .bind(c.country)
        .bind(c.birthday.as_deref())
        .bind(c.language)
        .bind(c.signature.is_some())
        .bind(c.signature.clone().flatten())
        .bind(c.telephone.is_some())
        .bind(c.telephone.clone().flatten())
        .execute(pool)
        .await
        .map(|r| r.rows_affected()));
        result.map(|_| ()).map_err(UniqueError::classify)
    }

    /// Sets the avatar and returns the keys of the one it replaced.
    pub async fn set_avatar(
        &self,
        user_id: i64,
        key: &str,
        thumb_key: &str,
    ) -> sqlx::Result<Vec<String>> {
        let mut tx = self.db.begin_write().await?;
        let old = on_tx!(&mut tx, conn => {
            let old: Option<(Option<String>, Option<String>)> = sqlx::query_as(
                "SELECT avatar_key, avatar_thumb_key FROM users WHERE id = $1",
            ).bind(user_id).fetch_optional(&mut **conn).await?;
            sqlx::query("UPDATE users SET avatar_key = $2, avatar_thumb_key = $3 WHERE id = $1")
                .bind(user_id).bind(key).bind(thumb_key).execute(&mut **conn).await?;
            old
        });
        tx.commit().await?;
        Ok(old
            .map(|(a, b)| a.into_iter().chain(b).collect())
            .unwrap_or_default())
    }

    /// Sets the password and revokes every session but `keep`.
    pub async fn set_password(
        &self,
        user_id: i64,
        hash: &str,
        keep: Option<i64>,
    ) -> sqlx::Result<()> {
        let mut tx = self.db.begin_write().await?;
        on_tx!(&mut tx, conn => {
            sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1")
                .bind(user_id).bind(hash).execute(&mut **conn).await?;
            sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2")
                .bind(user_id).bind(keep.unwrap_or(0)).execute(&mut **conn).await?;
        });
        tx.commit().await
    }

    pub async fn create_session(
        &self,
        user_id: i64,
        token_hash: &str,
        now: i64,
        expires: i64,
    ) -> sqlx::Result<i64> {
        let (id,): (i64,) = on_db!(&self.db, pool => sqlx::query_as(
            "INSERT INTO sessions (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4) RETURNING id",
        ).bind(user_id).bind(token_hash).bind(now).bind(expires).fetch_one(pool).await)?;
        Ok(id)
    }

    /// (session id, user id, last active) of a live session of an active account.
    pub async fn session_by_token(
        &self,
        token_hash: &str,
        now: i64,
    ) -> sqlx::Result<Option<(i64, i64, i64)>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT s.id, s.user_id, u.last_active_at FROM sessions s JOIN users u ON u.id = s.user_id
             WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.status = 'active'
               AND u.role <> 'service'",
        ).bind(token_hash).bind(now).fetch_optional(pool).await)
    }

    pub async fn delete_session(&self, session_id: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM sessions WHERE id = $1").bind(session_id).execute(pool).await.map(|r| r.rows_affected()))?;
        Ok(())
    }

    pub async fn touch_user(&self, user_id: i64, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query("UPDATE users SET last_active_at = $2 WHERE id = $1")
            .bind(user_id).bind(now).execute(pool).await.map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// Stores a new code for `purpose` (the earlier ones stay good until they expire), unless the account has had
    /// `per_day` codes (of either purpose) since `day_start`: then false and nothing changes.
    pub async fn store_code(
        &self,
        user_id: i64,
        purpose: CodePurpose,
        code_hash: &str,
        now: i64,
        expires: i64,
        limit: CodeLimit,
    ) -> sqlx::Result<bool> {
        let mut tx = self.db.begin_write().await?;
        on_tx!(&mut tx, conn => {
            // Under the write lock (SQLite) or the row lock on the person (PostgreSQL), so two
            // requests at once cannot both take the last code of the day.
            sqlx::query("UPDATE users SET last_active_at = last_active_at WHERE id = $1")
                .bind(user_id).execute(&mut **conn).await?;
            let (today,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM email_codes WHERE user_id = $1 AND created_at >= $2",
            ).bind(user_id).bind(limit.day_start).fetch_one(&mut **conn).await?;
            if today >= limit.per_day {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO email_codes (user_id, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
            ).bind(user_id).bind(purpose.as_str()).bind(code_hash).bind(now).bind(expires).execute(&mut **conn).await?;
        });
        tx.commit().await?;
        Ok(true)
    }

    /// Wrong reset codes typed for the account since `since`.
    pub async fn wrong_reset_codes(&self, user_id: i64, since: i64) -> sqlx::Result<i64> {
        let (n,): (i64,) = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(attempts), 0) AS BIGINT) FROM email_codes
             WHERE user_id = $1 AND purpose = 'reset' AND created_at >= $2",
        ).bind(user_id).bind(since).fetch_one(pool).await)?;
        Ok(n)
    }

    /// Notes a failed sign-in of the account.
    pub async fn record_login_failure(&self, user_id: i64, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query("INSERT INTO login_failures (user_id, failed_at) VALUES ($1, $2)")
            .bind(user_id).bind(now).execute(pool).await.map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// How many failed sign-ins the account has had since `since`, and when the oldest was.
    pub async fn login_failures(
        &self,
        user_id: i64,
        since: i64,
    ) -> sqlx::Result<(i64, Option<i64>)> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT COUNT(*), MIN(failed_at) FROM login_failures WHERE user_id = $1 AND failed_at >= $2",
        ).bind(user_id).bind(since).fetch_one(pool).await)
    }

    /// Deletes sessions expired at `now` and failed sign-ins older than `failures_before`;
    /// returns the number of sessions deleted.
    pub async fn purge_expired(&self, now: i64, failures_before: i64) -> sqlx::Result<u64> {
        on_db!(&self.db, pool => {
            let sessions = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
                .bind(now).execute(pool).await?.rows_affected();
            sqlx::query("DELETE FROM login_failures WHERE failed_at < $1")
                .bind(failures_before).execute(pool).await?;
            Ok(sessions)
        })
    }

    /// Checks the code, marks the email verified and credits the reward, all at once.
    pub async fn verify_email(
        &self,
        user_id: i64,
        code_hash: &str,
        reward: i64,
        now: i64,
    ) -> Result<Verification, LedgerError> {
        let mut tx = self.db.begin_write().await?;
        let (verified,): (bool,) = on_tx!(&mut tx, conn => sqlx::query_as(
            "SELECT email_verified FROM users WHERE id = $1",
        ).bind(user_id).fetch_one(&mut **conn).await)?;
        if verified {
            return Ok(Verification::AlreadyVerified);
        }
        if !consume_code(
            &mut tx,
            user_id,
            CodePurpose::VerifyEmail,
            code_hash,
            now,
            true,
        )
        .await?
        {
            tx.commit().await?; // the failed try counts
            return Ok(Verification::WrongCode);
        }
        on_tx!(&mut tx, conn => sqlx::query("UPDATE users SET email_verified = TRUE WHERE id = $1")
            .bind(user_id).execute(&mut **conn).await.map(|_| ()))?;
        let key = format!("email-reward:{user_id}");
        let posted = ledger::post(
            &mut tx,
            &Entry {
                user_id,
                asset: Asset::Characters,
                amount: reward,
                reason: "email verified",
                idempotency_key: &key,
                now,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(Verification::Verified {
            characters: posted.balance_after,
        })
    }

    /// True when `code_hash` is the live code for `purpose`, which stays live; a wrong guess
    /// counts against its tries.
    pub async fn check_code(
        &self,
        user_id: i64,
        purpose: CodePurpose,
        code_hash: &str,
        now: i64,
    ) -> sqlx::Result<bool> {
        let mut tx = self.db.begin_write().await?;
        let matched = consume_code(&mut tx, user_id, purpose, code_hash, now, false).await?;
        tx.commit().await?; // a failed try counts
        Ok(matched)
    }

    /// Checks the code and sets the new password, revoking every session. False: wrong code.
    pub async fn reset_password(
        &self,
        user_id: i64,
        code_hash: &str,
        new_hash: &str,
        now: i64,
    ) -> sqlx::Result<bool> {
        let mut tx = self.db.begin_write().await?;
        if !consume_code(
            &mut tx,
            user_id,
            CodePurpose::ResetPassword,
            code_hash,
            now,
            true,
        )
        .await?
        {
            tx.commit().await?;
            return Ok(false);
        }
        on_tx!(&mut tx, conn => {
            sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1")
                .bind(user_id).bind(new_hash).execute(&mut **conn).await?;
            sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut **conn).await?;
        });
        tx.commit().await?;
        Ok(true)
    }

    /// Grants or extends a membership; returns the new expiry, or None when no such account.
    pub async fn grant_membership(
        &self,
        email: &str,
        level: &str,
        days: i64,
        now: i64,
    ) -> sqlx::Result<Option<i64>> {
        let mut tx = self.db.begin_write().await?;
        let until = on_tx!(&mut tx, conn => {
            let found: Option<(i64, Option<i64>)> = sqlx::query_as(
                "SELECT id, member_expires_at FROM users WHERE LOWER(email) = LOWER($1) AND status = 'active'",
            ).bind(email).fetch_optional(&mut **conn).await?;
            let Some((id, expires)) = found else { return Ok(None) };
            // A membership extends from its current expiry when still running.
            let from = expires.filter(|e| *e > now).unwrap_or(now);
            let until = from + days * 86_400;
            sqlx::query("UPDATE users SET level = $2, member_expires_at = $3 WHERE id = $1")
                .bind(id).bind(level).bind(until).execute(&mut **conn).await?;
            until
        });
        tx.commit().await?;
        Ok(Some(until))
    }

    pub async fn set_role(&self, email: &str, role: &str) -> sqlx::Result<bool> {
        let done = on_db!(&self.db, pool => sqlx::query(
            "UPDATE users SET role = $2 WHERE LOWER(email) = LOWER($1) AND status = 'active'",
        ).bind(email).bind(role).execute(pool).await.map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }
}
