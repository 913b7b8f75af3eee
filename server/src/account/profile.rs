//! My profile: its fields and my avatar.

use std::net::IpAddr;

use crate::account::forms::{AvatarView, ProfileRequest};
use crate::account::model::{
    parse_language, parse_signature, parse_telephone, Birthday, Country, Gender, UserName, UserView,
};
use crate::account::signing::unique_error;
use crate::account::store::ProfileChange;
use crate::account::Accounts;
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::i18n::Msg;
use crate::media::Media;

impl Accounts {
    /// Changes my profile; absent fields stay as they are.
    pub async fn update_profile(&self, me: i64, req: &ProfileRequest) -> ApiResult<UserView> {
        let today = self.clock.now().date_naive();
        let change = ProfileChange {
            user_name: req
                .user_name
                .as_deref()
                .map(|n| UserName::parse(Some(n)))
                .transpose()?
                .map(|n| n.as_str().to_owned()),
            gender: req
                .gender
                .as_deref()
                .map(|g| Gender::parse(Some(g)))
                .transpose()?
                .map(Gender::as_str),
            country: req
                .country
                .as_deref()
                .map(|c| Country::parse(Some(c)))
                .transpose()?
                .map(|c| c.as_str()),
            birthday: req
                .birthday
                .as_deref()
                .map(|b| Birthday::adult(Some(b), today))
                .transpose()?
                .map(Birthday::to_db),
            language: req
                .language
                .as_deref()
                .map(|l| parse_language(Some(l)))
                .transpose()?,
            signature: req
                .signature
                .as_deref()
                .map(|s| parse_signature(Some(s)))
                .transpose()?,
            telephone: req
                .telephone
                .as_deref()
                .map(|t| parse_telephone(Some(t)))
                .transpose()?,
        };
        self.store
            .update_profile(me, &change)
            .await
            .map_err(unique_error)?;
        self.view(me).await
    }

    /// Replaces my avatar with `data` (a base64 data URL); the old pictures are deleted.
    pub async fn replace_avatar(
        &self,
        me: i64,
        ip: IpAddr,
        data: Option<&str>,
    ) -> ApiResult<AvatarView> {
        self.limits
            .check(Action::AvatarByIp, &ip.to_string())
            .await?;
        self.limits
            .check(Action::AvatarByAccount, &me.to_string())
            .await?;
        let data = data.ok_or(ApiError::Invalid(Msg::AvatarRequired))?;
        let picture = self.media.put_base64_image(me, "avatars", data).await?;
        let old = self
            .store
            .set_avatar(me, &picture.key, &picture.thumb_key)
            .await?;
        self.media
            .delete(&old.iter().map(String::as_str).collect::<Vec<_>>())
            .await;
        Ok(AvatarView {
            avatar: Media::url(&picture.key),
            avatar_thumb: Media::url(&picture.thumb_key),
        })
    }
}
