//! What is for sale: memberships and their benefits, gold and character packs, and gifts.

use crate::account::model::Level;
use crate::api::error::{ApiError, ApiResult};
use crate::wallet::forms::{Catalogue, Grade, ReceivedGift};
use crate::wallet::model::{Gift, PayType, ProductKind};
use crate::wallet::Wallet;

impl Wallet {
    /// What can be bought, and how this installation takes payment.
    pub async fn products(&self) -> ApiResult<Catalogue> {
        let mut catalogue = Catalogue {
            member: vec![],
            gold: vec![],
            character: vec![],
            pay_types: self
                .payments
                .pay_types()
                .into_iter()
                .map(PayType::as_str)
                .collect(),
        };
        for row in self.store.products().await? {
            match row.kind {
                ProductKind::Member => catalogue.member.push(row.into()),
                ProductKind::Gold => catalogue.gold.push(row.into()),
                ProductKind::Character => catalogue.character.push(row.into()),
            }
        }
        Ok(catalogue)
    }

    /// A membership level (`VIP` or `SVIP`, or 1 and 2) and its benefits.
    pub fn grade(&self, id: &str) -> ApiResult<Grade> {
        let level = match id {
            "1" => Level::Vip,
            "2" => Level::Svip,
            other => Level::parse(other).ok_or(ApiError::NotFound)?,
        };
        let mut benefits = vec![
            "vipBadge",
            "seeWhoLikesYou",
            "seeVisitors",
            "albums",
            "sendPictures",
            "cardGiftDiscount",
            "dailyTranslation",
            "exclusiveService",
            "findMorePeople",
        ];
        if level == Level::Svip {
            benefits.push("priorityInDiscover");
        }
        Ok(Grade {
            level,
            benefits,
            daily_translation_characters: 2000,
            card_gift_discount_percent: self.config.wallet.member_card_discount_percent,
        })
    }

    /// The gift catalogue.
    pub async fn gifts(&self) -> ApiResult<Vec<Gift>> {
        Ok(self.store.gifts().await?)
    }

    /// A gift on sale now.
    pub async fn gift(&self, id: i64) -> sqlx::Result<Option<Gift>> {
        self.store.gift(id).await
    }

    /// The gifts a person received, and how many of each.
    pub async fn gifts_received(&self, user_id: i64) -> ApiResult<Vec<ReceivedGift>> {
        let rows = self.store.gifts_received(user_id).await?;
        Ok(rows
            .into_iter()
            .map(|(gift, count)| ReceivedGift { gift, count })
            .collect())
    }
}
