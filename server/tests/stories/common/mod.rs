//! The test harness: a real server on port 0 against a real database, once on SQLite in a
//! temporary folder and once on a fresh PostgreSQL database, with a real SMTP server on loopback
//! receiving its mail. `both_databases!` turns each story into a test per backend; `both_stores!`
//! also runs a story of media with its pictures in a fresh bucket of a real S3 API
//! (`AMORA_TEST_S3_URL`, moto's server, which `.ci/run` starts).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

pub mod apertium;
pub mod chat;
pub mod feed;
pub mod images;
pub mod passwords;
pub mod people;
pub mod providers;
pub mod smtp;
pub mod staff;
pub mod translate;
pub mod wallet;

// The providers' stand-ins (the amora-standins crate); `providers::ProviderSettings` points the
// server at them.
pub use amora_standins::apple as apple_standin;
pub use amora_standins::google as google_standin;
pub use amora_standins::libretranslate;
pub use amora_standins::paypal as paypal_standin;
pub use amora_standins::stripe as stripe_standin;
pub use providers::ProviderSettings;

/// The NATS server (with JetStream) the several-nodes stories join their nodes through.
pub const NATS: &str = "nats://127.0.0.1:4222";

use std::time::Duration;

use amora_server::clock::Clock;
use amora_server::{Config, Server};
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Declares, for each story `async fn name(backend: Backend)`, a module `name` with a test
/// `sqlite` and a test `postgres`.
#[macro_export]
macro_rules! both_databases {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name($crate::common::Backend::Sqlite).await
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::$name($crate::common::Backend::Postgres).await
                }
            }
        )*
    };
}

/// Where a story's server keeps pictures and recordings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Store {
    /// A folder in the test's temporary folder.
    Local,
    /// A fresh bucket of the S3 API at `AMORA_TEST_S3_URL`, under a prefix.
    S3,
}

/// Declares, for each story of media `async fn name(backend: Backend, store: Store)`, a module
/// `name` with the tests `sqlite` and `postgres` keeping media in a folder and `sqlite_s3`
/// keeping them in a bucket (the store does not depend on the database: PostgreSQL with a bucket
/// would test nothing the three do not).
#[macro_export]
macro_rules! both_stores {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                use $crate::common::{Backend, Store};
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name(Backend::Sqlite, Store::Local).await
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::$name(Backend::Postgres, Store::Local).await
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite_s3() {
                    super::$name(Backend::Sqlite, Store::S3).await
                }
            }
        )*
    };
}

/// The S3 API the media stories keep pictures in: moto's server, which `.ci/run` starts.
fn s3_url() -> String {
    std::env::var("AMORA_TEST_S3_URL").unwrap_or_else(|_| {
        panic!(
            "AMORA_TEST_S3_URL is not set: the stories of media on S3 need an S3 API (e.g. \
             `moto_server -p 9090` from PyPI's moto[server], as .ci/run starts it, and \
             AMORA_TEST_S3_URL=http://127.0.0.1:9090)"
        )
    })
}

/// A bucket made for one test on the S3 API, with the prefix the server keeps its keys under.
#[derive(Clone)]
pub struct S3Bucket {
    pub endpoint: String,
    pub name: String,
    pub prefix: String,
    client: object_store::aws::AmazonS3,
}

impl S3Bucket {
    /// Any keys do: the stand-in checks signatures' form, not who signed.
    const KEY_ID: &'static str = "amora-test";
    const REGION: &'static str = "us-east-1";

    /// A new empty bucket (made by a plain PUT: the store's client cannot make one).
    pub async fn create() -> S3Bucket {
        let endpoint = s3_url().trim_end_matches('/').to_owned();
        let name = format!("amora-test-{}", uuid::Uuid::new_v4().simple());
        let made = reqwest::Client::new()
            .put(format!("{endpoint}/{name}"))
            .send()
            .await
            .unwrap_or_else(|e| panic!("the S3 API at {endpoint} must be running: {e}"));
        assert!(
            made.status().is_success(),
            "could not make the bucket {name}: {}",
            made.status()
        );
        let client = object_store::aws::AmazonS3Builder::new()
            .with_endpoint(&endpoint)
            .with_allow_http(true)
            .with_region(Self::REGION)
            .with_access_key_id(Self::KEY_ID)
            .with_secret_access_key(Self::KEY_ID)
            .with_bucket_name(&name)
            .build()
            .unwrap();
        S3Bucket {
            endpoint,
            name,
            prefix: "media/pictures".to_owned(),
            client,
        }
    }

    /// Points a server at this bucket, its keys under the prefix.
    pub fn configure(&self, config: &mut Config) {
        config.media_url = Some(format!("s3://{}/{}", self.name, self.prefix));
        config.s3 = amora_server::config::S3Settings {
            endpoint: Some(self.endpoint.clone()),
            region: Some(Self::REGION.to_owned()),
            access_key_id: Some(Self::KEY_ID.to_owned()),
            secret_access_key: Some(Self::KEY_ID.to_owned().into()),
            allow_http: true,
        };
    }

    /// Every key in the bucket, as the server names it (under the prefix, which it leaves out):
    /// a key outside the prefix fails the test.
    pub async fn keys(&self) -> Vec<String> {
        use futures::TryStreamExt;
        use object_store::ObjectStore;
        let listed: Vec<object_store::ObjectMeta> =
            self.client.list(None).try_collect().await.unwrap();
        let under = format!("{}/", self.prefix);
        let mut keys: Vec<String> = listed
            .iter()
            .map(|meta| {
                let key = meta.location.to_string();
                key.strip_prefix(&under)
                    .unwrap_or_else(|| panic!("{key} is not under the prefix {under}"))
                    .to_owned()
            })
            .collect();
        keys.sort();
        keys
    }

    /// The bytes stored under the server's `key`.
    pub async fn bytes(&self, key: &str) -> Option<Vec<u8>> {
        use object_store::ObjectStore;
        let path = object_store::path::Path::from(format!("{}/{key}", self.prefix));
        match self.client.get(&path).await {
            Ok(found) => Some(found.bytes().await.unwrap().to_vec()),
            Err(object_store::Error::NotFound { .. }) => None,
            Err(e) => panic!("could not read {key} from the bucket: {e}"),
        }
    }
}

/// The local PostgreSQL server's admin URL (trust auth on this machine and in CI).
fn postgres_admin_url() -> String {
    std::env::var("AMORA_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// A database created for one test and dropped after it.
pub struct PgDatabase {
    admin_url: String,
    name: String,
}

impl PgDatabase {
    /// A new empty database and its URL.
    pub async fn create() -> (PgDatabase, String) {
        PgDatabase::copy_of("template0").await
    }

    /// A new database with every migration applied, and its URL: a copy of a template migrated
    /// once (`migrated_template`), which takes a fifth of a second where migrating takes
    /// seconds.
    pub async fn migrated() -> (PgDatabase, String) {
        let template = migrated_template().await;
        PgDatabase::copy_of(&template).await
    }

    async fn copy_of(template: &str) -> (PgDatabase, String) {
        let admin_url = postgres_admin_url();
        let name = format!("amora_test_{}", uuid::Uuid::new_v4().simple());
        let mut conn = admin_connection(&admin_url).await;
        sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
            .execute(&mut conn)
            .await
            .unwrap();
        // A test's database need not outlive a crash of the machine: its commits do not wait
        // for the disk.
        sqlx::query(&format!(
            "ALTER DATABASE {name} SET synchronous_commit = off"
        ))
        .execute(&mut conn)
        .await
        .unwrap();
        close(conn).await;
        let url = database_url(&admin_url, &name);
        (PgDatabase { admin_url, name }, url)
    }
}

async fn admin_connection(admin_url: &str) -> sqlx::PgConnection {
    use sqlx::Connection;
    sqlx::PgConnection::connect(admin_url)
        .await
        .expect("PostgreSQL must be running (AMORA_TEST_POSTGRES_URL)")
}

async fn close(conn: sqlx::PgConnection) {
    use sqlx::Connection;
    conn.close().await.ok();
}

fn database_url(admin_url: &str, name: &str) -> String {
    let mut url = url::Url::parse(admin_url).unwrap();
    url.set_path(name);
    url.to_string()
}

/// The database every story's database is copied from: named after the migrations it holds, and
/// made by the first test process that needs it while the others wait on an advisory lock. It is
/// migrated under another name and renamed when whole, so a process stopped halfway leaves
/// nothing a later one would copy; templates of other migrations are dropped then.
async fn migrated_template() -> String {
    use sha2::{Digest, Sha256};
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/postgres");
            let mut files: Vec<_> = std::fs::read_dir(folder)
                .unwrap()
                .map(|entry| entry.unwrap().path())
                .collect();
            files.sort();
            let mut digest = Sha256::new();
            for file in &files {
                digest.update(file.file_name().unwrap().as_encoded_bytes());
                digest.update(std::fs::read(file).unwrap());
            }
            let name = format!("amora_template_{}", &hex::encode(digest.finalize())[..16]);

            let admin_url = postgres_admin_url();
            let mut conn = admin_connection(&admin_url).await;
            // The lock is the connection's: it goes with it, however this process ends.
            sqlx::query("SELECT pg_advisory_lock(4242001)")
                .execute(&mut conn)
                .await
                .unwrap();
            let made: Option<i32> =
                sqlx::query_scalar("SELECT 1 FROM pg_database WHERE datname = $1")
                    .bind(&name)
                    .fetch_optional(&mut conn)
                    .await
                    .unwrap();
            if made.is_none() {
                let others: Vec<String> = sqlx::query_scalar(
                    "SELECT datname FROM pg_database WHERE datname LIKE 'amora\\_template\\_%'",
                )
                .fetch_all(&mut conn)
                .await
                .unwrap();
                for other in others {
                    sqlx::query(&format!("DROP DATABASE {other} WITH (FORCE)"))
                        .execute(&mut conn)
                        .await
                        .unwrap();
                }
                let half = format!("{name}_new");
                sqlx::query(&format!("CREATE DATABASE {half}"))
                    .execute(&mut conn)
                    .await
                    .unwrap();
                let db = amora_server::db::Db::connect(
                    &database_url(&admin_url, &half),
                    &amora_server::config::DbSettings::default(),
                )
                .await
                .unwrap();
                db.migrate().await.unwrap();
                db.close().await;
                sqlx::query(&format!("ALTER DATABASE {half} RENAME TO {name}"))
                    .execute(&mut conn)
                    .await
                    .unwrap();
            }
            close(conn).await;
            name
        })
        .await
        .clone()
}

impl Drop for PgDatabase {
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

pub struct TestApp {
    pub base: String,
    pub http: reqwest::Client,
    pub mail: smtp::Mailbox,
    pub backend: Backend,
    /// The bucket the server keeps media in, on `Store::S3`.
    pub bucket: Option<S3Bucket>,
    server: Option<Server>,
    /// The data folder (none on another node of the same installation: the first one's).
    _dir: Option<tempfile::TempDir>,
    _pg: Option<PgDatabase>,
    extra_pg: Vec<PgDatabase>,
}

/// Options for a test server.
pub struct Setup {
    pub backend: Backend,
    pub store: Store,
    pub rate_limits: bool,
    pub with_smtp: bool,
}

impl Setup {
    pub fn new(backend: Backend) -> Setup {
        Setup {
            backend,
            store: Store::Local,
            rate_limits: false,
            with_smtp: true,
        }
    }

    /// A server on `backend` keeping its media in `store`.
    pub fn on(backend: Backend, store: Store) -> Setup {
        Setup {
            store,
            ..Setup::new(backend)
        }
    }
}

pub async fn spawn(backend: Backend) -> TestApp {
    spawn_with(Setup::new(backend), |_| {}).await
}

/// A server on `backend` keeping its media in `store`.
pub async fn spawn_on(backend: Backend, store: Store) -> TestApp {
    spawn_with(Setup::on(backend, store), |_| {}).await
}

pub async fn spawn_with(setup: Setup, tweak: impl FnOnce(&mut Config)) -> TestApp {
    try_spawn_with(setup, tweak).await.unwrap()
}

/// `spawn_with`, answering the server's refusal to start instead of failing the test.
pub async fn try_spawn_with(
    setup: Setup,
    tweak: impl FnOnce(&mut Config),
) -> anyhow::Result<TestApp> {
    let dir = tempfile::tempdir().unwrap();
    let (pg, database_url) = match setup.backend {
        Backend::Sqlite => (None, format!("sqlite://{}/amora.db", dir.path().display())),
        Backend::Postgres => {
            let (db, url) = PgDatabase::migrated().await;
            (Some(db), url)
        }
    };
    let mail = smtp::Mailbox::start().await;
    let mut config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: dir.path().to_path_buf(),
        database_url: Some(database_url.into()),
        smtp_url: setup
            .with_smtp
            .then(|| format!("smtp://127.0.0.1:{}", mail.port()).into()),
        web_dir: dir.path().join("no-web"),
        hash_concurrency: 2,
        ..Config::default()
    };
    config.rate_limit.disabled = !setup.rate_limits;
    // Every first page of discover makes a new list, so a story sees each change at once; the
    // stories of shared lists set the freshness they need.
    config.people.discover_list_seconds = 0;
    let bucket = match setup.store {
        Store::Local => None,
        Store::S3 => Some(S3Bucket::create().await),
    };
    if let Some(bucket) = &bucket {
        bucket.configure(&mut config);
    }
    tweak(&mut config);
    let server = Server::start(config).await?;
    Ok(TestApp {
        base: format!("http://{}", server.addr),
        http: reqwest::Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .unwrap(),
        mail,
        backend: setup.backend,
        bucket,
        server: Some(server),
        _dir: Some(dir),
        _pg: pg,
        extra_pg: Vec::new(),
    })
}

/// An answer: the HTTP status and the envelope.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
    pub headers: reqwest::header::HeaderMap,
}

impl Reply {
    /// A response header as text.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    }
    /// Asserts an error with this code and a message that starts with `prefix` (malformed
    /// input carries the parser's detail after the message).
    #[track_caller]
    pub fn fails_starting(&self, code: u16, prefix: &str) {
        assert_eq!(self.status, code, "body: {}", self.body);
        assert!(
            self.msg().starts_with(prefix),
            "expected a message starting {prefix:?}, body: {}",
            self.body
        );
    }
    pub fn code(&self) -> u16 {
        self.status
    }
    pub fn msg(&self) -> &str {
        self.body["msg"].as_str().unwrap_or_default()
    }
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }
    #[track_caller]
    pub fn ok(self) -> Value {
        assert_eq!(self.status, 200, "expected success, got {}", self.body);
        self.body["data"].clone()
    }
    /// Asserts success; its message.
    #[track_caller]
    pub fn ok_msg(&self) -> &str {
        assert_eq!(self.status, 200, "expected success, got {}", self.body);
        self.msg()
    }
    /// Asserts an error with this code and exact message.
    #[track_caller]
    pub fn fails(&self, code: u16, msg: &str) {
        assert_eq!(
            (self.status, self.msg()),
            (code, msg),
            "body: {}",
            self.body
        );
    }
    /// The seconds `Retry-After` asks to wait (at least one).
    #[track_caller]
    pub fn retry_after(&self) -> u64 {
        let wait: u64 = self
            .header("retry-after")
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no Retry-After: {:?}", self.headers));
        assert!(wait >= 1, "Retry-After: {wait}");
        wait
    }
    /// Asserts the rate limit's answer (429 with `Retry-After`); returns the wait in seconds.
    #[track_caller]
    pub fn limited(&self) -> u64 {
        self.fails(429, "Too many requests, please try again later");
        self.retry_after()
    }
}

pub enum Body {
    None,
    Json(Value),
    Form(Vec<(&'static str, String)>),
    Raw(&'static str, Vec<u8>),
}

/// A registered person.
#[derive(Debug, Clone)]
pub struct Person {
    pub id: i64,
    pub token: String,
    pub user_name: String,
    pub email: String,
    pub password: String,
}

impl TestApp {
    pub fn clock(&self) -> &Clock {
        &self.server.as_ref().unwrap().app.clock
    }

    /// Where `/metrics` is served when it has an address of its own.
    pub fn metrics_addr(&self) -> Option<std::net::SocketAddr> {
        self.server.as_ref().unwrap().metrics_addr
    }

    pub fn app(&self) -> &amora_server::App {
        &self.server.as_ref().unwrap().app
    }

    pub fn config(&self) -> &Config {
        &self.app().config
    }

    /// Stops the server (requests in flight finish, the database is closed) and answers its
    /// configuration, to start it again with `start`.
    pub async fn stop(&mut self) -> Config {
        let server = self.server.take().expect("a running server");
        let config = (*server.app.config).clone();
        server.stop(Duration::from_secs(10)).await;
        config
    }

    /// Starts a server with `config` in place of the stopped one (on another port).
    pub async fn start(&mut self, config: Config) {
        assert!(self.server.is_none(), "the server runs already");
        let server = Server::start(config).await.unwrap();
        self.base = format!("http://{}", server.addr);
        self.server = Some(server);
    }

    /// Another node of this installation, as another process behind the load balancer would be:
    /// the same configuration (database, data folder, media key) changed by `tweak`, its own
    /// memory, on its own port. Lives no longer than this one.
    pub async fn another_node(&self, tweak: impl FnOnce(&mut Config)) -> TestApp {
        let mut config = self.config().clone();
        config.addr = "127.0.0.1:0".parse().unwrap();
        tweak(&mut config);
        let server = Server::start(config).await.unwrap();
        TestApp {
            base: format!("http://{}", server.addr),
            http: self.http.clone(),
            mail: self.mail.clone(),
            backend: self.backend,
            bucket: self.bucket.clone(),
            server: Some(server),
            _dir: None,
            _pg: None,
            extra_pg: Vec::new(),
        }
    }

    /// Keeps a database this story made until the end of the test.
    pub fn keep(&mut self, db: PgDatabase) {
        self.extra_pg.push(db);
    }

    pub async fn call(&self, method: &str, path: &str, token: Option<&str>, body: Body) -> Reply {
        self.call_with(method, path, token, body, &[]).await
    }

    /// `call` with extra request headers (`Accept-Language`, `X-Forwarded-For`, ...).
    pub async fn call_with(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Body,
        headers: &[(&str, &str)],
    ) -> Reply {
        let url = format!("{}{}", self.base, path);
        let mut req = self.http.request(method.parse().unwrap(), url);
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        req = match body {
            Body::None => req,
            Body::Json(v) => req.json(&v),
            Body::Form(fields) => req
                .header("content-type", "application/x-www-form-urlencoded")
                .body(serde_urlencoded::to_string(fields).unwrap()),
            Body::Raw(content_type, bytes) => req.header("content-type", content_type).body(bytes),
        };
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        let headers = res.headers().clone();
        let text = res.text().await.unwrap();
        let body: Value =
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
        assert_eq!(
            body["code"].as_u64(),
            Some(u64::from(status)),
            "HTTP status must equal code: {body}"
        );
        assert!(
            body.get("msg").is_some() && body.get("data").is_some(),
            "not an envelope: {body}"
        );
        assert_ne!(status, 500, "an internal error: {body}");
        Reply {
            status,
            body,
            headers,
        }
    }

    /// A request whose answer is not an envelope (media, probes, metrics): status, headers, bytes.
    pub async fn fetch(&self, method: &str, path: &str, headers: &[(&str, &str)]) -> Fetched {
        let mut req = self
            .http
            .request(method.parse().unwrap(), format!("{}{}", self.base, path));
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        let headers = res.headers().clone();
        let bytes = res.bytes().await.unwrap().to_vec();
        Fetched {
            status,
            headers,
            bytes,
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.call("GET", path, token, Body::None).await
    }
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.call("POST", path, token, Body::Json(body)).await
    }
    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.call("PUT", path, token, Body::Json(body)).await
    }
    pub async fn post_form(
        &self,
        path: &str,
        token: Option<&str>,
        form: Vec<(&'static str, String)>,
    ) -> Reply {
        self.call("POST", path, token, Body::Form(form)).await
    }
    pub async fn put_form(
        &self,
        path: &str,
        token: Option<&str>,
        form: Vec<(&'static str, String)>,
    ) -> Reply {
        self.call("PUT", path, token, Body::Form(form)).await
    }

    /// A complete, valid registration for `name`.
    pub fn registration(&self, name: &str) -> Value {
        json!({
            "userName": name,
            "email": format!("{name}@example.com"),
            "password": "secret1",
            "gender": "female",
            "country": "Spain",
            "birthday": "1995-03-02",
            "language": "en",
            "avatar": png_data_url(32, 32),
            "privacyAccepted": true,
        })
    }

    pub async fn register(&self, name: &str) -> Person {
        let data = self
            .post("/prod-api/register", None, self.registration(name))
            .await
            .ok();
        Person {
            id: data["user"]["userId"].as_i64().unwrap(),
            token: data["token"].as_str().unwrap().to_owned(),
            user_name: name.to_owned(),
            email: format!("{name}@example.com"),
            password: "secret1".to_owned(),
        }
    }

    pub async fn login(&self, user_name: &str, password: &str) -> Reply {
        self.post(
            "/prod-api/login",
            None,
            json!({ "userName": user_name, "password": password }),
        )
        .await
    }

    /// Rows of a table, read directly, to prove that a refused request wrote nothing.
    pub async fn count(&self, table: &str) -> i64 {
        self.scalar(&format!("SELECT COUNT(*) FROM {table}")).await
    }

    /// Accounts people registered (not the service accounts the server keeps).
    pub async fn members(&self) -> i64 {
        self.scalar("SELECT COUNT(*) FROM users WHERE role = 'member'")
            .await
    }

    /// Sessions open for one person.
    pub async fn sessions_of(&self, who: &Person) -> i64 {
        self.scalar(&format!(
            "SELECT COUNT(*) FROM sessions WHERE user_id = {}",
            who.id
        ))
        .await
    }

    /// One integer read directly from the database.
    pub async fn scalar(&self, sql: &str) -> i64 {
        let (n,): (i64,) =
            amora_server::on_db!(&self.app().db, pool => sqlx::query_as(sql).fetch_one(pool).await)
                .unwrap();
        n
    }

    /// One text column of every row, read directly from the database.
    pub async fn texts(&self, sql: &str) -> Vec<String> {
        let rows: Vec<(String,)> =
            amora_server::on_db!(&self.app().db, pool => sqlx::query_as(sql).fetch_all(pool).await)
                .unwrap();
        rows.into_iter().map(|(t,)| t).collect()
    }

    /// Objects in the media store (pictures, thumbnails and recordings), in the folder or the
    /// bucket.
    pub fn media_files(&self) -> usize {
        match &self.bucket {
            None => self.media_keys_in_folder().len(),
            // Stories run on several threads: this one may wait while another lists.
            Some(bucket) => tokio::task::block_in_place(|| {
                tokio::runtime::Handle::current().block_on(bucket.keys())
            })
            .len(),
        }
    }

    /// The keys of every object in the media store, sorted.
    pub async fn media_keys(&self) -> Vec<String> {
        match &self.bucket {
            None => self.media_keys_in_folder(),
            Some(bucket) => bucket.keys().await,
        }
    }

    /// The keys the store holds of the pictures and recordings these `/media/...` addresses
    /// (signed or not) name.
    pub async fn media_held(&self, urls: &[impl AsRef<str>]) -> Vec<String> {
        let keys = self.media_keys().await;
        urls.iter()
            .map(|url| {
                let url = url.as_ref();
                let path = url.split_once('?').map_or(url, |(path, _)| path);
                path.strip_prefix("/media/")
                    .unwrap_or_else(|| panic!("not a media address: {url}"))
                    .to_owned()
            })
            .filter(|key| keys.contains(key))
            .collect()
    }

    /// The bytes the media store holds under `key`.
    pub async fn media_bytes(&self, key: &str) -> Option<Vec<u8>> {
        match &self.bucket {
            None => std::fs::read(self.config().data_dir.join("media").join(key)).ok(),
            Some(bucket) => bucket.bytes(key).await,
        }
    }

    fn media_keys_in_folder(&self) -> Vec<String> {
        fn walk(dir: &std::path::Path, under: &str, keys: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let key = if under.is_empty() {
                    name
                } else {
                    format!("{under}/{name}")
                };
                if entry.path().is_dir() {
                    walk(&entry.path(), &key, keys);
                } else {
                    keys.push(key);
                }
            }
        }
        let mut keys = Vec::new();
        walk(&self.config().data_dir.join("media"), "", &mut keys);
        keys.sort();
        keys
    }

    /// Everything a request could have written: rows of every table and media files.
    pub async fn snapshot(&self) -> Snapshot {
        let mut rows = Vec::new();
        for table in [
            "users",
            "sessions",
            "email_codes",
            "balances",
            "ledger_entries",
            "mail_outbox",
        ] {
            rows.push((table, self.count(table).await));
        }
        Snapshot {
            rows,
            media_files: self.media_keys().await.len(),
            mails: self.mail.all().len(),
        }
    }

    /// `path?name=value&...`, encoded.
    pub fn with_query(path: &str, params: &[(&str, &str)]) -> String {
        format!("{path}?{}", serde_urlencoded::to_string(params).unwrap())
    }
}

/// What the database, the media store and the mailbox hold at one moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub rows: Vec<(&'static str, i64)>,
    pub media_files: usize,
    pub mails: usize,
}

/// An answer that is not an envelope.
#[derive(Debug, Clone)]
pub struct Fetched {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub bytes: Vec<u8>,
}

impl Fetched {
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}

/// A solid-colour PNG made here, as a data URL.
pub fn png_data_url(w: u32, h: u32) -> String {
    use base64::Engine;
    format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png(w, h))
    )
}

pub fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbImage::from_pixel(w, h, image::Rgb([200, 60, 90]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}
