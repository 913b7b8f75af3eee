//! The bookkeeping records a deleted account leaves behind, kept as long as the law requires and
//! no longer (`docs/privacy.md`, "What stays"): its orders with their reversals, ledger entries,
//! gifts and red packets it sent or received are deleted by the sweep once 10 years have passed
//! since the end of the year they were made; its balances go with its last ledger entry. The
//! anonymised `users` row stays while the other person's conversation points at it. A living
//! member's orders, ledger entries and balances are never touched here.

use chrono::{Datelike, NaiveDate, TimeZone, Utc};

use crate::db::{on_tx, Db};

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
    let gone = on_tx!(&mut tx, conn => {
        let mut gone = 0;
        // Order reversals and payments set aside go with their orders (ON DELETE CASCADE). A
        // red packet still waiting to be claimed or returned is never this old: the sweep
        // settles it within a day.
        for sql in [
            "DELETE FROM orders WHERE created_at < $1
                AND user_id IN (SELECT id FROM users WHERE status = 'deleted')",
            "DELETE FROM ledger_entries WHERE created_at < $1
                AND user_id IN (SELECT id FROM users WHERE status = 'deleted')",
            "DELETE FROM gifts_given WHERE created_at < $1
                AND (sender_id IN (SELECT id FROM users WHERE status = 'deleted')
                    OR receiver_id IN (SELECT id FROM users WHERE status = 'deleted'))",
            "DELETE FROM red_packets WHERE created_at < $1 AND state <> 'unclaimed'
                AND (sender_id IN (SELECT id FROM users WHERE status = 'deleted')
                    OR receiver_id IN (SELECT id FROM users WHERE status = 'deleted'))",
        ] {
            gone += sqlx::query(sql).bind(since).execute(&mut **conn).await?.rows_affected();
        }
        gone += sqlx::query(
            "DELETE FROM balances WHERE user_id IN (SELECT id FROM users WHERE status = 'deleted')
                AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.user_id = balances.user_id)",
        ).execute(&mut **conn).await?.rows_affected();
        gone
    });
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
