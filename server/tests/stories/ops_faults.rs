//! The server when its database strains: SQLite's write-ahead log stays under its configured
//! limit however steadily people chat, and when PostgreSQL goes away, requests and readiness
//! answer 503 with `Retry-After` within a second (not a 500 after ten), and the server answers
//! again by itself once the database is back; a chat message sent meanwhile is refused as busy.
//! And when a client goes away: its request still runs to its end.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use sqlx::Connection;
use tokio::io::AsyncWriteExt;

use crate::common::wallet::ME;
use crate::common::{spawn, spawn_with, Backend, Setup, NATS};

/// The log limit of the story: an eighth of what the chat writer let the log reach before.
const WAL_LIMIT: u64 = 2 * 1024 * 1024;

async fn the_sqlite_log_stays_under_its_limit_under_steady_chat() {
    let app = spawn_with(Setup::new(Backend::Sqlite), |c| {
        c.db.wal_limit_bytes = WAL_LIMIT;
    })
    .await;
    let wal = app.config().data_dir.join("amora.db-wal");
    let mut couples = Vec::new();
    for i in 0..4 {
        let woman = app.woman(&format!("eve{i}")).await;
        let man = app.man(&format!("adam{i}")).await;
        couples.push((woman, man));
    }
    // Long letters (the most a text may hold is 5 KiB): more pages of log for each message.
    let letter = "I think of you all day long. ".repeat(160);

    // The log's size on disk, watched every millisecond on a thread of its own.
    let stop = Arc::new(AtomicBool::new(false));
    let largest = Arc::new(AtomicU64::new(0));
    let watcher = {
        let (stop, largest, wal) = (stop.clone(), largest.clone(), wal.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::SeqCst) {
                if let Ok(m) = std::fs::metadata(&wal) {
                    largest.fetch_max(m.len(), Ordering::SeqCst);
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        })
    };
    // Chat goes on until three times the limit is written (without checkpoints the log would
    // hold all of it, and more), however fast this machine is.
    let written = AtomicU64::new(0);
    let senders =
        futures::future::join_all(couples.iter().flat_map(|(w, m)| [(w, m), (m, w)]).map(
            |(from, to)| {
                let (app, stop, letter, written) = (&app, &stop, &letter, &written);
                async move {
                    let mut sent = 0;
                    while !stop.load(Ordering::SeqCst) {
                        app.send_content(
                            from,
                            to.id,
                            "txt",
                            json!({ "text": format!("{sent}: {letter}") }),
                            None,
                        )
                        .await
                        .ok();
                        written.fetch_add(letter.len() as u64, Ordering::SeqCst);
                        sent += 1;
                    }
                    sent
                }
            },
        ));
    let clock = async {
        let began = Instant::now();
        while written.load(Ordering::SeqCst) < 3 * WAL_LIMIT
            && began.elapsed() < Duration::from_secs(60)
        {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        stop.store(true, Ordering::SeqCst);
    };
    let (sent, ()) = tokio::join!(senders, clock);
    watcher.join().unwrap();
    let sent: u64 = sent.iter().sum();
    let written = written.load(Ordering::SeqCst);
    let largest = largest.load(Ordering::SeqCst);
    eprintln!(
        "{sent} letters ({} KiB of text) sent; the log reached {} KiB (limit {} KiB)",
        written / 1024,
        largest / 1024,
        WAL_LIMIT / 1024
    );
    assert!(
        written >= 3 * WAL_LIMIT,
        "the chat wrote too little in a minute to put the limit to the test"
    );
    assert!(largest > 0, "no log was watched at {}", wal.display());
    assert!(
        largest <= WAL_LIMIT,
        "the log grew to {largest} bytes, past its limit of {WAL_LIMIT}"
    );
    // Nothing was lost to the checkpoints.
    assert_eq!(app.messages_stored().await, i64::try_from(sent).unwrap());
}

async fn a_database_that_goes_away_fails_requests_fast_until_it_returns() {
    let app = spawn(Backend::Postgres).await;
    let ana = app.woman("ana").await;
    let ben = app.man("ben").await;
    app.get(ME, Some(&ana.token)).await.ok();
    let (mut im, _) = app.connect(&ana).await;
    let name = app.texts("SELECT current_database()::text").await.remove(0);
    let admin_url = std::env::var("AMORA_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
    let mut admin = sqlx::PgConnection::connect(&admin_url).await.unwrap();

    // The database refuses new connections and its open ones are cut.
    sqlx::query(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"))
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1")
        .bind(&name)
        .execute(&mut admin)
        .await
        .unwrap();

    for _ in 0..3 {
        let asked = Instant::now();
        let reply = app.get(ME, Some(&ana.token)).await;
        let took = asked.elapsed();
        reply.fails(503, "The service is starting or busy, please try again");
        reply.retry_after();
        assert!(took < Duration::from_secs(1), "the 503 took {took:?}");

        let asked = Instant::now();
        let ready = app.fetch("GET", "/readyz", &[]).await;
        let took = asked.elapsed();
        assert_eq!(ready.status, 503, "{}", ready.text());
        assert!(ready.header("retry-after").is_some());
        assert!(took < Duration::from_secs(1), "readiness took {took:?}");
    }
    // A message sent on her open socket is refused as busy, to be sent again: not a 500.
    im.send_text("while-away", ben.id, "Are you there?").await;
    let refused = im.next().await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["clientId"], "while-away", "{refused}");
    assert_eq!(refused["code"], 503, "{refused}");
    // Signing in, which writes, fails the same way.
    let asked = Instant::now();
    app.login("ana", "secret1")
        .await
        .fails(503, "The service is starting or busy, please try again");
    assert!(asked.elapsed() < Duration::from_secs(1));

    // The database comes back: the server answers again by itself, within a few seconds.
    sqlx::query(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"))
        .execute(&mut admin)
        .await
        .unwrap();
    admin.close().await.unwrap();
    let back = Instant::now();
    loop {
        let reply = app.get(ME, Some(&ana.token)).await;
        if reply.status == 200 {
            assert_eq!(reply.data()["userName"], "ana");
            break;
        }
        assert_eq!(reply.status, 503, "{}", reply.body);
        assert!(
            back.elapsed() < Duration::from_secs(5),
            "still {} after 5 s",
            reply.status
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(app.fetch("GET", "/readyz", &[]).await.status, 200);
    app.login("ana", "secret1").await.ok();
}

/// A socket told of a new event while its node could not read the database (every connection of
/// its pool taken) reads it again once the database answers: the message comes within seconds,
/// not at the account's next event. Two nodes joined through NATS: Ben's message is stored on
/// the first, and Ana's socket is on the second, whose pool is all taken when the news comes.
async fn a_socket_that_could_not_read_its_events_reads_them_again() {
    let prefix = format!("t{}", uuid::Uuid::new_v4().simple());
    let one = spawn_with(Setup::new(Backend::Postgres), |c| {
        c.nats_url = Some(NATS.into());
        c.nats_prefix = prefix;
        c.db.acquire_timeout_ms = 200;
    })
    .await;
    let two = one.another_node(|_| {}).await;
    let ana = one.woman("ana").await;
    let ben = one.man("ben").await;
    let mut im = two.online(&ana, 0).await;
    im.quiet(Duration::from_millis(300)).await;

    amora_server::on_db!(&two.app().db, pool => {
        let mut taken = Vec::new();
        while taken.len() < pool.options().get_max_connections() as usize {
            taken.push(pool.acquire().await.unwrap());
        }
        one.send_msg(&ben, ana.id, "Are you free on Friday?").await.ok();
        // The second node hears of it and fails to read it (its pool waits 200 ms at most).
        assert!(
            im.next_within(Duration::from_millis(1500)).await.is_none(),
            "an event came while its node could not read the database"
        );
        drop(taken);
    });
    let frame = im
        .next_within(Duration::from_secs(5))
        .await
        .expect("the message never came once the database answered again");
    assert_eq!(frame["type"], "event", "{frame}");
    assert_eq!(
        frame["event"]["message"]["content"]["text"], "Are you free on Friday?",
        "{frame}"
    );
}

/// A request whose client goes away still runs to its end, so nothing is left half done. Her
/// login waits for a database connection (all are taken) when she closes the connection; once
/// they are free, the login makes the session she would have had.
async fn a_request_whose_client_goes_away_runs_to_its_end(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let before = app.sessions_of(&ana).await;
    let body = json!({ "userName": ana.user_name, "password": ana.password }).to_string();
    let addr = app.base.trim_start_matches("http://");
    let request = format!(
        "POST /prod-api/login HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    amora_server::on_db!(&app.app().db, pool => {
        let mut taken = Vec::new();
        while taken.len() < pool.options().get_max_connections() as usize {
            taken.push(pool.acquire().await.unwrap());
        }
        let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
        socket.write_all(request.as_bytes()).await.unwrap();
        // Less than a PostgreSQL connection is waited for (then the answer is a 503).
        tokio::time::sleep(Duration::from_millis(300)).await;
        drop(socket);
        tokio::time::sleep(Duration::from_millis(50)).await;
        drop(taken);
    });
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        if app.sessions_of(&ana).await > before {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the login stopped when its client went away");
}

both_databases!(a_request_whose_client_goes_away_runs_to_its_end);

mod the_sqlite_log_stays_under_its_limit_under_steady_chat {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        super::the_sqlite_log_stays_under_its_limit_under_steady_chat().await
    }
}

mod a_socket_that_could_not_read_its_events_reads_them_again {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        super::a_socket_that_could_not_read_its_events_reads_them_again().await
    }
}

mod a_database_that_goes_away_fails_requests_fast_until_it_returns {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        super::a_database_that_goes_away_fails_requests_fast_until_it_returns().await
    }
}
