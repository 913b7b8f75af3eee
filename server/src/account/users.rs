//! The people who have accounts, as the other domains see them: who a person is (`user`), and
//! the few changes another domain makes to an account for its own reasons (staff ban, lift a ban
//! and hear appeals; the server makes its own people, `people/drawn.rs`). The SQL stays in the account's store;
//! a domain holds `Users`, never the store.

use crate::account::bans::{BanStore, DecidedAppeal, WaitingAppeal};
use crate::account::model::NewUser;
use crate::account::model::UserRow;
use crate::account::store::{AccountStore, UniqueError};
use crate::db::Db;

#[derive(Clone)]
pub struct Users {
    store: AccountStore,
    bans: BanStore,
}

impl Users {
    pub fn new(db: Db) -> Users {
        Users {
            store: AccountStore::new(db.clone()),
            bans: BanStore::new(db),
        }
    }

    /// An active person (not banned, not deleted).
    pub async fn user(&self, user_id: i64) -> sqlx::Result<Option<UserRow>> {
        self.store.user(user_id).await
    }

    /// Whether a user name is taken (case aside) by anyone but `except`.
    pub async fn user_name_in_use(
        &self,
        user_name: &str,
        except: Option<i64>,
    ) -> sqlx::Result<bool> {
        self.store.user_name_in_use(user_name, except).await
    }

    /// Makes an account the server draws itself (demo and service people).
    pub async fn create_user(&self, new: &NewUser<'_>) -> Result<i64, UniqueError> {
        self.store.create_user(new).await
    }

    /// Marks a person active at `now`.
    pub async fn touch_user(&self, user_id: i64, now: i64) -> sqlx::Result<()> {
        self.store.touch_user(user_id, now).await
    }

    /// Gives the person with this email a membership of `level` for `days`.
    pub async fn grant_membership(
        &self,
        email: &str,
        level: &str,
        days: i64,
        now: i64,
    ) -> sqlx::Result<Option<i64>> {
        self.store.grant_membership(email, level, days, now).await
    }

    /// Sets the role of the person with this email.
    pub async fn set_role(&self, email: &str, role: &str) -> sqlx::Result<bool> {
        self.store.set_role(email, role).await
    }

    /// Bans an active person (see `AccountStore::ban`).
    pub async fn ban(
        &self,
        user_id: i64,
        code: &str,
        reason: &str,
        until: Option<i64>,
    ) -> sqlx::Result<bool> {
        self.store.ban(user_id, code, reason, until).await
    }

    /// Lifts a ban (see `AccountStore::unban`).
    pub async fn unban(&self, user_id: i64) -> sqlx::Result<bool> {
        self.store.unban(user_id).await
    }

    /// Appeals waiting for staff, oldest first, with how many wait.
    pub async fn waiting_appeals(&self, limit: i64) -> sqlx::Result<(Vec<WaitingAppeal>, i64)> {
        self.bans.waiting(limit).await
    }

    /// Staff's decision on a waiting appeal (see `BanStore::decide`).
    pub async fn decide_appeal(
        &self,
        id: i64,
        lift: bool,
        now: i64,
    ) -> sqlx::Result<Option<DecidedAppeal>> {
        self.bans.decide(id, lift, now).await
    }
}
