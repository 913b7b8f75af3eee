//! A configured geocoder (`map.geocoder_url`): Nominatim's `/search` or Photon's `/api`, asked
//! for places named like what was typed, in the reader's language. Its answer is read leniently
//! (a row without a usable position is skipped) and never trusted beyond the map's ranges.

use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;

use crate::config::{GeocoderFormat, MapSettings};
use crate::i18n::Lang;
use crate::places::FoundPlace;

/// As long as a shared place's name may be (a `loc` message's rule).
const NAME_CHARS: usize = 200;

/// How long a geocoder may take before the towns built in answer instead.
const TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Clone)]
pub struct Geocoder {
    client: reqwest::Client,
    url: String,
    format: GeocoderFormat,
}

impl Geocoder {
    /// The geocoder `settings` name, if any.
    pub fn from_settings(settings: &MapSettings) -> anyhow::Result<Option<Geocoder>> {
        let Some(url) = settings
            .geocoder_url
            .as_deref()
            .filter(|u| !u.trim().is_empty())
        else {
            return Ok(None);
        };
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .user_agent(concat!("Amora/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Some(Geocoder {
            client,
            url: url.trim_end_matches('/').to_owned(),
            format: settings.geocoder,
        }))
    }

    /// Places named like `typed`, the geocoder's likeliest first, `most` at most.
    pub async fn search(
        &self,
        typed: &str,
        lang: Lang,
        most: usize,
    ) -> anyhow::Result<Vec<FoundPlace>> {
        let limit = most.to_string();
        let request = match self.format {
            GeocoderFormat::Nominatim => self.client.get(format!("{}/search", self.url)).query(&[
                ("q", typed),
                ("format", "jsonv2"),
                ("addressdetails", "1"),
                ("limit", &limit),
                ("accept-language", accept_language(lang)),
            ]),
            GeocoderFormat::Photon => {
                let mut query = vec![("q", typed), ("limit", limit.as_str())];
                // Photon names places in a few languages only, and refuses the others.
                if let Some(lang) = photon_language(lang) {
                    query.push(("lang", lang));
                }
                self.client.get(format!("{}/api", self.url)).query(&query)
            }
        };
        let body: Value = request.send().await?.error_for_status()?.json().await?;
        let rows = match self.format {
            GeocoderFormat::Nominatim => nominatim_rows(body),
            GeocoderFormat::Photon => photon_rows(body),
        };
        Ok(rows.into_iter().take(most).collect())
    }
}

/// What Nominatim is asked to name places in (`name:<tag>` in OpenStreetMap).
fn accept_language(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::ZhHans => "zh-Hans,zh",
        Lang::ZhHant => "zh-Hant,zh",
        Lang::Ja => "ja",
        Lang::Es => "es",
        Lang::Kr => "ko",
        Lang::Ge => "de",
        Lang::Ru => "ru",
    }
}

fn photon_language(lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::En => Some("en"),
        Lang::Ge => Some("de"),
        _ => None,
    }
}

/// A position the map can show.
fn position(lat: f64, lng: f64) -> Option<(f64, f64)> {
    (lat.is_finite() && lng.is_finite() && lat.abs() <= 90.0 && lng.abs() <= 180.0)
        .then_some((lat, lng))
}

/// Nominatim's `jsonv2`: an array of `{lat: "…", lon: "…", name, display_name, address:
/// {country_code}}`, positions as strings.
fn nominatim_rows(body: Value) -> Vec<FoundPlace> {
    #[derive(Deserialize)]
    struct Row {
        lat: String,
        lon: String,
        #[serde(default)]
        name: Option<String>,
        #[serde(default)]
        display_name: Option<String>,
        #[serde(default)]
        address: Option<Address>,
    }
    #[derive(Deserialize)]
    struct Address {
        #[serde(default)]
        country_code: Option<String>,
    }
    let rows: Vec<Value> = serde_json::from_value(body).unwrap_or_default();
    rows.into_iter()
        .filter_map(|v| serde_json::from_value::<Row>(v).ok())
        .filter_map(|row| {
            let (lat, lng) = position(row.lat.parse().ok()?, row.lon.parse().ok()?)?;
            let name = row
                .name
                .filter(|n| !n.trim().is_empty())
                .or_else(|| {
                    row.display_name
                        .as_deref()
                        .and_then(|d| d.split(',').next())
                        .map(|n| n.trim().to_owned())
                })
                .filter(|n| !n.is_empty())?;
            let country = row
                .address
                .and_then(|a| a.country_code)
                .unwrap_or_default()
                .to_ascii_uppercase();
            Some(found(name, country, lat, lng))
        })
        .collect()
}

/// Photon's GeoJSON: `{features: [{geometry: {coordinates: [lng, lat]}, properties: {name,
/// countrycode}}]}`.
fn photon_rows(body: Value) -> Vec<FoundPlace> {
    let features = body
        .get("features")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    features
        .iter()
        .filter_map(|feature| {
            let coordinates = feature.pointer("/geometry/coordinates")?.as_array()?;
            let (lat, lng) = position(
                coordinates.get(1)?.as_f64()?,
                coordinates.first()?.as_f64()?,
            )?;
            let properties = feature.get("properties")?;
            let name = properties.get("name")?.as_str()?.trim();
            if name.is_empty() {
                return None;
            }
            let country = properties
                .get("countrycode")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_ascii_uppercase();
            Some(found(name.to_owned(), country, lat, lng))
        })
        .collect()
}

fn found(name: String, country: String, lat: f64, lng: f64) -> FoundPlace {
    let name = name.chars().take(NAME_CHARS).collect();
    FoundPlace {
        name,
        country,
        lat,
        lng,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nominatim_positions_are_read_from_strings_and_checked() {
        let rows = nominatim_rows(json!([
            {"lat": "35.68", "lon": "139.76", "name": "東京", "address": {"country_code": "jp"}},
            {"lat": "95", "lon": "0", "name": "Nowhere"},
            {"lat": "x", "lon": "0", "name": "Broken"},
            {"lat": "40.4", "lon": "-3.7", "name": "", "display_name": "Madrid, España"}
        ]));
        let names: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.country.as_str()))
            .collect();
        assert_eq!(names, [("東京", "JP"), ("Madrid", "")]);
    }

    #[test]
    fn photon_features_give_lat_and_lng_in_geojson_order() {
        let rows = photon_rows(json!({"features": [
            {"geometry": {"coordinates": [13.4, 52.5]}, "properties": {"name": "Berlin", "countrycode": "de"}},
            {"geometry": {"coordinates": [200.0, 0.0]}, "properties": {"name": "Off the map"}}
        ]}));
        assert_eq!(rows.len(), 1);
        assert_eq!(
            (rows[0].lat, rows[0].lng, rows[0].country.as_str()),
            (52.5, 13.4, "DE")
        );
    }
}
