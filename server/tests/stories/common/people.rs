//! People as the people stories need them: registered with a given gender, country, birthday or
//! language, made members, deleted; and the ids a list answer holds.

#![allow(clippy::unwrap_used)]

use amora_server::account::store::AccountStore;
use chrono::{Months, NaiveDate, Timelike};
use serde_json::Value;

use super::{Person, TestApp};

pub const DISCOVER: &str = "/prod-api/system/user/profile/homePage/all";
pub const PROFILE: &str = "/prod-api/system/user/profile/homePage";
pub const COUNTERS: &str = "/prod-api/system/user/profile/homePage/count";
pub const LIKE_TO: &str = "/prod-api/system/like/likeTo";
pub const LIKE_ME: &str = "/prod-api/system/like/likeMe";
pub const MATCHES: &str = "/prod-api/system/like/likeMeAndLikeTo";
pub const VISITORS: &str = "/prod-api/system/like/visitor";
pub const BLOCKED: &str = "/prod-api/system/blacklisted/list";
pub const CONTACTS: &str = "/prod-api/em/friends/list";
pub const RECOMMENDED: &str = "/prod-api/system/user/listHand";

impl TestApp {
    /// Registers `name` with the registration of `registration(name)`, fields of `changes`
    /// replacing its own (`{"gender": "male", "country": "Japan"}`).
    pub async fn register_with(&self, name: &str, changes: Value) -> Person {
        let mut form = self.registration(name);
        for (field, value) in changes.as_object().unwrap() {
            form[field] = value.clone();
        }
        let data = self.post("/prod-api/register", None, form).await.ok();
        Person {
            id: data["user"]["userId"].as_i64().unwrap(),
            token: data["token"].as_str().unwrap().to_owned(),
            user_name: name.to_owned(),
            email: format!("{name}@example.com"),
            password: "secret1".to_owned(),
        }
    }

    /// A woman (the registration's own gender).
    pub async fn woman(&self, name: &str) -> Person {
        self.register_with(name, serde_json::json!({ "gender": "female" }))
            .await
    }

    /// A man.
    pub async fn man(&self, name: &str) -> Person {
        self.register_with(name, serde_json::json!({ "gender": "male" }))
            .await
    }

    /// Makes `who` a VIP member for `days` from now.
    pub async fn make_member(&self, who: &Person, days: i64) {
        self.grant_level(who, "VIP", days).await;
    }

    /// Makes `who` a member of `level` (VIP, SVIP) for `days` from now.
    pub async fn grant_level(&self, who: &Person, level: &str, days: i64) {
        AccountStore::new(self.app().db.clone())
            .grant_membership(&who.email, level, days, self.clock().unix())
            .await
            .unwrap()
            .unwrap();
    }

    /// `who` deletes their account.
    pub async fn delete_account(&self, who: &Person) {
        self.post(
            "/prod-api/system/user/cancellation",
            Some(&who.token),
            serde_json::json!({ "password": who.password }),
        )
        .await
        .ok();
    }

    /// Moves the clock forward to the next 12:00 UTC, so that a story can move minutes and
    /// hours without crossing a UTC midnight by accident.
    pub fn to_noon(&self) {
        let now = self.clock().now();
        let secs = i64::from(now.num_seconds_from_midnight());
        let wait = (12 * 3600 - secs).rem_euclid(86_400);
        self.clock().advance(chrono::Duration::seconds(wait));
    }

    /// Today's date on the server's clock.
    pub fn today(&self) -> NaiveDate {
        self.clock().now().date_naive()
    }

    /// The birthday of someone turning `years` today, as `YYYY-MM-DD`.
    pub fn born_years_ago(&self, years: u32) -> NaiveDate {
        self.today()
            .checked_sub_months(Months::new(12 * years))
            .unwrap()
    }

    /// Discover as `who`, with a query string such as `gender=male&country=Japan` (or "").
    pub async fn discover(&self, who: &Person, query: &str) -> super::Reply {
        self.get(&format!("{DISCOVER}?{query}"), Some(&who.token))
            .await
    }

    /// The people discover shows `who` for this query (the first page of 100).
    pub async fn discovered(&self, who: &Person, query: &str) -> Vec<i64> {
        let query = if query.is_empty() {
            "pageSize=100".to_owned()
        } else {
            format!("{query}&pageSize=100")
        };
        ids(&self.discover(who, &query).await.ok())
    }

    /// The red-badge counters of `who`: (LikeTo, LikeMe, Visitor).
    pub async fn counters(&self, who: &Person) -> (i64, i64, i64) {
        let c = self.get(COUNTERS, Some(&who.token)).await.ok();
        (
            c["LikeTo"].as_i64().unwrap(),
            c["LikeMe"].as_i64().unwrap(),
            c["Visitor"].as_i64().unwrap(),
        )
    }

    /// The ids on the first page (up to 100) of a list at `path`, as `who` sees it.
    pub async fn list_ids(&self, who: &Person, path: &str) -> Vec<i64> {
        let sep = if path.contains('?') { '&' } else { '?' };
        ids(&self
            .get(&format!("{path}{sep}pageSize=100"), Some(&who.token))
            .await
            .ok())
    }
}

/// The `userId`s of a page's rows, in order.
pub fn ids(page: &Value) -> Vec<i64> {
    page["rows"]
        .as_array()
        .unwrap_or_else(|| panic!("not a page: {page}"))
        .iter()
        .map(|row| row["userId"].as_i64().unwrap())
        .collect()
}

/// Asserts a membership-only refusal: 403, 'Upgrade now', `data.upgrade`.
#[track_caller]
pub fn asks_to_upgrade(reply: &super::Reply) {
    reply.fails(403, "Upgrade now");
    assert_eq!(reply.data()["upgrade"], true, "body: {}", reply.body);
}
