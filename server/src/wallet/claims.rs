//! Free coins: the daily claim and the watch rewards.

use crate::api::error::{ApiError, ApiResult};
use crate::i18n::Msg;
use crate::wallet::forms::{ClaimState, Claimed};
use crate::wallet::Wallet;

impl Wallet {
    /// Claims coins: `claim` (once per UTC day, the default) or `watch` (a few times a day).
    pub async fn claim_coins(&self, me: i64, kind: Option<&str>) -> ApiResult<Claimed> {
        let w = &self.config.wallet;
        let (kind, times, coins, refused) = match kind.unwrap_or("claim") {
            "claim" => ("claim", 1, w.daily_claim_coins, Msg::AlreadyClaimed),
            "watch" => ("watch", w.watch_per_day, w.watch_coins, Msg::WatchLimit),
            _ => return Err(ApiError::Malformed("type".into())),
        };
        let now = self.clock.unix();
        let balance = self
            .store
            .claim_coins(me, kind, now.div_euclid(86_400), times, coins, now)
            .await?
            .ok_or(ApiError::Invalid(refused))?;
        Ok(Claimed { coins, balance })
    }

    /// What free coins I can still claim today.
    pub async fn claim_state(&self, me: i64) -> ApiResult<ClaimState> {
        let w = &self.config.wallet;
        let now = self.clock.unix();
        let day = now.div_euclid(86_400);
        let (claims, watches) = self.store.claims_on(me, day).await?;
        Ok(ClaimState {
            can_claim: claims < 1,
            claim_coins: w.daily_claim_coins,
            watches_left: (w.watch_per_day - watches).max(0),
            watch_coins: w.watch_coins,
            next_day_at: crate::clock::rfc3339((day + 1) * 86_400),
        })
    }
}
