//! What an operator relies on: the liveness and readiness probes, Prometheus metrics by route,
//! the OpenAPI document the web client is generated from, and a request id on every answer.

use crate::common::{spawn, Backend};
use serde_json::{json, Value};

async fn the_probes_answer(b: Backend) {
    let app = spawn(b).await;
    let health = app.fetch("GET", "/healthz", &[]).await;
    assert_eq!((health.status, health.text().as_str()), (200, "ok"));
    let ready = app.fetch("GET", "/readyz", &[]).await;
    assert_eq!((ready.status, ready.text().as_str()), (200, "ready"));
}

async fn metrics_count_requests_by_route(b: Backend) {
    let app = spawn(b).await;
    app.login("nobody", "secret1")
        .await
        .fails(400, "Incorrect user name or password");
    let secret_key = "avatars/0123456789abcdef-private.jpg";
    app.get(&format!("/media/{secret_key}"), None)
        .await
        .fails(404, "Not found");

    let metrics = app.fetch("GET", "/metrics", &[]).await;
    assert_eq!(metrics.status, 200);
    let text = metrics.text();
    let counted = |method: &str, route: &str, status: &str| {
        text.lines().any(|line| {
            line.starts_with("http_requests_total{")
                && line.contains(&format!("method=\"{method}\""))
                && line.contains(&format!("route=\"{route}\""))
                && line.contains(&format!("status=\"{status}\""))
        })
    };
    assert!(counted("POST", "/prod-api/login", "400"), "{text}");
    assert!(counted("GET", "/media/{*key}", "404"), "{text}");
    assert!(text.contains("http_request_duration_seconds"), "{text}");
    // Routes are labelled by their template: the raw path would leak keys and explode labels.
    assert!(!text.contains("0123456789abcdef"), "{text}");
}

async fn the_openapi_document_describes_the_api_that_is_served(b: Backend) {
    let app = spawn(b).await;
    let doc = app.fetch("GET", "/prod-api/openapi.json", &[]).await;
    assert_eq!(doc.status, 200);
    assert!(doc
        .header("content-type")
        .unwrap_or_default()
        .starts_with("application/json"));
    let doc: Value = serde_json::from_slice(&doc.bytes).expect("the OpenAPI document is JSON");
    assert!(
        doc["openapi"]
            .as_str()
            .unwrap_or_default()
            .starts_with("3."),
        "{}",
        doc["openapi"]
    );
    let paths = doc["paths"].as_object().expect("paths");
    let account = [
        ("post", "/prod-api/register"),
        ("post", "/prod-api/login"),
        ("post", "/prod-api/logout"),
        ("get", "/prod-api/getInfo"),
        ("get", "/prod-api/system/user/profile"),
        ("put", "/prod-api/system/user/profile"),
        ("post", "/prod-api/system/user/profile/avatar/base64"),
        ("post", "/prod-api/system/user/sendEmail"),
        ("post", "/prod-api/system/user/updateEmailVerified"),
        ("post", "/prod-api/system/user/profile/forgetPwd"),
        ("post", "/prod-api/system/user/profile/forgetUpdatePwd"),
        ("put", "/prod-api/system/user/profile/updatePwd"),
        ("get", "/prod-api/system/user/cancellation"),
        ("post", "/prod-api/system/user/cancellation"),
    ];
    for (method, path) in account {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} is not documented"
        );
    }

    // Every documented operation is served by a route of its own: without a session or a body
    // it may refuse, but it never falls through to the catch-all that answers unknown paths.
    let before = app.snapshot().await;
    app.get("/prod-api/not-documented", None)
        .await
        .fails(404, "Not found");
    for (path, operations) in paths {
        let concrete: String = path
            .split('/')
            .map(|part| if part.starts_with('{') { "1" } else { part })
            .collect::<Vec<_>>()
            .join("/");
        for method in operations.as_object().unwrap().keys() {
            if !["get", "post", "put", "delete", "patch"].contains(&method.as_str()) {
                continue;
            }
            let method = method.to_ascii_uppercase();
            let served = app.fetch(&method, &concrete, &[]).await;
            assert!(
                ![405, 500].contains(&served.status),
                "{method} {path}: {} {}",
                served.status,
                served.text()
            );
        }
    }
    let metrics = app.fetch("GET", "/metrics", &[]).await.text();
    let fell_through: u64 = metrics
        .lines()
        .filter(|line| {
            line.starts_with("http_requests_total{") && line.contains("route=\"/prod-api/{*rest}\"")
        })
        .map(|line| line.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(
        fell_through, 1,
        "only the undocumented path is unknown:\n{metrics}"
    );
    assert_eq!(
        app.snapshot().await,
        before,
        "a request without a session or a body wrote something"
    );
}

async fn every_answer_carries_a_request_id(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let me = app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    let avatar = me["avatar"].as_str().unwrap().to_owned();
    let mut seen = std::collections::HashSet::new();
    for (method, path) in [
        ("GET", "/healthz"),
        ("GET", "/readyz"),
        ("GET", "/metrics"),
        ("GET", "/prod-api/openapi.json"),
        ("GET", "/prod-api/getInfo"),
        ("POST", "/prod-api/login"),
        ("GET", "/prod-api/nope"),
        ("DELETE", "/prod-api/login"),
        ("GET", avatar.as_str()),
        ("GET", "/pages/login/login"),
    ] {
        let answer = app.fetch(method, path, &[]).await;
        let id = answer
            .header("x-request-id")
            .unwrap_or_else(|| panic!("{method} {path}: no x-request-id"));
        assert!(!id.is_empty());
        assert!(seen.insert(id), "{method} {path}: a request id was reused");
    }
    let reply = app
        .call_with(
            "GET",
            "/prod-api/getInfo",
            Some(&ana.token),
            crate::common::Body::None,
            &[("x-request-id", "trace-42")],
        )
        .await;
    assert_eq!(
        reply.header("x-request-id").as_deref(),
        Some("trace-42"),
        "the caller's id is kept"
    );
    assert_eq!(reply.ok()["userName"], json!("ana"));
}

both_databases!(
    the_probes_answer,
    metrics_count_requests_by_route,
    the_openapi_document_describes_the_api_that_is_served,
    every_answer_carries_a_request_id,
);
