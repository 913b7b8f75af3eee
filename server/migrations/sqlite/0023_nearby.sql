-- People nearby: whoever chose to share their area, kept only as a cell of a grid whose cells
-- are about 5 km on a side at every latitude (`cell_row` counts rows of latitude from the south
-- pole, `cell_col` the cells of that row eastward from 180° W). `cell_lng` is the longitude of
-- the cell's centre in thousandths of a degree, derived from the cell, for searching a box of
-- rows and longitudes along one index. The position itself is never stored; turning sharing off
-- deletes the row.
CREATE TABLE nearby_areas (
    user_id    INTEGER NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    cell_row   INTEGER NOT NULL,
    cell_col   INTEGER NOT NULL,
    cell_lng   INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE INDEX nearby_areas_box ON nearby_areas (cell_row, cell_lng, user_id);
