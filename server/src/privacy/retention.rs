//! The bookkeeping records a deleted account leaves behind, kept as long as the law requires and
//! no longer (`docs/privacy.md`, "What stays"): its orders with their reversals, ledger entries,
//! gifts and red packets it sent or received are deleted by the sweep once 10 years have passed
//! since the end of the year they were made; its balances go with its last ledger entry. The
//! anonymised `users` row stays while the other person's conversation points at it. A living
//! member's orders, ledger entries and balances are never touched here. Each domain removes its
//! own records (`forget_expired_records` in its `personal.rs`), in one transaction.

use chrono::{Datelike, NaiveDate, TimeZone, Utc};

use crate::db::Db;
use crate::{chat, ledger, wallet};

/// Years the records are kept after the end of the year they were made: the longest the
/// bookkeeping laws of the countries we serve ask for (10 in Germany, §147 AO and §257 HGB).
pub const YEARS_KEPT: i32 = 10;

/// The start of the oldest year whose records are still kept at `now` (unix seconds, UTC).
pub fn kept_since(now: i64) -> i64 {
    let year = Utc
        .timestamp_opt(now, 0)
        .single()
        .map_or(1970, |t| t.year());
    NaiveDate::from_ymd_opt(year - YEARS_KEPT, 1, 1)
        .and_then(|day| day.and_hms_opt(0, 0, 0))
        .map_or(0, |start| start.and_utc().timestamp())
}

/// Deletes deleted accounts' records made before `kept_since(now)`; answers how many rows went.
pub async fn forget_expired_records(db: &Db, now: i64) -> sqlx::Result<u64> {
    let since = kept_since(now);
    let mut tx = db.begin_write().await?;
    let mut gone = wallet::personal::forget_expired_records(&mut tx, since).await?;
    gone += ledger::personal::forget_expired_records(&mut tx, since).await?;
    gone += chat::personal::forget_expired_records(&mut tx, since).await?;
    tx.commit().await?;
    Ok(gone)
}

#[cfg(test)]
mod tests {
    use super::kept_since;
    use chrono::{TimeZone, Utc};

    #[test]
    fn a_year_is_kept_until_ten_years_after_its_end() {
        let at = |y, m, d| Utc.with_ymd_and_hms(y, m, d, 0, 0, 0).unwrap().timestamp();
        // Made on 31 December 2016: kept through 2026, gone on 1 January 2027.
        let made = at(2016, 12, 31);
        assert!(made >= kept_since(at(2026, 12, 31)));
        assert!(made < kept_since(at(2027, 1, 1)));
        assert_eq!(kept_since(at(2026, 6, 1)), at(2016, 1, 1));
    }
}
