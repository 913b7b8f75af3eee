//! People storage on SQLite and PostgreSQL. Every list goes through `VISIBLE`: never me, never
//! anyone I blocked or who blocked me, never a deleted or banned account.

mod discover;
mod nearby;

use crate::db::{on_db, on_tx, Db};
use crate::people::model::{CardRow, Counters, List};
use crate::people::paging::PEOPLE_COUNTED;
pub use discover::{Conditions, Findable, FirstFound, ListRow, Only};
pub use nearby::Sharing;

/// The card columns; `$1` is the viewer (for the private remark).
const CARD: &str = "u.id, u.user_name, u.gender, u.country, u.birthday, u.language, u.signature,
    u.avatar_key, u.avatar_thumb_key, u.level, u.member_expires_at, u.last_active_at, u.created_at,
    (u.role = 'service') AS service,
    COALESCE(u.verified_avatar_key = u.avatar_key, FALSE) AS verified,
    (SELECT r.remark FROM remarks r WHERE r.owner_id = $1 AND r.target_id = u.id) AS remark,
    (SELECT TRUE FROM likes lk WHERE lk.liker_id = $1 AND lk.liked_id = u.id) IS NOT NULL AS liked";

/// Visible to the viewer `$1`. Each direction of a block is its own lookup by primary key (an
/// `OR` of the two makes PostgreSQL's generic plan compare every block of the viewer with every
/// row), as is the `liked` of `CARD` (an `EXISTS` there becomes a hash of all the viewer's likes).
const VISIBLE: &str = "u.status = 'active' AND u.id <> $1
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = u.id)
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = $1)";

/// Listed to the viewer `$1`: visible, and not a service account.
fn listed() -> String {
    format!("{VISIBLE} AND u.role <> 'service'")
}

/// Offered by discover to the viewer `$1`: listed, and not held for staff after many reports.
fn discoverable() -> String {
    format!("{} AND u.held_at IS NULL", listed())
}

/// One key for the two people of a like, whichever likes whom.
fn pair_key(a: i64, b: i64) -> i64 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    low.wrapping_mul(1_000_003).wrapping_add(high)
}

/// A report as filed.
pub struct NewReport<'a> {
    pub reporter: i64,
    pub target: i64,
    pub reason: &'a str,
    pub content: Option<&'a str>,
    pub images: &'a [String],
    /// The group the report is about, and the message in it when it is about one.
    pub group: Option<(i64, Option<i64>)>,
}

/// When reports hold someone from discover: this many different reporters since `since`.
#[derive(Debug, Clone, Copy)]
pub struct Hold {
    pub reporters: i64,
    pub since: i64,
}

/// What a like or its taking back did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LikeChange {
    /// The liker likes them now.
    pub likes: bool,
    /// A like that was not there before.
    pub new: bool,
    /// It made a match.
    pub matched: bool,
}

/// People storage on SQLite and PostgreSQL.
#[derive(Clone, Debug)]
pub struct PeopleStore {
    db: Db,
    /// Where lists are found: a replica of `db`, or `db` itself.
    finding: Db,
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

impl PeopleList {
    /// The letter naming the list in page tokens.
    pub fn letter(self) -> char {
        match self {
            PeopleList::LikeTo => 't',
            PeopleList::LikeMe => 'm',
            PeopleList::Mutual => 'b',
            PeopleList::Visitors => 'v',
            PeopleList::Contacts => 'c',
            PeopleList::Blocked => 'x',
        }
    }

    /// How the list is read: its table, whose rows they are, when each act happened and whom
    /// it names; rows are read newest act first along an index of (owner, act, person).
    fn sql(self) -> ListSql {
        let (table, owner, at, id) = match self {
            PeopleList::LikeTo => ("likes l", "l.liker_id", "l.created_at", "l.liked_id"),
            PeopleList::LikeMe => ("likes l", "l.liked_id", "l.created_at", "l.liker_id"),
            PeopleList::Mutual => ("matches m", "m.user_id", "m.created_at", "m.other_id"),
            PeopleList::Visitors => ("visits v", "v.visited_id", "v.last_at", "v.visitor_id"),
            PeopleList::Contacts => ("contacts c", "c.owner_id", "c.created_at", "c.contact_id"),
            PeopleList::Blocked => (
                "blocks bl",
                "bl.blocker_id",
                "bl.created_at",
                "bl.blocked_id",
            ),
        };
        let shown = match self {
            PeopleList::Contacts => VISIBLE.to_owned(),
            // The people I blocked, as long as their account stands.
            PeopleList::Blocked => "u.status = 'active'".to_owned(),
            _ => listed(),
        };
        ListSql {
            table,
            owner,
            at,
            id,
            shown,
        }
    }
}

/// A people list's SQL parts (see `PeopleList::sql`).
struct ListSql {
    table: &'static str,
    owner: &'static str,
    at: &'static str,
    id: &'static str,
    /// Which of the people named the viewer `$1` is shown.
    shown: String,
}

impl ListSql {
    /// The rows the viewer `$1` is shown, joined with the people they name.
    fn shown_rows(&self) -> String {
        let ListSql {
            table,
            owner,
            id,
            shown,
            ..
        } = self;
        format!("FROM {table} JOIN users u ON u.id = {id} WHERE {owner} = $1 AND {shown}")
    }

    /// All the viewer's rows, read from the index alone.
    fn all_rows(&self) -> String {
        format!("FROM {} WHERE {} = $1", self.table, self.owner)
    }
}

/// Where a people list's page starts.
#[derive(Debug, Clone, Copy)]
pub enum Start {
    /// After the row of this person, whose act happened at this time.
    After { at: i64, id: i64 },
    /// After this many rows (for clients paging by number).
    Offset(i64),
}

impl PeopleStore {
    pub fn new(db: Db, finding: Db) -> PeopleStore {
        PeopleStore { db, finding }
    }

    /// A person the viewer may see; service accounts included.
    pub async fn card(&self, viewer: i64, target: i64) -> sqlx::Result<Option<CardRow>> {
        let sql = format!("SELECT {CARD}, CAST(NULL AS BIGINT) AS happened_at FROM users u WHERE u.id = $2 AND {VISIBLE}");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(viewer).bind(target).fetch_optional(pool).await)
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
        let mut tx = self.db.begin_write().await?;
        let admitted = on_tx!(&mut tx, conn => {
            let (mut shown,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM discover_shown WHERE viewer_id = $1 AND day = $2",
            ).bind(viewer).bind(day).fetch_one(&mut **conn).await?;
            let mut seen = sqlx::query_scalar(&seen_sql).bind(viewer).bind(day);
            for id in candidates {
                seen = seen.bind(*id);
            }
            let seen: Vec<i64> = seen.fetch_all(&mut **conn).await?;
            let mut admitted = Vec::with_capacity(candidates.len());
            for &id in candidates {
                if seen.contains(&id) {
                    admitted.push(id);
                } else if shown < cap {
                    sqlx::query("INSERT INTO discover_shown (viewer_id, day, shown_id) VALUES ($1, $2, $3)")
                        .bind(viewer).bind(day).bind(id).execute(&mut **conn).await?;
                    shown += 1;
                    admitted.push(id);
                }
            }
            admitted
        });
        tx.commit().await?;
        Ok(admitted)
    }

    /// Forgets who was shown on days before `day`.
    pub async fn forget_shown_before(&self, day: i64) -> sqlx::Result<u64> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM discover_shown WHERE day < $1")
            .bind(day).execute(pool).await.map(|r| r.rows_affected()))
    }

    /// Records a visit: the day's footprint, and the visitor's last visit (a visit counts once a
    /// day: the first of the day, for which this answers true).
    pub async fn record_footprint(
        &self,
        visitor: i64,
        visited: i64,
        day: i64,
        now: i64,
    ) -> sqlx::Result<bool> {
        let mut tx = self.db.begin_write().await?;
        let new_today = on_tx!(&mut tx, conn => {
            let new_today = sqlx::query(
                "INSERT INTO footprints (visitor_id, visited_id, day, created_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (visitor_id, visited_id, day) DO NOTHING",
            ).bind(visitor).bind(visited).bind(day).bind(now).execute(&mut **conn).await?.rows_affected() > 0;
            if new_today {
                sqlx::query(
                    "INSERT INTO visits (visited_id, visitor_id, last_at) VALUES ($1, $2, $3)
                     ON CONFLICT (visited_id, visitor_id) DO UPDATE SET last_at = excluded.last_at",
                ).bind(visited).bind(visitor).bind(now).execute(&mut **conn).await?;
            }
            new_today
        });
        tx.commit().await?;
        Ok(new_today)
    }

    /// Likes or unlikes.
    pub async fn toggle_like(&self, liker: i64, liked: i64, now: i64) -> sqlx::Result<LikeChange> {
        self.change_like(liker, liked, None, now).await
    }

    /// Likes (`true`) or takes the like back (`false`), whatever the state was: asking twice
    /// changes nothing the second time.
    pub async fn set_like(
        &self,
        liker: i64,
        liked: i64,
        like: bool,
        now: i64,
    ) -> sqlx::Result<LikeChange> {
        self.change_like(liker, liked, Some(like), now).await
    }

    /// Sets the like (or flips it with `None`), and the match it makes or ends, in one
    /// transaction: two people liking each other at the same moment make one match.
    async fn change_like(
        &self,
        liker: i64,
        liked: i64,
        like: Option<bool>,
        now: i64,
    ) -> sqlx::Result<LikeChange> {
        let mut tx = self.db.begin_write().await?;
        tx.lock_key(pair_key(liker, liked)).await?;
        let change = on_tx!(&mut tx, conn => {
            let removed = if like == Some(true) {
                0
            } else {
                sqlx::query("DELETE FROM likes WHERE liker_id = $1 AND liked_id = $2")
                    .bind(liker).bind(liked).execute(&mut **conn).await?.rows_affected()
            };
            let likes = like.unwrap_or(removed == 0);
            if removed > 0 {
                sqlx::query(
                    "DELETE FROM matches WHERE (user_id = $1 AND other_id = $2) OR (user_id = $2 AND other_id = $1)",
                ).bind(liker).bind(liked).execute(&mut **conn).await?;
            }
            let mut change = LikeChange { likes, new: false, matched: false };
            if likes {
                sqlx::query("DELETE FROM passes WHERE passer_id = $1 AND passed_id = $2")
                    .bind(liker).bind(liked).execute(&mut **conn).await?;
                let added = sqlx::query(
                    "INSERT INTO likes (liker_id, liked_id, created_at) VALUES ($1, $2, $3)
                     ON CONFLICT (liker_id, liked_id) DO NOTHING",
                ).bind(liker).bind(liked).bind(now).execute(&mut **conn).await?.rows_affected();
                if added > 0 {
                    change.new = true;
                    for (a, b) in [(liker, liked), (liked, liker)] {
                        change.matched |= 0 < sqlx::query(
                            "INSERT INTO matches (user_id, other_id, created_at)
                             SELECT $1, $2, $3 WHERE EXISTS
                               (SELECT 1 FROM likes WHERE liker_id = $4 AND liked_id = $5)
                             ON CONFLICT (user_id, other_id) DO NOTHING",
                        ).bind(a).bind(b).bind(now).bind(liked).bind(liker).execute(&mut **conn).await?.rows_affected();
                    }
                }
            }
            change
        });
        tx.commit().await?;
        Ok(change)
    }

    /// Passes on someone in the deck (again: from now).
    pub async fn pass(&self, passer: i64, passed: i64, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO passes (passer_id, passed_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (passer_id, passed_id) DO UPDATE SET created_at = excluded.created_at",
        ).bind(passer).bind(passed).bind(now).execute(pool).await.map(|_| ()))
    }

    /// Takes a pass back; whether there was one.
    pub async fn unpass(&self, passer: i64, passed: i64) -> sqlx::Result<bool> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM passes WHERE passer_id = $1 AND passed_id = $2")
            .bind(passer).bind(passed).execute(pool).await.map(|r| r.rows_affected() > 0))
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

    /// Up to `limit` rows of a list from `from`, newest act first (ties: higher id first).
    pub async fn list(
        &self,
        viewer: i64,
        list: PeopleList,
        from: Start,
        limit: i64,
    ) -> sqlx::Result<Vec<CardRow>> {
        let sql = list.sql();
        let (source, at, id) = (sql.shown_rows(), sql.at, sql.id);
        // The limit is written into the statement: bound, PostgreSQL's generic plan guesses a
        // tenth of the rows and reads them in parallel (12 ms for a page instead of 0.7 ms).
        let order = format!("ORDER BY {at} DESC, {id} DESC LIMIT {limit}");
        on_db!(&self.db, pool => match from {
            Start::After { at: after_at, id: after_id } => {
                // A row comparison, which both databases read as a range of the index.
                let sql = format!(
                    "SELECT {CARD}, {at} AS happened_at {source} AND ({at}, {id}) < ($2, $3) {order}"
                );
                sqlx::query_as(&sql).bind(viewer).bind(after_at).bind(after_id)
                    .fetch_all(pool).await
            }
            Start::Offset(offset) => {
                let sql = format!("SELECT {CARD}, {at} AS happened_at {source} {order} OFFSET $2");
                sqlx::query_as(&sql).bind(viewer).bind(offset).fetch_all(pool).await
            }
        })
    }

    /// How many rows of the list the viewer may see, counted up to `PEOPLE_COUNTED`. A list of
    /// that many rows or more counts as full without looking at whom they name (some of them
    /// may be hidden from the viewer): only shorter lists are counted person by person.
    pub async fn list_total(&self, viewer: i64, list: PeopleList) -> sqlx::Result<i64> {
        let sql = list.sql();
        let counted = |rows: String| {
            format!("SELECT COUNT(*) FROM (SELECT 1 {rows} LIMIT {PEOPLE_COUNTED}) counted")
        };
        let (all, shown) = (counted(sql.all_rows()), counted(sql.shown_rows()));
        on_db!(&self.db, pool => {
            let rows: i64 = sqlx::query_scalar(&all).bind(viewer).fetch_one(pool).await?;
            if rows >= PEOPLE_COUNTED {
                return Ok(PEOPLE_COUNTED);
            }
            sqlx::query_scalar(&shown).bind(viewer).fetch_one(pool).await
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
               (SELECT COUNT(*) FROM matches m JOIN users u ON u.id = m.other_id
                  WHERE m.user_id = $1 AND {listed} AND m.created_at > {like_to}),
               (SELECT COUNT(*) FROM likes l JOIN users u ON u.id = l.liker_id
                  WHERE l.liked_id = $1 AND {listed} AND l.created_at > {like_me}),
               (SELECT COUNT(*) FROM visits v JOIN users u ON u.id = v.visitor_id
                  WHERE v.visited_id = $1 AND {listed} AND v.last_at > {visitor})",
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

    /// Clears a red badge: the list is seen at `now`. Nothing is written when nothing the badge
    /// counts came after the list was last seen.
    pub async fn mark_seen(&self, user_id: i64, list: List, now: i64) -> sqlx::Result<()> {
        let newest = match list {
            List::LikeTo => Some("SELECT MAX(created_at) FROM matches WHERE user_id = $1"),
            List::LikeMe => Some("SELECT MAX(created_at) FROM likes WHERE liked_id = $1"),
            List::Visitor => Some("SELECT MAX(last_at) FROM visits WHERE visited_id = $1"),
            List::Dynamics => None,
        };
        let stale = newest.map(|newest| {
            format!(
                "SELECT COALESCE(({newest}), 0) > COALESCE(
                   (SELECT seen_at FROM list_seen WHERE user_id = $1 AND list = $2), 0)"
            )
        });
        on_db!(&self.db, pool => {
            let stale: bool = match &stale {
                Some(sql) => sqlx::query_scalar(sql).bind(user_id).bind(list.as_str()).fetch_one(pool).await?,
                None => true,
            };
            if stale {
                sqlx::query(
                    "INSERT INTO list_seen (user_id, list, seen_at) VALUES ($1, $2, $3)
                     ON CONFLICT (user_id, list) DO UPDATE SET seen_at = excluded.seen_at",
                ).bind(user_id).bind(list.as_str()).bind(now).execute(pool).await?;
            }
            Ok(())
        })
    }

    pub async fn block(&self, blocker: i64, blocked: i64, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (blocker_id, blocked_id) DO NOTHING",
        ).bind(blocker).bind(blocked).bind(now).execute(pool).await.map(|_| ()))
    }

    pub async fn unblock(&self, blocker: i64, blocked: &[i64]) -> sqlx::Result<u64> {
        let mut tx = self.db.begin_write().await?;
        let removed = on_tx!(&mut tx, conn => {
            let mut removed = 0;
            for id in blocked {
                removed += sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
                    .bind(blocker).bind(*id).execute(&mut **conn).await?.rows_affected();
            }
            removed
        });
        tx.commit().await?;
        Ok(removed)
    }

    /// Files a report; when it makes `hold.reporters` different people with an open report
    /// against the target since `hold.since`, the target is held from discover (`held_at`).
    pub async fn report(&self, r: &NewReport<'_>, hold: Hold, now: i64) -> sqlx::Result<i64> {
        let mut tx = self.db.begin_write().await?;
        let id = on_tx!(&mut tx, conn => {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO reports (reporter_id, target_id, reason, content, images, created_at, group_id, group_event_id)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
            ).bind(r.reporter).bind(r.target).bind(r.reason).bind(r.content).bind(r.images.join("\n")).bind(now)
            .bind(r.group.map(|(g, _)| g)).bind(r.group.and_then(|(_, m)| m))
            .fetch_one(&mut **conn).await?;
            let reporters: i64 = sqlx::query_scalar(
                "SELECT COUNT(DISTINCT reporter_id) FROM reports
                 WHERE target_id = $1 AND status = 'open' AND created_at >= $2",
            ).bind(r.target).bind(hold.since).fetch_one(&mut **conn).await?;
            if reporters >= hold.reporters {
                sqlx::query("UPDATE users SET held_at = $2 WHERE id = $1 AND held_at IS NULL")
                    .bind(r.target).bind(now).execute(&mut **conn).await?;
            }
            id
        });
        tx.commit().await?;
        Ok(id)
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
