//! The areas people share for people nearby: one cell each, searched by a box of rows and
//! longitudes along one index.

use super::PeopleStore;
use crate::db::on_db;
use crate::people::area::{Cell, Reach};

/// Someone sharing their area, as a search reads them.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct Sharing {
    pub user_id: i64,
    pub cell_row: i64,
    pub cell_col: i64,
}

impl Sharing {
    pub fn cell(&self) -> Cell {
        Cell {
            row: self.cell_row,
            col: self.cell_col,
        }
    }
}

impl PeopleStore {
    /// Keeps `cell` as `user_id`'s area (in place of any before).
    pub async fn share_area(&self, user_id: i64, cell: Cell, now: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query(
            "INSERT INTO nearby_areas (user_id, cell_row, cell_col, cell_lng, updated_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (user_id) DO UPDATE SET cell_row = excluded.cell_row,
                 cell_col = excluded.cell_col, cell_lng = excluded.cell_lng,
                 updated_at = excluded.updated_at",
        ).bind(user_id).bind(cell.row).bind(cell.col).bind(cell.lng_milli()).bind(now)
            .execute(pool).await.map(|_| ()))
    }

    /// Forgets `user_id`'s area.
    pub async fn forget_area(&self, user_id: i64) -> sqlx::Result<()> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM nearby_areas WHERE user_id = $1")
            .bind(user_id).execute(pool).await.map(|_| ()))
    }

    /// `user_id`'s area, when they share it.
    pub async fn area(&self, user_id: i64) -> sqlx::Result<Option<Cell>> {
        let row: Option<(i64, i64)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT cell_row, cell_col FROM nearby_areas WHERE user_id = $1",
        ).bind(user_id).fetch_optional(pool).await)?;
        Ok(row.map(|(row, col)| Cell { row, col }))
    }

    /// Everyone but `me` sharing an area inside `reach`.
    pub async fn sharing_within(&self, me: i64, reach: Reach) -> sqlx::Result<Vec<Sharing>> {
        let mut found = Vec::new();
        for (low, high) in reach.lng_ranges() {
            let rows: Vec<Sharing> = on_db!(&self.db, pool => sqlx::query_as(
                "SELECT user_id, cell_row, cell_col FROM nearby_areas
                 WHERE cell_row BETWEEN $1 AND $2 AND cell_lng BETWEEN $3 AND $4 AND user_id <> $5",
            ).bind(reach.rows.0).bind(reach.rows.1).bind(low).bind(high).bind(me)
                .fetch_all(pool).await)?;
            found.extend(rows);
        }
        Ok(found)
    }

    /// How many others share their area, counted up to `most`.
    pub async fn sharing_count(&self, me: i64, most: i64) -> sqlx::Result<i64> {
        let sql = format!(
            "SELECT COUNT(*) FROM (SELECT 1 FROM nearby_areas WHERE user_id <> $1 LIMIT {most}) n"
        );
        on_db!(&self.db, pool => sqlx::query_scalar(&sql).bind(me).fetch_one(pool).await)
    }
}
