//! Areas: where someone who shares it is, as far as people nearby may know. A position becomes
//! a cell of a grid whose cells are about 5 km on a side at every latitude: rows of latitude
//! 5 km high, each row cut into as many cells as fit 5 km wide along its middle. Only the cell
//! is kept; distances are measured between the middles of cells and never said to be under 5 km.

use crate::i18n::Msg;

/// The side of a cell, in km.
pub const CELL_KM: f64 = 5.0;
/// The Earth's mean radius, in km.
const EARTH_KM: f64 = 6_371.0;
/// Half the way round the Earth: no two places are further apart.
pub const FARTHEST_KM: i64 = 20_016;

fn km_per_degree() -> f64 {
    EARTH_KM * std::f64::consts::PI / 180.0
}

/// The height of a row, in degrees of latitude.
fn row_degrees() -> f64 {
    CELL_KM / km_per_degree()
}

/// How many rows the grid has from pole to pole.
pub fn rows() -> i64 {
    (180.0 / row_degrees()).ceil() as i64
}

/// How many cells row `row` has.
pub fn cells_in_row(row: i64) -> i64 {
    let lat = row_middle(row);
    let around = 360.0 * km_per_degree() * lat.to_radians().cos();
    ((around / CELL_KM).floor() as i64).max(1)
}

/// The latitude of the middle of row `row`.
fn row_middle(row: i64) -> f64 {
    (-90.0 + (row as f64 + 0.5) * row_degrees()).clamp(-90.0, 90.0)
}

/// A position as someone's device gives it, checked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Position {
    pub lat: f64,
    pub lng: f64,
}

impl Position {
    /// `lat` in -90..90 and `lng` in -180..180, both finite numbers; else the message saying so.
    pub fn parse(lat: Option<f64>, lng: Option<f64>) -> Result<Position, Msg> {
        match (lat, lng) {
            (Some(lat), Some(lng))
                if lat.is_finite()
                    && lng.is_finite()
                    && (-90.0..=90.0).contains(&lat)
                    && (-180.0..=180.0).contains(&lng) =>
            {
                Ok(Position { lat, lng })
            }
            _ => Err(Msg::AreaInvalid),
        }
    }
}

/// A cell of the grid: what is kept of a shared position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    pub row: i64,
    pub col: i64,
}

impl Cell {
    /// The cell holding `p`.
    pub fn of(p: Position) -> Cell {
        let row = (((p.lat + 90.0) / row_degrees()).floor() as i64).clamp(0, rows() - 1);
        let cells = cells_in_row(row);
        let col = (((p.lng + 180.0) / 360.0 * cells as f64).floor() as i64).rem_euclid(cells);
        Cell { row, col }
    }

    /// The middle of the cell.
    pub fn middle(self) -> Position {
        let cells = cells_in_row(self.row);
        Position {
            lat: row_middle(self.row),
            lng: -180.0 + (self.col as f64 + 0.5) * 360.0 / cells as f64,
        }
    }

    /// The longitude of the middle in thousandths of a degree (what a box is searched by).
    pub fn lng_milli(self) -> i64 {
        (self.middle().lng * 1000.0).round() as i64
    }

    /// Whole km between the middles of two cells, 5 at the least.
    pub fn km_to(self, other: Cell) -> i64 {
        let km = great_circle_km(self.middle(), other.middle()).round() as i64;
        km.max(CELL_KM as i64)
    }

    /// Where to look for the cells within `km` of this one: a range of rows, and of longitudes
    /// (thousandths of a degree, which may wrap round 180°), or `None` for every longitude.
    pub fn reach(self, km: i64) -> Reach {
        let rows_away = (km as f64 / CELL_KM).ceil() as i64 + 1;
        let (low, high) = (self.row - rows_away, self.row + rows_away);
        let (low, high) = (low.max(0), high.min(rows() - 1));
        // The row furthest from the equator needs the most degrees of longitude for `km`: at
        // latitude φ, two places `km` apart along a great circle differ by at most
        // 2·asin(sin(km / 2R) / cos φ) in longitude; and a cell's middle is up to a cell away.
        let furthest = [low, high]
            .into_iter()
            .max_by(|a, b| row_middle(*a).abs().total_cmp(&row_middle(*b).abs()))
            .unwrap_or(self.row);
        let lat = (row_middle(furthest).abs() + row_degrees()).min(90.0);
        let ratio = (km as f64 / (2.0 * EARTH_KM)).sin() / lat.to_radians().cos();
        let degrees = if ratio < 1.0 {
            2.0 * ratio.asin().to_degrees() + 2.0 * 360.0 / cells_in_row(furthest) as f64
        } else {
            360.0
        };
        let lngs = (degrees < 180.0).then(|| {
            let middle = self.lng_milli();
            let half = (degrees * 1000.0).ceil() as i64;
            (middle - half, middle + half)
        });
        Reach {
            rows: (low, high),
            lngs,
        }
    }
}

/// A box of the grid: rows, and longitudes in thousandths of a degree (`None`: all of them).
/// Longitudes past ±180° wrap round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    pub rows: (i64, i64),
    pub lngs: Option<(i64, i64)>,
}

impl Reach {
    /// The longitude ranges to search, in -180,000..=180,000, wrapped round.
    pub fn lng_ranges(&self) -> Vec<(i64, i64)> {
        const HALF: i64 = 180_000;
        match self.lngs {
            None => vec![(-HALF, HALF)],
            Some((low, high)) if low < -HALF => vec![(low + 2 * HALF, HALF), (-HALF, high)],
            Some((low, high)) if high > HALF => vec![(low, HALF), (-HALF, high - 2 * HALF)],
            Some(range) => vec![range],
        }
    }
}

fn great_circle_km(a: Position, b: Position) -> f64 {
    let (la, lb) = (a.lat.to_radians(), b.lat.to_radians());
    let dlat = lb - la;
    let dlng = (b.lng - a.lng).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + la.cos() * lb.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * EARTH_KM * h.sqrt().min(1.0).asin()
}

/// The distances a nearby search widens through, in km: each band reads the people from the
/// end of the one before up to its own end.
pub const BANDS: &[i64] = &[
    10,
    25,
    50,
    100,
    200,
    400,
    800,
    1_600,
    3_200,
    6_400,
    FARTHEST_KM + 1,
];

/// The band `km` falls in.
pub fn band_of(km: i64) -> usize {
    BANDS
        .iter()
        .position(|end| km < *end)
        .unwrap_or(BANDS.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(lat: f64, lng: f64) -> Cell {
        Cell::of(Position { lat, lng })
    }

    #[test]
    fn cells_are_about_five_km_everywhere() {
        for lat in [-89.0, -60.0, -30.0, 0.0, 35.7, 60.0, 80.0] {
            let cell = at(lat, 10.0);
            let east = Cell {
                col: (cell.col + 1).rem_euclid(cells_in_row(cell.row)),
                ..cell
            };
            let north = Cell {
                row: cell.row + 1,
                col: 0,
            };
            let width = great_circle_km(cell.middle(), east.middle());
            assert!(
                (4.5..=5.6).contains(&width) || lat.abs() > 88.0,
                "{lat}: {width}"
            );
            let height = (row_middle(north.row) - row_middle(cell.row)) * km_per_degree();
            assert!((height - 5.0).abs() < 0.01);
        }
    }

    #[test]
    fn a_position_is_in_its_cell_and_never_closer_than_five() {
        let tokyo = at(35.6895, 139.6917);
        let near = at(35.6900, 139.6920);
        assert_eq!(tokyo, near);
        assert_eq!(tokyo.km_to(near), 5);
        let osaka = at(34.6937, 135.5023);
        let km = tokyo.km_to(osaka);
        assert!((390..=410).contains(&km), "{km}");
        // Across the 180th meridian.
        let (west, east) = (at(0.0, 179.99), at(0.0, -179.99));
        assert!(west.km_to(east) <= 10);
    }

    #[test]
    fn a_reach_holds_every_cell_within_its_distance() {
        for (lat, lng) in [(35.0, 139.0), (0.0, 179.9), (-70.0, -179.0), (89.9, 0.0)] {
            let me = at(lat, lng);
            for km in [10, 100, 1_000] {
                let reach = me.reach(km);
                for dlat in [-1.0, -0.5, 0.0, 0.5, 1.0] {
                    for dlng in [-20.0, -3.0, -0.5, 0.0, 0.5, 3.0, 20.0] {
                        let lat = (lat + dlat * km as f64 / 111.0).clamp(-90.0, 90.0);
                        let lng = ((lng + dlng * km as f64 / 111.0 + 540.0) % 360.0) - 180.0;
                        let other = at(lat, lng);
                        if me.km_to(other) > km {
                            continue;
                        }
                        let in_rows = (reach.rows.0..=reach.rows.1).contains(&other.row);
                        let in_lngs = reach
                            .lng_ranges()
                            .iter()
                            .any(|(a, b)| (*a..=*b).contains(&other.lng_milli()));
                        assert!(in_rows && in_lngs, "{lat},{lng} from {me:?} at {km}");
                    }
                }
            }
        }
    }

    #[test]
    fn bad_positions_are_refused() {
        for (lat, lng) in [
            (Some(91.0), Some(0.0)),
            (Some(0.0), Some(-180.5)),
            (Some(f64::NAN), Some(0.0)),
            (Some(0.0), Some(f64::INFINITY)),
            (None, Some(0.0)),
            (Some(0.0), None),
        ] {
            assert_eq!(Position::parse(lat, lng), Err(Msg::AreaInvalid));
        }
        assert!(Position::parse(Some(-90.0), Some(180.0)).is_ok());
    }
}
