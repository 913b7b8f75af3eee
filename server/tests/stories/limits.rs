//! The calls that cost us something are limited per account: likes (each may notify someone),
//! reports (each may carry pictures) and translations (each may start a provider). Over the
//! quota the answer is 429 with `Retry-After`, and nothing is done.

use crate::common::{spawn_with, Backend, Reply, Setup};
use serde_json::json;

#[track_caller]
fn limited(reply: &Reply) {
    let wait = reply.limited();
    assert!(wait <= 60, "Retry-After: {wait}");
}

async fn likes_reports_and_translations_have_a_quota(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| {
            c.rate_limit.like_per_user = 3;
            c.rate_limit.report_per_user = 1;
            c.rate_limit.translate_per_user = 1;
        },
    )
    .await;
    let ana = app.register("ana").await;
    let ben = app.register("ben").await;
    let like = format!("/prod-api/system/like/opera/{}", ben.id);
    for _ in 0..3 {
        app.get(&like, Some(&ana.token)).await.ok();
    }
    limited(&app.get(&like, Some(&ana.token)).await);
    // Another person's quota is their own.
    app.get(
        &format!("/prod-api/system/like/opera/{}", ana.id),
        Some(&ben.token),
    )
    .await
    .ok();

    let report = json!({ "userId": ben.id, "reason": "spam" });
    app.post(
        "/prod-api/system/form/add",
        Some(&ana.token),
        report.clone(),
    )
    .await
    .ok();
    limited(
        &app.post("/prod-api/system/form/add", Some(&ana.token), report)
            .await,
    );
    assert_eq!(
        app.count("reports").await,
        1,
        "the refused report is not stored"
    );

    let translate = "/prod-api/system/content/tranMsg?id=1&target=es";
    let first = app
        .call(
            "POST",
            translate,
            Some(&ana.token),
            crate::common::Body::None,
        )
        .await;
    assert_ne!(first.status, 429, "{}", first.body);
    limited(
        &app.call(
            "POST",
            translate,
            Some(&ana.token),
            crate::common::Body::None,
        )
        .await,
    );
}

both_databases!(likes_reports_and_translations_have_a_quota);
