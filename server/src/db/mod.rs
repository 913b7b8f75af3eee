//! The two databases behind one code path.
//!
//! `Db` holds a SQLite or a PostgreSQL pool; `Tx` a write transaction on either. One idiom
//! speaks to both, with the same portable SQL text (`$1` placeholders, `RETURNING`,
//! `ON CONFLICT`) compiled once per backend, so each gets its own monomorphized code:
//! - a statement or a read: `on_db!(db, pool => ...)`;
//! - a write transaction: `let mut tx = db.begin_write().await?`, its statements in
//!   `on_tx!(&mut tx, conn => ...)`, the steps other modules own as functions taking
//!   `&mut Tx` (`ledger::post`), then `tx.commit().await?`;
//! - SQL that truly differs per backend sits in one place that matches on `Tx` or `Db`: a
//!   method here when any domain may need it (`Tx::lock_key`, `Tx::lock_person`), or one
//!   function of a store written per dialect for speed (chat's `take_seqs` and `append`, and
//!   its `parties`); never a check of the backend in the middle of a body.
//!
//! Migrations are paired: `migrations/sqlite` and `migrations/postgres`, one file in each per
//! change.
//!
//! SQLite runs in WAL mode with a busy timeout, and every multi-statement write transaction
//! starts with `BEGIN IMMEDIATE` (`Db::begin_write`), so concurrent writers queue on the
//! write lock instead of failing with SQLITE_BUSY when a read lock cannot be upgraded.
//!
//! A database that does not answer fails requests fast: PostgreSQL connections are waited for
//! `db.acquire_timeout_ms` at most, and `is_unavailable` tells the one error type which errors
//! mean "down, try again" (503 with `Retry-After`) rather than a fault of ours (500). SQLite's
//! write-ahead log is bounded by `db.wal_limit_bytes` (`wal_restart_frames`).

use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, Postgres, Sqlite, SqlitePool, Transaction};

use crate::config::DbSettings;

/// The SQLite schema's migrations, as this build knows them (a restore compares a backup's).
pub static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

/// Bytes a page takes in the write-ahead log: the page and its frame header. Amora's databases
/// keep SQLite's default page of 4 KiB.
const WAL_FRAME_BYTES: u64 = 4096 + 24;

/// The log's length in pages past which it is copied into the database and started again: a
/// quarter of `wal_limit_bytes` (the rest is room for what is written while the copy runs and
/// while readers still hold older pages), and at most 4,000 pages (about 16 MiB), which is what
/// the chat writer keeps to with the default limit.
pub fn wal_restart_frames(wal_limit_bytes: u64) -> u64 {
    (wal_limit_bytes / WAL_FRAME_BYTES / 4).clamp(16, 4000)
}

/// `wal_restart_frames` in bytes: every connection's `journal_size_limit`, so that the log
/// file is cut back to it whenever the log starts again, and its length tells the chat writer
/// when the log has passed it.
pub fn wal_restart_bytes(wal_limit_bytes: u64) -> u64 {
    wal_restart_frames(wal_limit_bytes) * WAL_FRAME_BYTES
}

/// The path of a `sqlite://path` URL; None for any other database.
pub fn sqlite_path(url: &str) -> Option<&std::path::Path> {
    url.strip_prefix("sqlite://").map(std::path::Path::new)
}

#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the backend's pool; the body is compiled once per backend.
#[macro_export]
macro_rules! on_db {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite($pool) => $body,
            $crate::db::Db::Postgres($pool) => $body,
        }
    };
}

/// Reads a Rust enum from a TEXT column of either database, by the enum's `from_db`: rows carry
/// `Gender`, `Level` and `Role`, never strings compared by hand. Values are bound with `as_str`.
#[macro_export]
macro_rules! text_enum {
    ($t:ty) => {
        impl<DB: sqlx::Database> sqlx::Type<DB> for $t
        where
            str: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <str as sqlx::Type<DB>>::type_info()
            }
            fn compatible(ty: &DB::TypeInfo) -> bool {
                <str as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $t
        where
            &'r str: sqlx::Decode<'r, DB>,
        {
            fn decode(value: DB::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
                let text = <&'r str as sqlx::Decode<'r, DB>>::decode(value)?;
                <$t>::from_db(text)
                    .ok_or_else(|| format!("not a {}: {text:?}", stringify!($t)).into())
            }
        }
    };
}

// The macros live at the crate's root (tests use them too); their home is here.
pub use {on_db, text_enum};

/// What a table's rows about a person become when the person leaves (`docs/privacy.md`). Each
/// domain says it for every table it owns, in its `personal.rs`, beside the code that takes those
/// rows into the person's archive and erases them; a story checks that every table the migrations
/// make is said for exactly once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Theirs: in the archive and removed or blanked with the account.
    Theirs,
    /// Removed with the account, and not in the archive: working records with nothing a person
    /// would take with them (sessions, codes, counters, markers).
    Removed(&'static str),
    /// Stays after the account goes, for the reason and the time `docs/privacy.md` gives.
    Kept(&'static str),
    /// Says nothing about any one person.
    NotPersonal(&'static str),
}

/// A domain's tables and what becomes of a person's rows in each.
pub type Tables = &'static [(&'static str, Fate)];

/// The most rows a queue's total counts (the operator's queues): past it, the total says "at
/// least this many". Counting a hundred thousand open reports would cost every page more than
/// the page itself.
pub const COUNTED: i64 = 10_000;

/// The statement counting the rows `select` gives, up to `COUNTED`.
pub fn counted(select: &str) -> String {
    format!("SELECT COUNT(*) FROM ({select} LIMIT {COUNTED}) counted")
}

/// A value bound into a query built at run time.
#[derive(Debug, Clone)]
pub enum Arg {
    Int(i64),
    Text(String),
}

/// Binds `$args` (a slice of `Arg`) to `$query` in order.
#[macro_export]
macro_rules! bind_all {
    ($query:expr, $args:expr) => {{
        let mut q = $query;
        for arg in $args {
            q = match arg {
                $crate::db::Arg::Int(v) => q.bind(*v),
                $crate::db::Arg::Text(v) => q.bind(v.clone()),
            };
        }
        q
    }};
}
pub use bind_all;

/// A write transaction on either backend, begun by `Db::begin_write`. Statements run in it
/// through `on_tx!`; what the dialects do differently inside a transaction is a method here.
/// Dropped without `commit`, it rolls back.
#[derive(Debug)]
pub enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// Runs `$body` with `$conn` bound to the backend's `&mut Transaction` (statements take
/// `&mut **$conn`); like `on_db!`, the body is compiled once per backend.
#[macro_export]
macro_rules! on_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            $crate::db::Tx::Sqlite($conn) => $body,
            $crate::db::Tx::Postgres($conn) => $body,
        }
    };
}
pub use on_tx;

impl Tx {
    pub async fn commit(self) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(tx) => tx.commit().await,
            Tx::Postgres(tx) => tx.commit().await,
        }
    }

    pub async fn rollback(self) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(tx) => tx.rollback().await,
            Tx::Postgres(tx) => tx.rollback().await,
        }
    }

    /// Serializes the writers of one key until their transactions end: PostgreSQL takes a
    /// transaction-level advisory lock; SQLite's writers are one at a time already.
    pub async fn lock_key(&mut self, key: i64) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(_) => Ok(()),
            Tx::Postgres(tx) => sqlx::query("SELECT pg_advisory_xact_lock($1)")
                .bind(key)
                .execute(&mut **tx)
                .await
                .map(|_| ()),
        }
    }

    /// Serializes the writers of one person's rows until their transactions end (two at once
    /// must not each see room for one more): PostgreSQL locks the person's row; SQLite's
    /// writers are one at a time already.
    pub async fn lock_person(&mut self, user_id: i64) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(_) => Ok(()),
            Tx::Postgres(tx) => sqlx::query("SELECT id FROM users WHERE id = $1 FOR UPDATE")
                .bind(user_id)
                .execute(&mut **tx)
                .await
                .map(|_| ()),
        }
    }
}

/// A transaction begun in a task of its own, which runs to its end even when the request that
/// asked for it is dropped (its client went away). sqlx 0.8 leaves the transaction open on a
/// pooled connection when the future of `begin` is dropped after the database began it and
/// before the `Transaction` exists (launchbadge/sqlx#3932, #4393): on SQLite that connection
/// then holds the write lock for good, and every writer after it waits out the busy timeout and
/// fails; on PostgreSQL whatever the next borrower writes stays uncommitted. Begun to its end,
/// the transaction always has its `Transaction`, and dropping that rolls it back.
async fn begun<T>(begin: tokio::task::JoinHandle<sqlx::Result<T>>) -> sqlx::Result<T> {
    match begin.await {
        Ok(begun) => begun,
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        // Only a runtime shutting down cancels the task.
        Err(_) => Err(sqlx::Error::PoolClosed),
    }
}

impl Db {
    /// Connects to `sqlite://path` (creating the file and its folder) or `postgres://...`.
    pub async fn connect(url: &str, settings: &DbSettings) -> anyhow::Result<Db> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let options = PgConnectOptions::from_str(url)?;
            let pool = PgPoolOptions::new()
                .max_connections(20)
                .acquire_timeout(Duration::from_millis(settings.acquire_timeout_ms))
                .connect_with(options)
                .await?;
            Ok(Db::Postgres(pool))
        } else if let Some(path) = sqlite_path(url) {
            if let Some(parent) = path.parent() {
                if !parent.as_os_str().is_empty() {
                    std::fs::create_dir_all(parent)?;
                }
            }
            // Every connection cuts the log file back when it starts the log again, and
            // checkpoints after its commits once the log is that long (SQLite's default of
            // 1,000 pages at most).
            let limit = settings.wal_limit_bytes;
            let options = SqliteConnectOptions::new()
                .filename(path)
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
                .pragma("temp_store", "memory")
                .pragma("journal_size_limit", wal_restart_bytes(limit).to_string())
                .pragma(
                    "wal_autocheckpoint",
                    wal_restart_frames(limit).min(1000).to_string(),
                );
            // SQLite is a file on this machine: a request waits for a connection only behind
            // other requests, so the wait may be long.
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await?;
            Ok(Db::Sqlite(pool))
        } else {
            anyhow::bail!("unsupported database URL (use sqlite://path or postgres://...)")
        }
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        match self {
            Db::Sqlite(pool) => SQLITE_MIGRATIONS.run(pool).await?,
            Db::Postgres(pool) => POSTGRES_MIGRATIONS.run(pool).await?,
        }
        Ok(())
    }

    /// The chat writer's handle, with one connection of its own, which it never waits for
    /// behind readers (writers queue on SQLite's write lock anyway); created on the runtime that
    /// will use it. On SQLite it serves only the messages stored one by one (the writer's
    /// batches go through `chat/writer_sqlite.rs`, with the large page cache), and it does not
    /// check foreign keys: every row it writes names two people the check before the send has
    /// just read, and accounts are never deleted (PostgreSQL dropped the same keys of `messages`
    /// in migration 0008; SQLite cannot drop a key without rebuilding the table).
    pub fn for_chat_writer(&self) -> Db {
        match self {
            Db::Sqlite(pool) => Db::Sqlite(
                SqlitePoolOptions::new()
                    .max_connections(1)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_lazy_with((*pool.connect_options()).clone().foreign_keys(false)),
            ),
            Db::Postgres(pool) => Db::Postgres(
                PgPoolOptions::new()
                    .max_connections(1)
                    .acquire_timeout(pool.options().get_acquire_timeout())
                    .connect_lazy_with((*pool.connect_options()).clone()),
            ),
        }
    }

    /// Begins a write transaction: `BEGIN IMMEDIATE` on SQLite, so that concurrent writers queue
    /// on the write lock instead of failing with SQLITE_BUSY when a read lock cannot be
    /// upgraded; begun in a task of its own (`begun`), so a dropped request never leaves a
    /// transaction half begun.
    pub async fn begin_write(&self) -> sqlx::Result<Tx> {
        match self {
            Db::Sqlite(pool) => {
                let pool = pool.clone();
                begun(tokio::spawn(async move {
                    pool.begin_with("BEGIN IMMEDIATE").await
                }))
                .await
                .map(Tx::Sqlite)
            }
            Db::Postgres(pool) => {
                let pool = pool.clone();
                begun(tokio::spawn(async move { pool.begin().await }))
                    .await
                    .map(Tx::Postgres)
            }
        }
    }

    pub async fn ping(&self) -> sqlx::Result<()> {
        on_db!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))
    }

    pub fn backend(&self) -> &'static str {
        match self {
            Db::Sqlite(_) => "sqlite",
            Db::Postgres(_) => "postgres",
        }
    }

    pub async fn close(&self) {
        on_db!(self, pool => pool.close().await)
    }
}

/// `$from, $from+1, ...` for `n` values bound in turn (an `IN (...)` list).
pub fn placeholders(from: usize, n: usize) -> String {
    (from..from + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// True when `err` is a unique violation of the index or constraint named `name`.
pub fn is_unique_violation(err: &sqlx::Error, name: &str) -> bool {
    match err.as_database_error() {
        Some(db) if db.is_unique_violation() => {
            db.constraint() == Some(name) || db.message().contains(name)
        }
        _ => false,
    }
}

/// True when `err` is a CHECK violation (a balance that would go negative, say).
pub fn is_check_violation(err: &sqlx::Error) -> bool {
    err.as_database_error()
        .is_some_and(|db| db.is_check_violation())
}

/// True when `err` says the database is not answering rather than refusing what we asked:
/// no connection within the pool's wait, a connection lost or refused, a server shutting down,
/// starting up, out of connections or refusing them (`ALLOW_CONNECTIONS false`), and on SQLite a
/// lock held past the busy timeout, a full disk or a failing one. Worth trying again shortly.
pub fn is_unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => {
            if let Some(pg) = db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() {
                let code = pg.code();
                // 08: connection exceptions; 53: insufficient resources (too many connections,
                // disk full); 57P: shut down, starting up, database dropped; 55000: a database
                // that accepts no connections.
                code.starts_with("08")
                    || code.starts_with("53")
                    || code.starts_with("57P")
                    || code == "55000"
            } else if db.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
                // The primary result code: SQLITE_BUSY, SQLITE_IOERR, SQLITE_FULL,
                // SQLITE_CANTOPEN.
                let primary = db
                    .code()
                    .and_then(|code| code.parse::<i32>().ok())
                    .map(|code| code & 0xff);
                matches!(primary, Some(5 | 10 | 13 | 14))
            } else {
                false
            }
        }
        _ => false,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::future::Future;
    use std::task::Context;
    use std::time::Instant;

    /// Each point of a begin that takes up to `span`: dropped at 300 moments from its first
    /// poll to `span` after it, polled every 1, 5 or 25 µs meanwhile.
    fn points(span: Duration) -> impl Iterator<Item = (Duration, Duration)> {
        [1, 5, 25].into_iter().flat_map(move |every| {
            (0..300).map(move |step| (span * step / 300, Duration::from_micros(every)))
        })
    }

    /// Asks for a write transaction and drops the request `after` its first poll, as a request
    /// whose client goes away is dropped: polled every `poll_every`, it is dropped while the
    /// database works on what its last poll asked. Then waits for the connection to be back.
    async fn abandon_begin(db: &Db, after: Duration, poll_every: Duration) {
        let mut begin = Box::pin(db.begin_write());
        let mut cx = Context::from_waker(std::task::Waker::noop());
        let start = Instant::now();
        let mut next_poll = start;
        while start.elapsed() < after {
            if Instant::now() >= next_poll {
                if begin.as_mut().poll(&mut cx).is_ready() {
                    break;
                }
                next_poll = Instant::now() + poll_every;
            }
            std::hint::spin_loop();
        }
        drop(begin);
        // What the drop queued (a rollback, the return to the pool) runs.
        tokio::time::sleep(Duration::from_millis(1)).await;
    }

    /// Every connection the pool holds, taken at once.
    async fn every_connection<DB: sqlx::Database>(
        pool: &sqlx::Pool<DB>,
    ) -> Vec<sqlx::pool::PoolConnection<DB>> {
        let mut taken = Vec::new();
        for _ in 0..pool.size() {
            taken.push(pool.acquire().await.unwrap());
        }
        taken
    }

    fn postgres_url() -> String {
        std::env::var("AMORA_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_write_transaction_abandoned_as_it_begins_leaves_no_connection_inside_it() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("amora.db").display());
        let db = Db::connect(&url, &DbSettings::default()).await.unwrap();
        let Db::Sqlite(pool) = &db else {
            unreachable!()
        };
        // A local SQLite begins in tens of microseconds.
        for (after, poll_every) in points(Duration::from_micros(150)) {
            abandon_begin(&db, after, poll_every).await;
            // A plain BEGIN takes no lock, and fails inside a transaction.
            for conn in &mut every_connection(pool).await {
                if let Err(e) = sqlx::query("BEGIN").execute(&mut **conn).await {
                    panic!("dropped {after:?} into its begin, a connection stayed in it: {e}");
                }
                sqlx::query("ROLLBACK").execute(&mut **conn).await.unwrap();
            }
        }
        let tx = db.begin_write().await.unwrap();
        tx.rollback().await.unwrap();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_write_transaction_abandoned_as_it_begins_leaves_no_connection_inside_it_on_postgres()
    {
        let settings = DbSettings::default();
        let db = Db::connect(&postgres_url(), &settings).await.unwrap();
        let Db::Postgres(pool) = &db else {
            unreachable!()
        };
        // Over loopback, the pool's check of the connection and the BEGIN are two round trips.
        for (after, poll_every) in points(Duration::from_millis(1)) {
            abandon_begin(&db, after, poll_every).await;
            for conn in &mut every_connection(pool).await {
                // Inside a transaction, now() is when it began, not when this statement did
                // (one simple query: the extended protocol takes the statement's time again at
                // each of its messages).
                let row = sqlx::raw_sql("SELECT now() = statement_timestamp()")
                    .fetch_one(&mut **conn)
                    .await
                    .unwrap();
                let outside: bool = sqlx::Row::get(&row, 0);
                assert!(
                    outside,
                    "dropped {after:?} into its begin, a connection stayed in it"
                );
            }
        }
    }
}
