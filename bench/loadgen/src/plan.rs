//! `plan`: the plan and the time of one SQL statement, run as the server runs it: through sqlx,
//! with the SQLite that sqlx bundles (not the `sqlite3` CLI's, whose planner may differ), with
//! `$1, $2, ...` bound as integers. SQLite: `EXPLAIN QUERY PLAN`; PostgreSQL: `EXPLAIN (ANALYZE,
//! BUFFERS)` of the statement prepared (`PREPARE`, `EXPLAIN EXECUTE`), and with `--generic` the
//! generic plan a prepared statement may fall back to after five runs (`plan_cache_mode =
//! force_generic_plan`, for the timed runs as well). Then the statement runs `repeat` times on one
//! connection (for at most `budget`) and the time of each run is reported (p50, p99, mean).

use std::str::FromStr;
use std::time::{Duration, Instant};

use sqlx::{Connection, PgConnection, Row, SqliteConnection};

pub struct Plan {
    pub db: String,
    pub sql: String,
    pub binds: Vec<i64>,
    pub repeat: usize,
    /// The timed runs stop after this long even if fewer than `repeat` were made.
    pub budget: Duration,
    pub generic: bool,
}

macro_rules! timed {
    ($conn:expr, $sql:expr, $binds:expr, $repeat:expr, $budget:expr) => {{
        let mut times = Vec::with_capacity($repeat);
        let mut rows = 0;
        let begun = Instant::now();
        for _ in 0..$repeat {
            if begun.elapsed() > $budget {
                break;
            }
            let started = Instant::now();
            let mut q = sqlx::query($sql);
            for b in $binds {
                q = q.bind(*b);
            }
            rows = q.fetch_all(&mut $conn).await?.len();
            times.push(started.elapsed());
        }
        (rows, times)
    }};
}

pub async fn run(p: Plan) -> anyhow::Result<()> {
    let (rows, times) = if p.db.starts_with("postgres://") || p.db.starts_with("postgresql://") {
        let mut conn = PgConnection::connect(&p.db).await?;
        if p.generic {
            sqlx::query("SET plan_cache_mode = force_generic_plan")
                .execute(&mut conn)
                .await?;
        }
        // PREPARE and EXPLAIN EXECUTE show the plan a prepared statement gets: a custom plan for
        // these values, or with --generic the plan for any values ($1, $2, ... unknown).
        let types = vec!["bigint"; p.binds.len()].join(", ");
        let args = p
            .binds
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let prepare = if types.is_empty() {
            format!("PREPARE planned AS {}", p.sql)
        } else {
            format!("PREPARE planned ({types}) AS {}", p.sql)
        };
        sqlx::raw_sql(&prepare).execute(&mut conn).await?;
        let execute = if args.is_empty() {
            "EXPLAIN (ANALYZE, BUFFERS) EXECUTE planned".to_owned()
        } else {
            format!("EXPLAIN (ANALYZE, BUFFERS) EXECUTE planned ({args})")
        };
        for line in sqlx::query_scalar::<_, String>(&execute)
            .fetch_all(&mut conn)
            .await?
        {
            println!("{line}");
        }
        sqlx::raw_sql("DEALLOCATE planned")
            .execute(&mut conn)
            .await?;
        timed!(conn, &p.sql, &p.binds, p.repeat, p.budget)
    } else {
        let options = sqlx::sqlite::SqliteConnectOptions::from_str(&p.db)?.read_only(true);
        let mut conn = SqliteConnection::connect_with(&options).await?;
        let version: String = sqlx::query_scalar("SELECT sqlite_version()")
            .fetch_one(&mut conn)
            .await?;
        println!("SQLite {version}");
        let explain = format!("EXPLAIN QUERY PLAN {}", p.sql);
        let mut q = sqlx::query(&explain);
        for b in &p.binds {
            q = q.bind(*b);
        }
        for row in q.fetch_all(&mut conn).await? {
            let (id, parent): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
            let detail: String = row.try_get(3)?;
            println!("{id:>4} {parent:>4}  {detail}");
        }
        timed!(conn, &p.sql, &p.binds, p.repeat, p.budget)
    };
    report(rows, times);
    Ok(())
}

fn report(rows: usize, mut times: Vec<Duration>) {
    if times.is_empty() {
        return;
    }
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "RESULT runs={} rows={rows} p50_ms={:.3} p99_ms={:.3} mean_ms={:.3}",
        times.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        mean.as_secs_f64() * 1e3
    );
}
