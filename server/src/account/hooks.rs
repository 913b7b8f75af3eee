//! What an account's moments mean to the domains above it, which the account does not know:
//! signing out forgets the push subscriptions, a new password also closes the chat connections,
//! leaving erases what `docs/privacy.md` lists; and getInfo shows today's translation allowance
//! and whether the person shares their area with people nearby.
//! The composition root (`app.rs`) wires the chat, push, privacy and translation services in.

use futures::future::BoxFuture;

use crate::account::model::TranslationAllowance;
use crate::api::error::ApiResult;

/// A moment in an account's life that other domains act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountEvent {
    /// This session ended: the person's push subscriptions are forgotten.
    SignedOut { user_id: i64 },
    /// A new password ended the other sessions: push subscriptions are forgotten and the chat
    /// connections close.
    PasswordChanged { user_id: i64 },
    /// The person deleted the account: what `docs/privacy.md` lists is erased and the chat
    /// connections close.
    Left { user_id: i64 },
}

/// The domains above the account, as it sees them.
pub trait AccountHooks: Send + Sync + 'static {
    /// Acts on `event`; the account's answer waits for it, and fails with it.
    fn happened(&self, event: AccountEvent) -> BoxFuture<'_, ApiResult<()>>;

    /// A member's translation allowance today (none for a non-member), which getInfo shows.
    fn translation_allowance(
        &self,
        user_id: i64,
    ) -> BoxFuture<'_, ApiResult<Option<TranslationAllowance>>>;

    /// Whether the person shares their area with people nearby, which getInfo shows.
    fn shares_area(&self, user_id: i64) -> BoxFuture<'_, ApiResult<bool>>;
}
