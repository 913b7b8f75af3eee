//! The operator console as its stories need it: staff made, every `/admin` path, reports filed
//! and closed, bans, the review queue and its decisions, the audit log; and the messages the
//! console and the trust & safety rules answer with.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};

use super::{Body, Person, Reply, TestApp};

pub const ADMIN: &str = "/prod-api/admin";
pub const REPORT: &str = "/prod-api/system/form/add";
pub const RANDOM: &str = "/prod-api/system/sidekick/random";

pub const STAFF_ONLY: &str = "Only staff may do this";
pub const EXPIRED: &str = "Login has expired, please log in again";
pub const DONE: &str = "Done";
pub const NOT_FOUND: &str = "Not found";
pub const REPORT_ACTION: &str = "Choose dismiss, ban or remove";
pub const REPORT_CLOSED: &str = "This report is already closed";
pub const REVIEW_DECISION: &str = "Choose approve or reject";
pub const BAN_REASON: &str = "Give a reason";
pub const BAN_STAFF: &str = "Staff cannot be banned";
pub const ALREADY_BANNED: &str = "Already banned";
pub const NOT_BANNED: &str = "Not banned";
pub const SUSPENDED: &str = "This account has been suspended";
pub const WRONG_PASSWORD: &str = "Incorrect user name or password";
pub const NOTICE_TEXT: &str = "Give a title and a text";
pub const BAD_VERSION: &str =
    "Give a version of numbers separated by dots, like 1.4.0, for web, android or ios";
pub const PRICE_INVALID: &str = "That price is not valid";
pub const NEW_CONVERSATIONS_CAP: &str =
    "You have started as many new conversations as a new account may today. Try again tomorrow.";
pub const HELD_AS_SPAM: &str =
    "This message looks like one sent to many people and is held for review.";
pub const PHOTO_REMOVED_TITLE: &str = "A photo in your album was removed";
pub const PHOTO_REMOVED_BODY: &str = "It did not follow our community rules.";

impl TestApp {
    /// Registers `name` and makes them staff.
    pub async fn staff(&self, name: &str) -> Person {
        let who = self.register(name).await;
        self.make_staff(&who).await;
        who
    }

    /// `who` calls `/admin{path}` with `method` (a JSON body, or none for `Value::Null`).
    pub async fn admin(&self, who: &Person, method: &str, path: &str, body: Value) -> Reply {
        let body = if body.is_null() {
            Body::None
        } else {
            Body::Json(body)
        };
        self.call(method, &format!("{ADMIN}{path}"), Some(&who.token), body)
            .await
    }

    /// `GET /admin{path}` as `who`, which must succeed: its data.
    pub async fn admin_get(&self, who: &Person, path: &str) -> Value {
        self.admin(who, "GET", path, Value::Null).await.ok()
    }

    /// `POST /admin{path}` as `who`.
    pub async fn admin_post(&self, who: &Person, path: &str, body: Value) -> Reply {
        self.admin(who, "POST", path, body).await
    }

    /// `who` reports `whom` for `reason` (a reason of the list): the report's id.
    pub async fn reports(&self, who: &Person, whom: &Person, reason: &str) -> i64 {
        self.post(
            REPORT,
            Some(&who.token),
            json!({ "userId": whom.id, "reason": reason, "content": format!("{reason} by {}", who.user_name) }),
        )
        .await
        .ok();
        self.scalar(&format!(
            "SELECT MAX(id) FROM reports WHERE reporter_id = {} AND target_id = {}",
            who.id, whom.id
        ))
        .await
    }

    /// One report as staff see it (with its messages and earlier reports).
    pub async fn report_page(&self, staff: &Person, id: i64) -> Reply {
        self.admin(staff, "GET", &format!("/reports/{id}"), Value::Null)
            .await
    }

    /// The reports queue (`status` open or closed): its rows and total.
    pub async fn report_queue(&self, staff: &Person, status: &str) -> (Vec<Value>, i64) {
        let page = self
            .admin_get(staff, &format!("/reports?status={status}&pageSize=100"))
            .await;
        (
            page["rows"].as_array().unwrap().clone(),
            page["total"].as_i64().unwrap(),
        )
    }

    /// Staff close a report with `{"action": ...}` and whatever else `body` holds.
    pub async fn close_report(&self, staff: &Person, id: i64, body: Value) -> Reply {
        self.admin_post(staff, &format!("/reports/{id}/close"), body)
            .await
    }

    /// Staff ban the person `id` for `reason`, for `days` or indefinitely.
    pub async fn ban_as(&self, staff: &Person, id: i64, reason: &str, days: Option<i64>) -> Reply {
        let mut body = json!({ "reason": reason });
        if let Some(days) = days {
            body["days"] = json!(days);
        }
        self.admin_post(staff, &format!("/users/{id}/ban"), body)
            .await
    }

    /// Staff lift the ban of the person `id`.
    pub async fn unban_as(&self, staff: &Person, id: i64) -> Reply {
        self.admin_post(staff, &format!("/users/{id}/unban"), Value::Null)
            .await
    }

    /// One person as staff see them.
    pub async fn user_page(&self, staff: &Person, id: i64) -> Value {
        self.admin_get(staff, &format!("/users/{id}")).await
    }

    /// The review queue.
    pub async fn review_queue(&self, staff: &Person) -> Value {
        self.admin_get(staff, "/review?pageSize=100").await
    }

    /// The ids of one list of the review queue (`photos`, `dynamics`, `messages`).
    pub async fn waiting(&self, staff: &Person, list: &str) -> Vec<i64> {
        self.review_queue(staff).await[list]
            .as_array()
            .unwrap_or_else(|| panic!("no {list} in the review queue"))
            .iter()
            .map(|item| item["id"].as_i64().unwrap())
            .collect()
    }

    /// Staff decide a review item: `kind` photo, dynamic or message; `decision` approve or reject.
    pub async fn decide(&self, staff: &Person, kind: &str, id: i64, decision: &str) -> Reply {
        self.admin_post(
            staff,
            &format!("/review/{kind}/{id}"),
            json!({ "decision": decision }),
        )
        .await
    }

    /// A decision that must be taken.
    pub async fn decides(&self, staff: &Person, kind: &str, id: i64, decision: &str) {
        let reply = self.decide(staff, kind, id, decision).await;
        assert_eq!(reply.msg(), DONE, "{}", reply.body);
        assert_eq!(reply.ok(), Value::Null);
    }

    /// The audit log's rows for a query such as `targetKind=user&targetId=3` (or ""), newest
    /// first.
    pub async fn audit(&self, staff: &Person, query: &str) -> Vec<Value> {
        let sep = if query.is_empty() { "" } else { "&" };
        let page = self
            .admin_get(staff, &format!("/audit?pageSize=100{sep}{query}"))
            .await;
        let rows = page["rows"].as_array().unwrap().clone();
        assert_eq!(page["total"].as_i64().unwrap(), rows.len() as i64, "{page}");
        rows
    }

    /// Rows of the audit log, as staff read them.
    pub async fn audited(&self, staff: &Person) -> i64 {
        self.admin_get(staff, "/audit?pageSize=1").await["total"]
            .as_i64()
            .unwrap()
    }

    /// Whether `who` can still use their session (a session a ban ended answers the ban).
    pub async fn signed_in(&self, who: &Person) -> bool {
        let reply = self.get("/prod-api/getInfo", Some(&who.token)).await;
        match reply.status {
            200 => {}
            403 => reply.fails(403, SUSPENDED),
            _ => reply.fails(401, EXPIRED),
        }
        reply.status == 200
    }

    /// `who` signs in again with their password: the new session's person.
    pub async fn signs_in(&self, who: &Person) -> Person {
        let data = self.login(&who.user_name, &who.password).await.ok();
        Person {
            token: data["token"].as_str().unwrap().to_owned(),
            ..who.clone()
        }
    }

    /// Runs one statement directly and answers the database's refusal, if any.
    pub async fn try_execute(&self, sql: &str) -> Result<u64, String> {
        amora_server::on_db!(&self.app().db, pool => sqlx::query(sql).execute(pool).await.map(|r| r.rows_affected()))
            .map_err(|e| e.to_string())
    }

    /// The id of one of the service accounts the server keeps.
    pub async fn service_account(&self) -> i64 {
        self.scalar("SELECT MIN(id) FROM users WHERE role = 'service'")
            .await
    }
}

/// Every `/admin` path of the console, with a method and a body that staff may send, for the
/// report `report`, the photo `photo`, the dynamic `dynamic`, the message `message`, the person
/// `person` (banned by the first, unbanned by the second), the notice `notice` and the version
/// `version`.
pub struct Targets {
    pub report: i64,
    pub photo: i64,
    pub dynamic: i64,
    pub message: i64,
    pub person: i64,
    pub notice: i64,
    pub version: i64,
}

pub fn every_admin_path(t: &Targets) -> Vec<(&'static str, String, Value)> {
    vec![
        ("GET", "/reports".into(), Value::Null),
        ("GET", "/reports?status=closed".into(), Value::Null),
        ("GET", format!("/reports/{}", t.report), Value::Null),
        (
            "POST",
            format!("/reports/{}/close", t.report),
            json!({ "action": "dismiss" }),
        ),
        ("GET", "/review".into(), Value::Null),
        (
            "POST",
            format!("/review/photo/{}", t.photo),
            json!({ "decision": "approve" }),
        ),
        (
            "POST",
            format!("/review/dynamic/{}", t.dynamic),
            json!({ "decision": "approve" }),
        ),
        (
            "POST",
            format!("/review/message/{}", t.message),
            json!({ "decision": "approve" }),
        ),
        ("GET", "/users?q=a".into(), Value::Null),
        ("GET", format!("/users/{}", t.person), Value::Null),
        (
            "POST",
            format!("/users/{}/ban", t.person),
            json!({ "reason": "Scam" }),
        ),
        ("POST", format!("/users/{}/unban", t.person), Value::Null),
        ("GET", "/notices".into(), Value::Null),
        (
            "POST",
            "/notices".into(),
            json!({ "title": "Hello", "body": "Welcome to Amora" }),
        ),
        (
            "POST",
            format!("/notices/{}/texts", t.notice),
            json!({ "title": "Hola", "body": "Bienvenida", "language": "es" }),
        ),
        ("DELETE", format!("/notices/{}", t.notice), Value::Null),
        ("GET", "/versions".into(), Value::Null),
        (
            "POST",
            "/versions".into(),
            json!({ "version": "2.0.0", "platform": "web", "notes": "New", "url": null, "mandatory": false }),
        ),
        ("DELETE", format!("/versions/{}", t.version), Value::Null),
        ("GET", "/products".into(), Value::Null),
        (
            "PUT",
            "/products/vip-1m".into(),
            json!({ "priceCents": 2499 }),
        ),
        ("GET", "/gifts".into(), Value::Null),
        ("PUT", "/gifts/rose".into(), json!({ "priceCoins": 12 })),
        ("GET", "/errors".into(), Value::Null),
        ("GET", "/audit".into(), Value::Null),
    ]
}

/// Asserts a row holds every field of `fields`.
#[track_caller]
pub fn has_fields(row: &Value, fields: &[&str]) {
    for field in fields {
        assert!(row.get(*field).is_some(), "no {field}: {row}");
    }
}

/// The `id`s of a list of rows, in order.
pub fn ids_of(rows: &[Value]) -> Vec<i64> {
    rows.iter().map(|r| r["id"].as_i64().unwrap()).collect()
}
