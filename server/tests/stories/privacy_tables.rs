//! Every table the migrations make says what account deletion does with a person's rows in it
//! (`server/src/privacy/tables.rs`): taken in the archive and removed, removed, kept for a stated
//! reason, or not personal. A new table nobody classified fails here, and so does a table said to
//! be removed that the erasure never names, or one said to be theirs that the archive never reads.

use std::collections::BTreeSet;

use amora_server::privacy::tables::{Fate, TABLES};

use crate::common::{spawn, Backend, TestApp};

const ERASE: &str = include_str!("../../src/privacy/erase.rs");
const EXPORT: &str = include_str!("../../src/privacy/export.rs");

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
    let listed: BTreeSet<String> = TABLES.iter().map(|(t, _)| (*t).to_owned()).collect();
    assert_eq!(listed.len(), TABLES.len(), "a table is listed twice");

    let unclassified: Vec<_> = made.difference(&listed).collect();
    assert!(
        unclassified.is_empty(),
        "tables with no word on account deletion in privacy/tables.rs: {unclassified:?}"
    );
    let gone: Vec<_> = listed.difference(&made).collect();
    assert!(
        gone.is_empty(),
        "privacy/tables.rs lists tables no migration makes: {gone:?}"
    );

    for (table, fate) in TABLES {
        match fate {
            Fate::Theirs => {
                assert!(
                    names(ERASE, table),
                    "{table} is theirs, but erase.rs never names it"
                );
                assert!(
                    names(EXPORT, table),
                    "{table} is theirs, but export.rs never reads it"
                );
            }
            Fate::Removed(_) => {
                assert!(
                    names(ERASE, table),
                    "{table} is removed, but erase.rs never names it"
                );
            }
            Fate::Kept(why) | Fate::NotPersonal(why) => {
                assert!(!why.trim().is_empty(), "{table} gives no reason");
            }
        }
    }
}

both_databases!(every_table_says_what_account_deletion_does_with_it);
