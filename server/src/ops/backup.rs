//! The SQLite database's backup and restore (`amora backup FILE`, `amora restore FILE`), and the
//! lock by which a restore knows that a server is using the database.
//!
//! A backup is SQLite's online backup in one step: one read transaction copies every page, so
//! the copy is the database as it was at one moment, with every transaction committed before
//! that moment, while the server goes on writing (in WAL mode a reader and the writers do not
//! wait for each other). Pages are copied as they are, as fast as the disk reads them; `VACUUM
//! INTO` would rebuild every table and index instead, several times longer on a large chat
//! history, and the log cannot start again while the read lasts: it grows by what is written
//! meanwhile, and is cut back to `db.wal_limit_bytes` afterwards.
//!
//! A serving server holds a shared lock (`flock`) on `<database>.lock`; a restore takes it
//! exclusively, so a restore refuses while a server runs, and a server refuses to start while a
//! restore runs. The kernel lets go of the lock when the process ends, however it ends.
//!
//! PostgreSQL has its own tools, `pg_dump -Fc` and `pg_restore` (`docs/operations.md`).

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, ensure, Context};
use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, ErrorCode, OpenFlags};

use crate::db::{sqlite_path, SQLITE_MIGRATIONS};

/// A hold on a SQLite database's lock file, let go when dropped.
pub struct DatabaseLock {
    _file: File,
}

impl DatabaseLock {
    /// A serving server's hold (shared); None on PostgreSQL and for an in-memory database.
    /// Refused while a restore runs.
    pub fn serving(database_url: &str) -> anyhow::Result<Option<DatabaseLock>> {
        let Some(db) = sqlite_path(database_url) else {
            return Ok(None);
        };
        if db.as_os_str().is_empty() || db == Path::new(":memory:") {
            return Ok(None);
        }
        let file = open_lock(db)?;
        match file.try_lock_shared() {
            Ok(()) => Ok(Some(DatabaseLock { _file: file })),
            Err(TryLockError::WouldBlock) => bail!(
                "{} is being restored: start the server when the restore has finished",
                db.display()
            ),
            Err(TryLockError::Error(e)) => Err(e.into()),
        }
    }

    /// A restore's hold (exclusive). Refused while a server holds the database.
    fn restoring(db: &Path) -> anyhow::Result<DatabaseLock> {
        let file = open_lock(db)?;
        match file.try_lock() {
            Ok(()) => Ok(DatabaseLock { _file: file }),
            Err(TryLockError::WouldBlock) => bail!(
                "a server is using {}: stop it before restoring (nothing was changed)",
                db.display()
            ),
            Err(TryLockError::Error(e)) => Err(e.into()),
        }
    }
}

fn open_lock(db: &Path) -> anyhow::Result<File> {
    if let Some(folder) = db.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder)?;
    }
    let path = beside(db, ".lock");
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .with_context(|| format!("cannot open the lock file {}", path.display()))
}

/// `path` with `suffix` added to its file name (`amora.db` -> `amora.db-wal`).
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The SQLite database of `database_url`, or what to use instead on PostgreSQL.
fn sqlite_database<'a>(database_url: &'a str, instead: &str) -> anyhow::Result<&'a Path> {
    sqlite_path(database_url).ok_or_else(|| {
        anyhow!(
            "the database is PostgreSQL: use {instead} (docs/operations.md, \"Backups\"); \
             `amora backup` and `amora restore` are for SQLite"
        )
    })
}

fn remove_if_there(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Makes a rename or a new name in the folder of `path` durable.
fn sync_folder(path: &Path) -> io::Result<()> {
    match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(folder) => File::open(folder)?.sync_all(),
        None => File::open(".")?.sync_all(),
    }
}

fn open_database(path: &Path) -> rusqlite::Result<Connection> {
    let connection = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    connection.busy_timeout(Duration::from_secs(10))?;
    Ok(connection)
}

/// Copies the SQLite database of `database_url`, as it is at one moment, into the new file
/// `to`, while a server may be writing. Refuses a `to` that exists; answers the copy's size.
pub fn backup(database_url: &str, to: &Path) -> anyhow::Result<u64> {
    let db = sqlite_database(database_url, "pg_dump -Fc")?;
    ensure!(
        std::fs::symlink_metadata(to).is_err(),
        "{} exists already: a backup never overwrites a file",
        to.display()
    );
    ensure!(db.is_file(), "there is no database at {}", db.display());
    // Written beside `to` and named `to` only when complete: a backup cut short leaves no file
    // that looks whole.
    let partial = beside(to, ".partial");
    remove_if_there(&partial)?;
    let copied = copy_database(db, &partial).and_then(|()| {
        File::open(&partial)?.sync_all()?;
        // A new name only: if `to` appeared meanwhile, it is left alone.
        match std::fs::hard_link(&partial, to) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                bail!(
                    "{} exists already: a backup never overwrites a file",
                    to.display()
                )
            }
            Err(e) => return Err(e).context(format!("cannot name the backup {}", to.display())),
        }
        sync_folder(to)?;
        Ok(std::fs::metadata(to)?.len())
    });
    remove_if_there(&partial)?;
    copied
}

/// SQLite's online backup of `db` into `to`, all pages in one step.
fn copy_database(db: &Path, to: &Path) -> anyhow::Result<()> {
    let source = open_database(db)?;
    let mut copy = Connection::open(to)?;
    {
        let backup = Backup::new(&source, &mut copy)?;
        // The source's read lock can be refused for a moment (a log being recovered).
        let mut busy = 0;
        loop {
            match backup.step(-1)? {
                StepResult::Done => break,
                _ if busy < 100 => {
                    busy += 1;
                    std::thread::sleep(Duration::from_millis(100));
                }
                other => bail!("the database stayed busy for 10 s ({other:?})"),
            }
        }
    }
    // One self-contained file, with no log of its own beside it.
    let mode: String = copy.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
    ensure!(mode == "delete", "the backup stayed in {mode} mode");
    copy.close().map_err(|(_, e)| e)?;
    Ok(())
}

/// Puts the backup `from` in place of the SQLite database of `database_url`: checked first (an
/// SQLite database, whole, with migrations this build knows), written beside the database,
/// made durable, then renamed over it. Refused while a server uses the database; a refusal
/// changes nothing.
pub fn restore(database_url: &str, from: &Path) -> anyhow::Result<()> {
    let db = sqlite_database(database_url, "pg_restore")?;
    let _restoring = DatabaseLock::restoring(db)?;
    ensure!(from.is_file(), "there is no file {}", from.display());
    let log = beside(from, "-wal");
    ensure!(
        std::fs::metadata(&log).map_or(true, |m| m.len() == 0),
        "{} has a write-ahead log beside it ({}) that a copy of the file alone would leave out: \
         restore a file made by `amora backup`",
        from.display(),
        log.display()
    );
    let staged = beside(db, ".restoring");
    remove_with_log(&staged)?;
    let checked = std::fs::copy(from, &staged)
        .with_context(|| format!("cannot copy {}", from.display()))
        .and_then(|_| check(&staged, from))
        .and_then(|()| Ok(File::open(&staged)?.sync_all()?));
    if let Err(e) = checked {
        remove_with_log(&staged)?;
        return Err(e);
    }
    // The old database's log would be read as the new one's: it goes first.
    for suffix in ["-wal", "-shm", "-journal"] {
        remove_if_there(&beside(db, suffix))?;
    }
    std::fs::rename(&staged, db)?;
    sync_folder(db)?;
    Ok(())
}

/// Removes a database file with its log, its shared-memory index and its journal.
fn remove_with_log(path: &Path) -> io::Result<()> {
    for suffix in ["-wal", "-shm", "-journal"] {
        remove_if_there(&beside(path, suffix))?;
    }
    remove_if_there(path)
}

/// Whether `path` (a copy of `named`) is a whole Amora database this build can serve.
fn check(path: &Path, named: &Path) -> anyhow::Result<()> {
    let named = named.display();
    let connection = open_database(path)?;
    let verdict: String = connection
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(|e| match e.sqlite_error_code() {
            Some(ErrorCode::NotADatabase) => anyhow!("{named} is not an SQLite database"),
            _ => anyhow!("{named} cannot be read as an SQLite database: {e}"),
        })?;
    ensure!(verdict == "ok", "{named} is damaged: {verdict}");
    let applied: Vec<(i64, Vec<u8>, bool)> = connection
        .prepare("SELECT version, checksum, success FROM _sqlx_migrations ORDER BY version")
        .and_then(|mut rows| {
            rows.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect()
        })
        .map_err(|_| anyhow!("{named} is not an Amora database: it has no migrations"))?;
    ensure!(
        !applied.is_empty(),
        "{named} is not an Amora database: it has no migrations"
    );
    for (version, checksum, success) in applied {
        let known = SQLITE_MIGRATIONS
            .iter()
            .find(|m| m.version == version && !m.migration_type.is_down_migration())
            .ok_or_else(|| {
                anyhow!(
                    "{named} has migration {version}, which this amora does not know (a backup \
                     made by a newer version?)"
                )
            })?;
        ensure!(success, "{named}: migration {version} did not finish");
        ensure!(
            *known.checksum == *checksum,
            "{named}: migration {version} is not this amora's"
        );
    }
    connection.close().map_err(|(_, e)| e)?;
    Ok(())
}
