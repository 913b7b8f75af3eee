//! Limits shared by every node: with the counters in Redis (`AMORA_COUNTERS_URL`), a client
//! going from one node to another is limited at the configured quota, not at the quota times the
//! nodes, and the same text sent from two nodes is held at its tenth place. While Redis is away
//! every request is still answered at once and each node limits alone; when it is back the
//! counts are shared again. Each story counts under its own key prefix, so stories running at
//! once never share a count. Two nodes need one database: those stories run on PostgreSQL.

use std::time::{Duration, Instant};

use crate::common::staff::HELD_AS_SPAM;
use crate::common::{spawn_with, Backend, Person, Reply, Setup, TestApp};
use amora_server::Config;
use tokio::net::TcpListener;
use tokio::task::{JoinHandle, JoinSet};

/// The local Redis (`AMORA_TEST_REDIS_URL`), its address for the proxy below.
fn redis() -> String {
    std::env::var("AMORA_TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned())
}

fn redis_addr() -> String {
    let url = url::Url::parse(&redis()).unwrap();
    format!(
        "{}:{}",
        url.host_str().unwrap_or("127.0.0.1"),
        url.port().unwrap_or(6379)
    )
}

/// Counters in Redis under a prefix of this story's own.
fn shared_counters(c: &mut Config, url: &str) {
    c.counters_url = Some(url.to_owned().into());
    c.counters_prefix = format!("t{}", uuid::Uuid::new_v4().simple());
}

/// The first node, counting in the counters at `url`, with `tweak`'s settings.
async fn first_node(
    b: Backend,
    rate_limits: bool,
    url: &str,
    tweak: impl FnOnce(&mut Config),
) -> TestApp {
    spawn_with(
        Setup {
            rate_limits,
            ..Setup::new(b)
        },
        |c| {
            shared_counters(c, url);
            tweak(c);
        },
    )
    .await
}

#[track_caller]
fn limited(reply: &Reply) {
    let wait = reply.limited();
    assert!(wait <= 60, "Retry-After: {wait}");
}

async fn like(node: &TestApp, who: &Person, whom: &Person) -> Reply {
    node.get(
        &format!("/prod-api/system/like/opera/{}", whom.id),
        Some(&who.token),
    )
    .await
}

/// Sign-ins by address, four a minute: alternating between two nodes, the fifth is refused,
/// on either node.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ins_by_address_are_limited_across_two_nodes() {
    let a = first_node(Backend::Postgres, true, &redis(), |c| {
        c.rate_limit.login_per_ip = 4;
    })
    .await;
    let b = a.another_node(|_| {}).await;
    let ana = a.register("ana").await;
    for node in [&a, &b, &a, &b] {
        node.login(&ana.user_name, &ana.password).await.ok();
    }
    limited(&a.login(&ana.user_name, &ana.password).await);
    limited(&b.login(&ana.user_name, &ana.password).await);
}

/// The same long text from two nodes: nine people get it, the tenth place is held for staff,
/// wherever it is sent from.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_sent_from_two_nodes_is_held_at_its_tenth_place() {
    let a = first_node(Backend::Postgres, false, &redis(), |_| {}).await;
    let b = a.another_node(|_| {}).await;
    let tom = a.man("tom").await;
    let mut them = Vec::new();
    for i in 0..11 {
        them.push(a.woman(&format!("w{i}")).await);
    }
    let text = "Hello beautiful, would you like to chat with me tonight?";
    for (i, her) in them[..9].iter().enumerate() {
        let node = if i % 2 == 0 { &a } else { &b };
        node.says(&tom, her, text).await;
    }
    b.send_msg(&tom, them[9].id, text)
        .await
        .fails(403, HELD_AS_SPAM);
    a.send_msg(&tom, them[10].id, text)
        .await
        .fails(403, HELD_AS_SPAM);
    for her in &them[9..] {
        assert!(a.conversation(her, tom.id).await.is_empty());
    }
}

/// A port nothing listens on.
fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Counters configured but unreachable from the start: the node starts, answers every request at
/// once and limits on its own (sign-ins at their quota, the tenth place of a text held).
async fn a_node_whose_counters_are_away_limits_alone(b: Backend) {
    let away = format!("redis://127.0.0.1:{}", closed_port());
    let app = first_node(b, true, &away, |c| {
        c.rate_limit.login_per_ip = 3;
        c.rate_limit.register_per_ip = 20;
    })
    .await;
    let ana = app.register("ana").await;
    for _ in 0..3 {
        let asked = Instant::now();
        app.login(&ana.user_name, &ana.password).await.ok();
        assert!(asked.elapsed() < Duration::from_secs(2), "answered at once");
    }
    let asked = Instant::now();
    limited(&app.login(&ana.user_name, &ana.password).await);
    assert!(asked.elapsed() < Duration::from_secs(1), "answered at once");

    let tom = app.man("tom").await;
    let mut them = Vec::new();
    for i in 0..10 {
        them.push(app.woman(&format!("w{i}")).await);
    }
    let text = "Hello beautiful, would you like to chat with me tonight?";
    for her in &them[..9] {
        app.says(&tom, her, text).await;
    }
    app.send_msg(&tom, them[9].id, text)
        .await
        .fails(403, HELD_AS_SPAM);
}

/// A way to Redis that can be cut and mended: a proxy on its own port.
struct Line {
    port: u16,
    task: Option<JoinHandle<()>>,
}

impl Line {
    async fn open() -> Line {
        let mut line = Line {
            port: closed_port(),
            task: None,
        };
        line.mend().await;
        line
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Closes the port and every connection through it.
    fn cut(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }

    async fn mend(&mut self) {
        let listener = TcpListener::bind(("127.0.0.1", self.port)).await.unwrap();
        self.task = Some(tokio::spawn(async move {
            let mut conns = JoinSet::new();
            while let Ok((mut client, _)) = listener.accept().await {
                conns.spawn(async move {
                    if let Ok(mut redis) = tokio::net::TcpStream::connect(redis_addr()).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut redis).await;
                    }
                });
            }
        }));
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        self.cut();
    }
}

/// Likes, three a minute, from two nodes: limited at three while Redis answers; while it is away
/// each node answers at once and allows its own three; back, the counts are shared again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counters_away_for_a_moment_then_back() {
    let mut line = Line::open().await;
    let a = first_node(Backend::Postgres, true, &line.url(), |c| {
        c.rate_limit.like_per_user = 3;
    })
    .await;
    let b = a.another_node(|_| {}).await;
    let ben = a.man("ben").await;
    let [ana, eva, ivy] = [
        a.woman("ana").await,
        a.woman("eva").await,
        a.woman("ivy").await,
    ];
    let nodes = [&a, &b, &a, &b, &a, &b];

    for node in &nodes[..3] {
        like(node, &ana, &ben).await.ok();
    }
    limited(&like(&b, &ana, &ben).await);

    line.cut();
    let mut allowed = 0;
    for node in nodes {
        let asked = Instant::now();
        let reply = like(node, &eva, &ben).await;
        assert!(asked.elapsed() < Duration::from_secs(1), "answered at once");
        if reply.status != 429 {
            reply.ok();
            allowed += 1;
        }
    }
    assert_eq!(allowed, 6, "three on each node while Redis is away");

    line.mend().await;
    // Each node tries Redis again every second.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    for node in &nodes[..3] {
        like(node, &ivy, &ben).await.ok();
    }
    limited(&like(&b, &ivy, &ben).await);
    limited(&like(&a, &ivy, &ben).await);
}

both_databases!(a_node_whose_counters_are_away_limits_alone);
