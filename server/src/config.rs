//! Typed, layered configuration: embedded defaults, then `amora.toml`, then `AMORA_*` variables.
//!
//! Secrets (the SMTP URL with its password, database passwords) are held as `SecretString` so
//! they never reach a log line; `Config::redacted` is what the server logs at start-up.

use std::net::SocketAddr;
use std::path::PathBuf;

use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct Config {
    /// Address the HTTP server listens on.
    pub addr: SocketAddr,
    /// Folder for the SQLite file, local media and other state.
    pub data_dir: PathBuf,
    /// `sqlite://path` or `postgres://...`; defaults into `data_dir`.
    #[serde(serialize_with = "ser_secret_opt")]
    pub database_url: Option<SecretString>,
    /// A streaming replica of the PostgreSQL database, for finding discover's lists (the one
    /// statement that reads many rows); unset, the database itself. A list a moment late is as
    /// good as one made now: it is shared for `people.discover_list_seconds` anyway. Whom a page
    /// may show is still checked on the database itself.
    #[serde(serialize_with = "ser_secret_opt")]
    pub finding_database_url: Option<SecretString>,
    /// Local folder (default `<data_dir>/media`) or `s3://bucket/prefix`.
    pub media_url: Option<String>,
    /// Key of the signed URLs of private pictures (chat images, report screenshots); every node
    /// of an installation needs the same. Unset: generated once into `<data_dir>/media.key`.
    #[serde(serialize_with = "ser_secret_opt")]
    pub media_key: Option<SecretString>,
    /// How long a signed picture URL stays valid, in seconds (URLs are handed out anew with
    /// every message list, event and answer that carries them).
    pub media_url_seconds: i64,
    /// The bucket of an `s3://` `media_url`, beyond what the `AWS_*` variables say.
    pub s3: S3Settings,
    /// Unset: mail goes to the outbox table and the log.
    #[serde(serialize_with = "ser_secret_opt")]
    pub smtp_url: Option<SecretString>,
    /// Sender address of the mail we send.
    pub mail_from: String,
    /// Unset: one node, chat fan-out in process.
    pub nats_url: Option<String>,
    /// Subject prefix on NATS (several installations may share one NATS server).
    pub nats_prefix: String,
    /// Unset: rate limits and repeated texts counted in this node's memory. `redis://host:6379/0`
    /// (`rediss://` with TLS, `redis://:password@host`): counted in Redis, shared by every node
    /// (`counters.rs`).
    #[serde(serialize_with = "ser_secret_opt")]
    pub counters_url: Option<SecretString>,
    /// Key prefix in Redis (several installations may share one Redis server).
    pub counters_prefix: String,
    /// How long a request waits for Redis before counting on this node alone, in milliseconds.
    pub counters_wait_ms: u64,
    /// Base of links in mail and payment returns.
    pub public_url: String,
    /// Built web app served at `/` (history mode).
    pub web_dir: PathBuf,
    /// Session lifetime in days.
    pub session_days: i64,
    /// Concurrent Argon2id hashes; each takes about 19 MiB and one core for tens of milliseconds.
    pub hash_concurrency: usize,
    /// Pictures decoded at once (each is a core's work).
    pub image_concurrency: usize,
    /// Memory all pictures being decoded at once may take together, in MiB (each takes about
    /// four bytes a pixel and 32 MiB more; one person decodes one picture at a time).
    pub image_memory_mib: u32,
    /// Trust `X-Forwarded-For` (only behind our own proxy): the client is its right-most
    /// address, the one our proxy added; whatever the client wrote stands to its left.
    pub trust_forwarded_for: bool,
    pub rate_limit: RateLimits,
    pub account: AccountSettings,
    pub people: PeopleSettings,
    pub chat: ChatSettings,
    pub safety: SafetySettings,
    pub wallet: WalletSettings,
    /// The payment providers; each is on when its credentials are given.
    pub payments: PaymentSettings,
    pub translate: TranslateSettings,
    pub push: PushSettings,
    pub map: MapSettings,
    pub db: DbSettings,
    /// Demo mode: seed demo profiles on first start, allow the sandbox checkout, log mail bodies.
    pub demo: bool,
    /// Let demo mode or the sandbox checkout run on an https `public_url` (a real deployment);
    /// without it the server refuses to start so.
    pub allow_demo_in_production: bool,
    /// Serve `/metrics` on this address only (an internal port) instead of the public one.
    pub metrics_addr: Option<SocketAddr>,
    /// How often the sweep runs (timed bans lifted, red packets returned, old rows forgotten).
    pub sweep_seconds: u64,
    /// Log as JSON lines instead of text.
    pub log_json: bool,
}

/// How to reach the bucket of `media_url = "s3://bucket/prefix"`. The usual `AWS_*` variables
/// are read first (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`,
/// `AWS_ENDPOINT_URL`, `AWS_ALLOW_HTTP`, ...); what is set here wins over them.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct S3Settings {
    /// Another S3 API than Amazon's (MinIO, Ceph, R2, ...): its URL, e.g. `http://10.0.0.5:9000`.
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub access_key_id: Option<String>,
    #[serde(serialize_with = "ser_secret_opt")]
    pub secret_access_key: Option<SecretString>,
    /// Reach `endpoint` over plain http (a service on a private network only).
    pub allow_http: bool,
}

/// Requests allowed per minute for each limited action, per client address and per account.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct RateLimits {
    pub disabled: bool,
    pub login_per_ip: u32,
    /// Failed sign-ins an account takes within `account.login_failure_window_secs` before its
    /// right password is delayed and wrong ones are refused with 429. Right passwords never count.
    pub login_per_account: u32,
    pub register_per_ip: u32,
    pub mail_per_ip: u32,
    pub mail_per_account: u32,
    /// Chat messages one person may send per minute.
    pub chat_per_user: u32,
    /// Translations one person may ask for per minute (each may start a provider).
    pub translate_per_user: u32,
    /// Likes and winks (and taking them back) per minute: each may notify someone.
    pub like_per_user: u32,
    /// Reports per minute (each may carry three pictures).
    pub report_per_user: u32,
    /// Password checks outside sign-in (password change, account deletion): each takes an
    /// Argon2 slot that sign-ins need.
    pub password_per_account: u32,
    pub password_per_ip: u32,
    /// Chat socket tokens (`em/getEmToken`).
    pub im_token_per_account: u32,
    pub im_token_per_ip: u32,
    /// Avatar replacements: each decodes and resizes a picture.
    pub avatar_per_account: u32,
    pub avatar_per_ip: u32,
    /// Push subscriptions (each one a later outgoing request) per client address and per account.
    pub push_subscribe_per_ip: u32,
    pub push_subscribe_per_account: u32,
    /// Dynamics published or edited per account per minute.
    pub post_per_account: u32,
    /// Comments per account per minute.
    pub comment_per_account: u32,
    /// Pictures uploaded (for a dynamic or the album) per account per minute: each is decoded.
    pub upload_per_account: u32,
    /// The web app's error reports per client address per minute.
    pub client_error_per_ip: u32,
    /// Archives of "my data" (`/system/user/export`) per account per hour: each reads all the
    /// person holds here and every picture of theirs.
    pub export_per_account: u32,
}

/// Operator settings of accounts: daily caps on mail codes and the sign-in delay (DESIGN.md
/// section 6). Unlike `RateLimits` these are kept in the database and hold across restarts
/// and nodes.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct AccountSettings {
    /// Mail codes (verification and reset together: it is one mailbox) per account per UTC day.
    pub codes_per_day: i64,
    /// Wrong reset codes per account per UTC day after which resets are locked until midnight.
    pub reset_wrong_codes_per_day: i64,
    /// The window over which failed sign-ins of an account are counted.
    pub login_failure_window_secs: i64,
    /// How long the right password waits once an account has too many recent failures.
    pub login_delay_ms: u64,
}

impl Default for AccountSettings {
    fn default() -> Self {
        Self {
            codes_per_day: 10,
            reset_wrong_codes_per_day: 10,
            login_failure_window_secs: 15 * 60,
            login_delay_ms: 1500,
        }
    }
}

/// The database's connections and, on SQLite, its write-ahead log (`[db]`, `AMORA_DB__*`).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct DbSettings {
    /// How long a request waits for a PostgreSQL connection; past it, it answers 503 with
    /// `Retry-After`. A database that is down or refuses connections fails requests within this
    /// time instead of holding them.
    pub acquire_timeout_ms: u64,
    /// The most the SQLite write-ahead log (`amora.db-wal`) may hold, in bytes: the log is
    /// copied into the database and started again well before it reaches this size, and cut
    /// back to it when it has grown past it (while a backup or a long read held it).
    pub wal_limit_bytes: u64,
}

impl Default for DbSettings {
    fn default() -> Self {
        Self {
            acquire_timeout_ms: 800,
            wal_limit_bytes: 32 * 1024 * 1024,
        }
    }
}

/// Web Push endpoints: where the server may send pushes to (docs/security.md, "Web Push").
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct PushSettings {
    /// Hosts a subscription's `https` endpoint may name: an exact name, or `*.domain` for any
    /// name under `domain` (not `domain` itself). The browsers' push services by default.
    pub allowed_hosts: Vec<String>,
    /// For tests and development only, never in production: also accept `http` endpoints and
    /// send to loopback addresses (a push service on this machine). Private and other internal
    /// addresses stay refused.
    pub allow_insecure_local: bool,
    /// The most pushes about likes, visitors and matches a person gets in an hour.
    pub social_per_hour: i64,
}

impl Default for PushSettings {
    fn default() -> Self {
        Self {
            allowed_hosts: [
                "fcm.googleapis.com",
                "android.googleapis.com",
                "updates.push.services.mozilla.com",
                "*.push.apple.com",
                "*.notify.windows.com",
            ]
            .map(String::from)
            .to_vec(),
            allow_insecure_local: false,
            social_per_hour: 4,
        }
    }
}

/// Translation providers (the first that supports a language pair is used).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct TranslateSettings {
    /// Use Apertium (offline): through APY at `apertium_url`, else one `apertium_bin` process a
    /// message where that binary is installed.
    pub apertium: bool,
    pub apertium_bin: String,
    /// An APY server (`apertium-apy`, e.g. `http://127.0.0.1:2737`); the pairs it offers are
    /// asked from it. `make run` starts one when the package is installed.
    pub apertium_url: Option<String>,
    /// A LibreTranslate server, and its API key.
    pub libretranslate_url: Option<String>,
    pub libretranslate_key: Option<String>,
    /// How long one provider call may take (connecting included) before it counts as failed.
    pub timeout_ms: u64,
    /// How often the providers are asked again which languages they offer.
    pub pairs_refresh_seconds: u64,
}

impl Default for TranslateSettings {
    fn default() -> Self {
        Self {
            apertium: true,
            apertium_bin: "apertium".into(),
            apertium_url: None,
            libretranslate_url: None,
            libretranslate_key: None,
            timeout_ms: 10_000,
            pairs_refresh_seconds: 600,
        }
    }
}

/// The map of the location pages and where place search looks (DESIGN.md section 10,
/// `docs/operations.md`). With nothing set the map draws the world from its own outline and
/// search reads the towns built into the server: both work offline.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct MapSettings {
    /// A tile server's address with `{z}`, `{x}` and `{y}` (e.g.
    /// `https://tile.openstreetmap.org/{z}/{x}/{y}.png`); its origin is added to the pictures the
    /// pages may load.
    pub tile_url: Option<String>,
    /// What the tile server asks to be shown under the map (e.g. "© OpenStreetMap contributors").
    pub tile_attribution: Option<String>,
    /// A geocoder to search places by name: Nominatim's `/search` or Photon's `/api`, by
    /// `geocoder`. The towns built in answer when it is not set, fails or is slow.
    pub geocoder_url: Option<String>,
    pub geocoder: GeocoderFormat,
}

/// The wire format of a configured geocoder.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GeocoderFormat {
    #[default]
    Nominatim,
    Photon,
}

/// The payment providers (DESIGN.md section 9, `docs/operations.md`). A provider is on when its
/// section names its credentials, e.g. `AMORA_PAYMENTS__STRIPE__SECRET_KEY`; the `api_url`s
/// default to the providers' live hosts.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct PaymentSettings {
    pub paypal: PayPalSettings,
    pub stripe: StripeSettings,
    pub apple: AppleSettings,
    pub google: GoogleSettings,
}

/// PayPal Orders v2 (`payType=paypal`).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct PayPalSettings {
    pub client_id: Option<String>,
    #[serde(serialize_with = "ser_secret_opt")]
    pub secret: Option<SecretString>,
    /// The id PayPal gave the webhook pointing at `/prod-api/order/webhook/paypal`.
    pub webhook_id: Option<String>,
    /// `https://api-m.sandbox.paypal.com` for PayPal's own sandbox.
    pub api_url: String,
}

impl Default for PayPalSettings {
    fn default() -> Self {
        PayPalSettings {
            client_id: None,
            secret: None,
            webhook_id: None,
            api_url: "https://api-m.paypal.com".into(),
        }
    }
}

/// Stripe Checkout (`payType=card` and `payType=paylater`).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct StripeSettings {
    #[serde(serialize_with = "ser_secret_opt")]
    pub secret_key: Option<SecretString>,
    /// The signing secret (`whsec_...`) of the endpoint `/prod-api/order/webhook/stripe`.
    #[serde(serialize_with = "ser_secret_opt")]
    pub webhook_secret: Option<SecretString>,
    pub api_url: String,
    /// Payment methods offered for pay later; Stripe shows those the currency and country allow.
    pub paylater_methods: Vec<String>,
    /// Seconds a webhook's signed timestamp may lie in the past.
    pub webhook_tolerance_seconds: i64,
}

impl Default for StripeSettings {
    fn default() -> Self {
        StripeSettings {
            secret_key: None,
            webhook_secret: None,
            api_url: "https://api.stripe.com".into(),
            paylater_methods: vec!["klarna".into(), "afterpay_clearpay".into(), "affirm".into()],
            webhook_tolerance_seconds: 300,
        }
    }
}

/// The App Store (`payType=apple`, `order/iospay`).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct AppleSettings {
    /// The app's bundle id; transactions of another app are refused.
    pub bundle_id: Option<String>,
    /// Apple's root certificate (`AppleRootCA-G3.cer`, DER or PEM) that signed transactions
    /// chain up to.
    pub root_certificate: Option<PathBuf>,
    /// Prefix of the App Store product ids: our product `vip-1m` is `<prefix>vip-1m`.
    pub product_prefix: String,
    /// Whether purchases made in Apple's sandbox (TestFlight, sandbox testers) credit; false in
    /// production, where a sandbox purchase costs nobody anything.
    pub accept_sandbox: bool,
}

impl Default for AppleSettings {
    fn default() -> Self {
        AppleSettings {
            bundle_id: None,
            root_certificate: None,
            product_prefix: String::new(),
            accept_sandbox: true,
        }
    }
}

/// Google Play (`payType=google`, `order/checkGoogleOrder`); on when `package_name` is set, and
/// then `service_account` and `notification_token` are needed too.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct GoogleSettings {
    /// The app's package name (`com.example.amora`); notifications of another app are refused.
    pub package_name: Option<String>,
    /// The service account's JSON key file as Google gives it (`client_email`, `private_key`,
    /// `token_uri`), of an account with access to the app in the Play Console.
    pub service_account: Option<PathBuf>,
    pub api_url: String,
    /// Prefix of the Play product ids. Play ids allow only lowercase letters, digits, `_` and
    /// `.`, so the `-` of our codes becomes `_`: with the prefix `com.example.amora.`, our
    /// `vip-1m` is sold as `com.example.amora.vip_1m` and `gold-600` as
    /// `com.example.amora.gold_600`. Every product is a one-time product in Play, memberships
    /// too.
    pub product_prefix: String,
    /// The secret token in the Pub/Sub push URL of Real-time developer notifications
    /// (`/prod-api/order/webhook/google?token=...`).
    #[serde(serialize_with = "ser_secret_opt")]
    pub notification_token: Option<SecretString>,
}

impl Default for GoogleSettings {
    fn default() -> Self {
        GoogleSettings {
            package_name: None,
            service_account: None,
            api_url: "https://androidpublisher.googleapis.com".into(),
            product_prefix: String::new(),
            notification_token: None,
        }
    }
}

/// Operator settings of the wallet (DESIGN.md section 5).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct WalletSettings {
    /// The TEST checkout (`payType=sandbox`); on in demo mode whatever this says.
    pub sandbox: bool,
    /// Coins of the daily claim (once per UTC day).
    pub daily_claim_coins: i64,
    /// Coins per watch reward, and how many a day.
    pub watch_coins: i64,
    pub watch_per_day: i64,
    /// Percent members pay less for card gifts.
    pub member_card_discount_percent: i64,
    /// Hours after which an unclaimed red packet returns to its sender.
    pub red_packet_hours: i64,
    /// Seconds after which an unfinished order paid at a provider (PayPal, Stripe) is asked
    /// about by the sweep, for a buyer who paid but never came back while the notification was
    /// lost.
    pub reconcile_after_seconds: i64,
}

impl Default for WalletSettings {
    fn default() -> Self {
        Self {
            sandbox: false,
            daily_claim_coins: 20,
            watch_coins: 5,
            watch_per_day: 5,
            member_card_discount_percent: 30,
            red_packet_hours: 24,
            reconcile_after_seconds: 120,
        }
    }
}

/// Operator settings of chat (DESIGN.md section 4).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct ChatSettings {
    /// Refuse messages between people of the same gender (the seed's notice), on by default.
    pub same_gender_blocked: bool,
    /// How long the sender may recall a message.
    pub recall_minutes: i64,
    /// Frames a socket connection may send per second, on average, and at once (a token
    /// bucket); a frame beyond it is answered with a 429 error frame and not served.
    pub frames_per_second: u32,
    pub frame_burst: u32,
    /// Signals a connection may have waiting (typing is dropped from half full on); a
    /// connection whose queue is full is closed with 4008 and resumes.
    pub outbound_queue: usize,
    /// A connection whose peer does not take a write within this time is dropped.
    pub write_timeout_ms: u64,
    /// Voice messages are for members, as pictures are (SPEC section 6); on by default.
    pub voice_members_only: bool,
}

impl Default for ChatSettings {
    fn default() -> Self {
        Self {
            same_gender_blocked: true,
            recall_minutes: 2,
            frames_per_second: 20,
            frame_burst: 100,
            outbound_queue: 256,
            write_timeout_ms: 10_000,
            voice_members_only: true,
        }
    }
}

/// Trust & safety thresholds (`[safety]`, `AMORA_SAFETY__*`). Staff and service accounts are
/// exempt as senders.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct SafetySettings {
    /// This many different people with an open report against someone within
    /// `report_hold_days` hide them from discover until staff close the reports.
    pub report_hold_reporters: i64,
    pub report_hold_days: i64,
    /// An account younger than this many days is new: it may start at most
    /// `new_conversations_per_day` conversations a UTC day.
    pub new_account_days: i64,
    pub new_conversations_per_day: i64,
    /// The same text (of at least `repeat_text_min_chars`) sent to this many different people
    /// within `repeat_text_minutes` is held as spam from that send on.
    pub repeat_text_people: usize,
    pub repeat_text_minutes: i64,
    pub repeat_text_min_chars: usize,
}

impl Default for SafetySettings {
    fn default() -> Self {
        Self {
            report_hold_reporters: 3,
            report_hold_days: 7,
            new_account_days: 7,
            new_conversations_per_day: 20,
            repeat_text_people: 10,
            repeat_text_minutes: 60,
            repeat_text_min_chars: 20,
        }
    }
}

/// Operator settings of discovery (SPEC section 6, DESIGN.md section 4).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(default)]
pub struct PeopleSettings {
    /// Discover shows the other gender unless the person filters by gender (the seed's default).
    pub opposite_gender_by_default: bool,
    /// Different people Discover shows a non-member per UTC day (someone seen again is free);
    /// members see without limit.
    pub daily_discover_cap: i64,
    /// Active within this many minutes counts as online.
    pub online_minutes: i64,
    /// How long the list a discover search found serves new searches with the same filters
    /// (seconds): everyone searching alike shares one list, refreshed at most this often. 0 makes
    /// every first page a new list.
    pub discover_list_seconds: i64,
}

impl Default for PeopleSettings {
    fn default() -> Self {
        Self {
            opposite_gender_by_default: true,
            daily_discover_cap: 100,
            online_minutes: 5,
            discover_list_seconds: 30,
        }
    }
}

impl Default for RateLimits {
    fn default() -> Self {
        Self {
            disabled: false,
            login_per_ip: 30,
            login_per_account: 10,
            register_per_ip: 10,
            mail_per_ip: 10,
            mail_per_account: 3,
            chat_per_user: 60,
            translate_per_user: 60,
            like_per_user: 60,
            report_per_user: 5,
            password_per_account: 5,
            password_per_ip: 20,
            im_token_per_account: 30,
            im_token_per_ip: 120,
            avatar_per_account: 10,
            avatar_per_ip: 30,
            push_subscribe_per_ip: 30,
            push_subscribe_per_account: 10,
            post_per_account: 10,
            comment_per_account: 30,
            upload_per_account: 30,
            client_error_per_ip: 10,
            export_per_account: 2,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("data"),
            database_url: None,
            finding_database_url: None,
            media_url: None,
            media_key: None,
            media_url_seconds: 3600,
            s3: S3Settings::default(),
            smtp_url: None,
            mail_from: "Amora <no-reply@amora.app>".into(),
            nats_url: None,
            nats_prefix: "amora".into(),
            counters_url: None,
            counters_prefix: "amora".into(),
            counters_wait_ms: 100,
            public_url: "http://localhost:8080".into(),
            web_dir: PathBuf::from("web/dist"),
            session_days: 30,
            hash_concurrency: std::thread::available_parallelism().map_or(2, |n| n.get()),
            image_concurrency: 2,
            image_memory_mib: 192,
            trust_forwarded_for: false,
            rate_limit: RateLimits::default(),
            account: AccountSettings::default(),
            people: PeopleSettings::default(),
            chat: ChatSettings::default(),
            safety: SafetySettings::default(),
            wallet: WalletSettings::default(),
            payments: PaymentSettings::default(),
            translate: TranslateSettings::default(),
            push: PushSettings::default(),
            map: MapSettings::default(),
            db: DbSettings::default(),
            demo: false,
            allow_demo_in_production: false,
            metrics_addr: None,
            sweep_seconds: 60,
            log_json: false,
        }
    }
}

fn ser_secret_opt<S: serde::Serializer>(v: &Option<SecretString>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(secret) => s.serialize_some(secret.expose_secret()),
        None => s.serialize_none(),
    }
}

impl Config {
    /// Defaults, then the TOML file (if it exists), then `AMORA_*` (nested keys with `__`,
    /// e.g. `AMORA_RATE_LIMIT__DISABLED=true`; `AMORA_RATE_LIMIT_DISABLED` is accepted too).
    pub fn load(file: Option<&std::path::Path>) -> anyhow::Result<Self> {
        let file = file
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("amora.toml"));
        let config: Config = Figment::from(Serialized::defaults(Config::default()))
            .merge(Toml::file(file))
            .merge(Env::prefixed("AMORA_").map(|key| {
                let key = key.as_str().to_ascii_lowercase();
                for section in [
                    "rate_limit_",
                    "account_",
                    "people_",
                    "chat_",
                    "wallet_",
                    "translate_",
                    "push_",
                    "db_",
                    "s3_",
                ] {
                    if let Some(rest) = key.strip_prefix(section) {
                        if !rest.starts_with('_') {
                            return format!("{}.{rest}", section.trim_end_matches('_')).into();
                        }
                    }
                }
                key.replace("__", ".").into()
            }))
            .extract()?;
        Ok(config)
    }

    /// Refuses what must not run in production: demo mode or the sandbox checkout (free
    /// membership and coins for anyone) on an https `public_url`, unless the operator says so,
    /// and pushes to this machine's own services (tests and development only).
    pub fn check_production(&self) -> anyhow::Result<()> {
        let public = self.public_url.starts_with("https://");
        if public && (self.demo || self.wallet.sandbox) && !self.allow_demo_in_production {
            anyhow::bail!(
                "demo mode or the sandbox checkout is on and AMORA_PUBLIC_URL is https: refusing to \
                 start (set AMORA_ALLOW_DEMO_IN_PRODUCTION=true if this is really wanted)"
            );
        }
        if public && self.push.allow_insecure_local {
            anyhow::bail!(
                "AMORA_PUSH_ALLOW_INSECURE_LOCAL is for tests and development: refusing to start \
                 with an https AMORA_PUBLIC_URL"
            );
        }
        Ok(())
    }

    /// Whether browsers reach us over https (then they are told to stay on it: HSTS).
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// The database URL, defaulting to `sqlite://<data_dir>/amora.db`.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.expose_secret().to_owned(),
            None => format!("sqlite://{}/amora.db", self.data_dir.display()),
        }
    }

    /// What is safe to log: every secret replaced by a marker.
    pub fn redacted(&self) -> String {
        let db = self.database_url();
        let db = if db.starts_with("sqlite:") {
            db
        } else {
            redact_url(&db)
        };
        format!(
            "addr={} data_dir={} database={} media={} smtp={} nats={} counters={} public_url={} web_dir={}",
            self.addr,
            self.data_dir.display(),
            db,
            self.media_url.as_deref().unwrap_or("local"),
            self.smtp_url
                .as_ref()
                .map_or("outbox".to_owned(), |u| redact_url(u.expose_secret())),
            self.nats_url.as_deref().unwrap_or("none"),
            self.counters_url
                .as_ref()
                .map_or("none".to_owned(), |u| redact_url(u.expose_secret())),
            self.public_url,
            self.web_dir.display(),
        )
    }
}

/// `scheme://user:pass@host` becomes `scheme://***@host`.
fn redact_url(raw: &str) -> String {
    match url::Url::parse(raw) {
        Ok(mut url) => {
            if !url.username().is_empty() || url.password().is_some() {
                let _ = url.set_username("***");
                let _ = url.set_password(None);
            }
            url.to_string()
        }
        Err(_) => "***".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_redacted() {
        let config = Config {
            smtp_url: Some("smtps://mailer:hunter22@mail.example:465".to_owned().into()),
            database_url: Some("postgres://amora:s3cret@db:5432/amora".to_owned().into()),
            ..Config::default()
        };
        let line = config.redacted();
        assert!(
            !line.contains("hunter22") && !line.contains("s3cret"),
            "{line}"
        );
        assert!(!format!("{config:?}").contains("hunter22"));
    }
}
