//! Taking down with a reason: staff give a listed reason (and words of their own) when they take
//! down a photo or a flagged dynamic, the audit log keeps it, and the person is told it in their
//! language. Every notice the server writes by itself is written in each reader's language: the
//! Bulletin shows it in the language the reader reads the app in.

use crate::common::feed::{photo, row_ids};
use crate::common::staff::{PHOTO_REMOVED_BODY, PHOTO_REMOVED_TITLE};
use crate::common::{spawn, Backend, Person, TestApp};
use serde_json::{json, Value};

const BAD_REASON: &str = "Choose a reason: nudity, violence, hate, spam, not_theirs or other";

/// Someone speaking `language`, with one album photo waiting for staff.
async fn with_photo(app: &TestApp, name: &str, language: &str) -> (Person, i64) {
    let who = app
        .register_with(name, json!({ "gender": "female", "language": language }))
        .await;
    app.make_member(&who, 30).await;
    let ids = row_ids(&app.add_photos(&who, vec![photo()]).await.ok());
    (who, ids[0])
}

fn pair(title: &str, body: &str) -> (String, String) {
    (title.to_owned(), body.to_owned())
}

/// A photo taken down for a listed reason, with staff's own words: its owner reads the notice in
/// her language, the reason translated and the words as written; the audit log keeps both.
async fn a_take_down_tells_its_reason_in_her_language(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let (olga, photo) = with_photo(&app, "olga", "ru").await;

    let reply = app
        .admin_post(
            &sam,
            &format!("/review/photo/{photo}"),
            json!({ "decision": "reject", "reason": "not_theirs", "note": "Это фото с чужой страницы." }),
        )
        .await;
    reply.ok();
    assert_eq!(
        app.notices_in(&olga, "ru").await,
        vec![pair(
            "Фото из вашего альбома удалено",
            "Оно не соответствовало правилам сообщества.\nПричина: фото другого человека.\nЭто фото с чужой страницы."
        )]
    );
    let audit = app
        .audit(&sam, &format!("targetKind=photo&targetId={photo}"))
        .await;
    assert_eq!(audit[0]["after"]["decision"], "reject");
    assert_eq!(audit[0]["after"]["reason"], "not_theirs");
    assert_eq!(audit[0]["after"]["note"], "Это фото с чужой страницы.");

    // A flagged dynamic taken down: its author is told too, why, in her language.
    let bob = app.man("bob").await;
    let post = app.posts(&olga, "Купите подписчиков").await;
    app.flag(&bob, post, "spam").await.ok();
    app.admin_post(
        &sam,
        &format!("/review/dynamic/{post}"),
        json!({ "decision": "reject", "reason": "spam" }),
    )
    .await
    .ok();
    assert_eq!(
        app.notices_in(&olga, "ru").await[0],
        pair(
            "Ваша запись удалена",
            "Она не соответствовала правилам сообщества.\nПричина: спам или реклама."
        )
    );
    let audit = app
        .audit(&sam, &format!("targetKind=dynamic&targetId={post}"))
        .await;
    assert_eq!(audit[0]["after"]["reason"], "spam");
    assert_eq!(audit[0]["after"]["note"], Value::Null);
}

/// A reason not on the list is refused with a clear error, and nothing is decided: the photo and
/// the dynamic still wait, nobody is told anything.
async fn a_bad_take_down_reason_is_refused_and_changes_nothing(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let (ana, photo) = with_photo(&app, "ana", "en").await;
    let bob = app.man("bob").await;
    let post = app.posts(&ana, "Hello").await;
    app.flag(&bob, post, "spam").await.ok();
    let before = app.notices_in(&ana, "en").await;

    for (kind, id) in [("photo", photo), ("dynamic", post)] {
        app.admin_post(
            &sam,
            &format!("/review/{kind}/{id}"),
            json!({ "decision": "reject", "reason": "ugly" }),
        )
        .await
        .fails(400, BAD_REASON);
    }
    let long = "x".repeat(501);
    app.admin_post(
        &sam,
        &format!("/review/photo/{photo}"),
        json!({ "decision": "reject", "reason": "other", "note": long }),
    )
    .await
    .fails(
        400,
        "The note to the person may have at most 500 characters",
    );

    assert_eq!(app.waiting(&sam, "photos").await, vec![photo]);
    assert_eq!(app.waiting(&sam, "dynamics").await, vec![post]);
    assert_eq!(app.notices_in(&ana, "en").await, before);
    assert!(app.audit(&sam, "targetKind=photo").await.is_empty());
}

/// The removed-photo notice the server writes reaches a Japanese and a Russian reader in their
/// languages, and follows a reader who changes the app's language.
async fn a_removed_photo_notice_is_in_each_readers_language(b: Backend) {
    let app = spawn(b).await;
    let sam = app.staff("sam").await;
    let (yuki, hers) = with_photo(&app, "yuki", "ja").await;
    let (olga, theirs) = with_photo(&app, "olga", "ru").await;
    app.decides(&sam, "photo", hers, "reject").await;
    app.decides(&sam, "photo", theirs, "reject").await;

    assert_eq!(
        app.notices_in(&yuki, "ja").await,
        vec![pair(
            "アルバムの写真が削除されました",
            "コミュニティのルールに沿っていませんでした。"
        )]
    );
    assert_eq!(
        app.notices_in(&olga, "ru").await,
        vec![pair(
            "Фото из вашего альбома удалено",
            "Оно не соответствовало правилам сообщества."
        )]
    );
    assert_eq!(
        app.notices_in(&olga, "en").await,
        vec![pair(PHOTO_REMOVED_TITLE, PHOTO_REMOVED_BODY)],
        "read in English once she reads the app in English"
    );
}

both_databases!(
    a_take_down_tells_its_reason_in_her_language,
    a_bad_take_down_reason_is_refused_and_changes_nothing,
    a_removed_photo_notice_is_in_each_readers_language,
);
