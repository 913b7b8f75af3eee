//! People nearby: whoever chose to share their area (a cell of about 5 km, `area.rs`; never the
//! position), nearest first, under discover's rules: its filters and the other-gender default,
//! blocks either way, bans, holds, passes, and the non-members' daily cap of different people.
//!
//! A page widens through bands of distance (`area::BANDS`): each reads the people sharing an
//! area in a box of the grid around mine, along the index on (row, longitude), keeps those of
//! the band after the token's place in order of (distance, id), and checks them against the
//! viewer as discover does. The token names the last person shown and their distance, so a
//! scroll shows nobody twice, and a page deep in the list reads no more than its band.

use crate::api::error::{ApiError, ApiResult};
use crate::api::session::Session;
use crate::i18n::{Lang, Msg};
use crate::people::area::{band_of, Cell, Position, BANDS};
use crate::people::discover::Search;
use crate::people::forms::{AreaRequest, AreaState, NearbyCard, NearbyPage};
use crate::people::model::{CardRow, DiscoverFilters};
use crate::people::paging::{fingerprint, NearbyToken, PEOPLE_COUNTED};
use crate::people::People;

/// An area is said to be in the most populous town this near its middle (km).
const TOWN_WITHIN_KM: f64 = 8.0;

/// The most candidates checked against the viewer in one statement.
const MOST_CHECKED_AT_ONCE: usize = 1_000;

/// A number of a request's body: a JSON number, or text that reads as one.
fn coordinate(value: Option<&serde_json::Value>) -> Option<f64> {
    match value? {
        serde_json::Value::Number(n) => n.as_f64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

impl People {
    /// Shares my area (the cell of the position given; the position itself is not kept), or
    /// with `off`, stops sharing it and forgets it.
    pub async fn share_area(&self, me: &Session, req: &AreaRequest) -> ApiResult<AreaState> {
        if req.off == Some(true) {
            self.store.forget_area(me.user_id).await?;
            return Ok(AreaState { shares_area: false });
        }
        let position = Position::parse(coordinate(req.lat.as_ref()), coordinate(req.lng.as_ref()))
            .map_err(ApiError::Invalid)?;
        self.store
            .share_area(me.user_id, Cell::of(position), self.clock.unix())
            .await?;
        Ok(AreaState { shares_area: true })
    }

    /// Whether `user_id` shares their area (getInfo says so).
    pub async fn shares_area(&self, user_id: i64) -> sqlx::Result<bool> {
        Ok(self.store.area(user_id).await?.is_some())
    }

    /// People sharing their area, nearest first; 403 asking me to share mine first when I
    /// don't.
    pub async fn nearby(&self, me: &Session, f: &DiscoverFilters) -> ApiResult<NearbyPage> {
        let row = self.me_row(me).await?;
        let search = Search::of(self, &row, f)?;
        let Some(cell) = self.store.area(me.user_id).await? else {
            return Err(ApiError::Forbidden(Msg::NearbyShareFirst));
        };
        let search_print = fingerprint(&search.key());
        let (after, total) = match f.page_token.as_deref() {
            Some(token) => {
                let token = NearbyToken::decode(token)?;
                if token.cell != (cell.row, cell.col) || token.search != search_print {
                    return Err(ApiError::Invalid(Msg::PageTokenStale));
                }
                (Some((token.km, token.id)), token.total)
            }
            None => (
                None,
                self.store.sharing_count(me.user_id, PEOPLE_COUNTED).await?,
            ),
        };
        let limit = f.paging().paging().limit() as usize;
        // One more than a page, to know whether another follows.
        let mut found = self
            .nearest(me.user_id, cell, &search, after, limit + 1)
            .await?;
        let more = found.len() > limit;
        found.truncate(limit);
        let next = found.last().filter(|_| more).map(|(km, row)| {
            NearbyToken {
                km: *km,
                id: row.id,
                total,
                cell: (cell.row, cell.col),
                search: search_print,
            }
            .encode()
        });
        let candidates: Vec<i64> = found.iter().map(|(_, r)| r.id).collect();
        let admitted = self.within_daily_cap(&row, &candidates).await?;
        found.retain(|(_, r)| admitted.contains(&r.id));
        let areas: Vec<(f64, f64)> = found
            .iter()
            .map(|(_, r)| r.area.middle())
            .map(|p| (p.lat, p.lng))
            .collect();
        let towns = self
            .places
            .towns_near(&areas, TOWN_WITHIN_KM, Lang::current())
            .await?;
        let rows = found
            .into_iter()
            .zip(towns)
            .map(|((km, row), town)| NearbyCard {
                card: self.card(row.card),
                distance_km: km,
                town,
            })
            .collect();
        Ok(NearbyPage {
            rows,
            total,
            next_page_token: next,
        })
    }

    /// Up to `want` people the viewer may be shown, sharing an area, nearest first after
    /// `after` (distance, id), with their distance.
    async fn nearest(
        &self,
        viewer: i64,
        cell: Cell,
        search: &Search,
        after: Option<(i64, i64)>,
        want: usize,
    ) -> ApiResult<Vec<(i64, Near)>> {
        let conditions = self.offered(search);
        let mut found = Vec::with_capacity(want);
        let first_band = after.map(|(km, _)| band_of(km)).unwrap_or(0);
        for (band, &to) in BANDS.iter().enumerate().skip(first_band) {
            let from = band.checked_sub(1).map_or(0, |b| BANDS[b]);
            let mut candidates: Vec<(i64, i64, Cell)> = self
                .store
                .sharing_within(viewer, cell.reach(to))
                .await?
                .into_iter()
                .map(|s| (cell.km_to(s.cell()), s.user_id, s.cell()))
                .filter(|(km, id, _)| {
                    (from..to).contains(km) && after.is_none_or(|a| (*km, *id) > a)
                })
                .collect();
            candidates.sort_unstable_by_key(|(km, id, _)| (*km, *id));
            // Checked a window at a time: half as many again as wanted at first (some may be
            // hidden), twice the window before whenever one left the page short (a narrow
            // filter hides most people), so a page takes a few statements, not dozens.
            let mut rest = candidates.as_slice();
            let mut size = 0;
            while !rest.is_empty() && found.len() < want {
                let missing = want - found.len();
                size = (missing + missing / 2 + 2)
                    .max(size * 2)
                    .min(MOST_CHECKED_AT_ONCE);
                let (window, after_window) = rest.split_at(size.min(rest.len()));
                rest = after_window;
                let ids: Vec<i64> = window.iter().map(|(_, id, _)| *id).collect();
                let mut shown: std::collections::HashMap<i64, CardRow> = self
                    .store
                    .cards_among(viewer, &conditions, &ids, false)
                    .await?
                    .into_iter()
                    .map(|row| (row.id, row))
                    .collect();
                for (km, id, area) in window {
                    if found.len() == want {
                        break;
                    }
                    if let Some(card) = shown.remove(id) {
                        found.push((
                            *km,
                            Near {
                                id: *id,
                                area: *area,
                                card,
                            },
                        ));
                    }
                }
            }
            if found.len() == want {
                break;
            }
        }
        Ok(found)
    }
}

/// Someone found nearby: their card and their area.
struct Near {
    id: i64,
    area: Cell,
    card: CardRow,
}
