//! Pictures people upload: a decompression bomb (a small file describing a huge picture) is
//! refused by its header, before it costs memory, wherever a picture comes in.

use crate::common::images::{data_url, png_bomb};
use crate::common::{spawn, Backend};
use serde_json::json;

/// Peak resident memory of this process (the server runs inside the test), in MiB.
fn peak_rss_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib / 1024
}

async fn twenty_bomb_registrations_are_refused_without_exhausting_memory(b: Backend) {
    let app = spawn(b).await;
    // 8,000 x 8,000 RGB: 1.2 MB of PNG that decodes to 192 MB.
    let bomb = data_url("image/png", &png_bomb(8_000, 8_000));
    let calls = (0..20).map(|i| {
        let mut form = app.registration(&format!("bomber{i}"));
        form["avatar"] = json!(bomb);
        let app = &app;
        async move { app.post("/prod-api/register", None, form).await }
    });
    for reply in futures::future::join_all(calls).await {
        reply.fails(413, "The image is too large: at most 24 megapixels");
    }
    let peak = peak_rss_mib();
    assert!(peak < 500, "peak resident memory {peak} MiB");
    // Nothing was stored: the names are still free.
    app.register("bomber0").await;
}

async fn a_bomb_as_a_new_avatar_or_report_screenshot_is_refused(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let ben = app.register("ben").await;
    let bomb = data_url("image/png", &png_bomb(7_000, 7_000));
    app.post(
        "/prod-api/system/user/profile/avatar/base64",
        Some(&ana.token),
        json!({ "avatar": bomb }),
    )
    .await
    .fails(413, "The image is too large: at most 24 megapixels");
    app.post(
        "/prod-api/system/form/add",
        Some(&ana.token),
        json!({ "userId": ben.id, "reason": "spam", "images": [bomb] }),
    )
    .await
    .fails(413, "The image is too large: at most 24 megapixels");
}

both_databases!(
    twenty_bomb_registrations_are_refused_without_exhausting_memory,
    a_bomb_as_a_new_avatar_or_report_screenshot_is_refused,
);
