//! Several nodes: two server processes sharing one PostgreSQL database deliver to each other's
//! people through NATS, close each other's duplicate connections, send no push notification to
//! someone online on the other node, and a message sent while the recipient's node restarts
//! reaches the recipient when it comes back (and notifies them by push).

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use amora_server::notify::webpush::{b64, new_secret, public_bytes};

use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use sqlx::Connection;
use tokio::process::{Child, Command};
use tokio_tungstenite::tungstenite::Message as Ws;

use crate::common::NATS;

fn admin_url() -> String {
    std::env::var("AMORA_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

struct Node {
    child: Child,
    base: String,
}

async fn start_node(port: u16, database: &str, prefix: &str, dir: &std::path::Path) -> Node {
    let child = Command::new(env!("CARGO_BIN_EXE_amora"))
        .arg("serve")
        .env("AMORA_ADDR", format!("127.0.0.1:{port}"))
        .env("AMORA_DATABASE_URL", database)
        .env("AMORA_DATA_DIR", dir)
        .env("AMORA_NATS_URL", NATS)
        .env("AMORA_NATS_PREFIX", prefix)
        .env("AMORA_RATE_LIMIT__DISABLED", "true")
        // The push service below listens on plain-http loopback: test-only.
        .env("AMORA_PUSH_ALLOW_INSECURE_LOCAL", "true")
        .env("AMORA_PUSH_ALLOWED_HOSTS", "[127.0.0.1]")
        .env("AMORA_WEB_DIR", dir.join("none"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    for _ in 0..200 {
        if reqwest::get(format!("{base}/readyz"))
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return Node { child, base };
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("node on {port} did not start");
}

async fn call(
    base: &str,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Value {
    let mut req = reqwest::Client::new().request(method, format!("{base}/prod-api{path}"));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    if let Some(body) = body {
        req = req.json(&body);
    }
    req.send().await.unwrap().json().await.unwrap()
}

async fn register(base: &str, name: &str, gender: &str) -> (i64, String) {
    let png = {
        let img = image::RgbImage::from_pixel(8, 8, image::Rgb([10, 20, 30]));
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png).unwrap();
        use base64::Engine;
        format!(
            "data:image/png;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(out.into_inner())
        )
    };
    let reply = call(
        base,
        reqwest::Method::POST,
        "/register",
        None,
        Some(json!({ "userName": name, "email": format!("{name}@example.com"), "password": "secret1", "gender": gender,
            "country": "Japan", "birthday": "1994-04-04", "language": "ja", "avatar": png, "privacyAccepted": true })),
    )
    .await;
    (
        reply["data"]["user"]["userId"].as_i64().unwrap(),
        reply["data"]["token"].as_str().unwrap().to_owned(),
    )
}

/// A push service on loopback; returns its address and the number of pushes it received.
async fn push_service() -> (String, Arc<Mutex<usize>>) {
    let received = Arc::new(Mutex::new(0));
    let count = received.clone();
    let app = axum::Router::new().route(
        "/push/{id}",
        axum::routing::post(move || {
            let count = count.clone();
            async move {
                *count.lock().unwrap() += 1;
                axum::http::StatusCode::CREATED
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), received)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(base: &str, token: &str) -> Socket {
    let im = call(
        base,
        reqwest::Method::GET,
        "/em/getEmToken",
        Some(token),
        None,
    )
    .await["data"]
        .clone();
    let url = format!(
        "{}/im?user={}&accessToken={}",
        base.replace("http://", "ws://"),
        im["emUser"].as_str().unwrap(),
        im["token"].as_str().unwrap()
    );
    let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    socket
}

/// The next JSON frame of a kind, skipping others (hello, pings).
async fn next_frame(socket: &mut Socket, kind: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let frame = tokio::time::timeout_at(deadline, socket.next())
            .await
            .expect("a frame in time");
        match frame {
            Some(Ok(Ws::Text(text))) => {
                let value: Value = serde_json::from_str(&text).unwrap();
                if value["type"] == kind {
                    return value;
                }
            }
            Some(Ok(Ws::Close(frame))) => {
                return json!({ "type": "closed", "code": frame.map(|f| u16::from(f.code)) })
            }
            Some(Ok(_)) => {}
            other => panic!("socket ended: {other:?}"),
        }
    }
}

async fn resume(socket: &mut Socket, last: i64) {
    socket
        .send(Ws::Text(
            json!({ "type": "resume", "lastSeq": last })
                .to_string()
                .into(),
        ))
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_chat_through_nats_and_survive_a_restart() {
    let name = format!("amora_nodes_{}", uuid::Uuid::new_v4().simple());
    let mut admin = sqlx::PgConnection::connect(&admin_url()).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap();
    let mut url = url::Url::parse(&admin_url()).unwrap();
    url.set_path(&name);
    let database = url.to_string();
    let prefix = format!("t{}", uuid::Uuid::new_v4().simple());
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (port_a, port_b) = (free_port(), free_port());
    let node_a = start_node(port_a, &database, &prefix, dir_a.path()).await;
    let mut node_b = start_node(port_b, &database, &prefix, dir_b.path()).await;

    let (_, ken) = register(&node_a.base, "ken", "male").await;
    let (yui_id, yui) = register(&node_b.base, "yui", "female").await;
    let (push, pushes) = push_service().await;
    let subscribed = call(
        &node_b.base,
        reqwest::Method::POST,
        "/system/push/subscribe",
        Some(&yui),
        Some(json!({ "endpoint": format!("{push}/push/yui-phone"),
            "keys": { "p256dh": b64(&public_bytes(&new_secret())), "auth": b64(&[7u8; 16]) } })),
    )
    .await;
    assert_eq!(subscribed["code"], 200);

    // Yui is on node B; Ken writes through node A.
    let mut yui_on_b = connect(&node_b.base, &yui).await;
    let hello = next_frame(&mut yui_on_b, "hello").await;
    resume(&mut yui_on_b, hello["lastSeq"].as_i64().unwrap()).await;
    call(
        &node_a.base,
        reqwest::Method::POST,
        "/system/content/sendMsg",
        Some(&ken),
        Some(json!({ "to": yui_id, "content": "こんにちは" })),
    )
    .await;
    let event = next_frame(&mut yui_on_b, "event").await;
    assert_eq!(event["event"]["message"]["content"]["text"], "こんにちは");
    let mut last_seq = event["seq"].as_i64().unwrap();
    // Node A, which stored it, asked the others: Yui is online on B, so no push.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        *pushes.lock().unwrap(),
        0,
        "no push to someone online on another node"
    );

    // Signing in on node A closes Yui's connection on node B with 206.
    let mut yui_on_a = connect(&node_a.base, &yui).await;
    let kicked = next_frame(&mut yui_on_b, "kicked").await;
    assert_eq!(kicked["code"], 206);
    drop(yui_on_a.close(None).await);
    // Node A has let the connection go once it answers the close.
    while let Some(Ok(_)) = yui_on_a.next().await {}

    // Node B restarts; Ken writes while it is down; Yui comes back to B and resumes.
    node_b.child.kill().await.unwrap();
    for text in ["one", "two"] {
        let sent = call(
            &node_a.base,
            reqwest::Method::POST,
            "/system/content/sendMsg",
            Some(&ken),
            Some(json!({ "to": yui_id, "content": text })),
        )
        .await;
        assert_eq!(sent["code"], 200);
    }
    // Offline everywhere now: each of the two messages is pushed.
    for _ in 0..100 {
        if *pushes.lock().unwrap() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        *pushes.lock().unwrap(),
        2,
        "a push for each message while offline"
    );
    node_b = start_node(port_b, &database, &prefix, dir_b.path()).await;
    let mut yui_back = connect(&node_b.base, &yui).await;
    next_frame(&mut yui_back, "hello").await;
    resume(&mut yui_back, last_seq).await;
    for text in ["one", "two"] {
        let event = next_frame(&mut yui_back, "event").await;
        assert_eq!(
            event["seq"].as_i64().unwrap(),
            last_seq + 1,
            "no gap, no duplicate"
        );
        assert_eq!(event["event"]["message"]["content"]["text"], text);
        last_seq += 1;
    }

    drop(node_a);
    drop(node_b);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await;
}

/// A fresh PostgreSQL database for a several-nodes story: its URL and name.
async fn fresh_database(admin: &mut sqlx::PgConnection) -> (String, String) {
    let name = format!("amora_nodes_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut *admin)
        .await
        .unwrap();
    let mut url = url::Url::parse(&admin_url()).unwrap();
    url.set_path(&name);
    (url.to_string(), name)
}

async fn send_frame(socket: &mut Socket, frame: Value) {
    socket
        .send(Ws::Text(frame.to_string().into()))
        .await
        .unwrap();
}

/// A group whose members are on two nodes: each message reaches the members on the other node
/// live, in the group's one sequence, and a member whose node restarts resumes the group from
/// the number it had, without a gap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_spans_two_nodes_and_resumes_after_a_restart() {
    let mut admin = sqlx::PgConnection::connect(&admin_url()).await.unwrap();
    let (database, name) = fresh_database(&mut admin).await;
    let prefix = format!("t{}", uuid::Uuid::new_v4().simple());
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (port_a, port_b) = (free_port(), free_port());
    let node_a = start_node(port_a, &database, &prefix, dir_a.path()).await;
    let mut node_b = start_node(port_b, &database, &prefix, dir_b.path()).await;

    let (ken_id, ken) = register(&node_a.base, "ken", "male").await;
    let (yui_id, yui) = register(&node_b.base, "yui", "female").await;
    let (aoi_id, aoi) = register(&node_a.base, "aoi", "female").await;
    for (token, base) in [(&yui, &node_b.base), (&aoi, &node_a.base)] {
        let sent = call(
            base,
            reqwest::Method::POST,
            "/system/content/sendMsg",
            Some(token),
            Some(json!({ "to": ken_id, "content": "hi" })),
        )
        .await;
        assert_eq!(sent["code"], 200);
    }
    let mut yui_on_b = connect(&node_b.base, &yui).await;
    let hello = next_frame(&mut yui_on_b, "hello").await;
    let last = hello["lastSeq"].as_i64().unwrap();
    send_frame(
        &mut yui_on_b,
        json!({ "type": "resume", "lastSeq": last, "groups": {} }),
    )
    .await;
    let mut ken_on_a = connect(&node_a.base, &ken).await;
    let hello = next_frame(&mut ken_on_a, "hello").await;
    let last = hello["lastSeq"].as_i64().unwrap();
    send_frame(
        &mut ken_on_a,
        json!({ "type": "resume", "lastSeq": last, "groups": {} }),
    )
    .await;

    // Ken makes the group on node A: Yui, on B, is shown it at once.
    let group = call(
        &node_a.base,
        reqwest::Method::POST,
        "/em/groups",
        Some(&ken),
        Some(json!({ "name": "Onsen trip", "userIds": [yui_id, aoi_id] })),
    )
    .await;
    let id = group["data"]["id"].as_i64().unwrap();
    let made = next_frame(&mut yui_on_b, "groupEvent").await;
    assert_eq!(
        (made["groupId"].as_i64(), made["seq"].as_i64()),
        (Some(id), Some(1))
    );
    assert_eq!(next_frame(&mut ken_on_a, "groupEvent").await["seq"], 1);

    // Through A and through B, one sequence.
    call(
        &node_a.base,
        reqwest::Method::POST,
        "/system/content/sendMsg",
        Some(&aoi),
        Some(json!({ "groupId": id, "content": "土曜日？" })),
    )
    .await;
    let heard = next_frame(&mut yui_on_b, "groupEvent").await;
    assert_eq!(heard["seq"], 2);
    assert_eq!(heard["event"]["message"]["content"]["text"], "土曜日？");
    send_frame(
        &mut yui_on_b,
        json!({ "type": "send", "clientId": "y-1", "groupId": id,
        "msgType": "txt", "content": { "text": "いいね" } }),
    )
    .await;
    assert_eq!(next_frame(&mut yui_on_b, "ack").await["seq"], 3);
    assert_eq!(next_frame(&mut ken_on_a, "groupEvent").await["seq"], 2);
    let from_b = next_frame(&mut ken_on_a, "groupEvent").await;
    assert_eq!(
        (
            from_b["seq"].as_i64(),
            from_b["event"]["message"]["from"].as_i64()
        ),
        (Some(3), Some(yui_id))
    );

    // Node B restarts while Ken writes; Yui resumes the group from 3.
    node_b.child.kill().await.unwrap();
    let sent = call(
        &node_a.base,
        reqwest::Method::POST,
        "/system/content/sendMsg",
        Some(&ken),
        Some(json!({ "groupId": id, "content": "7時に駅で" })),
    )
    .await;
    assert_eq!(sent["data"]["seq"], 4);
    node_b = start_node(port_b, &database, &prefix, dir_b.path()).await;
    let mut yui_back = connect(&node_b.base, &yui).await;
    let hello = next_frame(&mut yui_back, "hello").await;
    assert_eq!(hello["groups"][id.to_string()], 4);
    let last = hello["lastSeq"].as_i64().unwrap();
    send_frame(
        &mut yui_back,
        json!({ "type": "resume", "lastSeq": last, "groups": { id.to_string(): 3 } }),
    )
    .await;
    let missed = next_frame(&mut yui_back, "groupEvent").await;
    assert_eq!(
        (
            missed["seq"].as_i64(),
            &missed["event"]["message"]["content"]["text"]
        ),
        (Some(4), &json!("7時に駅で"))
    );

    drop(node_a);
    drop(node_b);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await;
}

/// Discover on two nodes: a search's list found on one node is shared with the other once
/// written, and a scroll whose next page reaches the other node before that continues after the
/// last person it showed: nobody twice, nobody skipped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discover_scroll_crosses_nodes_without_showing_anyone_twice() {
    let mut admin = sqlx::PgConnection::connect(&admin_url()).await.unwrap();
    let (database, name) = fresh_database(&mut admin).await;
    let prefix = format!("t{}", uuid::Uuid::new_v4().simple());
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (port_a, port_b) = (free_port(), free_port());
    let node_a = start_node(port_a, &database, &prefix, dir_a.path()).await;
    let node_b = start_node(port_b, &database, &prefix, dir_b.path()).await;

    let (_, yui) = register(&node_a.base, "yui", "female").await;
    let mut db = sqlx::PgConnection::connect(&database).await.unwrap();
    let now = chrono::Utc::now().timestamp();
    // 30 men, man1 the most recently active.
    sqlx::query(&format!(
        "INSERT INTO users (user_name, email, password_hash, gender, country, birthday, language,
                            created_at, last_active_at)
         SELECT 'man' || i, 'man' || i || '@example.com', 'x', 'male', 'Japan', '1990-01-01', 'ja',
                {now} - 50000, {now} - 20000 - i FROM generate_series(1, 30) i"
    ))
    .execute(&mut db)
    .await
    .unwrap();
    let expected: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM users WHERE user_name LIKE 'man%' ORDER BY last_active_at DESC",
    )
    .fetch_all(&mut db)
    .await
    .unwrap();
    let page = |base: String, token: Option<String>| {
        let yui = yui.clone();
        async move {
            let mut path = "/system/user/profile/homePage/all?pageSize=10".to_owned();
            if let Some(token) = token {
                path.push_str(&format!("&pageToken={}", urlencode(&token)));
            }
            let reply = call(&base, reqwest::Method::GET, &path, Some(&yui), None).await;
            assert_eq!(reply["code"], 200, "{reply}");
            reply["data"].clone()
        }
    };
    let ids = |page: &Value| -> Vec<i64> {
        page["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["userId"].as_i64().unwrap())
            .collect()
    };

    // Page 1 on one node, page 2 at once on the other (the list not written yet), page 3 back.
    let first = page(node_a.base.clone(), None).await;
    assert_eq!(first["total"], 30);
    let second = page(
        node_b.base.clone(),
        first["nextPageToken"].as_str().map(str::to_owned),
    )
    .await;
    let third = page(
        node_a.base.clone(),
        second["nextPageToken"].as_str().map(str::to_owned),
    )
    .await;
    assert_eq!(
        [ids(&first), ids(&second), ids(&third)].concat(),
        expected,
        "everyone once, in order"
    );

    // Once written, the other node reads the same list: someone active since is not in it.
    tokio::time::sleep(Duration::from_millis(500)).await;
    sqlx::query(&format!(
        "INSERT INTO users (user_name, email, password_hash, gender, country, birthday, language,
                            created_at, last_active_at)
         VALUES ('late', 'late@example.com', 'x', 'male', 'Japan', '1990-01-01', 'ja', {now}, {now})"
    ))
    .execute(&mut db)
    .await
    .unwrap();
    let on_b = page(node_b.base.clone(), None).await;
    assert_eq!(
        (ids(&on_b), &on_b["total"]),
        (expected[..10].to_vec(), &json!(30))
    );
    let token = first["nextPageToken"].as_str().map(str::to_owned);
    assert_eq!(
        ids(&page(node_b.base.clone(), token).await),
        expected[10..20].to_vec()
    );

    drop(node_a);
    drop(node_b);
    drop(db);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await;
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
