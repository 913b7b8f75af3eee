//! What the people endpoints share: the signed-in person's row, cards as the viewer sees them,
//! whom a person may see, and opening a list page by page.

use crate::account::model::UserRow;
use crate::api::error::{ApiError, ApiResult};
use crate::api::session::Session;
use crate::i18n::Msg;
use crate::people::model::{Card, CardRow, List};
use crate::people::paging::{ListToken, PeoplePage, PeoplePaging};
use crate::people::store::{PeopleList, Start};
use crate::people::People;

pub(super) fn day_of(unix: i64) -> i64 {
    unix.div_euclid(86_400)
}

impl People {
    /// The signed-in person's own row (their gender and membership decide what they see).
    pub(super) async fn me_row(&self, me: &Session) -> ApiResult<UserRow> {
        self.accounts
            .user(me.user_id)
            .await?
            .ok_or(ApiError::Unauthorized)
    }

    pub(super) fn card(&self, row: CardRow) -> Card {
        Card::from_row(row, self.clock.unix(), self.config.people.online_minutes)
    }

    /// A page of people as the viewer sees them.
    pub(super) fn people_page(
        &self,
        rows: Vec<CardRow>,
        total: i64,
        next: Option<String>,
    ) -> PeoplePage {
        PeoplePage {
            rows: rows.into_iter().map(|r| self.card(r)).collect(),
            total,
            next_page_token: next,
        }
    }

    /// Someone I may see, or 404 (blocked either way, deleted, banned, unknown).
    pub(super) async fn visible_to(&self, me: &Session, id: i64) -> ApiResult<CardRow> {
        if id == me.user_id {
            return Err(ApiError::Invalid(Msg::NotYourself));
        }
        self.store
            .card(me.user_id, id)
            .await?
            .ok_or(ApiError::NotFound)
    }

    /// A page of a people list, from the token's place (or `pageNum`); the first page counts
    /// the list and clears its red badge, the next ones carry the count in their token.
    pub async fn open_list(
        &self,
        me: &Session,
        list: PeopleList,
        badge: Option<List>,
        p: PeoplePaging,
    ) -> ApiResult<PeoplePage> {
        let limit = p.paging().limit();
        let (start, total) = match &p.page_token {
            Some(token) => {
                let token = ListToken::decode(token, list.letter())?;
                (
                    Start::After {
                        at: token.at,
                        id: token.id,
                    },
                    token.total,
                )
            }
            None => (
                Start::Offset(p.paging().offset()),
                self.store.list_total(me.user_id, list).await?,
            ),
        };
        let mut rows = self.store.list(me.user_id, list, start, limit + 1).await?;
        let more = rows.len() as i64 > limit;
        rows.truncate(limit as usize);
        let next = rows.last().filter(|_| more).map(|last| {
            ListToken {
                kind: list.letter(),
                at: last.happened_at.unwrap_or_default(),
                id: last.id,
                total,
            }
            .encode()
        });
        if let (Some(badge), true) = (badge, p.is_first()) {
            self.store
                .mark_seen(me.user_id, badge, self.clock.unix())
                .await?;
        }
        Ok(self.people_page(rows, total, next))
    }

    /// Member-only lists answer 403 with `data.upgrade` to non-members.
    pub(super) async fn require_member(&self, me: &Session) -> ApiResult<()> {
        let row = self.me_row(me).await?;
        row.membership(self.clock.unix())
            .map(|_| ())
            .ok_or(ApiError::Upgrade)
    }
}

impl People {
    /// A members-only list (Wink Me, Love's Footprints): 403 with `data.upgrade` to others.
    pub async fn members_list(
        &self,
        me: &Session,
        list: PeopleList,
        badge: Option<List>,
        p: PeoplePaging,
    ) -> ApiResult<PeoplePage> {
        self.require_member(me).await?;
        self.open_list(me, list, badge, p).await
    }
}
