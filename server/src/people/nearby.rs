//! People nearby: whoever chose to share their area (a cell of about 5 km, `area.rs`; never the
//! position), nearest first, under discover's rules: its filters and the other-gender default,
//! blocks either way, bans, holds, passes, and the non-members' daily cap of different people.
//!
//! A list is found through bands of distance (`area::BANDS`): each reads the people sharing an
//! area in a box of the grid around mine, along the index on (row, longitude), keeps those of
//! the band in order of (distance, id), and checks them against the search's conditions as
//! discover does. The list of the first two thousand people found for a search from a cell serves
//! the pages of everyone searching alike from that cell for `LIST_SECONDS` (`NearbyLists`, like
//! discover's shared lists), and for a while longer to everyone but the one request finding it
//! anew; each page then checks its people against the viewer and the conditions again (blocks,
//! bans, holds, passes: on the very next page) and that they still share their area. Sharing, moving or stopping forgets the lists that could hold that cell.
//! Past a list's end a page walks the bands itself from the token's place. The token names the
//! last person shown and their distance, so a scroll shows nobody twice.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use crate::api::error::{ApiError, ApiResult};
use crate::api::session::Session;
use crate::i18n::{Lang, Msg};
use crate::people::area::{band_of, Cell, Position, BANDS};
use crate::people::discover::Search;
use crate::people::forms::{AreaRequest, AreaState, NearbyCard, NearbyPage};
use crate::people::model::{CardRow, DiscoverFilters};
use crate::people::paging::{fingerprint, NearbyToken, PEOPLE_COUNTED};
use crate::people::store::Only;
use crate::people::People;

/// An area is said to be in the most populous town this near its middle (km).
const TOWN_WITHIN_KM: f64 = 8.0;

/// The most candidates checked against the viewer in one statement.
const MOST_CHECKED_AT_ONCE: usize = 1_000;

/// How long a list found for a search from a cell serves the next requests (seconds).
const LIST_SECONDS: i64 = 30;
/// How long past that it still serves them while one request finds it anew: the others do not
/// queue behind the finding (the pages check their people again either way).
const STALE_LIST_SECONDS: i64 = 60;
/// The most people a list holds: twice as many as a total counts, for the scrolls going that
/// deep (about 64 KiB).
const LIST_LENGTH: usize = 2 * PEOPLE_COUNTED as usize;
/// The most lists one node keeps.
const LISTS_HELD: usize = 256;

/// People found for a search from a cell, nearest first: who matched the search's conditions
/// when it was made (no viewer's relations in it).
struct NearList {
    made_at: i64,
    /// (km, id, their area).
    people: Vec<(i64, i64, Cell)>,
    /// Everyone matching is here: nothing lies past its end.
    complete: bool,
    from: Cell,
}

impl NearList {
    /// Whether someone sharing `cell` could be in it (or belong in it): within its reach.
    fn could_hold(&self, cell: Cell) -> bool {
        self.complete
            || self
                .people
                .last()
                .is_none_or(|(km, _, _)| self.from.km_to(cell) <= *km)
    }
}

/// The nearby lists of this node, shared by its requests.
#[derive(Clone, Default)]
pub struct NearbyLists {
    held: Arc<Mutex<HeldLists>>,
    /// One finder at a time per list; the others read what it found.
    finding: Arc<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>>,
}

#[derive(Default)]
struct HeldLists {
    by_key: HashMap<String, Arc<NearList>>,
    order: VecDeque<String>,
}

impl NearbyLists {
    fn held(&self) -> std::sync::MutexGuard<'_, HeldLists> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn fresh(&self, key: &str, now: i64) -> Option<Arc<NearList>> {
        self.younger_than(key, now, LIST_SECONDS)
    }

    fn younger_than(&self, key: &str, now: i64, seconds: i64) -> Option<Arc<NearList>> {
        self.held()
            .by_key
            .get(key)
            .filter(|l| now - l.made_at < seconds)
            .cloned()
    }

    fn hold(&self, key: String, list: Arc<NearList>) {
        let mut held = self.held();
        if held.by_key.insert(key.clone(), list).is_none() {
            held.order.push_back(key);
        }
        while held.order.len() > LISTS_HELD {
            if let Some(old) = held.order.pop_front() {
                held.by_key.remove(&old);
            }
        }
    }

    fn finder(&self, key: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut finding = self.finding.lock().unwrap_or_else(|e| e.into_inner());
        if finding.len() > LISTS_HELD {
            finding.retain(|_, m| Arc::strong_count(m) > 1);
        }
        finding.entry(key.to_owned()).or_default().clone()
    }

    /// Forgets the lists in which someone sharing `cell` could be.
    fn forget_near(&self, cell: Cell) {
        let mut held = self.held();
        held.by_key.retain(|_, list| !list.could_hold(cell));
        let HeldLists { by_key, order } = &mut *held;
        order.retain(|key| by_key.contains_key(key));
    }
}

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
        let off = req.off == Some(true);
        let given = |v: &Option<serde_json::Value>| v.as_ref().is_some_and(|v| !v.is_null());
        // Beside `off` too, a position given must be one: a wrong request changes nothing.
        let position = if off && !given(&req.lat) && !given(&req.lng) {
            None
        } else {
            Some(
                Position::parse(coordinate(req.lat.as_ref()), coordinate(req.lng.as_ref()))
                    .map_err(ApiError::Invalid)?,
            )
        };
        let before = self.store.area(me.user_id).await?;
        let Some(position) = position.filter(|_| !off) else {
            self.store.forget_area(me.user_id).await?;
            if let Some(cell) = before {
                self.nearby_lists.forget_near(cell);
            }
            return Ok(AreaState { shares_area: false });
        };
        let cell = Cell::of(position);
        self.store
            .share_area(me.user_id, cell, self.clock.unix())
            .await?;
        // The lists where I was, and those where I am now.
        for cell in before.into_iter().chain([cell]) {
            self.nearby_lists.forget_near(cell);
        }
        Ok(AreaState { shares_area: true })
    }

    /// Whether `user_id` shares their area (getInfo says so).
    pub async fn shares_area(&self, user_id: i64) -> sqlx::Result<bool> {
        Ok(self.store.area(user_id).await?.is_some())
    }

    /// People sharing their area, nearest first; 403 asking me to share mine first when I
    /// don't.
    pub async fn nearby(&self, me: &Session, f: &DiscoverFilters) -> ApiResult<NearbyPage> {
        let (row, area) = tokio::try_join!(self.me_row(me), async {
            Ok(self.store.area(me.user_id).await?)
        })?;
        let search = Search::of(self, &row, f)?;
        let Some(cell) = area else {
            return Err(ApiError::Forbidden(Msg::NearbyShareFirst));
        };
        let search_print = fingerprint(&search.key());
        let limit = f.paging().paging().limit() as usize;
        // One more than a page, to know whether another follows; the first page counts
        // everyone sharing beside it.
        let (mut found, total) = match f.page_token.as_deref() {
            Some(token) => {
                let token = NearbyToken::decode(token)?;
                if token.cell != (cell.row, cell.col) || token.search != search_print {
                    return Err(ApiError::Invalid(Msg::PageTokenStale));
                }
                let after = Some((token.km, token.id));
                let found = self
                    .nearest_listed(me.user_id, cell, &search, after, limit + 1)
                    .await?;
                (found, token.total)
            }
            None => tokio::try_join!(
                self.nearest_listed(me.user_id, cell, &search, None, limit + 1),
                async { Ok(self.store.sharing_count(me.user_id, PEOPLE_COUNTED).await?) },
            )?,
        };
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

    /// Up to `want` people the viewer may be shown, nearest first after `after` (distance,
    /// id): from the search's list, checked again against the viewer, then past its end by
    /// walking the bands.
    async fn nearest_listed(
        &self,
        viewer: i64,
        cell: Cell,
        search: &Search,
        after: Option<(i64, i64)>,
        want: usize,
    ) -> ApiResult<Vec<(i64, Near)>> {
        let list = self.nearby_list(cell, search).await?;
        let start = after.map_or(0, |a| {
            list.people.partition_point(|(km, id, _)| (*km, *id) <= a)
        });
        let conditions = self.offered(search);
        let mut found = Vec::with_capacity(want);
        let mut rest = &list.people[start..];
        while !rest.is_empty() && found.len() < want {
            let missing = want - found.len();
            let (window, after_window) = rest.split_at((missing + missing / 2 + 2).min(rest.len()));
            rest = after_window;
            let ids: Vec<i64> = window.iter().map(|(_, id, _)| *id).collect();
            // The list is a while old: who stopped sharing since is left out here.
            let mut shown: HashMap<i64, CardRow> = self
                .store
                .cards_among(viewer, &conditions, &ids, Only::SharingArea)
                .await?
                .into_iter()
                .map(|row| (row.id, row))
                .collect();
            for (km, id, area) in window {
                if found.len() == want {
                    break;
                }
                if let Some(card) = shown.remove(id) {
                    let near = Near {
                        id: *id,
                        area: *area,
                        card,
                    };
                    found.push((*km, near));
                }
            }
        }
        if found.len() < want && !list.complete {
            // Past the list: the bands from where it ends (or from the token, further on).
            let from = list.people.last().map(|(km, id, _)| (*km, *id)).max(after);
            let more = self
                .nearest(viewer, cell, search, from, want - found.len())
                .await?;
            found.extend(more);
        }
        Ok(found)
    }

    /// The list of people found for `search` from `cell`: the one found in the last
    /// `LIST_SECONDS`, else found now (once however many ask at the same time; while one request
    /// finds it, the others are served the list it replaces, up to `STALE_LIST_SECONDS` old).
    async fn nearby_list(&self, cell: Cell, search: &Search) -> ApiResult<Arc<NearList>> {
        let key = format!("{},{};{}", cell.row, cell.col, search.key());
        let now = self.clock.unix();
        if let Some(list) = self.nearby_lists.fresh(&key, now) {
            return Ok(list);
        }
        let finder = self.nearby_lists.finder(&key);
        let _finding = match finder.try_lock() {
            Ok(finding) => finding,
            Err(_) => match self
                .nearby_lists
                .younger_than(&key, now, STALE_LIST_SECONDS)
            {
                Some(list) => return Ok(list),
                None => finder.lock().await,
            },
        };
        if let Some(list) = self.nearby_lists.fresh(&key, self.clock.unix()) {
            return Ok(list);
        }
        let made_at = self.clock.unix();
        // Nobody's list: no one's relations are in it (0 is no one's id).
        let found = self.nearest(0, cell, search, None, LIST_LENGTH + 1).await?;
        let complete = found.len() <= LIST_LENGTH;
        let people = found
            .into_iter()
            .take(LIST_LENGTH)
            .map(|(km, near)| (km, near.id, near.area))
            .collect();
        let list = Arc::new(NearList {
            made_at,
            people,
            complete,
            from: cell,
        });
        self.nearby_lists.hold(key, list.clone());
        Ok(list)
    }

    /// Up to `want` people `viewer` may be shown, sharing an area, nearest first after
    /// `after` (distance, id), with their distance, walking the bands.
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
                    .cards_among(viewer, &conditions, &ids, Only::Anyone)
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
