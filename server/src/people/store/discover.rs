//! Discover's storage: finding the people a search matches in activity order, the lists found
//! (kept for scrolling and shared between searches), and the cards of a page's people, checked
//! against the viewer as they are served.

use super::{discoverable, PeopleStore, CARD};
use crate::account::model::Level;
use crate::db::{bind_all, on_db, placeholders, Arg};
use crate::people::model::CardRow;

/// Who may be found at all, whoever searches: active members, not held for staff.
const FINDABLE: &str = "u.status = 'active' AND u.role <> 'service' AND u.held_at IS NULL";

/// Conditions on `u` with their arguments, placeholders numbered from where they are used.
#[derive(Debug, Default, Clone)]
pub struct Conditions {
    pub sql: Vec<String>,
    pub args: Vec<Arg>,
}

impl Conditions {
    /// The conditions joined with AND, their placeholders `$?` numbered from `$first`.
    fn numbered(&self, first: usize) -> String {
        let mut n = first;
        let mut out = Vec::with_capacity(self.sql.len());
        for condition in &self.sql {
            let mut text = String::with_capacity(condition.len());
            let mut parts = condition.split("$?");
            text.push_str(parts.next().unwrap_or_default());
            for part in parts {
                text.push_str(&format!("${n}"));
                n += 1;
                text.push_str(part);
            }
            out.push(text);
        }
        if out.is_empty() {
            "TRUE".to_owned()
        } else {
            out.join(" AND ")
        }
    }
}

/// A person a search found: who, when last active, and their membership.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Findable {
    pub id: i64,
    pub last_active_at: i64,
    pub level: Option<Level>,
    pub member_expires_at: Option<i64>,
}

/// A list as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ListRow {
    pub id: i64,
    pub search: String,
    pub created_at: i64,
    pub people: Vec<u8>,
    pub complete: bool,
    /// A first list's search counted up to 1,000 when it was found.
    pub counted: Option<i64>,
}

/// A person a first list found, with how many the search matched (counted up to a bound).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FirstFound {
    #[sqlx(flatten)]
    pub person: Findable,
    pub counted: i64,
}

/// Whom else `cards_among` keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Only {
    Anyone,
    /// People the viewer does not like.
    Unliked,
    /// People sharing their area still (people nearby's lists are a while old).
    SharingArea,
}

impl PeopleStore {
    /// Up to `limit` people the conditions match, most recently active first, after `after`
    /// (activity, id) when given.
    pub async fn find(
        &self,
        conditions: &Conditions,
        after: Option<(i64, i64)>,
        limit: i64,
    ) -> sqlx::Result<Vec<Findable>> {
        let filter = conditions.numbered(1);
        let n = conditions.args.len() + 1;
        // A row comparison reads as a range of the index on both databases; the limit is
        // written into the statement, as PostgreSQL plans a bound one for a tenth of the rows.
        let after_sql = match after {
            Some(_) => format!("AND (u.last_active_at, u.id) < (${n}, ${})", n + 1),
            None => String::new(),
        };
        let sql = format!(
            "SELECT u.id, u.last_active_at, u.level, u.member_expires_at FROM users u
             WHERE {FINDABLE} AND {filter} {after_sql}
             ORDER BY u.last_active_at DESC, u.id DESC LIMIT {limit}"
        );
        on_db!(&self.finding, pool => {
            let mut q = bind_all!(sqlx::query_as(&sql), &conditions.args);
            if let Some((active, id)) = after {
                q = q.bind(active).bind(id);
            }
            q.fetch_all(pool).await
        })
    }

    /// The first `limit` people the conditions match, most recently active first, each with
    /// how many match up to `counted`, in one statement: the count walks the index (the
    /// discover indexes hold what the usual filters ask), only the first rows are read whole.
    pub async fn find_first(
        &self,
        conditions: &Conditions,
        limit: i64,
        counted: i64,
    ) -> sqlx::Result<Vec<FirstFound>> {
        let filter = conditions.numbered(1);
        let sql = format!(
            "WITH matched AS (
               SELECT u.id, u.last_active_at FROM users u WHERE {FINDABLE} AND {filter}
               ORDER BY u.last_active_at DESC, u.id DESC LIMIT {counted})
             SELECT u.id, u.last_active_at, u.level, u.member_expires_at,
               (SELECT COUNT(*) FROM matched) AS counted
             FROM (SELECT id, last_active_at FROM matched ORDER BY last_active_at DESC, id DESC LIMIT {limit}) m
             JOIN users u ON u.id = m.id
             ORDER BY m.last_active_at DESC, m.id DESC"
        );
        on_db!(&self.finding, pool => bind_all!(sqlx::query_as(&sql), &conditions.args).fetch_all(pool).await)
    }

    /// Keeps lists found (each with its id, given by the node that found it).
    pub async fn keep_lists(&self, lists: &[ListRow]) -> sqlx::Result<()> {
        // Six values a row; well under SQLite's 32,766 placeholders a statement.
        for chunk in lists.chunks(500) {
            let rows: Vec<String> = (0..chunk.len())
                .map(|i| {
                    let n = i * 6;
                    format!(
                        "(${}, ${}, ${}, ${}, ${}, ${})",
                        n + 1,
                        n + 2,
                        n + 3,
                        n + 4,
                        n + 5,
                        n + 6
                    )
                })
                .collect();
            let sql = format!(
                "INSERT INTO discover_lists (id, search, created_at, people, complete, counted) VALUES {}
                 ON CONFLICT (id) DO NOTHING",
                rows.join(", ")
            );
            on_db!(&self.db, pool => {
                let mut q = sqlx::query(&sql);
                for list in chunk {
                    q = q.bind(list.id).bind(&list.search).bind(list.created_at).bind(&list.people)
                        .bind(list.complete).bind(list.counted);
                }
                q.execute(pool).await?;
            });
        }
        Ok(())
    }

    pub async fn list_by_id(&self, id: i64) -> sqlx::Result<Option<ListRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id, search, created_at, people, complete, counted FROM discover_lists WHERE id = $1",
        ).bind(id).fetch_optional(pool).await)
    }

    /// The newest list kept for `search` made at `since` or later (by any node).
    pub async fn newest_list(&self, search: &str, since: i64) -> sqlx::Result<Option<ListRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT id, search, created_at, people, complete, counted FROM discover_lists
             WHERE search = $1 AND created_at >= $2 ORDER BY created_at DESC, id DESC LIMIT 1",
        ).bind(search).bind(since).fetch_optional(pool).await)
    }

    /// Forgets the lists made before `before`.
    pub async fn forget_lists_before(&self, before: i64) -> sqlx::Result<u64> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM discover_lists WHERE created_at < $1")
            .bind(before).execute(pool).await.map(|r| r.rows_affected()))
    }

    /// The cards of `ids` that the viewer may be shown now under `conditions` (in no order),
    /// of those who are also what `only` asks.
    pub async fn cards_among(
        &self,
        viewer: i64,
        conditions: &Conditions,
        ids: &[i64],
        only: Only,
    ) -> sqlx::Result<Vec<CardRow>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let filter = conditions.numbered(2);
        let listed = placeholders(conditions.args.len() + 2, ids.len());
        let only = match only {
            Only::Anyone => "",
            Only::Unliked => {
                "AND NOT EXISTS (SELECT 1 FROM likes mine WHERE mine.liker_id = $1 AND mine.liked_id = u.id)"
            }
            Only::SharingArea => "AND EXISTS (SELECT 1 FROM nearby_areas n WHERE n.user_id = u.id)",
        };
        let sql = format!(
            "SELECT {CARD}, CAST(NULL AS BIGINT) AS happened_at FROM users u
             WHERE u.id IN ({listed}) AND {} AND {filter} {only}",
            discoverable()
        );
        on_db!(&self.db, pool => {
            let mut q = bind_all!(sqlx::query_as(&sql).bind(viewer), &conditions.args);
            for id in ids {
                q = q.bind(*id);
            }
            q.fetch_all(pool).await
        })
    }
}
