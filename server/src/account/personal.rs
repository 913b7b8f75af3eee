//! What the account holds about one person (`docs/privacy.md`): its tables and their fates, its
//! part of the archive (the profile and the appeals), and its part of the erasure, which comes
//! last: the `users` row stays, because money records and the other person's conversation point
//! at it, but holds nothing personal any more.

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};
use crate::media::archive_path;

use Fate::*;

pub const TABLES: Tables = &[
    ("users", Theirs),
    (
        "sessions",
        Removed("signed-in devices: every device is signed out"),
    ),
    (
        "suspended_sessions",
        Removed("sessions a ban ended, kept to answer with the ban"),
    ),
    ("email_codes", Removed("mail codes")),
    (
        "login_failures",
        Removed("failed sign-ins, for password guessing"),
    ),
    (
        "appeal_passes",
        Removed("the short-lived pass that lets a banned person appeal"),
    ),
    ("ban_appeals", Theirs),
];

/// The account's part of `profile.json`, its user name and the key of the avatar; none for an
/// account that is gone.
pub struct Profile {
    pub fields: Value,
    pub user_name: String,
    pub avatar: Option<String>,
}

type UserRow = (
    String,
    Option<String>,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    bool,
    Option<String>,
    Option<i64>,
    i64,
    i64,
);

pub async fn profile(db: &Db, me: i64, now: i64) -> sqlx::Result<Option<Profile>> {
    let user: Option<UserRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT user_name, email, gender, country, birthday, language, signature, telephone, avatar_key,
                email_verified, level, member_expires_at, created_at, last_active_at
         FROM users WHERE id = $1",
    ).bind(me).fetch_optional(pool).await)?;
    let Some(user) = user else { return Ok(None) };
    let (user_name, email, gender, country, birthday, language, signature, telephone, avatar) = (
        user.0, user.1, user.2, user.3, user.4, user.5, user.6, user.7, user.8,
    );
    let (email_verified, level, member_expires_at, created_at, last_active_at) =
        (user.9, user.10, user.11, user.12, user.13);
    let fields = json!({
        "userId": me,
        "userName": user_name,
        "email": email,
        "emailVerified": email_verified,
        "gender": gender,
        "country": country,
        "birthday": birthday,
        "signature": signature,
        "telephone": telephone,
        "avatar": avatar.as_deref().map(archive_path),
        "createdAt": rfc3339(created_at),
        "lastActiveAt": rfc3339(last_active_at),
        "membership": {
            "level": level,
            "expiresAt": member_expires_at.map(rfc3339),
            "active": member_expires_at.is_some_and(|t| t > now),
        },
        "languages": { "interface": language },
    });
    Ok(Some(Profile {
        fields,
        user_name,
        avatar,
    }))
}

/// `appeals.json`: what they wrote against a suspension, and what staff decided.
pub async fn appeals(db: &Db, me: i64) -> sqlx::Result<Value> {
    let appeals: Vec<(String, String, i64, Option<i64>)> = on_db!(db, pool => sqlx::query_as(
        "SELECT body, state, created_at, decided_at FROM ban_appeals WHERE user_id = $1 ORDER BY id",
    ).bind(me).fetch_all(pool).await)?;
    let appeals: Vec<Value> = appeals
        .into_iter()
        .map(|(text, state, at, decided_at)| {
            json!({
                "text": text, "state": state, "sentAt": rfc3339(at),
                "decidedAt": decided_at.map(rfc3339),
            })
        })
        .collect();
    Ok(json!({ "appeals": appeals }))
}

/// Who is about to be erased: their address (for the mail still waiting for them) and the keys
/// of their avatar; none for an account erased already.
pub struct Leaving {
    pub email: Option<String>,
    pub files: Vec<String>,
}

pub async fn leaving(tx: &mut Tx, user_id: i64) -> sqlx::Result<Option<Leaving>> {
    let person: Option<(Option<String>, Option<String>, Option<String>)> = on_tx!(tx, conn => sqlx::query_as(
        "SELECT email, avatar_key, avatar_thumb_key FROM users WHERE id = $1 AND status <> 'deleted'",
    ).bind(user_id).fetch_optional(&mut **conn).await)?;
    Ok(person.map(|(email, avatar, thumb)| Leaving {
        email,
        files: avatar.into_iter().chain(thumb).collect(),
    }))
}

/// Signs them out everywhere, removes their appeals and codes, and blanks the `users` row. Its
/// placeholder name has an '@', which no chosen user name has, so it never collides with a
/// member's name.
pub async fn erase(tx: &mut Tx, user_id: i64, now: i64) -> sqlx::Result<()> {
    on_tx!(tx, conn => {
        for sql in [
            "DELETE FROM ban_appeals WHERE user_id = $1",
            "DELETE FROM appeal_passes WHERE user_id = $1",
            "DELETE FROM suspended_sessions WHERE user_id = $1",
            "DELETE FROM sessions WHERE user_id = $1",
            "DELETE FROM email_codes WHERE user_id = $1",
            "DELETE FROM login_failures WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }
        sqlx::query(
            "UPDATE users SET status = 'deleted', deleted_at = $2, email = NULL,
                user_name = 'deleted@' || CAST(id AS TEXT), password_hash = '', signature = NULL,
                telephone = NULL, avatar_key = NULL, avatar_thumb_key = NULL, verified_avatar_key = NULL, birthday = '',
                country = '', email_verified = FALSE, level = NULL, member_expires_at = NULL
             WHERE id = $1",
        ).bind(user_id).bind(now).execute(&mut **conn).await?;
        Ok(())
    })
}
