//! Verification requests on SQLite and PostgreSQL, and the avatar an approved selfie matched
//! (`users.verified_avatar_key`, which every card compares with the current avatar).

use crate::db::{counted, is_unique_violation, on_db, on_tx, Db};
use crate::verification::model::RequestState;

/// A request as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RequestRow {
    pub id: i64,
    pub user_id: i64,
    pub pose: String,
    /// The private selfie, until staff decide.
    pub selfie_key: Option<String>,
    pub state: RequestState,
    pub reason: Option<String>,
    pub created_at: i64,
    pub decided_at: Option<i64>,
}

/// A request waiting for staff, with whose it is and their profile photo now.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct WaitingRequest {
    #[sqlx(flatten)]
    pub request: RequestRow,
    pub user_name: String,
    pub avatar_key: Option<String>,
}

/// A person's latest request and whether their current avatar is the verified one.
#[derive(Debug, Clone)]
pub struct Standing {
    pub latest: Option<RequestRow>,
    pub verified: bool,
    pub has_avatar: bool,
}

/// A request of this person already waits.
#[derive(Debug)]
pub struct AlreadyPending;

const COLUMNS: &str = "id, user_id, pose, selfie_key, state, reason, created_at, decided_at";

#[derive(Clone, Debug)]
pub struct VerificationStore {
    db: Db,
}

impl VerificationStore {
    pub fn new(db: Db) -> VerificationStore {
        VerificationStore { db }
    }

    pub async fn standing(&self, user_id: i64) -> sqlx::Result<Standing> {
        let sql = format!(
            "SELECT {COLUMNS} FROM photo_verifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1"
        );
        on_db!(&self.db, pool => {
            let latest: Option<RequestRow> = sqlx::query_as(&sql).bind(user_id).fetch_optional(pool).await?;
            let (verified, has_avatar): (bool, bool) = sqlx::query_as(
                "SELECT COALESCE(verified_avatar_key = avatar_key, FALSE), avatar_key IS NOT NULL
                 FROM users WHERE id = $1",
            ).bind(user_id).fetch_optional(pool).await?.unwrap_or((false, false));
            Ok(Standing { latest, verified, has_avatar })
        })
    }

    /// Adds a pending request; refused when one of this person's already waits (the unique
    /// index decides, so two requests sent at once cannot both wait).
    pub async fn add(
        &self,
        user_id: i64,
        pose: &str,
        selfie_key: &str,
        now: i64,
    ) -> sqlx::Result<Result<(), AlreadyPending>> {
        let added = on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO photo_verifications (user_id, pose, selfie_key, state, created_at)
             VALUES ($1, $2, $3, 'pending', $4)",
        ).bind(user_id).bind(pose).bind(selfie_key).bind(now).execute(pool).await.map(|_| ()));
        match added {
            Ok(()) => Ok(Ok(())),
            // SQLite names the table in its message, PostgreSQL the index: both hold this.
            Err(e) if is_unique_violation(&e, "photo_verifications") => Ok(Err(AlreadyPending)),
            Err(e) => Err(e),
        }
    }

    /// Requests waiting for staff, longest waiting first, and how many wait (up to
    /// `db::COUNTED`).
    pub async fn waiting(&self, limit: i64) -> sqlx::Result<(Vec<WaitingRequest>, i64)> {
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(
                "SELECT v.id, v.user_id, v.pose, v.selfie_key, v.state, v.reason, v.created_at,
                        v.decided_at, u.user_name, u.avatar_key
                 FROM photo_verifications v JOIN users u ON u.id = v.user_id
                 WHERE v.state = 'pending' ORDER BY v.id LIMIT $1",
            ).bind(limit).fetch_all(pool).await?;
            let waiting = sqlx::query_scalar(&counted(
                "SELECT 1 FROM photo_verifications WHERE state = 'pending'",
            )).fetch_one(pool).await?;
            Ok((rows, waiting))
        })
    }

    /// Staff's decision on a waiting request, in one write transaction: the selfie's key is
    /// forgotten, and an approval marks the person's current avatar as the verified one.
    /// Answers the request as it was (with its selfie, to delete); None when none waits with
    /// this id.
    pub async fn decide(
        &self,
        id: i64,
        approve: bool,
        reason: Option<&str>,
        now: i64,
    ) -> sqlx::Result<Option<RequestRow>> {
        let select = format!(
            "SELECT {COLUMNS} FROM photo_verifications WHERE id = $1 AND state = 'pending'"
        );
        let state = if approve {
            RequestState::Approved
        } else {
            RequestState::Rejected
        };
        let mut tx = self.db.begin_write().await?;
        let request = on_tx!(&mut tx, conn => {
            let found: Option<RequestRow> = sqlx::query_as(&select).bind(id).fetch_optional(&mut **conn).await?;
            let Some(request) = found else {
                return Ok(None);
            };
            sqlx::query(
                "UPDATE photo_verifications SET state = $2, reason = $3, decided_at = $4, selfie_key = NULL
                 WHERE id = $1",
            ).bind(id).bind(state.as_str()).bind(reason).bind(now).execute(&mut **conn).await?;
            if approve {
                sqlx::query("UPDATE users SET verified_avatar_key = avatar_key WHERE id = $1")
                    .bind(request.user_id).execute(&mut **conn).await?;
            }
            request
        });
        tx.commit().await?;
        Ok(Some(request))
    }
}
