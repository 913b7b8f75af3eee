//! Finding people: Discover with its filters and the non-members' daily cap of different
//! people, the recommended list, and one person at random.

use crate::account::model::UserRow;
use crate::api::error::{ApiError, ApiResult};
use crate::api::session::Session;
use crate::people::discover::{DiscoverPage, Reading, Search};
use crate::people::lists::day_of;
use crate::people::model::{Card, DiscoverFilters};
use crate::people::paging::{PeoplePage, PeoplePaging};
use crate::people::People;

impl People {
    /// Discover: people I may see, recently active first, with filters. Non-members see a
    /// number of different people a day (someone seen again is free); members without limit.
    pub async fn discover(&self, me: &Session, f: &DiscoverFilters) -> ApiResult<PeoplePage> {
        let row = self.me_row(me).await?;
        let search = Search::of(self, &row, f)?;
        let reading = Reading {
            viewer: me.user_id,
            search: &search,
            unliked: false,
        };
        let mut page = self.discover_page(reading, &f.paging()).await?;
        let candidates: Vec<i64> = page.rows.iter().map(|r| r.id).collect();
        let admitted = self.within_daily_cap(&row, &candidates).await?;
        page.rows.retain(|r| admitted.contains(&r.id));
        Ok(self.discovered(page))
    }

    /// Of the people a page would show (in order), those `row`'s person may be shown: everyone
    /// to a member; to others, people already shown today and new people while the day's count
    /// is under the cap (recorded as shown), or 403 with `data.upgrade` when none of them is.
    pub(super) async fn within_daily_cap(
        &self,
        row: &UserRow,
        candidates: &[i64],
    ) -> ApiResult<Vec<i64>> {
        let now = self.clock.unix();
        if row.membership(now).is_some() {
            return Ok(candidates.to_vec());
        }
        let admitted = self
            .store
            .admit_shown(
                row.id,
                day_of(now),
                candidates,
                self.config.people.daily_discover_cap,
            )
            .await?;
        if admitted.is_empty() && !candidates.is_empty() {
            return Err(ApiError::Upgrade);
        }
        Ok(admitted)
    }

    /// Recommended for me: people of the gender I look for, active in the last two weeks, most
    /// recently active first, people I already like left out.
    pub async fn recommended(&self, me: &Session, p: &PeoplePaging) -> ApiResult<PeoplePage> {
        let row = self.me_row(me).await?;
        let search = Search::of(self, &row, &DiscoverFilters::default())?.active_within(14);
        let reading = Reading {
            viewer: me.user_id,
            search: &search,
            unliked: true,
        };
        let page = self.discover_page(reading, p).await?;
        Ok(self.discovered(page))
    }

    /// One random person I may see, or none when there is nobody.
    pub async fn random(&self, me: &Session) -> ApiResult<Option<Card>> {
        let row = self.me_row(me).await?;
        let search = Search::of(self, &row, &DiscoverFilters::default())?;
        Ok(self
            .random_of(me.user_id, &search)
            .await?
            .map(|r| self.card(r)))
    }

    /// A discover page as the viewer sees it, its token written out.
    fn discovered(&self, page: DiscoverPage) -> PeoplePage {
        let next = page.next.map(|t| t.encode());
        self.people_page(page.rows, page.total, next)
    }
}
