//! A person's page (viewing it leaves a footprint), the public card, and whether someone is
//! online.

use crate::api::error::{ApiError, ApiResult};
use crate::api::session::Session;
use crate::people::forms::{OnlineStatus, Profile};
use crate::people::lists::day_of;
use crate::people::model::{Activity, Card};
use crate::people::pushes::Doing;
use crate::people::People;

impl People {
    /// A person's profile (mine without `id`); viewing someone else's leaves a footprint, once
    /// a day, and tells them.
    pub async fn profile(&self, me: &Session, id: Option<i64>) -> ApiResult<Profile> {
        let id = id.unwrap_or(me.user_id);
        let now = self.clock.unix();
        if id == me.user_id {
            let row = self
                .store
                .card(0, id)
                .await?
                .ok_or(ApiError::Unauthorized)?;
            return Ok(Profile {
                card: self.card(row),
                liked: false,
                mutual: false,
                contact: false,
                mine: true,
            });
        }
        let row = self.visible_to(me, id).await?;
        let first_today = self
            .store
            .record_footprint(me.user_id, id, day_of(now), now)
            .await?;
        if first_today {
            self.tell(me.user_id, id, Doing::Visited);
        }
        let (liked, likes_me) = self.store.like_state(me.user_id, id).await?;
        let contact = self.store.is_contact(me.user_id, id).await?;
        Ok(Profile {
            card: self.card(row),
            liked,
            mutual: liked && likes_me,
            contact,
            mine: false,
        })
    }

    /// A person's public card, where I may see them.
    pub async fn public_card(&self, me: &Session, id: i64) -> ApiResult<Card> {
        Ok(self.card(self.visible_to(me, id).await?))
    }

    /// Whether a person is online now, and how recently they were active (never the exact time).
    pub async fn online_status(&self, me: &Session, id: i64) -> ApiResult<OnlineStatus> {
        let row = self.visible_to(me, id).await?;
        let active = Activity::of(
            row.last_active_at,
            self.clock.unix(),
            self.config.people.online_minutes,
        );
        Ok(OnlineStatus {
            online: active == Activity::Online,
            active,
        })
    }
}
