//! Discover at scale: a search's people are found once and shared.
//!
//! The order of discover does not depend on who searches, only on the filters: people come by
//! how recently they were active, in windows (online now, the last hour, day and week, before;
//! [`activity_window`]), SVIP members first within each window (the priority their membership
//! buys), then the most recently active first. An SVIP member never passes someone active in a
//! more recent window, and is passed by nobody of their own window who is not SVIP. So a search is made into an ordered list of up to `LIST_LENGTH` people (ids, and
//! their activity then), kept in `discover_lists` and in memory, and everyone searching with the
//! same filters within `people.discover_list_seconds` reads the same list. A page reads the
//! next people of its list and checks each one against the viewer as it is served (blocks either
//! way, bans, deletions, holds, the filters again), skipping whoever may not be shown: a page
//! costs the same at page 50 as at page 1, and nobody counts the people matching a search.
//!
//! A scroll keeps its list (the page token names it and a position): people who become active
//! meanwhile keep their place, so nobody is shown twice or skipped. Past the end of a full list,
//! the next list continues after its last person. Lists are kept an hour; a token whose list is
//! gone continues after the last person it showed.
//!
//! Most searches are made by one person only (a country, a language and an age range of their
//! own), so a search's first list holds only its first pages' people (`FIRST_LIST_LENGTH`), and
//! the scroll extends it with lists of `LIST_LENGTH`. The same statement counts the search up to
//! 1,000 (the total page 1 shows) from the discover indexes alone, which hold the filters people
//! use most. A list's id is chosen by the node that found it, so the answer does not wait for the
//! list to be written: lists found meanwhile are written together a moment later
//! (`WRITE_AFTER_MS`); a token naming a list another node has not written yet continues, as for
//! a list gone, after the last person it showed.
//!
//! Duolicious keeps each searcher's ordered results for their next pages; here the order is the
//! same for everyone, so the result is kept once per search rather than once per searcher.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use chrono::Months;

use crate::account::model::{membership, Country, Gender, Level, UserRow};
use crate::api::error::{ApiError, ApiResult};
use crate::db::Arg;
use crate::i18n::Msg;
use crate::people::model::{CardRow, DiscoverFilters};
use crate::people::paging::{fingerprint, DiscoverToken, PeoplePaging, PEOPLE_COUNTED};
use crate::people::store::{Conditions, Findable, ListRow, Only};
use crate::people::People;

/// The most people a list after the first holds.
const LIST_LENGTH: i64 = PEOPLE_COUNTED;
/// The most people a search's first list holds: its first five pages of 20.
const FIRST_LIST_LENGTH: i64 = 100;
/// How long a list found waits to be written with the others found meanwhile (milliseconds).
const WRITE_AFTER_MS: u64 = 100;
/// How long a pass keeps someone out of the viewer's discover (days).
pub const PASS_DAYS: i64 = 30;
/// How long lists are kept for the scrolls reading them (seconds).
pub const LIST_KEPT_SECONDS: i64 = 3600;
/// The most lists one node keeps in memory (about 16 KiB each when full).
const LISTS_IN_MEMORY: usize = 1024;

/// What a discover search asks for, after the defaults: the same for everyone asking alike.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Search {
    gender: Option<Gender>,
    country: Option<String>,
    language: Option<String>,
    min_age: u32,
    max_age: u32,
    online: bool,
    with_photos: bool,
    new_members: bool,
    verified: bool,
    /// Only people active in the last this many days (the recommended list).
    active_days: Option<i64>,
}

impl Search {
    /// The search `me` makes with these filters.
    pub fn of(people: &People, me: &UserRow, f: &DiscoverFilters) -> ApiResult<Search> {
        let gender = match f.gender.as_deref().filter(|g| !g.is_empty()) {
            Some(g) => Some(Gender::parse(Some(g))?),
            None if people.config.people.opposite_gender_by_default => Some(me.gender.other()),
            None => None,
        };
        let country = match f.country.as_deref().filter(|c| !c.is_empty()) {
            Some(c) => Some(Country::parse(Some(c))?.as_str().to_owned()),
            None => None,
        };
        let language = match f.language.as_deref().filter(|l| !l.is_empty()) {
            Some(l) => Some(crate::account::model::parse_language(Some(l))?.to_owned()),
            None => None,
        };
        let (min_age, max_age) = (f.min_age.unwrap_or(18), f.max_age.unwrap_or(99));
        if !(18..=99).contains(&min_age) || !(18..=99).contains(&max_age) || min_age > max_age {
            return Err(ApiError::Invalid(Msg::AgeRange));
        }
        Ok(Search {
            gender,
            country,
            language,
            min_age,
            max_age,
            online: f.online == Some(true),
            with_photos: f.with_photos == Some(true),
            new_members: f.new_members == Some(true),
            verified: f.verified == Some(true),
            active_days: None,
        })
    }

    /// The recommended list's search: active in the last `days` days.
    pub fn active_within(mut self, days: i64) -> Search {
        self.active_days = Some(days);
        self
    }

    /// The search as text: equal searches, equal keys (the key of a shared list).
    pub fn key(&self) -> String {
        format!(
            "g={};c={};l={};a={}-{};o={};p={};n={};v={};d={}",
            self.gender.map(Gender::as_str).unwrap_or_default(),
            self.country.as_deref().unwrap_or_default(),
            self.language.as_deref().unwrap_or_default(),
            self.min_age,
            self.max_age,
            u8::from(self.online),
            u8::from(self.with_photos),
            u8::from(self.new_members),
            u8::from(self.verified),
            self.active_days.unwrap_or_default(),
        )
    }

    /// The conditions on `u` at `now`.
    fn conditions(&self, now: i64, online_minutes: i64) -> Conditions {
        let mut c = Conditions::default();
        let mut push = |sql: &str, arg: Arg| {
            c.sql.push(sql.to_owned());
            c.args.push(arg);
        };
        if let Some(g) = self.gender {
            push("u.gender = $?", Arg::Text(g.as_str().to_owned()));
        }
        if let Some(country) = &self.country {
            push("u.country = $?", Arg::Text(country.clone()));
        }
        if let Some(language) = &self.language {
            push("u.language = $?", Arg::Text(language.clone()));
        }
        let today = chrono::DateTime::from_timestamp(now, 0)
            .unwrap_or_default()
            .date_naive();
        let years_ago = |years: u32| {
            today
                .checked_sub_months(Months::new(12 * years))
                .unwrap_or(today)
                .format("%Y-%m-%d")
                .to_string()
        };
        if self.min_age > 18 {
            push("u.birthday <= $?", Arg::Text(years_ago(self.min_age)));
        }
        if self.max_age < 99 {
            // Younger than max + 1: born after that many years ago.
            push("u.birthday > $?", Arg::Text(years_ago(self.max_age + 1)));
        }
        if self.online {
            push(
                "u.last_active_at >= $?",
                Arg::Int(now - online_minutes * 60),
            );
        }
        if let Some(days) = self.active_days {
            push("u.last_active_at >= $?", Arg::Int(now - days * 86_400));
        }
        if self.new_members {
            push("u.created_at >= $?", Arg::Int(now - 30 * 86_400));
        }
        if self.with_photos {
            c.sql.push("u.avatar_key IS NOT NULL".to_owned());
        }
        if self.verified {
            c.sql
                .push("u.verified_avatar_key = u.avatar_key".to_owned());
        }
        c
    }
}

/// A list found for a search: people in order with their activity when it was made.
#[derive(Debug)]
pub struct Found {
    id: i64,
    /// The search's key, with where it continues from for the lists after the first.
    search: String,
    created_at: i64,
    people: Vec<(i64, i64)>,
    /// Everyone the search found is here: no list comes after it.
    complete: bool,
    /// The first list of its search (not a continuation).
    first: bool,
    /// A first list's search counted up to 1,000 when it was found.
    counted: Option<i64>,
}

impl Found {
    fn from_row(row: ListRow) -> Found {
        let people = row
            .people
            .chunks_exact(16)
            .map(|pair| {
                let (id, active) = pair.split_at(8);
                (
                    i64::from_le_bytes(id.try_into().unwrap_or_default()),
                    i64::from_le_bytes(active.try_into().unwrap_or_default()),
                )
            })
            .collect();
        Found {
            id: row.id,
            first: !row.search.contains(";after="),
            search: row.search,
            created_at: row.created_at,
            people,
            complete: row.complete,
            counted: row.counted,
        }
    }

    fn packed(people: &[(i64, i64)]) -> Vec<u8> {
        people
            .iter()
            .flat_map(|(id, active)| id.to_le_bytes().into_iter().chain(active.to_le_bytes()))
            .collect()
    }

    /// The key of the list continuing this one: after its least recently active person (the
    /// ranking moves SVIP members forward within the list, so that is not always the last).
    fn next_search(&self, base: &str) -> Option<(String, (i64, i64))> {
        let (active, id) = self.people.iter().map(|&(id, active)| (active, id)).min()?;
        Some((format!("{base};after={active},{id}"), (active, id)))
    }
}

/// Which window of activity `active` falls in at `now`: online (the last `online_minutes`), the
/// last hour, the last day, the last week, or before.
pub fn activity_window(active: i64, now: i64, online_minutes: i64) -> usize {
    let ago = now - active;
    [online_minutes * 60, 3_600, 86_400, 7 * 86_400]
        .iter()
        .position(|within| ago <= *within)
        .unwrap_or(4)
}

/// Found people (most recently active first) in discover's order: by activity window, SVIP
/// members first within each, then as found.
fn ranked(found: Vec<Findable>, now: i64, online_minutes: i64) -> Vec<(i64, i64)> {
    let mut people: Vec<(usize, bool, i64, i64)> = found
        .into_iter()
        .map(|p| {
            let svip = membership(p.level, p.member_expires_at, now) == Some(Level::Svip);
            let window = activity_window(p.last_active_at, now, online_minutes);
            (window, !svip, p.id, p.last_active_at)
        })
        .collect();
    // Stable: within a window and a rank, the activity order stays.
    people.sort_by_key(|&(window, not_svip, _, _)| (window, not_svip));
    people
        .into_iter()
        .map(|(_, _, id, active)| (id, active))
        .collect()
}

/// The lists this node holds: by id, and the newest for each search.
#[derive(Default)]
struct Held {
    by_id: HashMap<i64, Arc<Found>>,
    newest: HashMap<String, i64>,
    order: VecDeque<i64>,
}

impl Held {
    fn hold(&mut self, list: Arc<Found>) {
        if self.by_id.insert(list.id, list.clone()).is_none() {
            self.order.push_back(list.id);
        }
        // Ids are random: the newest is the one made last.
        let made = |id: &i64, by_id: &HashMap<i64, Arc<Found>>| {
            by_id.get(id).map(|l| (l.created_at, l.id))
        };
        let newer = match self.newest.get(&list.search) {
            Some(id) => made(id, &self.by_id) < Some((list.created_at, list.id)),
            None => true,
        };
        if newer {
            self.newest.insert(list.search.clone(), list.id);
        }
        while self.order.len() > LISTS_IN_MEMORY {
            if let Some(old) = self.order.pop_front() {
                if let Some(gone) = self.by_id.remove(&old) {
                    if self.newest.get(&gone.search) == Some(&old) {
                        self.newest.remove(&gone.search);
                    }
                }
            }
        }
    }

    fn newest(&self, search: &str) -> Option<Arc<Found>> {
        self.newest
            .get(search)
            .and_then(|id| self.by_id.get(id))
            .cloned()
    }
}

/// The discover lists of this node, shared by its requests.
#[derive(Clone, Default)]
pub struct Lists {
    held: Arc<Mutex<Held>>,
    /// One finder at a time per search; the others read the list it finds.
    finding: Arc<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>>,
    /// Lists found and not written yet, and whether a writer is on its way for them.
    unwritten: Arc<Mutex<Vec<ListRow>>>,
    writing: Arc<AtomicBool>,
}

impl Lists {
    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The lists waiting to be written, taken.
    fn take_unwritten(&self) -> Vec<ListRow> {
        std::mem::take(&mut *self.unwritten.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Forgets the lists made before `before`.
    pub fn forget_before(&self, before: i64) {
        let mut held = self.held();
        let gone: Vec<i64> = held
            .by_id
            .values()
            .filter(|l| l.created_at < before)
            .map(|l| l.id)
            .collect();
        for id in gone {
            if let Some(list) = held.by_id.remove(&id) {
                if held.newest.get(&list.search) == Some(&id) {
                    held.newest.remove(&list.search);
                }
            }
        }
        let Held { by_id, order, .. } = &mut *held;
        order.retain(|id| by_id.contains_key(id));
    }
}

/// A page of discover: its people and where the next page starts.
pub struct DiscoverPage {
    pub rows: Vec<CardRow>,
    pub total: i64,
    pub next: Option<DiscoverToken>,
}

/// How a page reads its list.
pub struct Reading<'a> {
    pub viewer: i64,
    pub search: &'a Search,
    /// Leave out people the viewer likes (the recommended list).
    pub unliked: bool,
}

impl People {
    /// What a person must meet now to be offered to the viewer (`$1` where the cards are read)
    /// under `search`: its filters, and not passed by the viewer lately. Discover and people
    /// nearby check their candidates against it (with blocks, bans and holds: `cards_among`).
    pub(super) fn offered(&self, search: &Search) -> Conditions {
        let now = self.clock.unix();
        let mut conditions = search.conditions(now, self.config.people.online_minutes);
        conditions.sql.push(
            "NOT EXISTS (SELECT 1 FROM passes p WHERE p.passer_id = $1 AND p.passed_id = u.id AND p.created_at > $?)"
                .to_owned(),
        );
        conditions.args.push(Arg::Int(now - PASS_DAYS * 86_400));
        conditions
    }

    fn is_fresh(&self, list: &Found, now: i64) -> bool {
        now - list.created_at < self.config.people.discover_list_seconds
    }

    /// The list a new search reads: the newest one for `key` while fresh, else a new one.
    async fn current_list(
        &self,
        search: &Search,
        key: &str,
        after: Option<(i64, i64)>,
    ) -> ApiResult<Arc<Found>> {
        let now = self.clock.unix();
        let stale = self.lists.held().newest(key);
        if let Some(list) = &stale {
            if self.is_fresh(list, now) {
                return Ok(list.clone());
            }
        }
        let lock = self
            .lists
            .finding
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key.to_owned())
            .or_default()
            .clone();
        let _finding = match (&stale, lock.try_lock()) {
            (_, Ok(guard)) => guard,
            // Someone is finding a newer one: the stale list serves meanwhile.
            (Some(list), Err(_)) => return Ok(list.clone()),
            (None, Err(_)) => lock.lock().await,
        };
        if let Some(list) = self.lists.held().newest(key) {
            if self.is_fresh(&list, now) {
                return Ok(list);
            }
        }
        // Held before the finder's lock goes, so nobody finds it twice; the lock goes whatever
        // happens, so a failed find leaves nothing behind.
        let found = self.find_list(search, key, after, now).await;
        if let Ok(list) = &found {
            self.lists.held().hold(list.clone());
        }
        self.lists
            .finding
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(key);
        found
    }

    /// The list for `key` made at `now`: one another node made within the freshness window, or
    /// a new one found and kept.
    async fn find_list(
        &self,
        search: &Search,
        key: &str,
        after: Option<(i64, i64)>,
        now: i64,
    ) -> ApiResult<Arc<Found>> {
        // Only nodes joined to others may find a list one of them made.
        let fresh = self.config.people.discover_list_seconds;
        let found_elsewhere = match (fresh, &self.config.nats_url) {
            (0, _) | (_, None) => None,
            _ => self.store.newest_list(key, now - fresh + 1).await?,
        };
        if let Some(row) = found_elsewhere {
            return Ok(Arc::new(Found::from_row(row)));
        }
        let conditions = search.conditions(now, self.config.people.online_minutes);
        let online_minutes = self.config.people.online_minutes;
        let (people, length, counted) = match after {
            None => {
                let found = self
                    .store
                    .find_first(&conditions, FIRST_LIST_LENGTH, PEOPLE_COUNTED)
                    .await?;
                let counted = found.first().map_or(0, |f| f.counted);
                let found = found.into_iter().map(|f| f.person).collect();
                (
                    ranked(found, now, online_minutes),
                    FIRST_LIST_LENGTH,
                    Some(counted),
                )
            }
            Some(_) => {
                let found = self.store.find(&conditions, after, LIST_LENGTH).await?;
                (ranked(found, now, online_minutes), LIST_LENGTH, None)
            }
        };
        let list = Found {
            id: rand::random_range(1..i64::MAX),
            first: after.is_none(),
            search: key.to_owned(),
            created_at: now,
            complete: (people.len() as i64) < length,
            people,
            counted,
        };
        self.write_later(ListRow {
            id: list.id,
            search: list.search.clone(),
            created_at: now,
            people: Found::packed(&list.people),
            complete: list.complete,
            counted,
        });
        Ok(Arc::new(list))
    }

    /// Writes `list` a moment later, with the others found meanwhile, in one statement.
    fn write_later(&self, list: ListRow) {
        self.lists
            .unwritten
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(list);
        if self.lists.writing.swap(true, Ordering::AcqRel) {
            return;
        }
        let people = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(WRITE_AFTER_MS)).await;
            people.lists.writing.store(false, Ordering::Release);
            people.write_lists().await;
        });
    }

    /// Writes the lists found and not written yet. A list not written is only not shared with
    /// other nodes, and its scroll continues after the last person it showed.
    pub async fn write_lists(&self) {
        let lists = self.lists.take_unwritten();
        if lists.is_empty() {
            return;
        }
        if let Err(e) = self.store.keep_lists(&lists).await {
            tracing::warn!(error = %e, lists = lists.len(), "could not write discover lists");
        }
    }

    /// The list with this id, from memory or the database.
    async fn list_by_id(&self, id: i64) -> ApiResult<Option<Arc<Found>>> {
        if let Some(list) = self.lists.held().by_id.get(&id).cloned() {
            return Ok(Some(list));
        }
        let Some(row) = self.store.list_by_id(id).await? else {
            return Ok(None);
        };
        let list = Arc::new(Found::from_row(row));
        self.lists.held().hold(list.clone());
        Ok(Some(list))
    }

    /// The list after `list` (which was full) for `search`.
    async fn next_list(&self, search: &Search, list: &Found) -> ApiResult<Option<Arc<Found>>> {
        let base = search.key();
        match list.next_search(&base) {
            Some((key, after)) => Ok(Some(self.current_list(search, &key, Some(after)).await?)),
            None => Ok(None),
        }
    }

    /// Where a page starts: the token's list and position, or the current list at `offset`.
    async fn start(
        &self,
        search: &Search,
        token: Option<&str>,
        offset: usize,
    ) -> ApiResult<(Arc<Found>, usize)> {
        let key = search.key();
        let Some(token) = token else {
            let mut list = self.current_list(search, &key, None).await?;
            let mut position = offset;
            while position >= list.people.len() && !list.complete {
                position -= list.people.len();
                match self.next_list(search, &list).await? {
                    Some(next) => list = next,
                    None => break,
                }
            }
            return Ok((list, position));
        };
        let token = DiscoverToken::decode(token)?;
        if token.search != fingerprint(&key) {
            return Err(ApiError::Invalid(Msg::PageTokenStale));
        }
        match self.list_by_id(token.list).await? {
            Some(list) if list.search.split(";after=").next() == Some(key.as_str()) => {
                let position = token.position.min(list.people.len());
                Ok((list, position))
            }
            Some(_) => Err(ApiError::Invalid(Msg::PageTokenStale)),
            // Gone: go on after the last person shown.
            None => {
                let list = match token.last {
                    Some((active, id)) => {
                        let key = format!("{key};after={active},{id}");
                        self.current_list(search, &key, Some((active, id))).await?
                    }
                    None => self.current_list(search, &key, None).await?,
                };
                Ok((list, 0))
            }
        }
    }

    /// A page of discover (or of the recommended list): the people of the list after the
    /// token's place (or at `offset`) whom the viewer may be shown now.
    pub async fn discover_page(
        &self,
        reading: Reading<'_>,
        paging: &PeoplePaging,
    ) -> ApiResult<DiscoverPage> {
        let conditions = self.offered(reading.search);
        let (limit, offset) = (paging.paging().limit(), paging.paging().offset());
        let (limit, token) = (limit as usize, paging.page_token.as_deref());
        let (mut list, mut position) = self.start(reading.search, token, offset as usize).await?;
        let me = || i64::from(list.people.iter().any(|(id, _)| *id == reading.viewer));
        let total = match (list.first, list.counted) {
            (true, Some(counted)) if counted < PEOPLE_COUNTED => counted - me(),
            // A first list kept before searches were counted: complete, its length.
            (true, None) if list.complete => list.people.len() as i64 - me(),
            _ => PEOPLE_COUNTED,
        };
        let mut rows = Vec::with_capacity(limit);
        let mut last = None;
        while rows.len() < limit {
            // The next people in order, half as many again as wanted (some may be hidden),
            // across the end of a list into the next: one statement a page, even at a list's end.
            let want = limit - rows.len();
            let window = want + want / 2 + 2;
            let mut candidates: Vec<(Arc<Found>, usize)> = Vec::with_capacity(window);
            let (mut at_list, mut at) = (list.clone(), position);
            while candidates.len() < window {
                if at >= at_list.people.len() {
                    if at_list.complete {
                        break;
                    }
                    match self.next_list(reading.search, &at_list).await? {
                        Some(next) => (at_list, at) = (next, 0),
                        None => break,
                    }
                    continue;
                }
                let take = (window - candidates.len()).min(at_list.people.len() - at);
                candidates.extend((at..at + take).map(|i| (at_list.clone(), i)));
                at += take;
            }
            if candidates.is_empty() {
                // The end of everything found: the page ends where the search does.
                (list, position) = (at_list, at);
                break;
            }
            let ids: Vec<i64> = candidates.iter().map(|(l, i)| l.people[*i].0).collect();
            let mut shown: HashMap<i64, CardRow> = self
                .store
                .cards_among(
                    reading.viewer,
                    &conditions,
                    &ids,
                    if reading.unliked {
                        Only::Unliked
                    } else {
                        Only::Anyone
                    },
                )
                .await?
                .into_iter()
                .map(|row| (row.id, row))
                .collect();
            for (in_list, i) in candidates {
                if rows.len() == limit {
                    break;
                }
                let (id, active) = in_list.people[i];
                (list, position) = (in_list, i + 1);
                last = Some((active, id));
                if let Some(row) = shown.remove(&id) {
                    rows.push(row);
                }
            }
        }
        let more = position < list.people.len() || !list.complete;
        Ok(DiscoverPage {
            rows,
            total,
            next: more.then(|| DiscoverToken {
                list: list.id,
                position,
                last,
                search: fingerprint(&reading.search.key()),
            }),
        })
    }

    /// A random person of the search's current list whom the viewer may be shown.
    pub async fn random_of(&self, viewer: i64, search: &Search) -> ApiResult<Option<CardRow>> {
        use rand::seq::IndexedRandom;
        let list = self.current_list(search, &search.key(), None).await?;
        let conditions = search.conditions(self.clock.unix(), self.config.people.online_minutes);
        let picks: Vec<i64> = list
            .people
            .choose_multiple(&mut rand::rng(), 8)
            .map(|p| p.0)
            .collect();
        let found = self
            .store
            .cards_among(viewer, &conditions, &picks, Only::Anyone)
            .await?;
        Ok(picks
            .iter()
            .find_map(|id| found.iter().find(|r| r.id == *id).cloned()))
    }

    /// Forgets the lists made over an hour ago; the minute sweep calls it.
    pub async fn forget_old_lists(&self) -> sqlx::Result<u64> {
        self.write_lists().await;
        let before = self.clock.unix() - LIST_KEPT_SECONDS;
        self.lists.forget_before(before);
        self.store.forget_lists_before(before).await
    }
}
