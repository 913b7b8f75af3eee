//! Comments on dynamics: top-level comments, sub-comments under them and replies naming whom
//! they answer (a reply to a sub-comment joins its top-level comment); a list of top-level
//! comments oldest first with their first three sub-comments, the rest paged apart; the
//! dynamic's comment count following along. Only a comment's author, or staff, removes it, and
//! a top-level comment goes with its sub-comments. Blocks and bans hide comments; a refusal
//! stores nothing.

use crate::common::feed::{
    row_ids, COMMENT, COMMENT_NOT_REMOVED, EMPTY_COMMENT, LONG_COMMENT, NOT_FOUND,
    REPLY_WITHOUT_COMMENT, SUBS, UNCOMMENT,
};
use crate::common::{spawn, spawn_with, Backend, Person, Setup, TestApp};
use serde_json::{json, Value};

/// Asserts what a comment says of itself.
#[track_caller]
fn is_comment(c: &Value, author: &Person, dynamic: i64, content: &str, parent: Option<i64>) {
    assert_eq!(c["userId"], author.id, "{c}");
    assert_eq!(c["userName"], author.user_name.as_str(), "{c}");
    assert_eq!(c["dynamicId"], dynamic, "{c}");
    assert_eq!(c["content"], content, "{c}");
    assert_eq!(c["parentId"], json!(parent), "{c}");
    assert!(c["id"].as_i64().is_some(), "{c}");
    assert!(c["createdAt"].as_str().is_some(), "{c}");
}

/// The comment count the dynamic shows.
async fn count_of(app: &TestApp, who: &Person, dynamic: i64) -> i64 {
    app.dynamic(who, dynamic).await.ok()["comments"]
        .as_i64()
        .unwrap()
}

async fn subs_page(app: &TestApp, who: &Person, top: i64, query: &str) -> Value {
    app.get(&format!("{SUBS}?commentId={top}&{query}"), Some(&who.token))
        .await
        .ok()
}

async fn comments_sub_comments_and_replies_are_stored_and_listed(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let dynamic = app.posts(&ana, "Who wants to visit Seoul?").await;

    let top = app.comment(&bob, dynamic, "  Me!  ", None, None).await.ok();
    is_comment(&top, &bob, dynamic, "Me!", None);
    assert_eq!(top["mine"], true);
    assert_eq!(top["replyToUserId"], Value::Null);
    assert_eq!(top["replyToUserName"], Value::Null);
    assert_eq!((&top["subCount"], &top["subs"]), (&json!(0), &json!([])));
    let top_id = top["id"].as_i64().unwrap();

    let sub = app
        .comment(&ana, dynamic, "Great, when?", Some(top_id), None)
        .await
        .ok();
    is_comment(&sub, &ana, dynamic, "Great, when?", Some(top_id));
    assert_eq!(sub["replyToUserId"], Value::Null);

    let reply = app
        .comment(&cleo, dynamic, "Take me too", Some(top_id), Some(bob.id))
        .await
        .ok();
    is_comment(&reply, &cleo, dynamic, "Take me too", Some(top_id));
    assert_eq!(reply["replyToUserId"], bob.id);
    assert_eq!(reply["replyToUserName"], "bob");

    // A reply to a sub-comment joins its top-level comment.
    let sub_id = sub["id"].as_i64().unwrap();
    let deeper = app
        .comment(&bob, dynamic, "In May", Some(sub_id), Some(ana.id))
        .await
        .ok();
    is_comment(&deeper, &bob, dynamic, "In May", Some(top_id));
    assert_eq!(deeper["replyToUserName"], "ana");

    let second = app.comments_on(&cleo, dynamic, "Seoul is lovely").await;

    // The list: top-level comments oldest first, each with its sub-comments, as cleo sees it.
    let page = app.comment_list(&cleo, dynamic).await.ok();
    assert_eq!(page["total"], 2);
    assert_eq!(row_ids(&page), vec![top_id, second]);
    let first = &page["rows"][0];
    assert_eq!(first["subCount"], 3);
    assert_eq!(first["mine"], false);
    let subs = first["subs"].as_array().unwrap();
    let sub_ids: Vec<i64> = subs.iter().map(|s| s["id"].as_i64().unwrap()).collect();
    assert_eq!(
        sub_ids,
        vec![
            sub_id,
            reply["id"].as_i64().unwrap(),
            deeper["id"].as_i64().unwrap()
        ]
    );
    assert_eq!(subs[1]["mine"], true);
    assert_eq!(subs[1]["replyToUserName"], "bob");
    for s in subs {
        assert_eq!((&s["subCount"], &s["subs"]), (&json!(0), &json!([])), "{s}");
    }
    assert_eq!(page["rows"][1]["subCount"], 0);

    // The page and the count of the dynamic agree, for everyone.
    assert_eq!(count_of(&app, &ana, dynamic).await, 5);
    assert_eq!(app.feed(&bob, "").await["rows"][0]["comments"], 5);
    assert_eq!(app.count("comments").await, 5);

    // Without a session: nothing.
    app.get(
        &format!("{}?dynamicId={dynamic}", crate::common::feed::COMMENTS),
        None,
    )
    .await
    .fails(401, "Login has expired, please log in again");
}

async fn sub_comments_past_the_first_three_are_paged(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let dynamic = app.posts(&ana, "Tell me a joke").await;
    let top = app.comments_on(&bob, dynamic, "Here are seven").await;
    let mut subs = Vec::new();
    for i in 0..7 {
        let who = if i % 2 == 0 { &ana } else { &bob };
        subs.push(app.answers(who, dynamic, top, &format!("Joke {i}")).await);
    }

    let page = app.comment_list(&ana, dynamic).await.ok();
    assert_eq!(page["rows"][0]["subCount"], 7);
    let first_three: Vec<i64> = page["rows"][0]["subs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    assert_eq!(first_three, subs[..3].to_vec());

    let mut paged = Vec::new();
    for n in 1..=3 {
        let page = subs_page(&app, &ana, top, &format!("pageNum={n}&pageSize=3")).await;
        assert_eq!(page["total"], 7);
        paged.extend(row_ids(&page));
    }
    assert_eq!(paged, subs, "every sub-comment once, oldest first");
    let rest = subs_page(&app, &ana, top, "pageNum=4&pageSize=3").await;
    assert_eq!(row_ids(&rest), Vec::<i64>::new());

    // Sub-comments have none of their own.
    let of_sub = app
        .get(&format!("{SUBS}?commentId={}", subs[0]), Some(&ana.token))
        .await;
    if of_sub.status == 200 {
        assert_eq!(of_sub.data()["total"], 0);
    } else {
        assert!(matches!(of_sub.status, 400 | 404), "{}", of_sub.body);
    }
    app.get(&format!("{SUBS}?commentId=999999"), Some(&ana.token))
        .await
        .fails(404, NOT_FOUND);
}

async fn a_comment_says_something_in_at_most_500_characters(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let dynamic = app.posts(&ana, "Say something").await;
    let top = app.comments_on(&bob, dynamic, "Something").await;
    let before = app.social().await;

    for (content, parent, msg) in [
        ("", None, EMPTY_COMMENT),
        ("  \n ", None, EMPTY_COMMENT),
        ("", Some(top), EMPTY_COMMENT),
        (&*"x".repeat(501), None, LONG_COMMENT),
        (&*"é".repeat(501), Some(top), LONG_COMMENT),
    ] {
        app.comment(&bob, dynamic, content, parent, None)
            .await
            .fails(400, msg);
    }
    app.post(COMMENT, Some(&bob.token), json!({ "dynamicId": dynamic }))
        .await
        .fails(400, EMPTY_COMMENT);
    assert_eq!(app.social().await, before);
    assert_eq!(count_of(&app, &ana, dynamic).await, 1);

    let full = "é".repeat(500);
    let stored = app.comment(&bob, dynamic, &full, None, None).await.ok();
    assert_eq!(stored["content"], full.as_str());
}

async fn a_sub_comment_answers_a_comment_of_the_same_dynamic(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let here = app.posts(&ana, "Here").await;
    let there = app.posts(&ana, "There").await;
    let top_there = app.comments_on(&bob, there, "Over there").await;
    let top_here = app.comments_on(&bob, here, "Over here").await;
    let before = app.social().await;

    for parent in [top_there, 999_999] {
        let reply = app
            .comment(&ana, here, "Wrong place", Some(parent), None)
            .await;
        assert!(
            matches!(reply.status, 400 | 404),
            "parent {parent}: {}",
            reply.body
        );
    }
    app.comment(&ana, here, "To whom?", None, Some(bob.id))
        .await
        .fails(400, REPLY_WITHOUT_COMMENT);
    let reply = app
        .comment(&ana, here, "To nobody", Some(top_here), Some(999_999))
        .await;
    assert!(matches!(reply.status, 400 | 404), "{}", reply.body);
    assert_eq!(app.social().await, before);
    assert_eq!(count_of(&app, &ana, here).await, 1);
    assert_eq!(count_of(&app, &ana, there).await, 1);
}

async fn only_the_author_or_staff_remove_a_comment(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let staff = app.register("moderator").await;
    app.make_staff(&staff).await;
    let dynamic = app.posts(&ana, "Comment away").await;
    let his = app.comments_on(&bob, dynamic, "Bob was here").await;
    let hers = app.comments_on(&cleo, dynamic, "Cleo too").await;
    let sub = app.answers(&cleo, dynamic, his, "Hi Bob").await;

    // Not the author: not even the dynamic's own author.
    let before = app.social().await;
    for (who, id) in [(&cleo, his), (&ana, his), (&bob, sub), (&ana, hers)] {
        app.remove_comment(who, id)
            .await
            .fails(403, COMMENT_NOT_REMOVED);
    }
    let reply = app.remove_comment(&bob, 999_999).await;
    assert!(matches!(reply.status, 403 | 404), "{}", reply.body);
    assert_eq!(
        app.social().await,
        before,
        "a refused removal removed something"
    );
    assert_eq!(count_of(&app, &ana, dynamic).await, 3);

    // The author removes a sub-comment (form-encoded, as the app sends it).
    assert_eq!(
        app.post_form(UNCOMMENT, Some(&cleo.token), vec![("id", sub.to_string())])
            .await
            .ok(),
        json!(null)
    );
    assert_eq!(count_of(&app, &ana, dynamic).await, 2);
    let page = app.comment_list(&ana, dynamic).await.ok();
    assert_eq!(page["rows"][0]["subCount"], 0);

    // Staff remove anyone's.
    app.remove_comment(&staff, hers).await.ok();
    assert_eq!(app.visible_comments(&ana, dynamic).await, vec![his]);
    assert_eq!(count_of(&app, &ana, dynamic).await, 1);
    app.remove_comment(&bob, his).await.ok();
    assert_eq!(app.count("comments").await, 0);
    assert_eq!(count_of(&app, &ana, dynamic).await, 0);
}

async fn removing_a_comment_removes_its_sub_comments(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let dynamic = app.posts(&ana, "Thread").await;
    let top = app.comments_on(&bob, dynamic, "Start").await;
    let other = app.comments_on(&ana, dynamic, "Aside").await;
    for i in 0..4 {
        let who = if i % 2 == 0 { &ana } else { &bob };
        app.answers(who, dynamic, top, &format!("Answer {i}")).await;
    }
    let kept = app.answers(&bob, dynamic, other, "Kept").await;
    assert_eq!(count_of(&app, &ana, dynamic).await, 7);

    app.remove_comment(&bob, top).await.ok();
    assert_eq!(app.visible_comments(&ana, dynamic).await, vec![other, kept]);
    assert_eq!(app.count("comments").await, 2);
    assert_eq!(count_of(&app, &ana, dynamic).await, 2);
    let reply = app
        .get(&format!("{SUBS}?commentId={top}"), Some(&ana.token))
        .await;
    reply.fails(404, NOT_FOUND);
    app.comment(&ana, dynamic, "Too late", Some(top), None)
        .await
        .fails(404, NOT_FOUND);
}

async fn blocks_hide_comments_both_ways(b: Backend) {
    let app = spawn(b).await;
    let dora = app.register("dora").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let dynamic = app.posts(&dora, "Open to all").await;
    let his = app.comments_on(&bob, dynamic, "Bob's").await;
    let hers = app.comments_on(&cleo, dynamic, "Cleo's").await;
    let her_sub = app.answers(&cleo, dynamic, his, "Cleo answers Bob").await;
    let his_sub = app.answers(&bob, dynamic, hers, "Bob answers Cleo").await;
    let all = vec![his, her_sub, hers, his_sub];
    assert_eq!(app.visible_comments(&bob, dynamic).await, all);

    app.blocks(&bob, &cleo).await;
    let bob_sees = app.visible_comments(&bob, dynamic).await;
    assert!(
        !bob_sees.contains(&hers) && !bob_sees.contains(&her_sub),
        "bob sees cleo: {bob_sees:?}"
    );
    assert!(bob_sees.contains(&his), "{bob_sees:?}");
    let cleo_sees = app.visible_comments(&cleo, dynamic).await;
    assert!(
        !cleo_sees.contains(&his) && !cleo_sees.contains(&his_sub),
        "cleo sees bob: {cleo_sees:?}"
    );
    assert!(cleo_sees.contains(&hers), "{cleo_sees:?}");
    // The first three sub-comments of the list hide them as well.
    let page = app.comment_list(&bob, dynamic).await.ok();
    for top in page["rows"].as_array().unwrap() {
        for s in top["subs"].as_array().unwrap() {
            assert_ne!(s["userId"], cleo.id, "{page}");
        }
    }
    assert_eq!(app.visible_comments(&dora, dynamic).await, all);

    // Neither answers the other.
    let before = app.social().await;
    app.comment(&cleo, dynamic, "Psst", Some(his), None)
        .await
        .fails(404, NOT_FOUND);
    app.comment(&bob, dynamic, "Psst", Some(hers), None)
        .await
        .fails(404, NOT_FOUND);
    app.comment(&cleo, dynamic, "Psst", Some(hers), Some(bob.id))
        .await
        .fails(404, NOT_FOUND);
    assert_eq!(app.social().await, before);

    // A block between the author of the dynamic and a reader hides the whole thread.
    app.blocks(&dora, &bob).await;
    app.comment_list(&bob, dynamic).await.fails(404, NOT_FOUND);
    app.comment(&bob, dynamic, "Hello?", None, None)
        .await
        .fails(404, NOT_FOUND);
    app.unblocks(&dora, &bob).await;

    app.unblocks(&bob, &cleo).await;
    assert_eq!(app.visible_comments(&bob, dynamic).await, all);
    assert_eq!(app.visible_comments(&cleo, dynamic).await, all);
}

async fn banned_peoples_comments_are_hidden(b: Backend) {
    let app = spawn(b).await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let cleo = app.register("cleo").await;
    let dynamic = app.posts(&ana, "Hello").await;
    let his = app.comments_on(&bob, dynamic, "Buy followers").await;
    let hers = app.comments_on(&cleo, dynamic, "Hi").await;
    let sub = app.answers(&bob, dynamic, hers, "Buy followers too").await;
    assert_eq!(
        app.visible_comments(&ana, dynamic).await,
        vec![his, hers, sub]
    );

    app.ban(&bob).await;
    assert_eq!(app.visible_comments(&ana, dynamic).await, vec![hers]);
    let page = app.comment_list(&ana, dynamic).await.ok();
    assert_eq!(page["rows"][0]["subs"], json!([]), "{page}");
    app.comment(&ana, dynamic, "To bob", Some(his), None)
        .await
        .fails(404, NOT_FOUND);
}

async fn commenting_is_limited_per_account(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| c.rate_limit.comment_per_account = 2,
    )
    .await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    let dynamic = app.posts(&ana, "Quiet please").await;
    let top = app.comments_on(&bob, dynamic, "One").await;
    app.answers(&bob, dynamic, top, "Two").await;
    let before = app.social().await;
    app.comment(&bob, dynamic, "Three", None, None)
        .await
        .limited();
    app.comment(&bob, dynamic, "Four", Some(top), None)
        .await
        .limited();
    assert_eq!(app.social().await, before, "a refused comment was stored");
    app.comments_on(&ana, dynamic, "Ana's own quota").await;
}

both_databases!(
    comments_sub_comments_and_replies_are_stored_and_listed,
    sub_comments_past_the_first_three_are_paged,
    a_comment_says_something_in_at_most_500_characters,
    a_sub_comment_answers_a_comment_of_the_same_dynamic,
    only_the_author_or_staff_remove_a_comment,
    removing_a_comment_removes_its_sub_comments,
    blocks_hide_comments_both_ways,
    banned_peoples_comments_are_hidden,
    commenting_is_limited_per_account,
);
