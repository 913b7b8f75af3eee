//! What staff read and decide, on SQLite and PostgreSQL: the reports queue, people as staff see
//! them, and the queue of messages trust & safety set aside. Every queue pages along an index
//! of its open rows, so the first page and the fiftieth cost the same however long it is.

use crate::account::model::{Gender, Level, Role, UserStatus};
use crate::db::{bind_all, counted, on_db, on_tx, Arg, Db};
use crate::people::model::ReportStatus;

/// A report with both people, as the queue shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReportRow {
    pub id: i64,
    pub reason: String,
    pub content: Option<String>,
    /// Screenshot keys, one a line.
    pub images: String,
    pub status: ReportStatus,
    pub action: Option<String>,
    pub created_at: i64,
    pub closed_at: Option<i64>,
    pub closed_by: Option<i64>,
    pub reporter_id: i64,
    pub reporter_name: String,
    pub reporter_avatar: Option<String>,
    pub target_id: i64,
    pub target_name: String,
    pub target_avatar: Option<String>,
    pub target_status: UserStatus,
    pub target_held: bool,
    /// Every report against the target, this one included.
    pub target_reports: i64,
    /// A report about a group chat, or a message in one.
    pub group_id: Option<i64>,
    pub group_name: Option<String>,
    pub group_ended: bool,
    pub group_event_id: Option<i64>,
}

const REPORT: &str = "SELECT r.id, r.reason, r.content, r.images, r.status, r.action, r.created_at,
        r.closed_at, r.closed_by,
        r.reporter_id, ru.user_name AS reporter_name, ru.avatar_thumb_key AS reporter_avatar,
        r.target_id, tu.user_name AS target_name, tu.avatar_thumb_key AS target_avatar,
        tu.status AS target_status, (tu.held_at IS NOT NULL) AS target_held,
        (SELECT COUNT(*) FROM reports x WHERE x.target_id = r.target_id) AS target_reports,
        r.group_id, g.name AS group_name, (g.ended_at IS NOT NULL) AS group_ended, r.group_event_id
    FROM reports r JOIN users ru ON ru.id = r.reporter_id JOIN users tu ON tu.id = r.target_id
        LEFT JOIN chat_groups g ON g.id = r.group_id";

/// A line of a group's history, as staff read it beside a report.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GroupLineRow {
    pub id: i64,
    pub seq: i64,
    /// message or system.
    pub kind: String,
    pub sender_id: Option<i64>,
    pub sender_name: Option<String>,
    pub msg_type: String,
    pub content: String,
    pub created_at: i64,
    pub recalled_at: Option<i64>,
}

/// A message the target sent the reporter.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SentRow {
    pub id: i64,
    pub kind: String,
    pub content: String,
    pub created_at: i64,
}

/// A person as staff see them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PersonRow {
    pub id: i64,
    pub user_name: String,
    pub email: Option<String>,
    pub avatar_thumb_key: Option<String>,
    pub status: UserStatus,
    pub role: Role,
    pub level: Option<Level>,
    pub member_expires_at: Option<i64>,
    pub gender: Gender,
    pub country: String,
    pub signature: Option<String>,
    pub language: String,
    pub created_at: i64,
    pub last_active_at: i64,
    pub ban_reason: Option<String>,
    pub banned_until: Option<i64>,
    pub held: bool,
    pub reports_against: i64,
}

const PERSON: &str =
    "SELECT u.id, u.user_name, u.email, u.avatar_thumb_key, u.status, u.role, u.level,
        u.member_expires_at, u.gender, u.country, u.signature, u.language, u.created_at,
        u.last_active_at, u.ban_reason, u.banned_until, (u.held_at IS NOT NULL) AS held,
        (SELECT COUNT(*) FROM reports r WHERE r.target_id = u.id) AS reports_against
    FROM users u";

/// Whom a search for people asks for.
pub enum Wanted<'a> {
    Everyone,
    Id(i64),
    Email(&'a str),
    /// A user name beginning so (lower case).
    NamePrefix(&'a str),
}

/// A message set aside for staff, with both people's names.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SafetyRow {
    pub id: i64,
    pub kind: String,
    pub reason: String,
    pub sender_id: i64,
    pub sender_name: String,
    /// Whom it went to: a person, or a group.
    pub recipient_id: Option<i64>,
    pub recipient_name: Option<String>,
    pub group_id: Option<i64>,
    pub group_name: Option<String>,
    pub message_id: Option<i64>,
    pub client_id: String,
    pub content: String,
    /// The held message's type (`txt`, `custom`).
    pub msg_type: String,
    pub created_at: i64,
}

/// The first text past every text beginning with `prefix`: its last character moved one on
/// ("bo" → "bp"), a bound any collation's index can range over.
fn past(prefix: &str) -> String {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        let next = (u32::from(last) + 1..=u32::from(char::MAX)).find_map(char::from_u32);
        if let Some(next) = next {
            chars.push(next);
            return chars.into_iter().collect();
        }
    }
    char::MAX.to_string()
}

const SAFETY: &str = "SELECT q.id, q.kind, q.reason, q.sender_id, su.user_name AS sender_name,
        q.recipient_id, ru.user_name AS recipient_name, q.group_id, g.name AS group_name,
        q.message_id, q.client_id, q.content, q.msg_type, q.created_at
    FROM safety_queue q JOIN users su ON su.id = q.sender_id
        LEFT JOIN users ru ON ru.id = q.recipient_id LEFT JOIN chat_groups g ON g.id = q.group_id";

#[derive(Clone, Debug)]
pub struct StaffStore {
    db: Db,
}

impl StaffStore {
    pub fn new(db: Db) -> StaffStore {
        StaffStore { db }
    }

    /// Reports in one state: the open ones oldest first (a queue), the closed most recently
    /// closed first.
    pub async fn reports(
        &self,
        open: bool,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<ReportRow>, i64)> {
        let (filter, order, outer) = if open {
            ("status = 'open'", "id", "r.id")
        } else {
            (
                "status = 'closed'",
                "closed_at DESC, id DESC",
                "r.closed_at DESC, r.id DESC",
            )
        };
        // The page's ids along the queue's index first, then the joins for those rows alone.
        let sql = format!(
            "{REPORT} WHERE r.id IN (SELECT id FROM reports WHERE {filter} ORDER BY {order} LIMIT $1 OFFSET $2)
             ORDER BY {outer}"
        );
        let count = counted(&format!("SELECT 1 FROM reports WHERE {filter}"));
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(&sql).bind(limit).bind(offset).fetch_all(pool).await?;
            let total = sqlx::query_scalar(&count).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    pub async fn report(&self, id: i64) -> sqlx::Result<Option<ReportRow>> {
        let sql = format!("{REPORT} WHERE r.id = $1");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    /// The newest reports against a person, but `except`.
    pub async fn reports_against(
        &self,
        target: i64,
        except: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<ReportRow>> {
        let sql =
            format!("{REPORT} WHERE r.target_id = $1 AND r.id <> $2 ORDER BY r.id DESC LIMIT $3");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(target).bind(except).bind(limit).fetch_all(pool).await)
    }

    /// A group's messages and system lines up to `up_to` (its newest with none), newest first.
    pub async fn group_lines(
        &self,
        group: i64,
        up_to: Option<i64>,
        limit: i64,
    ) -> sqlx::Result<Vec<GroupLineRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT e.id, e.seq, e.kind, e.sender_id, u.user_name AS sender_name, e.msg_type,
                    e.content, e.created_at, e.recalled_at
             FROM group_events e LEFT JOIN users u ON u.id = e.sender_id
             WHERE e.group_id = $1 AND e.kind <> 'recall' AND e.id <= $2
             ORDER BY e.seq DESC LIMIT $3",
        ).bind(group).bind(up_to.unwrap_or(i64::MAX)).bind(limit).fetch_all(pool).await)
    }

    pub async fn reports_filed(&self, reporter: i64) -> sqlx::Result<i64> {
        on_db!(&self.db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM reports WHERE reporter_id = $1")
            .bind(reporter).fetch_one(pool).await)
    }

    /// The newest messages `sender` sent `recipient`.
    pub async fn sent(
        &self,
        sender: i64,
        recipient: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<SentRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id, kind, content, created_at FROM messages
             WHERE sender_id = $1 AND recipient_id = $2 ORDER BY id DESC LIMIT $3",
        ).bind(sender).bind(recipient).bind(limit).fetch_all(pool).await)
    }

    /// Closes open reports (one, or with `all_against` every open one against its target) with
    /// staff's action; then, when none stays open against the target, lifts the hold reports
    /// put on them. Answers the ids closed (none: the report was closed already, or is unknown).
    pub async fn close_reports(
        &self,
        id: i64,
        all_against: bool,
        action: &str,
        staff: i64,
        now: i64,
    ) -> sqlx::Result<Vec<i64>> {
        let mut tx = self.db.begin_write().await?;
        let closed = on_tx!(&mut tx, conn => {
            let target: Option<i64> = sqlx::query_scalar("SELECT target_id FROM reports WHERE id = $1 AND status = 'open'")
                .bind(id).fetch_optional(&mut **conn).await?;
            let Some(target) = target else { return Ok(Vec::new()) };
            let which = if all_against { "target_id = $4" } else { "id = $4" };
            let closed: Vec<i64> = sqlx::query_scalar(&format!(
                "UPDATE reports SET status = 'closed', action = $1, closed_at = $2, closed_by = $3
                 WHERE {which} AND status = 'open' RETURNING id"
            )).bind(action).bind(now).bind(staff).bind(if all_against { target } else { id })
                .fetch_all(&mut **conn).await?;
            sqlx::query(
                "UPDATE users SET held_at = NULL WHERE id = $1 AND held_at IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM reports WHERE target_id = $1 AND status = 'open')",
            ).bind(target).execute(&mut **conn).await?;
            closed
        });
        tx.commit().await?;
        Ok(closed)
    }

    /// Clears what a person shows about themselves (staff removing their content); answers the
    /// avatar's keys, to delete its files.
    pub async fn clear_profile(&self, user_id: i64) -> sqlx::Result<Vec<String>> {
        let mut tx = self.db.begin_write().await?;
        let old = on_tx!(&mut tx, conn => {
            let old: Option<(Option<String>, Option<String>)> = sqlx::query_as(
                "SELECT avatar_key, avatar_thumb_key FROM users WHERE id = $1",
            ).bind(user_id).fetch_optional(&mut **conn).await?;
            sqlx::query("UPDATE users SET avatar_key = NULL, avatar_thumb_key = NULL, signature = NULL WHERE id = $1")
                .bind(user_id).execute(&mut **conn).await?;
            old
        });
        tx.commit().await?;
        Ok(old
            .map(|(a, b)| a.into_iter().chain(b).collect())
            .unwrap_or_default())
    }

    pub async fn person(&self, id: i64) -> sqlx::Result<Option<PersonRow>> {
        let sql = format!("{PERSON} WHERE u.id = $1");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    /// People found by id, email or the beginning of their user name (along the index of
    /// lower-cased names), newest first.
    pub async fn people(
        &self,
        wanted: &Wanted<'_>,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<PersonRow>, i64)> {
        let (condition, args) = match wanted {
            Wanted::Everyone => ("TRUE", vec![]),
            Wanted::Id(id) => ("u.id = $1", vec![Arg::Int(*id)]),
            Wanted::Email(email) => (
                "LOWER(u.email) = LOWER($1)",
                vec![Arg::Text((*email).to_owned())],
            ),
            Wanted::NamePrefix(prefix) => (
                "LOWER(u.user_name) >= $1 AND LOWER(u.user_name) < $2",
                vec![Arg::Text((*prefix).to_owned()), Arg::Text(past(prefix))],
            ),
        };
        let n = args.len();
        let rows_sql = format!(
            "{PERSON} WHERE u.id IN (SELECT u.id FROM users u WHERE {condition}
                 ORDER BY u.id DESC LIMIT ${} OFFSET ${})
             ORDER BY u.id DESC",
            n + 1,
            n + 2
        );
        let count_sql = counted(&format!("SELECT 1 FROM users u WHERE {condition}"));
        on_db!(&self.db, pool => {
            let rows = bind_all!(sqlx::query_as(&rows_sql), &args).bind(limit).bind(offset).fetch_all(pool).await?;
            let total = bind_all!(sqlx::query_scalar(&count_sql), &args).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    /// Messages set aside for staff, longest waiting first, and how many wait.
    pub async fn safety_queue(&self, limit: i64) -> sqlx::Result<(Vec<SafetyRow>, i64)> {
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(
                &format!("{SAFETY} WHERE q.status = 'open' ORDER BY q.id LIMIT $1"),
            ).bind(limit).fetch_all(pool).await?;
            let waiting = sqlx::query_scalar(&counted("SELECT 1 FROM safety_queue WHERE status = 'open'"))
                .fetch_one(pool).await?;
            Ok((rows, waiting))
        })
    }

    /// Takes a message out of the queue with staff's decision; answers it, none when it was
    /// decided already or is unknown.
    pub async fn decide_safety(
        &self,
        id: i64,
        staff: i64,
        now: i64,
    ) -> sqlx::Result<Option<SafetyRow>> {
        let mut tx = self.db.begin_write().await?;
        let row = on_tx!(&mut tx, conn => {
            let decided = sqlx::query(
                "UPDATE safety_queue SET status = 'closed', decided_at = $2, decided_by = $3
                 WHERE id = $1 AND status = 'open'",
            ).bind(id).bind(now).bind(staff).execute(&mut **conn).await?.rows_affected() > 0;
            if !decided {
                return Ok(None);
            }
            let row = sqlx::query_as(
                &format!("{SAFETY} WHERE q.id = $1"),
            ).bind(id).fetch_optional(&mut **conn).await?;
            row
        });
        tx.commit().await?;
        Ok(row)
    }
}

#[cfg(test)]
mod tests {
    use super::past;

    #[test]
    fn past_a_prefix_is_its_last_character_moved_on() {
        assert_eq!(past("bo"), "bp");
        assert_eq!(past("zz"), "z{");
        assert_eq!(past("an\u{10FFFF}"), "ao");
        assert!("boris" < past("bo").as_str() && "bo" < past("bo").as_str());
    }
}
