//! People storage on SQLite and PostgreSQL. Every list goes through `VISIBLE`: never me, never
//! anyone I blocked or who blocked me, never a deleted or banned account.

pub use crate::db::Arg;
use crate::db::{bind_all, on_db};
use crate::db::{Db, WriteTx};
use crate::people::model::{CardRow, Counters, List};

/// The card columns; `$1` is the viewer (for the private remark).
const CARD: &str = "u.id, u.user_name, u.gender, u.country, u.birthday, u.language, u.signature,
    u.avatar_key, u.avatar_thumb_key, u.level, u.member_expires_at, u.last_active_at, u.created_at,
    (u.role = 'service') AS service,
    (SELECT r.remark FROM remarks r WHERE r.owner_id = $1 AND r.target_id = u.id) AS remark,
    EXISTS (SELECT 1 FROM likes lk WHERE lk.liker_id = $1 AND lk.liked_id = u.id) AS liked";

/// Visible to the viewer `$1`.
const VISIBLE: &str = "u.status = 'active' AND u.id <> $1 AND NOT EXISTS (
    SELECT 1 FROM blocks b
    WHERE (b.blocker_id = $1 AND b.blocked_id = u.id) OR (b.blocker_id = u.id AND b.blocked_id = $1))";

/// Listed to the viewer `$1`: visible, and not a service account.
fn listed() -> String {
    format!("{VISIBLE} AND u.role <> 'service'")
}

/// Offered by discover to the viewer `$1`: listed, and not held for staff after many reports.
fn discoverable() -> String {
    format!("{} AND u.held_at IS NULL", listed())
}

/// A report as filed.
pub struct NewReport<'a> {
    pub reporter: i64,
    pub target: i64,
    pub reason: &'a str,
    pub content: Option<&'a str>,
    pub images: &'a [String],
}

/// When reports hold someone from discover: this many different reporters since `since`.
#[derive(Debug, Clone, Copy)]
pub struct Hold {
    pub reporters: i64,
    pub since: i64,
}

/// A discover query: conditions on `u` with their arguments (after the viewer, `$1`).
#[derive(Debug, Default)]
pub struct Search {
    pub conditions: Vec<String>,
    pub args: Vec<Arg>,
}

impl Search {
    /// Adds `column op $n` and returns nothing; `$n` numbers follow the viewer's `$1`.
    pub fn push(&mut self, sql_with_placeholder: &str, arg: Arg) {
        let n = self.args.len() + 2;
        self.conditions
            .push(sql_with_placeholder.replace("$?", &format!("${n}")));
        self.args.push(arg);
    }
}

/// People storage on SQLite and PostgreSQL.
#[derive(Clone, Debug)]
pub struct PeopleStore {
    db: Db,
}

/// The people lists of SPEC section 7 "Users and likes", plus contacts and blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeopleList {
    /// People I like (My Favourite).
    LikeTo,
    /// People who like me (Wink Me).
    LikeMe,
    /// People I like who like me back.
    Mutual,
    /// People who visited my profile (Love's Footprints).
    Visitors,
    Contacts,
    Blocked,
}

fn list_sql(list: PeopleList) -> (String, String) {
    let listed = listed();
    let (from, order) = match list {
        PeopleList::LikeTo => (
            format!("FROM likes l JOIN users u ON u.id = l.liked_id WHERE l.liker_id = $1 AND {listed}"),
            "l.created_at",
        ),
        PeopleList::LikeMe => (
            format!("FROM likes l JOIN users u ON u.id = l.liker_id WHERE l.liked_id = $1 AND {listed}"),
            "l.created_at",
        ),
        PeopleList::Mutual => (
            format!(
                "FROM likes l JOIN users u ON u.id = l.liked_id
                 JOIN likes back ON back.liker_id = u.id AND back.liked_id = $1
                 WHERE l.liker_id = $1 AND {listed}"
            ),
            "CASE WHEN l.created_at > back.created_at THEN l.created_at ELSE back.created_at END",
        ),
        PeopleList::Visitors => (
            format!(
                "FROM users u JOIN (SELECT visitor_id, MAX(created_at) AS last_visit FROM footprints
                    WHERE visited_id = $1 GROUP BY visitor_id) f ON f.visitor_id = u.id
                 WHERE {listed}"
            ),
            "f.last_visit",
        ),
        PeopleList::Contacts => (
            format!("FROM contacts c JOIN users u ON u.id = c.contact_id WHERE c.owner_id = $1 AND {VISIBLE}"),
            "c.created_at",
        ),
        PeopleList::Blocked => (
            "FROM blocks bl JOIN users u ON u.id = bl.blocked_id WHERE bl.blocker_id = $1 AND u.status = 'active'".to_owned(),
            "bl.created_at",
        ),
    };
    (
        format!("SELECT {CARD}, {order} AS happened_at {from} ORDER BY happened_at DESC, u.id DESC LIMIT $2 OFFSET $3"),
        format!("SELECT COUNT(*) {from}"),
    )
}

impl PeopleStore {
    pub fn new(db: Db) -> PeopleStore {
        PeopleStore { db }
    }

    /// A person the viewer may see; service accounts included.
    pub async fn card(&self, viewer: i64, target: i64) -> sqlx::Result<Option<CardRow>> {
        let sql = format!("SELECT {CARD}, CAST(NULL AS BIGINT) AS happened_at FROM users u WHERE u.id = $2 AND {VISIBLE}");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(viewer).bind(target).fetch_optional(pool).await)
    }

    pub async fn discover(
        &self,
        viewer: i64,
        search: &Search,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<CardRow>, i64)> {
        let mut conditions = vec![discoverable()];
        conditions.extend(search.conditions.iter().cloned());
        let filter = conditions.join(" AND ");
        let n = search.args.len() + 2;
        let rows_sql = format!(
            "SELECT {CARD}, CAST(NULL AS BIGINT) AS happened_at FROM users u WHERE {filter}
             ORDER BY u.last_active_at DESC, u.id DESC LIMIT ${n} OFFSET ${}",
            n + 1
        );
        let count_sql = format!("SELECT COUNT(*) FROM users u WHERE {filter}");
        on_db!(&self.db, pool => {
            let rows = bind_all!(sqlx::query_as(&rows_sql).bind(viewer), &search.args)
                .bind(limit)
                .bind(offset)
                .fetch_all(pool)
                .await?;
            let (total,): (i64,) = bind_all!(sqlx::query_as(&count_sql).bind(viewer), &search.args)
                .fetch_one(pool)
                .await?;
            Ok((rows, total))
        })
    }

    pub async fn random(&self, viewer: i64, search: &Search) -> sqlx::Result<Option<CardRow>> {
        let mut conditions = vec![discoverable()];
        conditions.extend(search.conditions.iter().cloned());
        let sql = format!(
            "SELECT {CARD}, CAST(NULL AS BIGINT) AS happened_at FROM users u WHERE {} ORDER BY RANDOM() LIMIT 1",
            conditions.join(" AND ")
        );
        on_db!(&self.db, pool => bind_all!(sqlx::query_as(&sql).bind(viewer), &search.args).fetch_optional(pool).await)
    }

    /// Of `candidates` (in their order), the people the viewer may see today when at most `cap`
    /// different people are shown a day: people already shown today always, new people while the
    /// day's count is under the cap (recorded as shown).
    pub async fn admit_shown(
        &self,
        viewer: i64,
        day: i64,
        candidates: &[i64],
        cap: i64,
    ) -> sqlx::Result<Vec<i64>> {
        if candidates.is_empty() {
            return Ok(Vec::new());
        }
        let listed = crate::db::placeholders(3, candidates.len());
        let seen_sql = format!(
            "SELECT shown_id FROM discover_shown WHERE viewer_id = $1 AND day = $2 AND shown_id IN ({listed})"
        );
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let (mut shown,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM discover_shown WHERE viewer_id = $1 AND day = $2",
            ).bind(viewer).bind(day).fetch_one(&mut *tx).await?;
            let mut seen = sqlx::query_scalar(&seen_sql).bind(viewer).bind(day);
            for id in candidates {
                seen = seen.bind(*id);
            }
            let seen: Vec<i64> = seen.fetch_all(&mut *tx).await?;
            let mut admitted = Vec::with_capacity(candidates.len());
            for &id in candidates {
                if seen.contains(&id) {
                    admitted.push(id);
                } else if shown < cap {
                    sqlx::query("INSERT INTO discover_shown (viewer_id, day, shown_id) VALUES ($1, $2, $3)")
                        .bind(viewer).bind(day).bind(id).execute(&mut *tx).await?;
                    shown += 1;
                    admitted.push(id);
                }
            }
            tx.commit().await?;
            Ok(admitted)
        })
    }

    /// Forgets who was shown on days before `day`.
    pub async fn forget_shown_before(&self, day: i64) -> sqlx::Result<u64> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM discover_shown WHERE day < $1")
            .bind(day).execute(pool).await.map(|r| r.rows_affected()))
    }

    pub async fn record_footprint(
        &self,
        visitor: i64,
        visited: i64,
        day: i64,
        now: i64,
    ) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO footprints (visitor_id, visited_id, day, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (visitor_id, visited_id, day) DO NOTHING",
        ).bind(visitor).bind(visited).bind(day).bind(now).execute(pool).await.map(|_| ()))
    }

    /// Likes or unlikes; true when the viewer now likes the target.
    pub async fn toggle_like(&self, liker: i64, liked: i64, now: i64) -> sqlx::Result<bool> {
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let removed = sqlx::query("DELETE FROM likes WHERE liker_id = $1 AND liked_id = $2")
                .bind(liker).bind(liked).execute(&mut *tx).await?.rows_affected();
            if removed == 0 {
                sqlx::query(
                    "INSERT INTO likes (liker_id, liked_id, created_at) VALUES ($1, $2, $3)
                     ON CONFLICT (liker_id, liked_id) DO NOTHING",
                ).bind(liker).bind(liked).bind(now).execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok(removed == 0)
        })
    }

    /// Likes (`true`) or takes the like back (`false`), whatever the state was: asking twice
    /// changes nothing the second time.
    pub async fn set_like(&self, liker: i64, liked: i64, like: bool, now: i64) -> sqlx::Result<()> {
        if like {
            on_db!(&self.db, pool => sqlx::query(
                "INSERT INTO likes (liker_id, liked_id, created_at) VALUES ($1, $2, $3)
                 ON CONFLICT (liker_id, liked_id) DO NOTHING",
            ).bind(liker).bind(liked).bind(now).execute(pool).await.map(|_| ()))
        } else {
            on_db!(&self.db, pool => sqlx::query("DELETE FROM likes WHERE liker_id = $1 AND liked_id = $2")
                .bind(liker).bind(liked).execute(pool).await.map(|_| ()))
        }
    }

    /// (I like them, they like me).
    pub async fn like_state(&self, viewer: i64, target: i64) -> sqlx::Result<(bool, bool)> {
        let rows: Vec<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT liker_id FROM likes WHERE (liker_id = $1 AND liked_id = $2) OR (liker_id = $2 AND liked_id = $1)",
        ).bind(viewer).bind(target).fetch_all(pool).await)?;
        Ok((
            rows.iter().any(|(l,)| *l == viewer),
            rows.iter().any(|(l,)| *l == target),
        ))
    }

    pub async fn list(
        &self,
        viewer: i64,
        list: PeopleList,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<CardRow>, i64)> {
        let (rows_sql, count_sql) = list_sql(list);
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(&rows_sql).bind(viewer).bind(limit).bind(offset).fetch_all(pool).await?;
            let (total,): (i64,) = sqlx::query_as(&count_sql).bind(viewer).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    pub async fn counters(&self, user_id: i64) -> sqlx::Result<Counters> {
        let listed = listed();
        let seen = |list: List| {
            format!(
                "COALESCE((SELECT seen_at FROM list_seen WHERE user_id = $1 AND list = '{}'), 0)",
                list.as_str()
            )
        };
        let sql = format!(
            "SELECT
               (SELECT COUNT(*) FROM likes l JOIN users u ON u.id = l.liked_id
                  JOIN likes back ON back.liker_id = u.id AND back.liked_id = $1
                  WHERE l.liker_id = $1 AND {listed}
                  AND (CASE WHEN l.created_at > back.created_at THEN l.created_at ELSE back.created_at END) > {like_to}),
               (SELECT COUNT(*) FROM likes l JOIN users u ON u.id = l.liker_id
                  WHERE l.liked_id = $1 AND {listed} AND l.created_at > {like_me}),
               (SELECT COUNT(DISTINCT f.visitor_id) FROM footprints f JOIN users u ON u.id = f.visitor_id
                  WHERE f.visited_id = $1 AND {listed} AND f.created_at > {visitor})",
            like_to = seen(List::LikeTo),
            like_me = seen(List::LikeMe),
            visitor = seen(List::Visitor),
        );
        let (like_to, like_me, visitor): (i64, i64, i64) =
            on_db!(&self.db, pool => sqlx::query_as(&sql).bind(user_id).fetch_one(pool).await)?;
        Ok(Counters {
            like_to,
            like_me,
            visitor,
            dynamics: 0,
        })
    }

    pub async fn mark_seen(&self, user_id: i64, list: List, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO list_seen (user_id, list, seen_at) VALUES ($1, $2, $3)
             ON CONFLICT (user_id, list) DO UPDATE SET seen_at = excluded.seen_at",
        ).bind(user_id).bind(list.as_str()).bind(now).execute(pool).await.map(|_| ()))
    }

    pub async fn block(&self, blocker: i64, blocked: i64, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (blocker_id, blocked_id) DO NOTHING",
        ).bind(blocker).bind(blocked).bind(now).execute(pool).await.map(|_| ()))
    }

    pub async fn unblock(&self, blocker: i64, blocked: &[i64]) -> sqlx::Result<u64> {
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let mut removed = 0;
            for id in blocked {
                removed += sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
                    .bind(blocker).bind(*id).execute(&mut *tx).await?.rows_affected();
            }
            tx.commit().await?;
            Ok(removed)
        })
    }

    /// Files a report; when it makes `hold.reporters` different people with an open report
    /// against the target since `hold.since`, the target is held from discover (`held_at`).
    pub async fn report(&self, r: &NewReport<'_>, hold: Hold, now: i64) -> sqlx::Result<i64> {
        on_db!(&self.db, pool => {
            let mut tx = pool.begin_write().await?;
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO reports (reporter_id, target_id, reason, content, images, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            ).bind(r.reporter).bind(r.target).bind(r.reason).bind(r.content).bind(r.images.join("\n")).bind(now)
            .fetch_one(&mut *tx).await?;
            let reporters: i64 = sqlx::query_scalar(
                "SELECT COUNT(DISTINCT reporter_id) FROM reports
                 WHERE target_id = $1 AND status = 'open' AND created_at >= $2",
            ).bind(r.target).bind(hold.since).fetch_one(&mut *tx).await?;
            if reporters >= hold.reporters {
                sqlx::query("UPDATE users SET held_at = $2 WHERE id = $1 AND held_at IS NULL")
                    .bind(r.target).bind(now).execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok(id)
        })
    }

    pub async fn add_contact(&self, owner: i64, contact: i64, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO contacts (owner_id, contact_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (owner_id, contact_id) DO NOTHING",
        ).bind(owner).bind(contact).bind(now).execute(pool).await.map(|_| ()))
    }

    pub async fn remove_contact(&self, owner: i64, contact: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM contacts WHERE owner_id = $1 AND contact_id = $2")
            .bind(owner).bind(contact).execute(pool).await.map(|_| ()))
    }

    pub async fn is_contact(&self, owner: i64, contact: i64) -> sqlx::Result<bool> {
        let found: Option<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT contact_id FROM contacts WHERE owner_id = $1 AND contact_id = $2",
        ).bind(owner).bind(contact).fetch_optional(pool).await)?;
        Ok(found.is_some())
    }

    /// Sets (or with `None` clears) my private remark for someone.
    pub async fn set_remark(
        &self,
        owner: i64,
        target: i64,
        remark: Option<&str>,
        now: i64,
    ) -> sqlx::Result<()> {
        on_db!(&self.db, pool => match remark {
            Some(remark) => sqlx::query(
                "INSERT INTO remarks (owner_id, target_id, remark, updated_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (owner_id, target_id) DO UPDATE SET remark = excluded.remark, updated_at = excluded.updated_at",
            ).bind(owner).bind(target).bind(remark).bind(now).execute(pool).await.map(|_| ()),
            None => sqlx::query("DELETE FROM remarks WHERE owner_id = $1 AND target_id = $2")
                .bind(owner).bind(target).execute(pool).await.map(|_| ()),
        })
    }

    /// The service account with this user name, seen by `viewer`.
    pub async fn service_account(
        &self,
        viewer: i64,
        user_name: &str,
    ) -> sqlx::Result<Option<CardRow>> {
        let sql = format!(
            "SELECT {CARD}, CAST(NULL AS BIGINT) AS happened_at FROM users u
             WHERE u.role = 'service' AND u.status = 'active' AND u.user_name = $2"
        );
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(viewer).bind(user_name).fetch_optional(pool).await)
    }
}
