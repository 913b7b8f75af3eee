//! The world's towns, found by name in any of the app's languages, without a network: GeoNames'
//! towns of at least 15,000 people (CC BY 4.0, https://www.geonames.org), built into the server
//! by `server/data/towns.py` (34,006 towns, 165,000 other names, 1.6 MB compressed).
//!
//! The list is read once, at the first search, into one sorted list of every name with accents
//! and case set aside; a search is a binary search for the names that start with what was typed,
//! and the towns they name, exact names first and then the most populous.

use std::io::Read;

use unicode_normalization::UnicodeNormalization;

use crate::i18n::Lang;

static TOWNS: &[u8] = include_bytes!("../../data/towns.tsv.gz");

/// One town of the list.
#[derive(Debug, Clone, PartialEq)]
pub struct Town {
    pub name: String,
    /// ISO 3166 alpha-2.
    pub country: String,
    pub lat: f64,
    pub lng: f64,
    pub population: u64,
    /// Its names in other languages and scripts.
    pub others: Vec<String>,
}

impl Town {
    /// The name a reader of `lang` knows the town by, as far as the list tells (it does not say
    /// which language each name is in): a name in the reader's script where the list has one
    /// (Hangul for Korean, Chinese characters for Chinese, Cyrillic for Russian; for Japanese,
    /// Chinese characters in China, Japan and Taiwan, kana elsewhere), of those the nearest to
    /// its name (in sound for Cyrillic, which is spelt out in Latin letters, else in length);
    /// else its name.
    pub fn name_in(&self, lang: Lang) -> &str {
        let han_only = |n: &str| n.chars().all(is_han);
        let kana = |n: &str| n.chars().any(is_kana);
        let hangul = |n: &str| n.chars().any(is_hangul);
        let written_in = |n: &str| match lang {
            Lang::Ja if matches!(self.country.as_str(), "JP" | "CN" | "TW") => {
                han_only(n) || kana(n)
            }
            Lang::Ja => kana(n),
            Lang::Kr => hangul(n),
            Lang::ZhHans | Lang::ZhHant => han_only(n),
            Lang::Ru => n.chars().any(is_cyrillic),
            Lang::En | Lang::Es | Lang::Ge => false,
        };
        let length = self.name.chars().count();
        let name = fold(&self.name);
        let distance = |n: &str| {
            if lang == Lang::Ru {
                edit_distance(&latin_of_cyrillic(&fold(n)), &name)
            } else {
                n.chars().count().abs_diff(length)
            }
        };
        self.others
            .iter()
            .filter(|n| written_in(n))
            // Chinese characters before kana where both are the reader's.
            .min_by_key(|n| (kana(n), distance(n)))
            .map_or(&self.name, String::as_str)
    }
}

/// A lower-case Cyrillic name spelt out in Latin letters, near enough to compare with a name
/// written in Latin.
fn latin_of_cyrillic(name: &str) -> String {
    name.chars()
        .map(|c| {
            match c {
                'а' => "a",
                'б' => "b",
                'в' => "v",
                'г' => "g",
                'д' => "d",
                'е' | 'ё' | 'э' => "e",
                'ж' => "zh",
                'з' => "z",
                'и' | 'й' | 'ы' | 'і' => "i",
                'к' => "k",
                'л' => "l",
                'м' => "m",
                'н' => "n",
                'о' => "o",
                'п' => "p",
                'р' => "r",
                'с' => "s",
                'т' => "t",
                'у' | 'ў' => "u",
                'ф' => "f",
                'х' => "kh",
                'ц' => "ts",
                'ч' => "ch",
                'ш' => "sh",
                'щ' => "shch",
                'ю' => "yu",
                'я' => "ya",
                'ъ' | 'ь' => "",
                other => return other.to_string(),
            }
            .to_owned()
        })
        .collect()
}

/// How many letters must change to make `a` into `b` (Levenshtein).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

fn is_kana(c: char) -> bool {
    ('\u{3040}'..='\u{30ff}').contains(&c)
}

fn is_hangul(c: char) -> bool {
    ('\u{ac00}'..='\u{d7af}').contains(&c)
}

fn is_han(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

fn is_cyrillic(c: char) -> bool {
    ('\u{0400}'..='\u{04ff}').contains(&c)
}

/// A name with accents and case set aside: "München" and "munchen" are the same search.
pub fn fold(name: &str) -> String {
    name.nfkd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The square degree holding a point: the whole degrees below its latitude and longitude.
fn square_of(lat: f64, lng: f64) -> (i32, i32) {
    (
        lat.floor() as i32,
        (lng.floor() as i32 + 180).rem_euclid(360) - 180,
    )
}

/// Km along the Earth between two points.
fn km_between(lat1: f64, lng1: f64, lat2: f64, lng2: f64) -> f64 {
    let (a, b) = (lat1.to_radians(), lat2.to_radians());
    let h = ((b - a) / 2.0).sin().powi(2)
        + a.cos() * b.cos() * ((lng2 - lng1).to_radians() / 2.0).sin().powi(2);
    2.0 * 6_371.0 * h.sqrt().min(1.0).asin()
}

/// Every town, the most populous first, and every name of each, folded and sorted.
pub struct Towns {
    towns: Vec<Town>,
    /// (folded name, the town's index), in the order of the names.
    names: Vec<(String, u32)>,
    /// The towns of each square degree (by the whole degrees of latitude and longitude below
    /// them), for the town a point is in.
    squares: std::collections::HashMap<(i32, i32), Vec<u32>>,
}

impl Towns {
    /// The towns built into the server.
    pub fn built_in() -> anyhow::Result<Towns> {
        let mut text = String::new();
        flate2::read::GzDecoder::new(TOWNS).read_to_string(&mut text)?;
        Towns::parse(&text)
    }

    fn parse(text: &str) -> anyhow::Result<Towns> {
        let mut towns = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let bad = || anyhow::anyhow!("towns line {}: {line:?}", n + 1);
            let mut fields = line.split('\t');
            let mut next = || fields.next().ok_or_else(bad);
            let (name, country, lat, lng, population, others) =
                (next()?, next()?, next()?, next()?, next()?, next()?);
            towns.push(Town {
                name: name.to_owned(),
                country: country.to_owned(),
                lat: lat.parse().map_err(|_| bad())?,
                lng: lng.parse().map_err(|_| bad())?,
                population: population.parse().map_err(|_| bad())?,
                others: others
                    .split('|')
                    .filter(|o| !o.is_empty())
                    .map(str::to_owned)
                    .collect(),
            });
        }
        let mut names: Vec<(String, u32)> = Vec::new();
        for (i, town) in towns.iter().enumerate() {
            let i = u32::try_from(i)?;
            names.extend(
                std::iter::once(&town.name)
                    .chain(&town.others)
                    .map(|name| (fold(name), i)),
            );
        }
        names.sort_unstable();
        names.dedup();
        let mut squares: std::collections::HashMap<(i32, i32), Vec<u32>> = Default::default();
        for (i, town) in towns.iter().enumerate() {
            squares
                .entry(square_of(town.lat, town.lng))
                .or_default()
                .push(u32::try_from(i)?);
        }
        Ok(Towns {
            towns,
            names,
            squares,
        })
    }

    /// The towns with a name that starts with `typed` (accents and case aside): those named
    /// exactly so first, then the most populous; `limit` at most.
    pub fn search(&self, typed: &str, limit: usize) -> Vec<&Town> {
        let typed = fold(typed.trim());
        if typed.is_empty() {
            return Vec::new();
        }
        let from = self
            .names
            .partition_point(|(name, _)| name.as_str() < typed.as_str());
        let mut found: Vec<(bool, u32)> = self.names[from..]
            .iter()
            .take_while(|(name, _)| name.starts_with(&typed))
            .map(|(name, town)| (*name != typed, *town))
            .collect();
        // Exact names first (false sorts first), then the list's order: the most populous.
        found.sort_unstable();
        let mut seen = std::collections::HashSet::new();
        found
            .into_iter()
            .filter(|(_, town)| seen.insert(*town))
            .take(limit)
            .filter_map(|(_, town)| self.towns.get(town as usize))
            .collect()
    }

    /// The town a point is said to be in: of the towns within `within_km` of it (at most about
    /// 50), the most populous (a city rather than one of its wards), the nearest of equals.
    pub fn town_at(&self, lat: f64, lng: f64, within_km: f64) -> Option<&Town> {
        let (row, col) = square_of(lat, lng);
        let mut best: Option<(u64, f64, u32)> = None;
        for r in row - 1..=row + 1 {
            for c in col - 1..=col + 1 {
                let c = (c + 180).rem_euclid(360) - 180;
                for &i in self.squares.get(&(r, c)).into_iter().flatten() {
                    let Some(town) = self.towns.get(i as usize) else {
                        continue;
                    };
                    let km = km_between(lat, lng, town.lat, town.lng);
                    let better = best.is_none_or(|(people, nearest, _)| {
                        town.population > people || (town.population == people && km < nearest)
                    });
                    if km <= within_km && better {
                        best = Some((town.population, km, i));
                    }
                }
            }
        }
        best.and_then(|(_, _, i)| self.towns.get(i as usize))
    }

    pub fn len(&self) -> usize {
        self.towns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.towns.is_empty()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_in_the_largest_town_within_reach_only() {
        let towns = Towns::built_in().unwrap();
        let osaka = towns.town_at(34.69, 135.50, 8.0).unwrap();
        assert_eq!(osaka.name, "Osaka");
        assert!(osaka.name_in(Lang::Ja).starts_with("大阪"));
        // A city rather than the ward the point is nearest to.
        assert_eq!(towns.town_at(48.87, 2.31, 8.0).unwrap().name, "Paris");
        assert!(towns.town_at(0.0, -140.0, 8.0).is_none(), "the Pacific");
    }

    #[test]
    fn names_are_found_whatever_their_accents_case_and_script() {
        let towns = Towns::built_in().unwrap();
        assert!(towns.len() > 30_000);
        let first = |typed: &str| {
            let found = towns.search(typed, 5);
            (found[0].name.clone(), found[0].country.clone())
        };
        assert_eq!(first("Barcelona"), ("Barcelona".into(), "ES".into()));
        assert_eq!(first("барселона"), ("Barcelona".into(), "ES".into()));
        assert_eq!(first("バルセロナ"), ("Barcelona".into(), "ES".into()));
        assert_eq!(first("MÜNCHEN").1, "DE");
        assert_eq!(first("munchen").1, "DE");
        assert_eq!(first("大阪").0, "Osaka");
        assert!(towns.search("   ", 5).is_empty());
        assert!(towns.search("zzzzqx", 5).is_empty());
        assert_eq!(towns.search("san", 7).len(), 7);
    }

    #[test]
    fn a_town_is_named_in_the_readers_script() {
        let towns = Towns::built_in().unwrap();
        let barcelona = towns.search("Barcelona", 1)[0];
        assert_eq!(barcelona.name_in(Lang::En), "Barcelona");
        assert_eq!(barcelona.name_in(Lang::Ru), "Барселона");
        assert_eq!(barcelona.name_in(Lang::Ja), "バルセロナ");
        assert_eq!(barcelona.name_in(Lang::Kr), "바르셀로나");
        assert!(barcelona.name_in(Lang::ZhHans).chars().all(is_han));
        let osaka = towns.search("Osaka", 1)[0];
        assert!(osaka.name_in(Lang::Ja).starts_with("大阪"));
        assert_eq!(towns.search("Moscow", 1)[0].name_in(Lang::Ru), "Москва");
    }
}
