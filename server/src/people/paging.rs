//! Paging through people: the page shape every people list answers, and page tokens, which say
//! where the next page starts so that scrolling never shows anyone twice nor skips anyone.
//!
//! A token is opaque to clients (base64url text). It names a place, never a right: every page is
//! checked against the viewer as it is served, so a forged token shows nothing the viewer could
//! not find anyway, and one that does not parse, or was made for another list or other filters,
//! answers 400 'This list has changed: please refresh it'.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::envelope::Paging;
use crate::api::error::{ApiError, ApiResult};
use crate::i18n::Msg;
use crate::people::model::{Card, DiscoverFilters};

/// The most people a list's total counts: at it, there are at least that many ("1,000+").
pub const PEOPLE_COUNTED: i64 = 1_000;

/// A page of people and the way on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeoplePage {
    pub rows: Vec<Card>,
    /// How many people the list holds, counted up to 1,000: at 1,000 there may be more (show
    /// "1,000+"). Discover's is an estimate made when its list was made, which may count people
    /// hidden from the viewer since; the other lists count what the viewer may see.
    pub total: i64,
    /// Give it back as `pageToken` (with the same filters and `pageSize`) for the next page;
    /// null when nothing comes after this page.
    pub next_page_token: Option<String>,
}

/// `pageNum` and `pageSize` as everywhere, and the token of the page to continue from.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PeoplePaging {
    /// From 1; ignored with `pageToken`. Kept for clients that page by number: an offset, which
    /// may repeat or skip people when the list changes between pages.
    pub page_num: Option<u32>,
    /// 10 by default, at most 100.
    pub page_size: Option<u32>,
    /// The `nextPageToken` of the page before.
    pub page_token: Option<String>,
}

impl DiscoverFilters {
    /// Discover's paging inputs.
    pub fn paging(&self) -> PeoplePaging {
        PeoplePaging {
            page_num: self.page_num,
            page_size: self.page_size,
            page_token: self.page_token.clone(),
        }
    }
}

impl PeoplePaging {
    pub fn paging(&self) -> Paging {
        Paging {
            page_num: self.page_num,
            page_size: self.page_size,
        }
    }

    /// The first page of a scroll (the one that opens a list).
    pub fn is_first(&self) -> bool {
        self.page_token.is_none() && self.page_num.unwrap_or(1) <= 1
    }
}

/// Where a discover scroll stands: in list `list`, before position `position`; the last person
/// shown was `last` (their activity when the list was made, and id), to go on from should the
/// list be gone; `search` fingerprints the filters the list was made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscoverToken {
    pub list: i64,
    pub position: usize,
    pub last: Option<(i64, i64)>,
    pub search: u64,
}

/// Where a people list's scroll stands: after the row of person `id` whose act happened `at`;
/// `kind` names the list, `total` is the first page's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListToken {
    pub kind: char,
    pub at: i64,
    pub id: i64,
    pub total: i64,
}

/// Where a nearby scroll stands: after person `id`, `km` away; from the viewer's area `cell`
/// (row, column) with the filters `search` fingerprints; `total` is the first page's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NearbyToken {
    pub km: i64,
    pub id: i64,
    pub total: i64,
    pub cell: (i64, i64),
    pub search: u64,
}

impl NearbyToken {
    pub fn encode(&self) -> String {
        wrap(&format!(
            "n:{}:{}:{}:{}:{}:{:x}",
            self.km, self.id, self.total, self.cell.0, self.cell.1, self.search
        ))
    }

    pub fn decode(token: &str) -> ApiResult<NearbyToken> {
        let f = unwrap_fields(token, "n", 6)?;
        Ok(NearbyToken {
            km: number(&f[0])?,
            id: number(&f[1])?,
            total: number(&f[2])?,
            cell: (number(&f[3])?, number(&f[4])?),
            search: u64::from_str_radix(&f[5], 16).map_err(|_| stale())?,
        })
    }
}

fn stale() -> ApiError {
    ApiError::Invalid(Msg::PageTokenStale)
}

fn wrap(text: &str) -> String {
    URL_SAFE_NO_PAD.encode(text)
}

fn unwrap_fields(token: &str, tag: &str, n: usize) -> ApiResult<Vec<String>> {
    let bytes = URL_SAFE_NO_PAD.decode(token).map_err(|_| stale())?;
    let text = String::from_utf8(bytes).map_err(|_| stale())?;
    let mut fields = text.split(':');
    if fields.next() != Some(tag) {
        return Err(stale());
    }
    let fields: Vec<String> = fields.map(str::to_owned).collect();
    if fields.len() == n {
        Ok(fields)
    } else {
        Err(stale())
    }
}

fn number<T: std::str::FromStr>(field: &str) -> ApiResult<T> {
    field.parse().map_err(|_| stale())
}

impl DiscoverToken {
    pub fn encode(&self) -> String {
        let (active, id) = match self.last {
            Some((active, id)) => (active.to_string(), id.to_string()),
            None => (String::new(), String::new()),
        };
        wrap(&format!(
            "d:{}:{}:{active}:{id}:{:x}",
            self.list, self.position, self.search
        ))
    }

    pub fn decode(token: &str) -> ApiResult<DiscoverToken> {
        let f = unwrap_fields(token, "d", 5)?;
        let last = match (f[2].as_str(), f[3].as_str()) {
            ("", "") => None,
            (active, id) => Some((number(active)?, number(id)?)),
        };
        Ok(DiscoverToken {
            list: number(&f[0])?,
            position: number(&f[1])?,
            last,
            search: u64::from_str_radix(&f[4], 16).map_err(|_| stale())?,
        })
    }
}

impl ListToken {
    pub fn encode(&self) -> String {
        wrap(&format!(
            "l:{}:{}:{}:{}",
            self.kind, self.at, self.id, self.total
        ))
    }

    /// The token, which must be of list `kind`.
    pub fn decode(token: &str, kind: char) -> ApiResult<ListToken> {
        let f = unwrap_fields(token, "l", 4)?;
        if f[0].chars().eq([kind]) {
            Ok(ListToken {
                kind,
                at: number(&f[1])?,
                id: number(&f[2])?,
                total: number(&f[3])?,
            })
        } else {
            Err(stale())
        }
    }
}

/// A stable fingerprint of `text` (FNV-1a, 64 bits): the same on every node and every release.
pub fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_read_back_what_they_wrote() {
        let d = DiscoverToken {
            list: 42,
            position: 20,
            last: Some((1_700_000_000, 7)),
            search: fingerprint("g=female"),
        };
        assert_eq!(DiscoverToken::decode(&d.encode()).ok(), Some(d));
        let first = DiscoverToken { last: None, ..d };
        assert_eq!(DiscoverToken::decode(&first.encode()).ok(), Some(first));
        let l = ListToken {
            kind: 't',
            at: 1_700_000_000,
            id: 9,
            total: 1000,
        };
        assert_eq!(ListToken::decode(&l.encode(), 't').ok(), Some(l));
        let n = NearbyToken {
            km: 12,
            id: 5,
            total: 40,
            cell: (2500, 3100),
            search: fingerprint("g=male"),
        };
        assert_eq!(NearbyToken::decode(&n.encode()).ok(), Some(n));
        assert!(NearbyToken::decode(&l.encode()).is_err());
    }

    #[test]
    fn a_token_of_another_kind_or_garbage_is_stale() {
        let l = ListToken {
            kind: 't',
            at: 1,
            id: 2,
            total: 3,
        };
        assert!(ListToken::decode(&l.encode(), 'm').is_err());
        assert!(DiscoverToken::decode(&l.encode()).is_err());
        for garbage in ["", "garbage", "!!!", &wrap("d:1:2:3")] {
            assert!(DiscoverToken::decode(garbage).is_err(), "{garbage}");
            assert!(ListToken::decode(garbage, 't').is_err(), "{garbage}");
        }
    }
}
