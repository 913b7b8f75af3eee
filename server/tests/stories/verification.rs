//! Photo verification: a person copies a drawn pose in a selfie, staff compare it with her
//! profile photo, and an approval gives her the verified badge on her own account, her cards
//! and her profile while that photo stays hers. A refusal tells her why in her language and
//! makes her wait a day before the next selfie. Selfies are private, only staff get their
//! signed URLs, and they are gone once staff decide or she deletes her account.

use crate::common::feed::{photo, NOTICES};
use crate::common::people::{DISCOVER, PROFILE};
use crate::common::staff::{DONE, NOT_FOUND, STAFF_ONLY};
use crate::common::{png_data_url, spawn, Backend, Person, Reply, TestApp};
use serde_json::{json, Value};

const POSE: &str = "/prod-api/system/user/verification/pose";
const VERIFICATION: &str = "/prod-api/system/user/verification";
const AVATAR: &str = "/prod-api/system/user/profile/avatar/base64";
const POSES: [&str; 5] = [
    "hand_raised",
    "thumbs_up",
    "peace_sign",
    "touching_ear",
    "hand_on_chin",
];
const UNKNOWN_POSE: &str = "Copy the pose shown: this one is not known";
const PENDING: &str = "Your selfie is already waiting for review";
const TOO_SOON: &str = "You can send a new selfie 24 hours after the last one was declined";
const NOT_AN_IMAGE: &str = "Please choose a JPEG, PNG, WebP or GIF image";
const REASON: &str = "Choose a reason: pose, face, match or quality";
const REJECTED_JA: &str = "写真の認証は承認されませんでした";
const POSE_REASON_JA: &str =
    "自撮りが表示されたポーズと違っていました。24時間後に再度お試しください。";

impl TestApp {
    /// `who` sends a selfie copying `pose`.
    async fn send_selfie(&self, who: &Person, pose: &str, selfie: &str) -> Reply {
        self.post(
            VERIFICATION,
            Some(&who.token),
            json!({ "pose": pose, "selfie": selfie }),
        )
        .await
    }

    /// `who` sends a good selfie copying the pose the app showed: the id of her request.
    async fn verifies(&self, who: &Person) -> i64 {
        let pose = self.get(POSE, Some(&who.token)).await.ok();
        let status = self
            .send_selfie(who, pose["id"].as_str().unwrap(), &photo())
            .await
            .ok();
        assert_eq!(status["state"], "pending");
        self.scalar(&format!(
            "SELECT MAX(id) FROM photo_verifications WHERE user_id = {}",
            who.id
        ))
        .await
    }

    async fn status_of(&self, who: &Person) -> Value {
        self.get(VERIFICATION, Some(&who.token)).await.ok()
    }

    async fn verified_in_get_info(&self, who: &Person) -> bool {
        let me = self.get("/prod-api/getInfo", Some(&who.token)).await.ok();
        me["verified"].as_bool().unwrap()
    }

    /// `whose` card in `who`'s discover list (with `query`), if listed.
    async fn card_in_discover(&self, who: &Person, whose: &Person, query: &str) -> Option<Value> {
        let page = self
            .get(&format!("{DISCOVER}?pageSize=100{query}"), Some(&who.token))
            .await
            .ok();
        page["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|card| card["userId"] == whose.id)
            .cloned()
    }

    async fn profile_of(&self, who: &Person, whose: &Person) -> Value {
        self.get(&format!("{PROFILE}?userId={}", whose.id), Some(&who.token))
            .await
            .ok()
    }

    /// The review queue's verification items.
    async fn selfies_waiting(&self, staff: &Person) -> Vec<Value> {
        self.review_queue(staff).await["verifications"]
            .as_array()
            .unwrap()
            .clone()
    }

    async fn decide_selfie(&self, staff: &Person, id: i64, body: Value) -> Reply {
        self.admin_post(staff, &format!("/review/verification/{id}"), body)
            .await
    }

    async fn selfies_stored(&self) -> usize {
        let dir = self.config().data_dir.join("media").join("verification");
        std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
    }

    /// The `(title, body)` of each notice `who` reads.
    async fn notices_to(&self, who: &Person) -> Vec<(String, String)> {
        self.get(NOTICES, Some(&who.token)).await.ok()["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| {
                let text = |f: &str| n[f].as_str().unwrap().to_owned();
                (text("title"), text("body"))
            })
            .collect()
    }
}

fn unsigned(url: &str) -> &str {
    url.split_once('?').map_or(url, |(path, _)| path)
}

/// The app shows one of the drawn poses, a picture it can put in an `<img>`; someone who never
/// sent a selfie is not verified. Only a signed-in person is shown poses.
async fn the_app_shows_a_drawn_pose_to_copy(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    for _ in 0..10 {
        let pose = app.get(POSE, Some(&ana.token)).await.ok();
        assert!(POSES.contains(&pose["id"].as_str().unwrap()), "{pose}");
        let image = pose["image"].as_str().unwrap();
        assert!(image.starts_with("data:image/svg+xml;base64,"), "{image}");
    }
    assert_eq!(app.get(POSE, None).await.status, 401);
    assert_eq!(app.get(VERIFICATION, None).await.status, 401);
    let status = app.status_of(&ana).await;
    assert_eq!(status["state"], "none");
    assert!(!app.verified_in_get_info(&ana).await);
}

/// Ana's selfie waits for staff beside her profile photo; only staff are given its address,
/// and without its signature it is refused. Approved, she is verified on her account, her card
/// and her profile, and in discover's "verified only"; the selfie is gone and the decision is
/// in the audit log. A new profile photo suspends the badge until a new selfie is approved.
async fn an_approved_selfie_verifies_her_until_she_changes_her_photo(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let eva = app.woman("eva").await;
    let bob = app.man("bob").await;
    let id = app.verifies(&ana).await;
    assert_eq!(app.status_of(&ana).await["state"], "pending");
    assert_eq!(
        app.selfies_stored().await,
        2,
        "the selfie and its thumbnail"
    );

    let waiting = app.selfies_waiting(&sam).await;
    assert_eq!(waiting.len(), 1);
    let item = &waiting[0];
    assert_eq!(
        (item["id"].as_i64(), item["userId"].as_i64()),
        (Some(id), Some(ana.id))
    );
    assert_eq!(item["userName"], "ana");
    assert!(POSES.contains(&item["pose"].as_str().unwrap()));
    assert!(item["poseImage"]
        .as_str()
        .unwrap()
        .starts_with("data:image/svg+xml"));
    let me = app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    assert_eq!(item["avatar"], me["avatar"], "her profile photo now");
    assert_eq!(app.review_queue(&sam).await["counts"]["verifications"], 1);
    let selfie = item["selfie"].as_str().unwrap();
    assert!(selfie.starts_with("/media/verification/"), "{selfie}");
    assert_eq!(
        app.fetch("GET", selfie, &[]).await.status,
        200,
        "staff see it"
    );
    assert_eq!(app.fetch("GET", unsigned(selfie), &[]).await.status, 403);
    app.admin(&bob, "GET", "/review", Value::Null)
        .await
        .fails(403, STAFF_ONLY);
    // Her card and profile as Bob sees them, and her own status: none names the selfie.
    let outside_the_console = [
        app.card_in_discover(&bob, &ana, "").await.unwrap(),
        app.profile_of(&bob, &ana).await,
        app.status_of(&ana).await,
    ];
    for seen in outside_the_console {
        assert!(!seen.to_string().contains("/media/verification/"), "{seen}");
        assert!(!seen["verified"].as_bool().unwrap_or(false), "{seen}");
    }

    let reply = app
        .decide_selfie(&sam, id, json!({ "decision": "approve" }))
        .await;
    assert_eq!(reply.msg(), DONE, "{}", reply.body);
    assert_eq!(app.status_of(&ana).await["state"], "verified");
    assert!(app.verified_in_get_info(&ana).await);
    assert_eq!(
        app.card_in_discover(&bob, &ana, "").await.unwrap()["verified"],
        true
    );
    assert_eq!(
        app.card_in_discover(&bob, &eva, "").await.unwrap()["verified"],
        false
    );
    assert_eq!(app.profile_of(&bob, &ana).await["verified"], true);
    assert!(app
        .card_in_discover(&bob, &ana, "&verified=true")
        .await
        .is_some());
    assert!(app
        .card_in_discover(&bob, &eva, "&verified=true")
        .await
        .is_none());
    assert_eq!(app.selfies_stored().await, 0, "the selfie is deleted");
    assert_eq!(app.fetch("GET", selfie, &[]).await.status, 404);
    assert!(app.selfies_waiting(&sam).await.is_empty());
    let audited = app
        .audit(&sam, &format!("targetKind=verification&targetId={id}"))
        .await;
    assert_eq!(audited.len(), 1);
    assert_eq!(audited[0]["action"], "review.verification");
    assert_eq!(audited[0]["after"]["decision"], "approve");
    app.decide_selfie(&sam, id, json!({ "decision": "reject", "reason": "face" }))
        .await
        .fails(404, NOT_FOUND);

    app.post(
        AVATAR,
        Some(&ana.token),
        json!({ "avatar": png_data_url(40, 40) }),
    )
    .await
    .ok();
    assert!(!app.verified_in_get_info(&ana).await);
    assert_eq!(app.status_of(&ana).await["state"], "changed");
    assert_eq!(
        app.card_in_discover(&bob, &ana, "").await.unwrap()["verified"],
        false
    );
    assert_eq!(app.profile_of(&bob, &ana).await["verified"], false);
    assert!(app
        .card_in_discover(&bob, &ana, "&verified=true")
        .await
        .is_none());

    let again = app.verifies(&ana).await;
    app.decide_selfie(&sam, again, json!({ "decision": "approve" }))
        .await
        .ok();
    assert!(app.verified_in_get_info(&ana).await);
    assert_eq!(app.profile_of(&bob, &ana).await["verified"], true);
}

/// Refused, Aiko (whose app is in Japanese) is told why in Japanese; the selfie is deleted.
/// A new selfie is refused, with the time to wait, until 24 hours after the decision.
async fn a_refused_selfie_says_why_and_she_tries_again_a_day_later(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let aiko = app
        .register_with("aiko", json!({ "gender": "female", "language": "ja" }))
        .await;
    let id = app.verifies(&aiko).await;
    for body in [
        json!({ "decision": "reject" }),
        json!({ "decision": "reject", "reason": "ugly" }),
    ] {
        app.decide_selfie(&sam, id, body).await.fails(400, REASON);
    }
    assert_eq!(app.status_of(&aiko).await["state"], "pending");
    assert_eq!(app.selfies_stored().await, 2);

    app.decide_selfie(&sam, id, json!({ "decision": "reject", "reason": "pose" }))
        .await
        .ok();
    assert_eq!(app.selfies_stored().await, 0, "the selfie is deleted");
    assert_eq!(
        app.notices_to(&aiko).await,
        vec![(REJECTED_JA.to_owned(), POSE_REASON_JA.to_owned())]
    );
    let status = app.status_of(&aiko).await;
    assert_eq!(status["state"], "rejected");
    assert_eq!(status["reason"], "pose");
    let decided = app.clock().unix();
    let retry_at = chrono::DateTime::parse_from_rfc3339(status["retryAt"].as_str().unwrap())
        .unwrap()
        .timestamp();
    assert!((retry_at - decided - 86_400).abs() <= 2, "{status}");
    assert!(!app.verified_in_get_info(&aiko).await);
    let audited = app
        .audit(&sam, &format!("targetKind=verification&targetId={id}"))
        .await;
    assert_eq!(audited[0]["after"]["reason"], "pose");

    let early = app.send_selfie(&aiko, "thumbs_up", &photo()).await;
    assert_eq!(
        (early.code(), early.msg()),
        (429, TOO_SOON),
        "{}",
        early.body
    );
    assert_eq!(early.retry_after() as i64, retry_at - app.clock().unix());
    assert_eq!(
        early.data()["retryAfterSecs"].as_i64(),
        Some(early.retry_after() as i64)
    );
    app.clock().advance(chrono::Duration::hours(23));
    let still_early = app.send_selfie(&aiko, "thumbs_up", &photo()).await;
    assert_eq!(still_early.code(), 429);
    assert!(still_early.retry_after() <= 3600);
    assert_eq!(app.selfies_stored().await, 0);
    assert_eq!(app.count("photo_verifications").await, 1);

    app.clock()
        .advance(chrono::Duration::hours(1) + chrono::Duration::seconds(5));
    let status = app.send_selfie(&aiko, "thumbs_up", &photo()).await.ok();
    assert_eq!(status["state"], "pending");
    assert_eq!(app.selfies_waiting(&sam).await.len(), 1);
}

/// An unknown pose, something that is not a picture, no selfie at all, or a second selfie
/// while one waits: each is refused with a message saying what is wrong, and nothing is
/// stored.
async fn a_bad_selfie_is_refused_and_nothing_is_stored(b: Backend) {
    let app = spawn(b).await;
    let ana = app.woman("ana").await;
    let before = (app.count("photo_verifications").await, app.media_files());
    app.send_selfie(&ana, "cartwheel", &photo())
        .await
        .fails(400, UNKNOWN_POSE);
    app.post(VERIFICATION, Some(&ana.token), json!({ "selfie": photo() }))
        .await
        .fails(400, UNKNOWN_POSE);
    app.send_selfie(
        &ana,
        "peace_sign",
        "data:image/jpeg;base64,aGVsbG8gd29ybGQ=",
    )
    .await
    .fails(400, NOT_AN_IMAGE);
    app.post(
        VERIFICATION,
        Some(&ana.token),
        json!({ "pose": "peace_sign" }),
    )
    .await
    .fails(400, NOT_AN_IMAGE);
    assert_eq!(
        (app.count("photo_verifications").await, app.media_files()),
        before
    );
    assert_eq!(app.status_of(&ana).await["state"], "none");

    app.verifies(&ana).await;
    let stored = (app.count("photo_verifications").await, app.media_files());
    app.send_selfie(&ana, "peace_sign", &photo())
        .await
        .fails(409, PENDING);
    assert_eq!(
        (app.count("photo_verifications").await, app.media_files()),
        stored
    );
    assert_eq!(
        app.post(
            VERIFICATION,
            None,
            json!({ "pose": "peace_sign", "selfie": photo() })
        )
        .await
        .status,
        401
    );
}

/// Deleting her account erases her verification and its waiting selfie; her archive holds her
/// verification before that.
async fn her_verification_is_in_her_archive_and_goes_with_her_account(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let ana = app.woman("ana").await;
    let first = app.verifies(&ana).await;
    app.decide_selfie(
        &sam,
        first,
        json!({ "decision": "reject", "reason": "quality" }),
    )
    .await
    .ok();
    app.clock().advance(chrono::Duration::days(2));
    app.verifies(&ana).await;

    let auth = format!("Bearer {}", ana.token);
    let got = app
        .fetch(
            "GET",
            "/prod-api/system/user/export",
            &[("authorization", auth.as_str())],
        )
        .await;
    assert_eq!(got.status, 200);
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(&got.bytes[..])).unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut archive.by_name("verification.json").unwrap(),
        &mut text,
    )
    .unwrap();
    let exported: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(exported["verified"], false);
    let requests = exported["requests"].as_array().unwrap();
    assert_eq!(requests.len(), 2);
    assert_eq!(
        (&requests[0]["state"], &requests[0]["reason"]),
        (&json!("rejected"), &json!("quality"))
    );
    assert_eq!(requests[1]["state"], "pending");
    let selfie = requests[1]["selfie"].as_str().unwrap();
    assert!(archive.by_name(selfie).is_ok(), "{selfie} in the archive");
    assert_eq!(app.selfies_stored().await, 2);

    app.delete_account(&ana).await;
    assert_eq!(app.count("photo_verifications").await, 0);
    assert_eq!(app.selfies_stored().await, 0);
    assert!(app.selfies_waiting(&sam).await.is_empty());
}

both_databases!(
    the_app_shows_a_drawn_pose_to_copy,
    an_approved_selfie_verifies_her_until_she_changes_her_photo,
    a_refused_selfie_says_why_and_she_tries_again_a_day_later,
    a_bad_selfie_is_refused_and_nothing_is_stored,
    her_verification_is_in_her_archive_and_goes_with_her_account,
);
