//! Places people share in the chat: where to meet, found by name among the world's towns
//! (`towns`), which works without a network. DESIGN.md section 10.

pub mod routes;
pub mod towns;

use std::sync::{Arc, OnceLock};

use serde::Serialize;
use utoipa::ToSchema;

use crate::api::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use crate::places::towns::Towns;

/// Most towns a search answers.
pub const MOST_FOUND: usize = 10;
/// Longest search, in characters.
pub const MAX_SEARCH: usize = 100;

/// A town a search found, named in the reader's language where the list knows how.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoundPlace {
    pub name: String,
    /// ISO 3166 alpha-2 country code.
    pub country: String,
    pub lat: f64,
    pub lng: f64,
}

/// What a search found, the likeliest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FoundPlaces {
    pub rows: Vec<FoundPlace>,
}

/// The places service.
#[derive(Clone, Default)]
pub struct Places {
    /// Read at the first search.
    towns: Arc<OnceLock<Towns>>,
}

impl Places {
    pub fn new() -> Places {
        Places::default()
    }

    /// The towns, read at the first call.
    async fn towns(&self) -> ApiResult<&Towns> {
        if let Some(towns) = self.towns.get() {
            return Ok(towns);
        }
        let read = tokio::task::spawn_blocking(Towns::built_in)
            .await
            .map_err(|e| ApiError::Internal(e.into()))?
            .map_err(ApiError::Internal)?;
        Ok(self.towns.get_or_init(|| read))
    }

    /// The name in `lang` of the town each point is in (`Towns::town_at`), where one is within
    /// `within_km`.
    pub async fn towns_near(
        &self,
        points: &[(f64, f64)],
        within_km: f64,
        lang: Lang,
    ) -> ApiResult<Vec<Option<String>>> {
        let towns = self.towns().await?;
        Ok(points
            .iter()
            .map(|&(lat, lng)| {
                towns
                    .town_at(lat, lng, within_km)
                    .map(|town| town.name_in(lang).to_owned())
            })
            .collect())
    }

    /// The towns named like `typed`, in `lang`.
    pub async fn search(&self, typed: &str, lang: Lang) -> ApiResult<FoundPlaces> {
        if typed.chars().count() > MAX_SEARCH {
            return Err(ApiError::Malformed(format!(
                "q is at most {MAX_SEARCH} characters"
            )));
        }
        let towns = self.towns().await?;
        let rows = towns
            .search(typed, MOST_FOUND)
            .into_iter()
            .map(|town| FoundPlace {
                name: town.name_in(lang).to_owned(),
                country: town.country.clone(),
                lat: town.lat,
                lng: town.lng,
            })
            .collect();
        Ok(FoundPlaces { rows })
    }
}
