//! What the operator announces and what the web app reports back, all open to anyone without a
//! session: notices written with `amora notice add` (translations added with `--of`) are listed
//! newest first in the reader's language, or in the notice's first text where there is none;
//! versions released with `amora version add` are listed newest first; a client error report is
//! stored, cut to size, refused when empty, and limited per address.

use crate::common::feed::{CLIENT_ERROR, NOTICES, VERSIONS};
use crate::common::{spawn, spawn_with, Backend, Setup, TestApp};
use serde_json::{json, Value};

/// Writes a notice with `amora notice add`: its id.
async fn notice(app: &TestApp, args: &[&str]) -> i64 {
    let mut all = vec!["notice", "add"];
    all.extend_from_slice(args);
    app.amora(&all).await;
    app.scalar("SELECT MAX(id) FROM notices").await
}

/// The notices as a reader sends for them: `(id, title, body)` of each row, and the total.
async fn read(
    app: &TestApp,
    query: &str,
    language: Option<&str>,
) -> (Vec<(i64, String, String)>, i64) {
    let headers: Vec<(&str, &str)> = language
        .map(|l| vec![("Accept-Language", l)])
        .unwrap_or_default();
    let page = app
        .call_with(
            "GET",
            &format!("{NOTICES}?{query}"),
            None,
            crate::common::Body::None,
            &headers,
        )
        .await
        .ok();
    let rows = page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            assert!(n["createdAt"].as_str().is_some(), "{n}");
            (
                n["id"].as_i64().unwrap(),
                n["title"].as_str().unwrap().to_owned(),
                n["body"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    (rows, page["total"].as_i64().unwrap())
}

fn texts(rows: &[(i64, String, String)]) -> Vec<(&str, &str)> {
    rows.iter()
        .map(|(_, t, b)| (t.as_str(), b.as_str()))
        .collect()
}

/// A second passes: notices written one after another have different times.
async fn a_moment() {
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
}

async fn notices_are_listed_newest_first_in_the_readers_language(b: Backend) {
    let app = spawn(b).await;
    assert_eq!(read(&app, "", None).await, (vec![], 0));

    let first = notice(
        &app,
        &["--title", "Maintenance", "--body", "Tonight at 02:00 UTC"],
    )
    .await;
    let of = first.to_string();
    notice(
        &app,
        &[
            "--title",
            "メンテナンス",
            "--body",
            "今夜 02:00 UTC",
            "--language",
            "ja",
            "--of",
            &of,
        ],
    )
    .await;
    assert_eq!(
        app.count("notices").await,
        1,
        "a translation is no new notice"
    );
    a_moment().await;
    let second = notice(
        &app,
        &[
            "--title",
            "Nuevo",
            "--body",
            "Álbumes de fotos",
            "--language",
            "es",
        ],
    )
    .await;
    a_moment().await;
    let third = notice(&app, &["--title", "Gifts", "--body", "Send a rose"]).await;

    let (rows, total) = read(&app, "", None).await;
    assert_eq!(total, 3);
    let ids: Vec<i64> = rows.iter().map(|r| r.0).collect();
    assert_eq!(ids, vec![third, second, first], "newest first");
    assert_eq!(
        texts(&rows),
        vec![
            ("Gifts", "Send a rose"),
            ("Nuevo", "Álbumes de fotos"),
            ("Maintenance", "Tonight at 02:00 UTC"),
        ]
    );

    // In Japanese where staff wrote it; the first text elsewhere.
    let in_japanese = vec![
        ("Gifts", "Send a rose"),
        ("Nuevo", "Álbumes de fotos"),
        ("メンテナンス", "今夜 02:00 UTC"),
    ];
    for header in ["ja", "ja-JP,ja;q=0.9"] {
        let (rows, _) = read(&app, "", Some(header)).await;
        assert_eq!(texts(&rows), in_japanese, "{header}");
    }
    let (rows, _) = read(&app, "", Some("es")).await;
    assert_eq!(texts(&rows)[2], ("Maintenance", "Tonight at 02:00 UTC"));

    // Paged.
    let (rows, total) = read(&app, "pageNum=2&pageSize=2", None).await;
    assert_eq!((rows.len(), total), (1, 3));
    assert_eq!(rows[0].0, first);

    // The language may come as a parameter too, and wins over the header.
    for (query, header) in [("lang=ja", None), ("lang=ja", Some("en"))] {
        let (rows, _) = read(&app, query, header).await;
        assert_eq!(texts(&rows), in_japanese, "{query} {header:?}");
    }
}

async fn listed(app: &TestApp) -> Value {
    app.get(VERSIONS, None).await.ok()
}

async fn versions_are_listed_newest_first(b: Backend) {
    let app = spawn(b).await;
    assert_eq!(listed(&app).await, json!([]));

    app.amora(&[
        "version",
        "add",
        "--version",
        "1.0.16",
        "--platform",
        "web",
        "--notes",
        "Chat translation",
    ])
    .await;
    a_moment().await;
    app.amora(&[
        "version",
        "add",
        "--version",
        "1.0.17",
        "--platform",
        "android",
        "--notes",
        "Albums",
        "--url",
        "https://example.com/amora-1.0.17.apk",
        "--mandatory",
    ])
    .await;

    let versions = listed(&app).await;
    let rows = versions.as_array().unwrap();
    assert_eq!(rows.len(), 2, "{versions}");
    let newest = &rows[0];
    assert_eq!(newest["version"], "1.0.17");
    assert_eq!(newest["platform"], "android");
    assert_eq!(newest["notes"], "Albums");
    assert_eq!(newest["url"], "https://example.com/amora-1.0.17.apk");
    assert_eq!(newest["mandatory"], true);
    assert!(newest["releasedAt"].as_str().is_some(), "{newest}");
    let older = &rows[1];
    assert_eq!(
        (
            &older["version"],
            &older["platform"],
            &older["url"],
            &older["mandatory"]
        ),
        (&json!("1.0.16"), &json!("web"), &Value::Null, &json!(false))
    );
}

/// The stored reports: `user id (0 for none)|message length|stack length|url length`.
async fn reports(app: &TestApp) -> Vec<String> {
    app.texts(
        "SELECT COALESCE(user_id, 0) || '|' || LENGTH(message) || '|' \
         || COALESCE(LENGTH(stack), 0) || '|' || LENGTH(url) FROM client_errors ORDER BY id",
    )
    .await
}

async fn a_client_error_is_stored_with_or_without_a_session(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let report = json!({
        "message": "TypeError: x is undefined",
        "stack": "at render (app.js:1:2)",
        "url": "https://amora.example/pages/dynamic/dynamic",
        "userAgent": "Mozilla/5.0",
    });
    assert_eq!(
        app.post(CLIENT_ERROR, None, report.clone()).await.ok(),
        json!(null)
    );
    assert_eq!(
        app.texts(
            "SELECT message || '|' || url || '|' || COALESCE(user_agent, '') FROM client_errors"
        )
        .await,
        vec!["TypeError: x is undefined|https://amora.example/pages/dynamic/dynamic|Mozilla/5.0"]
    );
    app.post(CLIENT_ERROR, Some(&ana.token), report).await.ok();
    let sizes = "25|22|43";
    assert_eq!(
        reports(&app).await,
        vec![format!("0|{sizes}"), format!("{}|{sizes}", ana.id)]
    );

    // Longer than allowed: cut, not refused.
    app.post(
        CLIENT_ERROR,
        None,
        json!({
            "message": "é".repeat(1500),
            "stack": "s".repeat(9000),
            "url": format!("https://amora.example/{}", "u".repeat(2500)),
        }),
    )
    .await
    .ok();
    assert_eq!(reports(&app).await[2], "0|1000|8000|2000");

    // An empty message is no report.
    for message in [json!(""), json!("   "), Value::Null] {
        let reply = app
            .post(
                CLIENT_ERROR,
                None,
                json!({ "message": message, "url": "https://amora.example/" }),
            )
            .await;
        assert_eq!(reply.status, 400, "{message}: {}", reply.body);
    }
    assert_eq!(app.count("client_errors").await, 3);
}

async fn client_error_reports_are_limited_per_address(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| c.rate_limit.client_error_per_ip = 3,
    )
    .await;
    let report = json!({ "message": "Oops", "url": "https://amora.example/" });
    for _ in 0..3 {
        app.post(CLIENT_ERROR, None, report.clone()).await.ok();
    }
    app.post(CLIENT_ERROR, None, report).await.limited();
    assert_eq!(
        app.count("client_errors").await,
        3,
        "the refused report was stored"
    );
}

both_databases!(
    notices_are_listed_newest_first_in_the_readers_language,
    versions_are_listed_newest_first,
    a_client_error_is_stored_with_or_without_a_session,
    client_error_reports_are_limited_per_address,
);
