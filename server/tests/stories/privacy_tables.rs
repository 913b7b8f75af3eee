//! Every table the migrations make says what account deletion does with a person's rows in it:
//! taken in the archive and removed, removed, kept for a stated reason, or not personal. Each
//! domain says it for its own tables (`server/src/<domain>/personal.rs`, gathered in
//! `privacy/tables.rs`). A new table nobody classified fails here, and so does a table two
//! domains claim, one said to be removed that its domain's erasure never names, or one said to be
//! theirs that its domain's part of the archive never reads.

use std::collections::BTreeSet;

use amora_server::db::Fate;
use amora_server::privacy::tables::OWNERS;

use crate::common::{spawn, Backend, TestApp};

/// The source of the domain's `personal.rs`.
fn personal(domain: &str) -> String {
    let path = format!("{}/src/{domain}/personal.rs", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The part of a `personal.rs` before its first function named `erase`: what it reads for the
/// archive; and the erasure, from there on.
fn parts(source: &str) -> (&str, &str) {
    source
        .split_once("pub async fn erase")
        .map_or((source, ""), |(export, erase)| (export, erase))
}

/// The tables the migrations made, as the database lists them (the migrations' own log aside).
async fn tables(app: &TestApp, backend: Backend) -> BTreeSet<String> {
    let sql = match backend {
        Backend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table'
             AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx%'"
        }
        Backend::Postgres => {
            "SELECT CAST(table_name AS TEXT) FROM information_schema.tables
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
             AND table_name NOT LIKE '_sqlx%'"
        }
    };
    let rows: Vec<(String,)> =
        amora_server::on_db!(&app.app().db, pool => sqlx::query_as(sql).fetch_all(pool).await)
            .unwrap();
    rows.into_iter().map(|(t,)| t).collect()
}

/// Whether `source` names `table` as a word (not inside a longer name).
fn names(source: &str, table: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    source.match_indices(table).any(|(at, _)| {
        !word(source[..at].chars().next_back()) && !word(source[at + table.len()..].chars().next())
    })
}

async fn every_table_says_what_account_deletion_does_with_it(b: Backend) {
    let app = spawn(b).await;
    let made = tables(&app, b).await;
    let said: Vec<(&str, &str, Fate)> = OWNERS
        .iter()
        .flat_map(|(domain, tables)| tables.iter().map(move |(t, f)| (*domain, *t, *f)))
        .collect();
    let listed: BTreeSet<String> = said.iter().map(|(_, t, _)| (*t).to_owned()).collect();
    assert_eq!(
        listed.len(),
        said.len(),
        "a table is said for twice: {said:?}"
    );

    let unclassified: Vec<_> = made.difference(&listed).collect();
    assert!(
        unclassified.is_empty(),
        "tables no domain says anything about in its personal.rs: {unclassified:?}"
    );
    let gone: Vec<_> = listed.difference(&made).collect();
    assert!(
        gone.is_empty(),
        "personal.rs files name tables no migration makes: {gone:?}"
    );

    for (domain, table, fate) in said {
        let source = personal(domain);
        let (export, erase) = parts(&source);
        match fate {
            Fate::Theirs => {
                assert!(
                    names(erase, table),
                    "{table} is theirs, but {domain}/personal.rs never erases it"
                );
                assert!(
                    names(export, table),
                    "{table} is theirs, but {domain}/personal.rs never reads it for the archive"
                );
            }
            Fate::Removed(_) => {
                assert!(
                    names(erase, table),
                    "{table} is removed, but {domain}/personal.rs never erases it"
                );
            }
            Fate::Kept(why) | Fate::NotPersonal(why) => {
                assert!(!why.trim().is_empty(), "{table} gives no reason");
            }
        }
    }
}

both_databases!(every_table_says_what_account_deletion_does_with_it);
