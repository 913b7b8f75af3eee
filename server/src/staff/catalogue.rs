//! The catalogue as staff change it: products' prices, amounts and sale, and gifts.

use serde_json::json;

use crate::api::error::{ApiError, ApiResult};
use crate::audit::{Actor, Entry};
use crate::i18n::Msg;
use crate::staff::{Staff, StaffMember};
use crate::wallet::model::{CatalogueGift, CatalogueProduct, ProductChange};

impl Staff {
    pub async fn products(&self) -> ApiResult<Vec<CatalogueProduct>> {
        Ok(self.wallet.catalogue().await?)
    }

    pub async fn set_product(
        &self,
        by: Actor,
        code: &str,
        change: &ProductChange,
    ) -> ApiResult<CatalogueProduct> {
        if !change.is_valid() {
            return Err(ApiError::Invalid(Msg::PriceInvalid));
        }
        let before = self
            .wallet
            .catalogue_product(code)
            .await?
            .ok_or(ApiError::NotFound)?;
        self.wallet.set_product(code, change).await?;
        let after = self
            .wallet
            .catalogue_product(code)
            .await?
            .ok_or(ApiError::NotFound)?;
        self.record(
            by,
            Entry {
                action: "product.set",
                target_kind: "product",
                target_id: code.to_owned(),
                before: Some(json!(before)),
                after: Some(json!(after)),
            },
        )
        .await;
        Ok(after)
    }

    pub async fn gifts(&self) -> ApiResult<Vec<CatalogueGift>> {
        Ok(self.wallet.catalogue_gifts().await?)
    }

    pub async fn set_gift(
        &self,
        by: StaffMember,
        code: &str,
        price_coins: Option<i64>,
        active: Option<bool>,
    ) -> ApiResult<CatalogueGift> {
        if price_coins.is_some_and(|p| !(1..=100_000_000).contains(&p)) {
            return Err(ApiError::Invalid(Msg::PriceInvalid));
        }
        let before = self
            .wallet
            .catalogue_gift(code)
            .await?
            .ok_or(ApiError::NotFound)?;
        self.wallet.set_gift(code, price_coins, active).await?;
        let after = self
            .wallet
            .catalogue_gift(code)
            .await?
            .ok_or(ApiError::NotFound)?;
        self.record(
            by.into(),
            Entry {
                action: "gift.set",
                target_kind: "gift",
                target_id: code.to_owned(),
                before: Some(json!(before)),
                after: Some(json!(after)),
            },
        )
        .await;
        Ok(after)
    }
}
