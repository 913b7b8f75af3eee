//! Liking (winking at) a person, and taking the like back.

use crate::api::error::ApiResult;
use crate::api::rate_limit::Action;
use crate::api::session::Session;
use crate::people::forms::LikeState;
use crate::people::pushes::Doing;
use crate::people::People;

impl People {
    /// Likes a person (`Some(true)`), takes the like back (`Some(false)`), or flips it (`None`,
    /// the seed's clients); a new like is pushed to them, a match to both.
    pub async fn like(&self, me: &Session, id: i64, like: Option<bool>) -> ApiResult<LikeState> {
        self.limits
            .check(Action::LikeByAccount, &me.user_id.to_string())
            .await?;
        self.visible_to(me, id).await?;
        let now = self.clock.unix();
        let change = match like {
            Some(like) => self.store.set_like(me.user_id, id, like, now).await?,
            None => self.store.toggle_like(me.user_id, id, now).await?,
        };
        if change.new {
            let matched = change.matched;
            self.tell(me.user_id, id, Doing::Liked { matched });
        }
        let (liked, likes_me) = self.store.like_state(me.user_id, id).await?;
        Ok(LikeState {
            liked,
            mutual: liked && likes_me,
        })
    }
}
