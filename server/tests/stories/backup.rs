//! Backups an operator can rely on. A backup taken while people chat and spend coins holds every
//! message acknowledged and every ledger entry committed before it began, and a server started
//! on it after a restore shows them. A backup never overwrites a file; a restore refuses a file
//! that is not an Amora database and a database a server is using, and then changes nothing.
//! On SQLite with `amora backup` and `amora restore`; on PostgreSQL by the documented route
//! (`pg_dump -Fc`, `pg_restore`), which `amora backup` names.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use amora_server::Config;
use secrecy::ExposeSecret;
use serde_json::json;

use crate::common::chat::SEND;
use crate::common::wallet::{ALREADY_CLAIMED, CLAIM_COINS, WATCH_LIMIT};
use crate::common::{spawn, Backend, Person, PgDatabase, TestApp};

/// Runs the operator's `amora ARGS` against the database and data folder of `config`.
async fn amora(config: &Config, args: &[&str]) -> Output {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_amora"));
    // Only this server's settings: nothing inherited (a config file, a NATS address).
    for (name, _) in std::env::vars().filter(|(name, _)| name.starts_with("AMORA_")) {
        command.env_remove(name);
    }
    command
        .args(args)
        .current_dir(&config.data_dir)
        .env("AMORA_DATA_DIR", &config.data_dir)
        .env("AMORA_DATABASE_URL", database_url(config))
        .env("AMORA_WEB_DIR", config.data_dir.join("no-web"))
        .env("RUST_LOG", "warn")
        .output()
        .await
        .unwrap()
}

fn database_url(config: &Config) -> String {
    config
        .database_url
        .as_ref()
        .unwrap()
        .expose_secret()
        .to_owned()
}

/// Runs a program of PostgreSQL's; asserts it succeeded.
async fn postgres_tool(program: &str, args: &[&str]) {
    let out = tokio::process::Command::new(program)
        .args(args)
        .output()
        .await
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[track_caller]
fn succeeded(out: &Output) -> String {
    assert!(
        out.status.success(),
        "amora failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Asserts the command was refused with a message containing `words`.
#[track_caller]
fn refused(out: &Output, words: &str) {
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "amora did not refuse: {said}");
    assert!(said.contains(words), "expected {words:?} in: {said}");
}

/// A message the server answered 200 for: when the answer came, its id, client id and people.
struct Acked {
    at: Instant,
    id: i64,
    client_id: String,
    from: i64,
    to: i64,
}

/// What the load got answered, and when to stop it.
#[derive(Default)]
struct Load {
    messages: Mutex<Vec<Acked>>,
    /// Ledger entries answered 200 (gold orders by key, claims by person): (when, key).
    entries: Mutex<Vec<(Instant, String)>>,
    stop: AtomicBool,
}

impl Load {
    fn going(&self) -> bool {
        !self.stop.load(Ordering::SeqCst)
    }
}

/// `from` sends texts to `to` over REST until the load stops.
async fn chat(app: &TestApp, load: &Load, from: &Person, to: &Person) {
    let mut n = 0;
    while load.going() {
        let client_id = format!("{}-{n}", from.user_name);
        let body = json!({
            "to": to.id, "msgType": "txt", "clientId": client_id,
            "content": { "text": format!("message {n} from {}", from.user_name) },
        });
        let message = app.post(SEND, Some(&from.token), body).await.ok()["message"].clone();
        assert_eq!(message["clientId"], client_id.as_str());
        load.messages.lock().unwrap().push(Acked {
            at: Instant::now(),
            id: message["id"].as_i64().unwrap(),
            client_id,
            from: from.id,
            to: to.id,
        });
        n += 1;
    }
}

/// `who` buys character packs with gold, and claims the day's coins, until the load stops.
async fn spend(app: &TestApp, load: &Load, who: &Person, pack: i64) {
    let mut n = 0;
    while load.going() {
        let path = TestApp::with_query(
            "/prod-api/order/createOrder",
            &[("productId", &pack.to_string()), ("payType", "gold")],
        );
        let order = app.get(&path, Some(&who.token)).await.ok();
        assert_eq!(order["state"], "finished", "{order}");
        load.entries
            .lock()
            .unwrap()
            .push((Instant::now(), format!("order:{}", order["id"])));
        let kind = if n % 2 == 0 { "watch" } else { "claim" };
        let claim = app
            .post(CLAIM_COINS, Some(&who.token), json!({ "type": kind }))
            .await;
        if claim.status == 200 {
            load.entries
                .lock()
                .unwrap()
                .push((Instant::now(), format!("claim:{}", who.id)));
        } else {
            assert!(
                [ALREADY_CLAIMED, WATCH_LIMIT].contains(&claim.msg()),
                "{}",
                claim.body
            );
        }
        n += 1;
    }
}

/// Every ledger entry as `id|person|asset|amount|key`.
async fn ledger(app: &TestApp) -> Vec<String> {
    app.texts(
        "SELECT id || '|' || user_id || '|' || asset || '|' || amount || '|' || idempotency_key \
         FROM ledger_entries ORDER BY id",
    )
    .await
}

async fn a_backup_under_load_keeps_everything_acknowledged_before_it(b: Backend) {
    let mut app = spawn(b).await;
    let (ana, tom) = (app.woman("ana").await, app.man("tom").await);
    let (eva, leo) = (app.woman("eva").await, app.man("leo").await);
    let people = [&ana, &tom, &eva, &leo];
    let pack = app.product_id("chars-2000").await;
    for who in people {
        app.give_coins(who, 300 * 10_000, "setup").await;
    }
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("amora-backup.db");
    let file_name = file.to_str().unwrap();

    // Four people write to each other and all four spend and claim coins, at once; the operator
    // takes a backup in the middle of it.
    let load = Load::default();
    let pairs = [(&ana, &tom), (&tom, &ana), (&eva, &leo), (&leo, &eva)];
    let chats = futures::future::join_all(pairs.map(|(from, to)| chat(&app, &load, from, to)));
    let spends = futures::future::join_all(people.map(|who| spend(&app, &load, who, pack)));
    let operator = async {
        tokio::time::sleep(Duration::from_millis(1500)).await;
        // Committed before the backup begins: read back before it starts.
        let committed = ledger(&app).await;
        let began = Instant::now();
        match b {
            Backend::Sqlite => {
                let out = amora(app.config(), &["backup", file_name]).await;
                assert!(succeeded(&out).contains("backed up"));
            }
            Backend::Postgres => {
                let out = amora(app.config(), &["backup", file_name]).await;
                refused(&out, "pg_dump -Fc");
                let url = database_url(app.config());
                postgres_tool("pg_dump", &["-Fc", "-f", file_name, &url]).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(1000)).await;
        load.stop.store(true, Ordering::SeqCst);
        (began, committed)
    };
    let (_, _, (began, committed)) = tokio::join!(chats, spends, operator);
    let live_messages = app.messages_stored().await;
    let live_entries = app.count("ledger_entries").await;
    let messages = load.messages.into_inner().unwrap();
    let entries = load.entries.into_inner().unwrap();
    let acked: Vec<&Acked> = messages.iter().filter(|m| m.at < began).collect();
    let spent: Vec<&String> = entries
        .iter()
        .filter(|(at, _)| *at < began)
        .map(|(_, key)| key)
        .collect();
    eprintln!(
        "{} messages and {} ledger operations answered before the backup began, {} and {} in all",
        acked.len(),
        spent.len(),
        messages.len(),
        entries.len()
    );
    assert!(
        acked.len() >= 20 && spent.len() >= 8,
        "the load did not get going"
    );
    assert!(
        messages.len() > acked.len() && entries.len() > spent.len(),
        "the load went on while the backup was taken"
    );

    // The server is stopped, the backup put in place of its database, and a server started on it.
    let mut config = app.stop().await;
    match b {
        Backend::Sqlite => {
            let out = amora(&config, &["restore", file_name]).await;
            assert!(succeeded(&out).contains("restored"));
        }
        Backend::Postgres => {
            let out = amora(&config, &["restore", file_name]).await;
            refused(&out, "pg_restore");
            let (db, url) = PgDatabase::create().await;
            postgres_tool("pg_restore", &["--no-owner", "-d", &url, file_name]).await;
            config.database_url = Some(url.into());
            app.keep(db);
        }
    }
    app.start(config).await;

    // Every message answered before the backup began is there, as both people see it.
    let mut shown = BTreeMap::new();
    for (who, peer) in pairs {
        let seen: BTreeMap<i64, String> = app
            .conversation(who, peer.id)
            .await
            .iter()
            .map(|m| {
                (
                    m["id"].as_i64().unwrap(),
                    m["clientId"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        shown.insert(who.id, seen);
    }
    for m in &acked {
        for who in [m.from, m.to] {
            assert_eq!(
                shown[&who].get(&m.id),
                Some(&m.client_id),
                "message {} acknowledged before the backup is missing for {who}",
                m.id
            );
        }
    }
    // Every ledger entry committed before it is there, and the orders and claims answered before.
    let restored = ledger(&app).await;
    for entry in &committed {
        assert!(
            restored.contains(entry),
            "ledger entry {entry} committed before the backup is missing"
        );
    }
    for key in &spent {
        let found = match key.strip_prefix("claim:") {
            // A claim's key names its kind, the person, the day and the count:
            // `claim:watch:7:20412:3`; the person's claims answered are all there.
            Some(person) => {
                let answered = spent.iter().filter(|k| *k == key).count();
                let kept = restored
                    .iter()
                    .filter(|e| {
                        let key = e.rsplit('|').next().unwrap();
                        key.starts_with("claim:") && key.split(':').nth(2) == Some(person)
                    })
                    .count();
                kept >= answered
            }
            None => restored.iter().any(|e| e.ends_with(&format!("|{key}"))),
        };
        assert!(found, "{key}, answered before the backup, is missing");
    }
    // What came after the backup is not: it is the database as it was then.
    assert!(app.messages_stored().await < live_messages);
    assert!((restored.len() as i64) < live_entries);

    // Each person's coins and characters, as they see them, are what the restored ledger holds.
    for who in people {
        let purse = app.purse(who).await;
        let sum = |asset: &str| {
            restored
                .iter()
                .map(|e| e.split('|').collect::<Vec<_>>())
                .filter(|e| e[1] == who.id.to_string() && e[2] == asset)
                .map(|e| e[3].parse::<i64>().unwrap())
                .sum::<i64>()
        };
        assert_eq!(
            (purse.coins, purse.characters),
            (sum("coins"), sum("characters")),
            "{}",
            who.user_name
        );
        assert!(purse.characters > 0, "{} bought nothing", who.user_name);
    }
    // And the restored server goes on from there.
    let said = app.says(&ana, &tom, "back again").await;
    assert!(said["id"].as_i64().unwrap() > acked.iter().map(|m| m.id).max().unwrap());
}

async fn a_backup_never_overwrites_and_a_restore_refuses_what_it_cannot_serve(b: Backend) {
    let mut app = spawn(b).await;
    let (ana, tom) = (app.woman("ana").await, app.man("tom").await);
    app.says(&ana, &tom, "hello").await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("amora-backup.db");
    let file_name = file.to_str().unwrap();

    if b == Backend::Postgres {
        // PostgreSQL has its own tools, and the commands say which.
        refused(
            &amora(app.config(), &["backup", file_name]).await,
            "pg_dump -Fc",
        );
        assert!(!file.exists());
        refused(
            &amora(app.config(), &["restore", file_name]).await,
            "pg_restore",
        );
        assert_eq!(app.conversation(&ana, tom.id).await.len(), 1);
        return;
    }

    succeeded(&amora(app.config(), &["backup", file_name]).await);
    let backup = std::fs::read(&file).unwrap();
    // A second backup into the same file, or into any file that exists, is refused.
    app.says(&tom, &ana, "hi").await;
    refused(
        &amora(app.config(), &["backup", file_name]).await,
        "exists already",
    );
    assert_eq!(std::fs::read(&file).unwrap(), backup);
    let notes = folder.path().join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let notes_name = notes.to_str().unwrap();
    refused(
        &amora(app.config(), &["backup", notes_name]).await,
        "exists already",
    );
    assert_eq!(std::fs::read(&notes).unwrap(), b"my notes");

    // No restore while the server runs: it goes on serving what it has.
    refused(
        &amora(app.config(), &["restore", file_name]).await,
        "a server is using",
    );
    assert_eq!(app.conversation(&ana, tom.id).await.len(), 2);

    // Stopped, it refuses what is not an Amora database, and changes nothing.
    let config = app.stop().await;
    let db = config.data_dir.join("amora.db");
    let database = std::fs::read(&db).unwrap();
    let other = folder.path().join("other.db");
    make_other_database(&other).await;
    let missing = folder.path().join("missing.db");
    for (bad, words) in [
        (notes_name, "is not an SQLite database"),
        (other.to_str().unwrap(), "is not an Amora database"),
        (missing.to_str().unwrap(), "there is no file"),
    ] {
        refused(&amora(&config, &["restore", bad]).await, words);
        assert_eq!(
            std::fs::read(&db).unwrap(),
            database,
            "{bad} changed the database"
        );
        assert!(!leftovers(&config.data_dir), "{bad} left a file behind");
    }
    app.start(config).await;
    let texts: Vec<String> = app
        .conversation(&ana, tom.id)
        .await
        .iter()
        .map(|m| m["content"]["text"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(texts, ["hi", "hello"]);
}

/// An SQLite database that is not Amora's.
async fn make_other_database(path: &Path) {
    use sqlx::Connection;
    let url = format!("sqlite://{}?mode=rwc", path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("CREATE TABLE recipes (name TEXT)")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
}

/// Whether a restore left a file of its own in the data folder.
fn leftovers(folder: &Path) -> bool {
    std::fs::read_dir(folder)
        .unwrap()
        .flatten()
        .any(|e| e.file_name().to_string_lossy().contains(".restoring"))
}

both_databases!(
    a_backup_under_load_keeps_everything_acknowledged_before_it,
    a_backup_never_overwrites_and_a_restore_refuses_what_it_cannot_serve,
);
