//! What a real deployment relies on beyond the API's rules: the browser-side protections on
//! every answer, the refusal to start a demo on a public https address, metrics on an internal
//! address, and one-time codes kept out of the log.

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::common::{spawn, spawn_with, try_spawn_with, Backend, Setup};

async fn every_answer_carries_the_browser_protections(b: Backend) {
    let app = spawn(b).await;
    for path in [
        "/",
        "/prod-api/system/user/getInfo",
        "/healthz",
        "/media/none.jpg",
    ] {
        let answer = app.fetch("GET", path, &[]).await;
        let csp = answer.header("content-security-policy").unwrap_or_default();
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "img-src 'self' data: blob:",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(part), "{path}: {csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(
            answer.header("referrer-policy").as_deref(),
            Some("strict-origin-when-cross-origin"),
            "{path}"
        );
        let permissions = answer.header("permissions-policy").unwrap_or_default();
        for allowed in ["camera=(self)", "microphone=(self)", "payment=()"] {
            assert!(permissions.contains(allowed), "{path}: {permissions}");
        }
        assert_eq!(answer.header("x-frame-options").as_deref(), Some("DENY"));
        // Plain http: browsers are not told to insist on https.
        assert_eq!(answer.header("strict-transport-security"), None, "{path}");
    }
}

async fn over_https_browsers_are_told_to_stay_on_https(b: Backend) {
    let app = spawn_with(Setup::new(b), |config| {
        config.public_url = "https://amora.example".into();
    })
    .await;
    let answer = app.fetch("GET", "/healthz", &[]).await;
    assert_eq!(
        answer.header("strict-transport-security").as_deref(),
        Some("max-age=31536000; includeSubDomains")
    );
}

async fn a_demo_on_a_public_https_address_refuses_to_start(b: Backend) {
    let https = |config: &mut amora_server::Config| {
        config.public_url = "https://amora.example".into();
    };
    let refused = try_spawn_with(Setup::new(b), |config| {
        https(config);
        config.demo = true;
    })
    .await;
    let error = refused.err().expect("demo mode on https must not start");
    assert!(
        error.to_string().contains("AMORA_ALLOW_DEMO_IN_PRODUCTION"),
        "{error}"
    );
    let sandbox = try_spawn_with(Setup::new(b), |config| {
        https(config);
        config.wallet.sandbox = true;
    })
    .await;
    assert!(
        sandbox.is_err(),
        "the sandbox checkout on https must not start"
    );
    // The operator can say it is wanted; and a demo on http (make run) starts as before.
    let app = spawn_with(Setup::new(b), |config| {
        https(config);
        config.wallet.sandbox = true;
        config.allow_demo_in_production = true;
    })
    .await;
    assert_eq!(app.fetch("GET", "/healthz", &[]).await.status, 200);
}

async fn metrics_can_live_on_an_internal_address_only(b: Backend) {
    let app = spawn_with(Setup::new(b), |config| {
        config.metrics_addr = Some("127.0.0.1:0".parse().unwrap());
    })
    .await;
    app.fetch("GET", "/healthz", &[]).await;
    let public = app.fetch("GET", "/metrics", &[]).await;
    assert!(
        !public.text().contains("http_requests_total"),
        "{}",
        public.text()
    );
    let internal = app.metrics_addr().unwrap();
    let text = reqwest::get(format!("http://{internal}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains("http_requests_total"), "{text}");
}

/// Log lines written by the server inside this test process.
#[derive(Clone, Default)]
struct Log(Arc<Mutex<Vec<u8>>>);

impl Write for Log {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

async fn one_time_codes_reach_the_log_only_in_demo_mode(b: Backend) {
    let log = Log::default();
    let writer = log.clone();
    tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .init();
    for demo in [false, true] {
        let app = spawn_with(
            Setup {
                with_smtp: false,
                ..Setup::new(b)
            },
            |config| config.demo = demo,
        )
        .await;
        let ana = app.register("ana").await;
        app.post_form("/prod-api/system/user/sendEmail", Some(&ana.token), vec![])
            .await
            .ok();
        let body = app.texts("SELECT body FROM mail_outbox").await.remove(0);
        let code = body
            .split(|c: char| !c.is_ascii_digit())
            .find(|digits| digits.len() == 6)
            .unwrap()
            .to_owned();
        let logged = String::from_utf8_lossy(&log.0.lock().unwrap()).contains(&code);
        assert_eq!(logged, demo, "demo={demo}: the code in the log");
    }
}

both_databases!(
    every_answer_carries_the_browser_protections,
    over_https_browsers_are_told_to_stay_on_https,
    a_demo_on_a_public_https_address_refuses_to_start,
    metrics_can_live_on_an_internal_address_only,
    one_time_codes_reach_the_log_only_in_demo_mode,
);
