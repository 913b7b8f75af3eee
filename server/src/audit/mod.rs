//! The audit log: every staff action (and every operator command) as it happened, who did it,
//! to what, and the thing before and after. Rows are only ever added; the database itself
//! refuses to change or delete them (triggers of migration 0012).

pub mod personal;

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::api::envelope::{Page, Paging};
use crate::api::error::ApiResult;
use crate::clock::Clock;
use crate::db::{bind_all, counted, on_db};
use crate::db::{Arg, Db};

/// Who acted: a staff member through the API, or the operator through `amora` on the server's
/// machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    Staff(i64),
    Operator,
}

impl Actor {
    fn id(self) -> Option<i64> {
        match self {
            Actor::Staff(id) => Some(id),
            Actor::Operator => None,
        }
    }
}

/// One action about to be written down.
pub struct Entry<'a> {
    pub action: &'a str,
    pub target_kind: &'a str,
    pub target_id: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// An action as the log shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    /// None: an operator command on the server's machine.
    pub staff_id: Option<i64>,
    pub staff_name: Option<String>,
    /// `report.close`, `review.photo`, `user.ban`, `product.set`, ...
    pub action: String,
    /// `report`, `photo`, `dynamic`, `message`, `user`, `notice`, `version`, `product`, `gift`,
    /// `comment`, `verification`.
    pub target_kind: String,
    pub target_id: String,
    #[schema(value_type = Option<Object>)]
    pub before: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub after: Option<Value>,
    pub created_at: String,
}

#[derive(sqlx::FromRow)]
struct AuditRow {
    id: i64,
    staff_id: Option<i64>,
    staff_name: Option<String>,
    action: String,
    target_kind: String,
    target_id: String,
    before: Option<String>,
    after: Option<String>,
    created_at: i64,
}

/// Which entries to read.
#[derive(Debug, Default)]
pub struct Filter {
    pub target_kind: Option<String>,
    pub target_id: Option<String>,
    pub staff_id: Option<i64>,
}

#[derive(Clone)]
pub struct AuditLog {
    db: Db,
    clock: Clock,
}

impl AuditLog {
    pub fn new(db: Db, clock: Clock) -> AuditLog {
        AuditLog { db, clock }
    }

    /// Writes an action down. The action has happened: a failure here is logged, not undone.
    pub async fn record(&self, by: Actor, e: Entry<'_>) {
        let text = |v: &Option<Value>| v.as_ref().map(Value::to_string);
        let written = on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO audit_log (staff_id, action, target_kind, target_id, before, after, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        ).bind(by.id()).bind(e.action).bind(e.target_kind).bind(&e.target_id)
            .bind(text(&e.before)).bind(text(&e.after)).bind(self.clock.unix()).execute(pool).await.map(|_| ()));
        if let Err(err) = written {
            tracing::error!(error = %err, action = e.action, target = %e.target_id, "could not write the audit log");
        }
    }

    /// Entries newest first, narrowed by `filter`; the total is counted up to `db::COUNTED`.
    pub async fn entries(&self, filter: &Filter, paging: Paging) -> ApiResult<Page<AuditEntry>> {
        // Only the conditions asked for, so that each filter is served by its index.
        let mut conditions = vec!["TRUE".to_owned()];
        let mut args = Vec::new();
        let mut narrow = |column: &str, arg: Arg| {
            args.push(arg);
            conditions.push(format!("a.{column} = ${}", args.len()));
        };
        if let Some(kind) = &filter.target_kind {
            narrow("target_kind", Arg::Text(kind.clone()));
        }
        if let Some(id) = &filter.target_id {
            narrow("target_id", Arg::Text(id.clone()));
        }
        if let Some(staff) = filter.staff_id {
            narrow("staff_id", Arg::Int(staff));
        }
        let filter = conditions.join(" AND ");
        let n = args.len();
        let rows_sql = format!(
            "SELECT a.id, a.staff_id, u.user_name AS staff_name, a.action, a.target_kind, a.target_id,
                    a.before, a.after, a.created_at
             FROM audit_log a LEFT JOIN users u ON u.id = a.staff_id
             WHERE a.id IN (SELECT a.id FROM audit_log a WHERE {filter} ORDER BY a.id DESC LIMIT ${} OFFSET ${})
             ORDER BY a.id DESC",
            n + 1,
            n + 2
        );
        let count_sql = counted(&format!("SELECT 1 FROM audit_log a WHERE {filter}"));
        let (rows, total): (Vec<AuditRow>, i64) = on_db!(&self.db, pool => {
            let rows = bind_all!(sqlx::query_as(&rows_sql), &args)
                .bind(paging.limit()).bind(paging.offset()).fetch_all(pool).await?;
            let total = bind_all!(sqlx::query_scalar(&count_sql), &args).fetch_one(pool).await?;
            Ok::<_, sqlx::Error>((rows, total))
        })?;
        let json = |v: Option<String>| v.and_then(|t| serde_json::from_str(&t).ok());
        Ok(Page {
            rows: rows
                .into_iter()
                .map(|r| AuditEntry {
                    id: r.id,
                    staff_id: r.staff_id,
                    staff_name: r.staff_name,
                    action: r.action,
                    target_kind: r.target_kind,
                    target_id: r.target_id,
                    before: json(r.before),
                    after: json(r.after),
                    created_at: crate::clock::rfc3339(r.created_at),
                })
                .collect(),
            total,
        })
    }
}
