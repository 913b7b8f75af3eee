//! Nothing acknowledged is lost: the real `amora` binary is killed (SIGKILL) while two people
//! are sending each other messages as fast as they can, then started again on the same database;
//! every message the server had answered 200 for is there, with its id, and both people's event
//! sequences are still whole.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::chat::open_im_at;
use crate::common::{png_data_url, Backend};
use serde_json::{json, Value};
use tokio::process::{Child, Command};

/// Sends acknowledged before the server is killed: more than one replay batch (200 events).
const ACKED_BEFORE_KILL: usize = 250;
/// Tasks sending at once, alternating directions.
const SENDERS: usize = 6;

/// A running `amora serve`.
struct Amora {
    child: Child,
    base: String,
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

async fn start(database_url: &str, dir: &Path) -> Amora {
    let port = free_port();
    let log = std::fs::File::create(dir.join(format!("amora-{port}.log"))).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_amora"));
    // Only this story's settings: nothing inherited (a demo flag, a NATS address, a config file).
    for (name, _) in std::env::vars().filter(|(name, _)| name.starts_with("AMORA_")) {
        command.env_remove(name);
    }
    let child = command
        .arg("serve")
        .current_dir(dir)
        .env("AMORA_ADDR", format!("127.0.0.1:{port}"))
        .env("AMORA_DATA_DIR", dir)
        .env("AMORA_DATABASE_URL", database_url)
        .env("AMORA_WEB_DIR", dir.join("no-web"))
        .env("AMORA_RATE_LIMIT__DISABLED", "true")
        .env("AMORA_HASH_CONCURRENCY", "2")
        .env("RUST_LOG", "warn")
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut amora = Amora {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    let http = reqwest::Client::new();
    for _ in 0..300 {
        if let Some(status) = amora.child.try_wait().unwrap() {
            let log = std::fs::read_to_string(dir.join(format!("amora-{port}.log")));
            panic!("amora exited with {status}: {log:?}");
        }
        let ready = http.get(format!("{}/readyz", amora.base)).send().await;
        if ready.is_ok_and(|r| r.status().is_success()) {
            return amora;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("amora did not get ready in 30 s");
}

/// A PostgreSQL database of this story's own, dropped at the end.
struct Postgres {
    admin_url: String,
    name: String,
}

impl Postgres {
    async fn create() -> (Postgres, String) {
        use sqlx::Connection;
        let admin_url = std::env::var("AMORA_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
        let name = format!("amora_test_{}", uuid::Uuid::new_v4().simple());
        let mut conn = sqlx::PgConnection::connect(&admin_url).await.unwrap();
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.ok();
        let mut url = url::Url::parse(&admin_url).unwrap();
        url.set_path(&name);
        (Postgres { admin_url, name }, url.to_string())
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop runs inside the test's runtime: do the async work on a thread of its own.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async {
                use sqlx::Connection;
                if let Ok(mut conn) = sqlx::PgConnection::connect(&admin_url).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&mut conn)
                        .await;
                }
            });
        })
        .join();
    }
}

/// Someone registered over HTTP: (user id, bearer token).
async fn register(http: &reqwest::Client, base: &str, name: &str, gender: &str) -> (i64, String) {
    let form = json!({
        "userName": name,
        "email": format!("{name}@example.com"),
        "password": "secret1",
        "gender": gender,
        "country": "Spain",
        "birthday": "1995-03-02",
        "language": "en",
        "avatar": png_data_url(32, 32),
        "privacyAccepted": true,
    });
    let reply: Value = http
        .post(format!("{base}/prod-api/register"))
        .json(&form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(reply["code"], 200, "{reply}");
    (
        reply["data"]["user"]["userId"].as_i64().unwrap(),
        reply["data"]["token"].as_str().unwrap().to_owned(),
    )
}

/// One acknowledged send: the client id, the stored id, the sender.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Acked {
    client_id: String,
    id: i64,
    from: i64,
}

/// Every message of the conversation as `token`'s owner sees it: id -> (client id, sender).
async fn stored(base: &str, token: &str, peer: i64) -> BTreeMap<i64, (String, i64)> {
    let http = reqwest::Client::new();
    let mut all = BTreeMap::new();
    for page in 1.. {
        let reply: Value = http
            .get(format!(
                "{base}/prod-api/system/content/list?userId={peer}&pageSize=100&pageNum={page}"
            ))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(reply["code"], 200, "{reply}");
        let rows = reply["data"]["rows"].as_array().unwrap();
        for m in rows {
            let client_id = m["clientId"].as_str().unwrap().to_owned();
            all.insert(
                m["id"].as_i64().unwrap(),
                (client_id, m["from"].as_i64().unwrap()),
            );
        }
        if rows.len() < 100 {
            assert_eq!(all.len() as i64, reply["data"]["total"].as_i64().unwrap());
            return all;
        }
    }
    unreachable!()
}

/// Connects over the socket and replays everything: (hello lastSeq, the replayed sequence).
async fn replay(base: &str, token: &str, user_id: i64) -> (i64, Vec<i64>) {
    let http = reqwest::Client::new();
    let im: Value = http
        .get(format!("{base}/prod-api/em/getEmToken"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let query = format!(
        "?user={}&accessToken={}",
        im["data"]["emUser"].as_str().unwrap(),
        im["data"]["token"].as_str().unwrap()
    );
    let mut socket = open_im_at(base, &query, &[]).await.unwrap();
    let hello = socket.next().await;
    assert_eq!(
        (&hello["type"], &hello["userId"]),
        (&json!("hello"), &json!(user_id))
    );
    let last = hello["lastSeq"].as_i64().unwrap();
    socket.resume(0).await;
    let mut seqs = Vec::new();
    while seqs.len() < usize::try_from(last).unwrap() {
        seqs.push(socket.event().await.0);
    }
    socket.quiet(Duration::from_millis(300)).await;
    socket.close().await;
    (last, seqs)
}

async fn acknowledged_messages_survive_a_crash(b: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let (pg, database_url) = match b {
        Backend::Sqlite => (None, format!("sqlite://{}/amora.db", dir.path().display())),
        Backend::Postgres => {
            let (pg, url) = Postgres::create().await;
            (Some(pg), url)
        }
    };
    let mut amora = start(&database_url, dir.path()).await;
    let http = reqwest::Client::new();
    let (tom, tom_token) = register(&http, &amora.base, "tom", "male").await;
    let (ana, ana_token) = register(&http, &amora.base, "ana", "female").await;

    let acked = Arc::new(Mutex::new(Vec::<Acked>::new()));
    let count = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for t in 0..SENDERS {
        let (from, token, to) = if t % 2 == 0 {
            (tom, tom_token.clone(), ana)
        } else {
            (ana, ana_token.clone(), tom)
        };
        let (acked, count, base) = (acked.clone(), count.clone(), amora.base.clone());
        tasks.push(tokio::spawn(async move {
            let http = reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .unwrap();
            for n in 0..2000 {
                let client_id = format!("t{t}-{n}");
                let sent = http
                    .post(format!("{base}/prod-api/system/content/sendMsg"))
                    .bearer_auth(&token)
                    .json(&json!({
                        "to": to, "msgType": "txt", "clientId": client_id,
                        "content": { "text": format!("message {n} from task {t}") },
                    }))
                    .send()
                    .await;
                // Only a complete 200 answer counts as acknowledged.
                let reply: Value = match sent {
                    Ok(res) if res.status() == 200 => match res.json().await {
                        Ok(v) => v,
                        Err(_) => return n,
                    },
                    Ok(res) => panic!("a send was refused: {}", res.status()),
                    Err(_) => return n,
                };
                let message = &reply["data"]["message"];
                assert_eq!(message["clientId"], client_id.as_str());
                acked.lock().unwrap().push(Acked {
                    client_id,
                    id: message["id"].as_i64().unwrap(),
                    from,
                });
                count.fetch_add(1, Ordering::SeqCst);
            }
            2000
        }));
    }

    let waited = tokio::time::timeout(Duration::from_secs(60), async {
        while count.load(Ordering::SeqCst) < ACKED_BEFORE_KILL {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    assert!(waited.is_ok(), "the load did not get going");
    // SIGKILL: no graceful shutdown, no flush.
    amora.child.kill().await.unwrap();
    for task in tasks {
        let attempts = task.await.unwrap();
        assert!(attempts < 2000, "a sender did not notice the crash");
    }
    let acked = acked.lock().unwrap().clone();
    assert!(acked.len() >= ACKED_BEFORE_KILL);

    let amora = start(&database_url, dir.path()).await;
    let after = stored(&amora.base, &tom_token, ana).await;
    assert!(
        after.len() >= acked.len(),
        "fewer messages than acknowledged"
    );
    eprintln!(
        "{} sends acknowledged before the kill, {} messages stored",
        acked.len(),
        after.len()
    );
    for a in &acked {
        assert_eq!(
            after.get(&a.id),
            Some(&(a.client_id.clone(), a.from)),
            "acknowledged message {a:?} is missing or changed"
        );
    }
    // Ana sees the same conversation.
    let hers = stored(&amora.base, &ana_token, tom).await;
    assert_eq!(hers, after);

    // Both sequences are whole: one event per message, numbered 1..=n without a gap.
    for (who, token) in [(tom, &tom_token), (ana, &ana_token)] {
        let (last, seqs) = replay(&amora.base, token, who).await;
        assert_eq!(last, after.len() as i64, "one event per message for {who}");
        assert_eq!(seqs, (1..=last).collect::<Vec<_>>());
    }
    // And the server goes on numbering from there.
    let reply: Value = http
        .post(format!("{}/prod-api/system/content/sendMsg", amora.base))
        .bearer_auth(&tom_token)
        .json(&json!({ "to": ana, "content": { "text": "still here?" } }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(reply["code"], 200, "{reply}");
    assert_eq!(reply["data"]["seq"], after.len() as i64 + 1);

    // The server goes first (kill on drop), then its database.
    drop(amora);
    drop(pg);
}

/// Every message and line of a group as `token`'s owner sees it, oldest first: (seq, id, client id).
async fn group_stored(base: &str, token: &str, group: i64) -> Vec<(i64, i64, String)> {
    let http = reqwest::Client::new();
    let mut all = Vec::new();
    for page in 1.. {
        let reply: Value = http
            .get(format!(
                "{base}/prod-api/system/content/list?groupId={group}&pageSize=100&pageNum={page}"
            ))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let rows = reply["data"]["rows"].as_array().unwrap();
        all.extend(rows.iter().map(|m| {
            (
                m["seq"].as_i64().unwrap(),
                m["id"].as_i64().unwrap(),
                m["clientId"].as_str().unwrap_or_default().to_owned(),
            )
        }));
        if rows.len() < 100 {
            break;
        }
    }
    all.sort_unstable();
    all
}

/// The same for a group: killed while its members send to it as fast as they can, every
/// acknowledged message is there after the restart, and the group's sequence is whole.
async fn acknowledged_group_messages_survive_a_crash(b: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let (pg, database_url) = match b {
        Backend::Sqlite => (None, format!("sqlite://{}/amora.db", dir.path().display())),
        Backend::Postgres => {
            let (pg, url) = Postgres::create().await;
            (Some(pg), url)
        }
    };
    let mut amora = start(&database_url, dir.path()).await;
    let http = reqwest::Client::new();
    let (tom, tom_token) = register(&http, &amora.base, "tom", "male").await;
    let (ana, ana_token) = register(&http, &amora.base, "ana", "female").await;
    let (kim, kim_token) = register(&http, &amora.base, "kim", "female").await;
    let post = |path: &str, token: &str, body: Value| {
        http.post(format!("{}/prod-api{path}", amora.base))
            .bearer_auth(token.to_owned())
            .json(&body)
            .send()
    };
    for token in [&ana_token, &kim_token] {
        let sent = post(
            "/system/content/sendMsg",
            token,
            json!({ "to": tom, "content": "hi" }),
        );
        assert_eq!(sent.await.unwrap().status(), 200);
    }
    let group: Value = post(
        "/em/groups",
        &tom_token,
        json!({ "name": "Crash", "userIds": [ana, kim] }),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let group = group["data"]["id"].as_i64().unwrap();

    let acked = Arc::new(Mutex::new(Vec::<Acked>::new()));
    let count = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for t in 0..SENDERS {
        let (from, token) = [(tom, &tom_token), (ana, &ana_token), (kim, &kim_token)][t % 3];
        let (token, acked, count, base) = (
            token.clone(),
            acked.clone(),
            count.clone(),
            amora.base.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let http = reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .unwrap();
            for n in 0..2000 {
                let client_id = format!("g{t}-{n}");
                let sent = http
                    .post(format!("{base}/prod-api/system/content/sendMsg"))
                    .bearer_auth(&token)
                    .json(&json!({
                        "groupId": group, "msgType": "txt", "clientId": client_id,
                        "content": { "text": format!("message {n} from task {t}") },
                    }))
                    .send()
                    .await;
                let reply: Value = match sent {
                    Ok(res) if res.status() == 200 => match res.json().await {
                        Ok(v) => v,
                        Err(_) => return n,
                    },
                    Ok(res) => panic!("a send was refused: {}", res.status()),
                    Err(_) => return n,
                };
                acked.lock().unwrap().push(Acked {
                    client_id,
                    id: reply["data"]["message"]["id"].as_i64().unwrap(),
                    from,
                });
                count.fetch_add(1, Ordering::SeqCst);
            }
            2000
        }));
    }
    let waited = tokio::time::timeout(Duration::from_secs(60), async {
        while count.load(Ordering::SeqCst) < ACKED_BEFORE_KILL {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    assert!(waited.is_ok(), "the load did not get going");
    amora.child.kill().await.unwrap();
    for task in tasks {
        assert!(
            task.await.unwrap() < 2000,
            "a sender did not notice the crash"
        );
    }
    let acked = acked.lock().unwrap().clone();

    let amora = start(&database_url, dir.path()).await;
    let after = group_stored(&amora.base, &kim_token, group).await;
    eprintln!(
        "{} group sends acknowledged before the kill, {} events stored",
        acked.len(),
        after.len()
    );
    for a in &acked {
        assert!(
            after
                .iter()
                .any(|(_, id, client_id)| *id == a.id && *client_id == a.client_id),
            "acknowledged group message {a:?} is missing or changed"
        );
    }
    // One sequence, whole: the line that made the group, then every message, without a gap.
    let seqs: Vec<i64> = after.iter().map(|(seq, _, _)| *seq).collect();
    assert_eq!(seqs, (1..=after.len() as i64).collect::<Vec<_>>());
    assert_eq!(group_stored(&amora.base, &tom_token, group).await, after);
    let reply: Value = reqwest::Client::new()
        .post(format!("{}/prod-api/system/content/sendMsg", amora.base))
        .bearer_auth(&ana_token)
        .json(&json!({ "groupId": group, "content": "still here?" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(reply["data"]["seq"], after.len() as i64 + 1, "{reply}");
    drop(amora);
    drop(pg);
}

both_databases!(
    acknowledged_messages_survive_a_crash,
    acknowledged_group_messages_survive_a_crash,
);
