//! Places people share in the chat: where to meet, found by name among the world's towns
//! (`towns`), which works without a network, or through a configured geocoder (`geocoder`); and
//! the map the location pages draw (`map.tile_url`). DESIGN.md section 10.

pub mod geocoder;
pub mod routes;
pub mod towns;

use std::sync::Arc;

use tokio::sync::OnceCell;

use serde::Serialize;
use utoipa::ToSchema;

use crate::api::error::{ApiError, ApiResult};
use crate::config::MapSettings;
use crate::i18n::Lang;
use crate::places::geocoder::Geocoder;
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

/// The map the location pages draw: tiles from a tile server when one is configured, else the
/// world's outline the page carries.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MapView {
    /// `https://…/{z}/{x}/{y}.png`; none: the outline only (offline).
    pub tile_url: Option<String>,
    /// To be shown under the map with the tiles.
    pub attribution: Option<String>,
}

/// The places service.
#[derive(Clone)]
pub struct Places {
    /// Read at the first search, once however many searches wait for it.
    towns: Arc<OnceCell<Towns>>,
    geocoder: Option<Geocoder>,
    map: Arc<MapView>,
}

impl Places {
    pub fn from_settings(settings: &MapSettings) -> anyhow::Result<Places> {
        let tile_url = settings.tile_url.clone().filter(|u| !u.trim().is_empty());
        Ok(Places {
            towns: Arc::default(),
            geocoder: Geocoder::from_settings(settings)?,
            map: Arc::new(MapView {
                attribution: tile_url.as_ref().and(settings.tile_attribution.clone()),
                tile_url,
            }),
        })
    }

    pub fn map(&self) -> MapView {
        (*self.map).clone()
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

    /// Places named like `typed`, in `lang`: the configured geocoder's answer, or the towns
    /// built in when there is none or it fails (a search still finds the world's towns
    /// offline).
    pub async fn search(&self, typed: &str, lang: Lang) -> ApiResult<FoundPlaces> {
        if typed.chars().count() > MAX_SEARCH {
            return Err(ApiError::Malformed(format!(
                "q is at most {MAX_SEARCH} characters"
            )));
        }
        let typed = typed.trim();
        if let (Some(geocoder), false) = (&self.geocoder, typed.is_empty()) {
            match geocoder.search(typed, lang, MOST_FOUND).await {
                Ok(rows) => return Ok(FoundPlaces { rows }),
                Err(error) => tracing::warn!(%error, "geocoder failed; the towns built in answer"),
            }
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

    /// The towns built in, read on first use.
    async fn towns(&self) -> ApiResult<&Towns> {
        self.towns
            .get_or_try_init(|| async {
                tokio::task::spawn_blocking(Towns::built_in)
                    .await
                    .map_err(|e| ApiError::Internal(e.into()))?
                    .map_err(ApiError::Internal)
            })
            .await
    }
}
