//! A stand-in geocoder speaking both wire formats the server reads: Nominatim's `GET /search`
//! (`q`, `format=jsonv2`, `limit`, `accept-language`: an array of places with their positions as
//! strings) and Photon's `GET /api` (`q`, `limit`, `lang`: GeoJSON features, `[lng, lat]`).
//! It knows a few places, each with names per language, and finds those whose name in any
//! language starts with what was asked, case aside. A request either service would refuse is
//! written down as a problem; `Log::set_down` makes both answer 503.

use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::net::TcpListener;

use crate::http::{self, Log};

/// A place it knows: names by language (`""` is the local name), country, lat, lng.
pub struct Known {
    pub names: &'static [(&'static str, &'static str)],
    pub country: &'static str,
    pub lat: f64,
    pub lng: f64,
}

/// The places it knows.
pub const PLACES: &[Known] = &[
    Known {
        names: &[
            ("", "Plaza Mayor"),
            ("en", "Main Square"),
            ("ja", "マヨール広場"),
            ("ru", "Пласа-Майор"),
        ],
        country: "es",
        lat: 40.415_5,
        lng: -3.707_4,
    },
    Known {
        names: &[
            ("", "Shibuya Crossing"),
            ("ja", "渋谷スクランブル交差点"),
            ("de", "Shibuya-Kreuzung"),
        ],
        country: "jp",
        lat: 35.659_5,
        lng: 139.700_5,
    },
];

#[derive(Clone)]
struct Standin {
    log: Log,
}

pub struct GeocoderStandin {
    pub url: String,
    state: Standin,
}

impl GeocoderStandin {
    /// # Panics
    /// When no port can be had.
    pub async fn start() -> GeocoderStandin {
        let listening = http::bind_loopback(0).await.and_then(Self::serve);
        match listening {
            Ok(standin) => standin,
            Err(e) => panic!("the geocoder's stand-in cannot listen: {e}"),
        }
    }

    pub fn serve(listener: TcpListener) -> std::io::Result<GeocoderStandin> {
        let state = Standin {
            log: Log::default(),
        };
        let url = http::url_of(&listener)?;
        let router = Router::new()
            .route("/search", get(nominatim))
            .route("/api", get(photon))
            .with_state(state.clone());
        http::serve(listener, &state.log, router);
        Ok(GeocoderStandin { url, state })
    }

    /// What it was asked, and what it would have refused.
    pub fn log(&self) -> &Log {
        &self.state.log
    }
}

/// The places named like `q` in some language, and the name each has in `lang` (else the
/// local one).
fn find(q: &str, lang: &str, limit: usize) -> Vec<(&'static Known, &'static str)> {
    let q = q.trim().to_lowercase();
    PLACES
        .iter()
        .filter(|p| {
            !q.is_empty()
                && p.names
                    .iter()
                    .any(|(_, n)| n.to_lowercase().starts_with(&q))
        })
        .map(|p| {
            let name = p
                .names
                .iter()
                .find(|(l, _)| *l == lang)
                .or_else(|| p.names.iter().find(|(l, _)| l.is_empty()))
                .map_or("", |(_, n)| n);
            (p, name)
        })
        .take(limit)
        .collect()
}

fn limit_of(query: &HashMap<String, String>, log: &Log) -> usize {
    match query.get("limit").map(|l| l.parse::<usize>()) {
        Some(Ok(limit)) if (1..=50).contains(&limit) => limit,
        None => 10,
        _ => {
            log.problem("limit is not a number from 1 to 50");
            10
        }
    }
}

async fn nominatim(
    State(s): State<Standin>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(down) = s.log.refuse_if_down() {
        return down;
    }
    if query.get("format").map(String::as_str) != Some("jsonv2") {
        s.log.problem("Nominatim was asked without format=jsonv2");
    }
    let limit = limit_of(&query, &s.log);
    let lang = query
        .get("accept-language")
        .and_then(|l| l.split(',').next())
        .unwrap_or_default();
    let rows: Vec<Value> = find(query.get("q").map_or("", String::as_str), lang, limit)
        .into_iter()
        .map(|(place, name)| {
            json!({
                "lat": place.lat.to_string(),
                "lon": place.lng.to_string(),
                "name": name,
                "display_name": format!("{name}, {}", place.country.to_uppercase()),
                "address": { "country_code": place.country },
            })
        })
        .collect();
    Json(rows).into_response()
}

async fn photon(
    State(s): State<Standin>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    if let Some(down) = s.log.refuse_if_down() {
        return down;
    }
    let lang = query.get("lang").map_or("", String::as_str);
    if !["", "default", "en", "de", "fr", "it"].contains(&lang) {
        s.log.problem(format!("Photon refuses lang={lang}"));
        return (
            axum::http::StatusCode::BAD_REQUEST,
            "language not supported",
        )
            .into_response();
    }
    let limit = limit_of(&query, &s.log);
    let features: Vec<Value> = find(query.get("q").map_or("", String::as_str), lang, limit)
        .into_iter()
        .map(|(place, name)| {
            json!({
                "type": "Feature",
                "geometry": { "type": "Point", "coordinates": [place.lng, place.lat] },
                "properties": { "name": name, "countrycode": place.country.to_uppercase() },
            })
        })
        .collect();
    Json(json!({ "type": "FeatureCollection", "features": features })).into_response()
}
