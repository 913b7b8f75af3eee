//! Place endpoints (DESIGN.md section 10).

use axum::extract::{FromRef, State};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::Query;
use crate::api::session::Session;
use crate::i18n::Lang;
use crate::places::{FoundPlaces, MapView, Places};

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Places: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(search_places))
        .routes(routes!(map))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlaceQuery {
    /// What was typed: the start of a town's name in any language (100 characters at most).
    q: Option<String>,
    /// The reader's language (en, zh-Hans, zh-Hant, ja, es, kr, ge, ru); the account's without it.
    lang: Option<String>,
}

/// Towns whose name (in any language GeoNames knows it by) starts with `q`, accents and case
/// aside: those named exactly so first, then the most populous, ten at most, each named in the
/// reader's script where the list has it. From GeoNames' towns of 15,000 people or more
/// (CC BY 4.0), built into the server, so it works offline. An empty `q` finds nothing.
#[utoipa::path(get, path = "/system/place/search", tag = "places", params(PlaceQuery),
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<FoundPlaces>), (status = 400), (status = 401)))]
async fn search_places(
    State(places): State<Places>,
    _me: Session,
    Query(q): Query<PlaceQuery>,
) -> ApiResult<Reply<FoundPlaces>> {
    let lang = q
        .lang
        .as_deref()
        .and_then(Lang::parse)
        .unwrap_or_else(Lang::current);
    Ok(ok(places
        .search(q.q.as_deref().unwrap_or_default(), lang)
        .await?))
}

/// The map the location pages draw: a tile server's address and attribution when one is
/// configured (`map.tile_url`); without one the pages draw the world from the outline they
/// carry, offline.
#[utoipa::path(get, path = "/system/place/map", tag = "places", security(("bearer" = [])),
    responses((status = 200, body = Envelope<MapView>), (status = 401)))]
async fn map(State(places): State<Places>, _me: Session) -> Reply<MapView> {
    ok(places.map())
}
