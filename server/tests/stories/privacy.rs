//! A person's own data (docs/privacy.md): the archive of everything we hold about them holds
//! each part with the bytes of their pictures and nothing of other people's private data, needs
//! a session and is limited; deleting the account leaves nothing of them in any table but what
//! privacy.md says stays (orders, the ledger, the anonymised row they point at, the rows of the
//! other person's conversation with their own contents blanked), and none of their pictures.

use std::collections::BTreeMap;
use std::io::Read;

use chrono::{Datelike, TimeZone, Utc};
use serde_json::{json, Value};

use crate::common::feed::photo;
use crate::common::{spawn, spawn_on, spawn_with, Backend, Person, Setup, Store, TestApp};

const EXPORT: &str = "/prod-api/system/user/export";

/// The archive as `who` downloads it: status, headers and the files it holds.
async fn export(
    app: &TestApp,
    who: &Person,
) -> (crate::common::Fetched, BTreeMap<String, Vec<u8>>) {
    let auth = format!("Bearer {}", who.token);
    let got = app
        .fetch("GET", EXPORT, &[("authorization", auth.as_str())])
        .await;
    assert_eq!(got.status, 200, "{}", got.text());
    let files = unzip(&got.bytes);
    (got, files)
}

fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip archive");
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).unwrap();
            (file.name().unwrap().into_owned(), bytes)
        })
        .collect()
}

fn json_of(files: &BTreeMap<String, Vec<u8>>, name: &str) -> Value {
    let bytes = files
        .get(name)
        .unwrap_or_else(|| panic!("no {name} in {:?}", files.keys()));
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"))
}

/// The stored key of a public `/media/...` URL.
fn key_of(url: &str) -> String {
    url.trim_start_matches("/media/")
        .split('?')
        .next()
        .unwrap()
        .to_owned()
}

/// What Ana, a member, has done on Amora with Bob: photos in her album and a dynamic, a
/// comment and a like on his dynamic, likes both ways (a match), a visit to Carl, a
/// conversation with Bob with a picture in it, a remark, a contact, settings, an order paid
/// in coins, a block on Dan, an upload not yet published. Carl and Dan talk between them and
/// Dan has an order of his own.
struct World {
    app: TestApp,
    ana: Person,
    bob: Person,
    carl: Person,
    dan: Person,
    bobs_dynamic: i64,
    /// Media files before Ana registered (everyone else's).
    files_before_ana: usize,
}

async fn world(app: TestApp) -> World {
    let bob = app.man("bob").await;
    let carl = app.man("carl").await;
    let dan = app.woman("dan").await;
    let bobs_dynamic = app.publish(&bob, "Bob's day out", vec![photo()]).await.ok()["id"]
        .as_i64()
        .unwrap();
    app.says(&carl, &dan, "carl-dan secret").await;
    app.give_coins(&dan, 3000, "dan").await;
    app.create_order(&dan, "vip-1m", "gold").await.ok();
    let files_before_ana = app.media_files();

    let ana = app.woman("ana").await;
    app.make_member(&ana, 30).await;
    let album = app.add_photos(&ana, vec![photo()]).await.ok();
    app.approve_photo(album["rows"][0]["id"].as_i64().unwrap())
        .await;
    app.publish(&ana, "Ana at the sea", vec![photo()])
        .await
        .ok();
    app.comments_on(&ana, bobs_dynamic, "Lovely, Bob").await;
    app.like_dynamic(&ana, bobs_dynamic).await.ok();
    for (who, whom) in [(&ana, &bob), (&bob, &ana)] {
        app.get(
            &format!("/prod-api/system/like/opera/{}", whom.id),
            Some(&who.token),
        )
        .await
        .ok();
    }
    let visit = format!("/prod-api/system/user/profile/homePage?userId={}", carl.id);
    app.get(&visit, Some(&ana.token)).await.ok();
    app.says(&ana, &bob, "hello from ana").await;
    app.send_content(&ana, bob.id, "img", json!({ "image": photo() }), None)
        .await
        .ok();
    app.says(&bob, &ana, "reply from bob").await;
    app.post(
        &TestApp::with_query(
            &format!("/prod-api/em/friend/updateRemark/{}", bob.id),
            &[("remark", "Bob from Madrid")],
        ),
        Some(&ana.token),
        json!({}),
    )
    .await
    .ok();
    app.get(
        &format!("/prod-api/em/addFriend/{}", bob.id),
        Some(&ana.token),
    )
    .await
    .ok();
    app.post(
        "/prod-api/system/push/settings",
        Some(&ana.token),
        json!({ "likes": false, "timeZone": "Europe/Madrid", "quietHours": { "from": "22:30", "to": "07:00" } }),
    )
    .await
    .ok();
    app.execute(&format!(
        "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
         VALUES ({}, 'https://push.example/ana', 'key', 'auth', 1)",
        ana.id
    ))
    .await;
    app.execute(&format!(
        "INSERT INTO chat_languages (user_id, partner_id, target, updated_at) VALUES ({}, {}, 'es', 1), ({}, {}, 'en', 1)",
        ana.id, bob.id, bob.id, ana.id
    ))
    .await;
    app.give_coins(&ana, 1000, "ana").await;
    app.create_order(&ana, "chars-2000", "gold").await.ok();
    app.block(&ana, dan.id).await;
    app.upload(&ana, photo()).await.ok();
    World {
        app,
        ana,
        bob,
        carl,
        dan,
        bobs_dynamic,
        files_before_ana,
    }
}

async fn the_archive_holds_each_part_and_the_bytes_of_my_pictures(b: Backend, store: Store) {
    let w = world(spawn_on(b, store).await).await;
    let (app, ana, bob, carl) = (&w.app, &w.ana, &w.bob, &w.carl);
    let (got, files) = export(app, ana).await;
    assert_eq!(got.header("content-type").unwrap(), "application/zip");
    let today = app.clock().now().format("%Y-%m-%d").to_string();
    assert_eq!(
        got.header("content-disposition").unwrap(),
        format!("attachment; filename=\"amora-ana-{today}.zip\"")
    );
    for name in [
        "README.txt",
        "profile.json",
        "messages.json",
        "likes.json",
        "posts.json",
        "album.json",
        "orders.json",
        "ledger.json",
    ] {
        assert!(files.contains_key(name), "no {name}: {:?}", files.keys());
    }
    let readme = String::from_utf8(files["README.txt"].clone()).unwrap();
    for name in ["profile.json", "messages.json", "ledger.json", "photos/"] {
        assert!(readme.contains(name), "the README does not explain {name}");
    }

    let profile = json_of(&files, "profile.json");
    assert_eq!(profile["userId"], ana.id);
    assert_eq!(profile["userName"], "ana");
    assert_eq!(profile["email"], "ana@example.com");
    assert_eq!(profile["country"], "Spain");
    assert_eq!(profile["birthday"], "1995-03-02");
    assert_eq!(profile["membership"]["level"], "VIP");
    assert_eq!(profile["membership"]["active"], true);
    assert_eq!(profile["languages"]["interface"], "en");
    assert_eq!(
        profile["languages"]["chat"],
        json!([{ "with": { "userId": bob.id, "userName": "bob" }, "language": "es",
                 "updatedAt": "1970-01-01T00:00:01Z" }])
    );
    let push = &profile["settings"]["push"];
    assert_eq!(push["likes"], false);
    assert_eq!(push["messages"], true);
    assert_eq!(push["timeZone"], "Europe/Madrid");
    assert_eq!(
        push["quietHours"],
        json!({ "from": "22:30", "to": "07:00" })
    );
    assert_eq!(
        profile["settings"]["pushSubscriptions"][0]["endpoint"],
        "https://push.example/ana"
    );
    assert_eq!(profile["remarks"][0]["remark"], "Bob from Madrid");
    assert_eq!(profile["contacts"][0]["with"]["userId"], bob.id);
    assert_eq!(profile["blocked"][0]["who"]["userName"], "dan");

    let messages = json_of(&files, "messages.json");
    let conversations = messages["conversations"].as_array().unwrap();
    assert_eq!(conversations.len(), 1, "{messages}");
    // The other person by user id and user name only.
    assert_eq!(
        conversations[0]["with"],
        json!({ "userId": bob.id, "userName": "bob" })
    );
    let talk = conversations[0]["messages"].as_array().unwrap();
    let kinds: Vec<(&str, i64, i64)> = talk
        .iter()
        .map(|m| {
            for field in ["id", "type", "content", "status", "createdAt", "readAt"] {
                assert!(m.get(field).is_some(), "no {field}: {m}");
            }
            (
                m["type"].as_str().unwrap(),
                m["from"].as_i64().unwrap(),
                m["to"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("txt", ana.id, bob.id),
            ("img", ana.id, bob.id),
            ("txt", bob.id, ana.id)
        ]
    );
    assert_eq!(talk[0]["content"]["text"], "hello from ana");
    assert_eq!(talk[2]["content"]["text"], "reply from bob");
    assert_eq!(talk[2]["status"], "unread");

    let likes = json_of(&files, "likes.json");
    let who = |list: &str| -> Vec<i64> {
        likes[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["who"]["userId"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(who("likesGiven"), vec![bob.id]);
    assert_eq!(who("likesReceived"), vec![bob.id]);
    assert_eq!(who("matches"), vec![bob.id]);
    assert_eq!(who("visitsGiven"), vec![carl.id]);
    assert_eq!(who("footprintsGiven"), vec![carl.id]);

    let posts = json_of(&files, "posts.json");
    assert_eq!(posts["dynamics"][0]["content"], "Ana at the sea");
    assert_eq!(posts["comments"][0]["content"], "Lovely, Bob");
    assert_eq!(posts["comments"][0]["dynamicId"], w.bobs_dynamic);
    assert_eq!(posts["likedDynamics"][0]["dynamicId"], w.bobs_dynamic);
    let album = json_of(&files, "album.json");
    assert_eq!(album["photos"][0]["state"], "open");

    let orders = json_of(&files, "orders.json");
    let orders = orders["orders"].as_array().unwrap();
    assert_eq!(orders.len(), 1, "{orders:?}");
    assert_eq!(orders[0]["product"], "chars-2000");
    assert_eq!(orders[0]["payType"], "gold");
    assert_eq!(orders[0]["state"], "finished");
    let ledger = json_of(&files, "ledger.json");
    assert_eq!(ledger["balances"]["coins"], app.coins(ana).await);
    assert_eq!(ledger["balances"]["characters"], 2000);
    assert_eq!(
        ledger["entries"].as_array().unwrap().len() as i64,
        app.ledger_of(ana).await
    );

    // Every picture the JSON names is in the archive, byte for byte what the media store holds:
    // the avatar, the album photo, the dynamic's photo and the chat picture she sent.
    let me = app.get("/prod-api/getInfo", Some(&ana.token)).await.ok();
    let mut named = vec![
        profile["avatar"].as_str().unwrap().to_owned(),
        album["photos"][0]["photo"].as_str().unwrap().to_owned(),
        posts["dynamics"][0]["photos"][0]
            .as_str()
            .unwrap()
            .to_owned(),
        talk[1]["photo"].as_str().unwrap().to_owned(),
    ];
    assert_eq!(
        named[0],
        format!("photos/{}", key_of(me["avatar"].as_str().unwrap()))
    );
    for folder in [
        "photos/avatars/",
        "photos/album/",
        "photos/dynamics/",
        "photos/chat/",
    ] {
        assert!(named.iter().any(|p| p.starts_with(folder)), "{named:?}");
    }
    named.sort();
    let in_archive: Vec<String> = files
        .keys()
        .filter(|k| k.starts_with("photos/"))
        .cloned()
        .collect();
    assert_eq!(in_archive, named);
    for path in &named {
        let key = path.trim_start_matches("photos/");
        let bytes = app
            .media_bytes(key)
            .await
            .unwrap_or_else(|| panic!("{key} is not stored"));
        assert!(bytes.starts_with(&[0xFF, 0xD8]), "{key} is not a JPEG");
        assert_eq!(files[path], bytes, "{path}");
    }
}

async fn the_archive_holds_nothing_of_other_peoples_private_data(b: Backend) {
    let w = world(spawn(b).await).await;
    let (app, ana, carl, dan) = (&w.app, &w.ana, &w.carl, &w.dan);
    let (_, files) = export(app, ana).await;
    let everything: String = files
        .iter()
        .filter(|(name, _)| !name.starts_with("photos/"))
        .map(|(_, bytes)| String::from_utf8_lossy(bytes).into_owned())
        .collect();
    for private in [
        "carl-dan secret",
        "bob@example.com",
        "dan@example.com",
        "vip-1m",
        "Bob's day out",
    ] {
        assert!(
            !everything.contains(private),
            "the archive holds {private:?}"
        );
    }
    // Carl's archive holds his own conversation, and nothing of Ana's.
    let (_, his) = export(app, carl).await;
    let messages = json_of(&his, "messages.json");
    assert_eq!(messages["conversations"][0]["with"]["userId"], dan.id);
    assert_eq!(messages["conversations"].as_array().unwrap().len(), 1);
    assert!(!String::from_utf8_lossy(&his["messages.json"]).contains("hello from ana"));
    assert!(json_of(&his, "orders.json")["orders"]
        .as_array()
        .unwrap()
        .is_empty());
    assert!(!his.keys().any(|k| k.starts_with("photos/album")));
}

async fn the_archive_needs_a_session_and_is_limited_per_account(b: Backend) {
    let app = spawn_with(
        Setup {
            rate_limits: true,
            ..Setup::new(b)
        },
        |c| c.rate_limit.export_per_account = 2,
    )
    .await;
    let ana = app.register("ana").await;
    let bob = app.register("bob").await;
    app.get(EXPORT, None)
        .await
        .fails(401, "Login has expired, please log in again");
    app.get(EXPORT, Some("not-a-token"))
        .await
        .fails(401, "Login has expired, please log in again");
    // After signing out, the token no longer opens it.
    let gone = app.register("gone").await;
    app.post("/prod-api/logout", Some(&gone.token), json!({}))
        .await
        .ok();
    assert_eq!(app.get(EXPORT, Some(&gone.token)).await.status, 401);

    export(&app, &ana).await;
    export(&app, &ana).await;
    let wait = app.get(EXPORT, Some(&ana.token)).await.limited();
    assert!(wait > 60, "the quota is per hour: Retry-After {wait}");
    // Someone else's quota is their own.
    export(&app, &bob).await;
    // Nothing is left behind in the data folder.
    let exports = app.config().data_dir.join("exports");
    assert_eq!(std::fs::read_dir(exports).unwrap().count(), 0);
}

/// Rows of `table` where any of `columns` names `who`.
async fn rows_about(app: &TestApp, table: &str, columns: &[&str], who: i64) -> i64 {
    let filter: Vec<String> = columns.iter().map(|c| format!("{c} = {who}")).collect();
    app.scalar(&format!(
        "SELECT COUNT(*) FROM {table} WHERE {}",
        filter.join(" OR ")
    ))
    .await
}

async fn deleting_the_account_leaves_only_what_privacy_md_keeps(b: Backend, store: Store) {
    let w = world(spawn_on(b, store).await).await;
    let (app, ana, bob, carl, dan) = (&w.app, &w.ana, &w.bob, &w.carl, &w.dan);
    // What only a deletion removes: a translation of her message for Bob (and its copy in the
    // shared cache), mail to her, a discover list that showed her, a notice to her alone.
    let hello: i64 = app
        .scalar(&format!(
            "SELECT MIN(id) FROM messages WHERE sender_id = {} AND kind = 'txt'",
            ana.id
        ))
        .await;
    app.execute(&format!(
        "INSERT INTO translations (message_id, reader_id, target, text, characters, provider, created_at)
         VALUES ({hello}, {}, 'es', 'hola de ana', 14, 'test', 1)",
        bob.id
    ))
    .await;
    app.execute(
        "INSERT INTO translation_cache (source_hash, target, text, provider, created_at)
         VALUES ('h1', 'es', 'hola de ana', 'test', 1), ('h2', 'es', 'hola de carl', 'test', 1)",
    )
    .await;
    app.execute(
        "INSERT INTO mail_outbox (recipient, subject, body, created_at)
         VALUES ('ana@example.com', 'Code', '123456', 1), ('bob@example.com', 'Code', '654321', 1)",
    )
    .await;
    app.execute(&format!(
        "INSERT INTO discover_shown (viewer_id, day, shown_id) VALUES ({}, 1, {}), ({}, 1, {})",
        carl.id, ana.id, ana.id, bob.id
    ))
    .await;
    app.execute(&format!(
        "INSERT INTO notices (created_at, user_id) VALUES (1, {})",
        ana.id
    ))
    .await;
    // Around her comment on Bob's dynamic: Bob's reply under it; Carl's comment with her reply
    // under it. On her own dynamic: Bob's comment and like.
    let hers = app
        .scalar(&format!(
            "SELECT id FROM dynamics WHERE user_id = {}",
            ana.id
        ))
        .await;
    let her_comment = app
        .scalar(&format!(
            "SELECT id FROM comments WHERE user_id = {}",
            ana.id
        ))
        .await;
    app.answers(bob, w.bobs_dynamic, her_comment, "Thanks, Ana")
        .await;
    let carls = app.comments_on(carl, w.bobs_dynamic, "Nice one").await;
    app.answers(ana, w.bobs_dynamic, carls, "Agreed").await;
    app.comments_on(bob, hers, "Where is this?").await;
    app.like_dynamic(bob, hers).await.ok();
    let ledger = app.ledger_of(ana).await;
    let orders = app.orders_of(ana).await;
    let bobs_view = app.conversation(bob, ana.id).await;
    assert_eq!(bobs_view.len(), 3);
    let bobs_dynamic = app.dynamic(bob, w.bobs_dynamic).await.ok();
    assert_eq!(
        (
            bobs_dynamic["likes"].as_i64(),
            bobs_dynamic["comments"].as_i64()
        ),
        (Some(1), Some(4))
    );
    let subs = |id: i64| format!("SELECT subs FROM comments WHERE id = {id}");
    assert_eq!(app.scalar(&subs(carls)).await, 1);
    assert!(app.media_files() > w.files_before_ana);

    app.delete_account(ana).await;

    for (table, columns) in [
        ("sessions", &["user_id"][..]),
        ("email_codes", &["user_id"]),
        ("album_photos", &["user_id"]),
        ("dynamics", &["user_id"]),
        ("comments", &["user_id"]),
        ("dynamic_likes", &["user_id"]),
        ("likes", &["liker_id", "liked_id"]),
        ("matches", &["user_id", "other_id"]),
        ("visits", &["visitor_id", "visited_id"]),
        ("footprints", &["visitor_id", "visited_id"]),
        ("contacts", &["owner_id", "contact_id"]),
        ("remarks", &["owner_id", "target_id"]),
        ("blocks", &["blocker_id", "blocked_id"]),
        ("push_subscriptions", &["user_id"]),
        ("push_settings", &["user_id"]),
        ("chat_languages", &["user_id", "partner_id"]),
        ("translations", &["reader_id"]),
        ("discover_shown", &["viewer_id", "shown_id"]),
        ("user_events", &["user_id"]),
        ("first_contacts", &["sender_id", "recipient_id"]),
        ("notices", &["user_id"]),
        ("list_seen", &["user_id"]),
    ] {
        assert_eq!(
            rows_about(app, table, columns, ana.id).await,
            0,
            "{table} still holds her"
        );
    }
    assert_eq!(
        app.count("translations").await,
        0,
        "the translation of her message"
    );
    assert_eq!(
        app.texts("SELECT text FROM translation_cache").await,
        vec!["hola de carl"]
    );
    assert_eq!(
        app.texts("SELECT recipient FROM mail_outbox").await,
        vec!["bob@example.com"]
    );
    assert_eq!(
        app.texts(&format!(
            "SELECT content FROM messages WHERE sender_id = {} AND content <> '{{}}'",
            ana.id
        ))
        .await,
        Vec::<String>::new(),
        "her messages' contents"
    );

    // What stays: the anonymised row, her orders and ledger entries pointing at it.
    let row = app
        .texts(&format!(
            "SELECT user_name || '|' || COALESCE(email, '') || '|' || COALESCE(signature, '') || '|'
                    || birthday || '|' || country || '|' || status FROM users WHERE id = {}",
            ana.id
        ))
        .await;
    assert_eq!(row, vec![format!("deleted@{}|||||deleted", ana.id)]);
    assert_eq!(app.ledger_of(ana).await, ledger);
    assert_eq!(app.orders_of(ana).await, orders);

    // Bob's conversation keeps its shape: his own message as it was, hers withdrawn.
    let after = app.conversation(bob, ana.id).await;
    let seen: Vec<(i64, String, Value)> = after
        .iter()
        .map(|m| {
            (
                m["from"].as_i64().unwrap(),
                m["status"].as_str().unwrap().to_owned(),
                m["content"].clone(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (
                bob.id,
                "unread".to_owned(),
                json!({ "text": "reply from bob" })
            ),
            (ana.id, "recalled".to_owned(), Value::Null),
            (ana.id, "recalled".to_owned(), Value::Null),
        ]
    );
    assert_eq!(app.unread(bob).await, 0);
    // Bob's dynamic lost her like, her comment with Bob's reply under it and her reply under
    // Carl's comment; its counts, and Carl's comment's, say so.
    let his = app.dynamic(bob, w.bobs_dynamic).await.ok();
    assert_eq!(
        (his["likes"].as_i64(), his["comments"].as_i64()),
        (Some(0), Some(1))
    );
    assert_eq!(app.scalar(&subs(carls)).await, 0);
    assert_eq!(
        app.texts("SELECT content FROM comments").await,
        vec!["Nice one"]
    );
    assert_eq!(app.count("dynamic_likes").await, 0);
    // Carl and Dan's conversation is untouched.
    assert_eq!(
        app.conversation(dan, carl.id).await[0]["content"]["text"],
        "carl-dan secret"
    );

    // Her pictures are gone from the media store (avatar, album, dynamic, chat, her upload);
    // everyone else's are there.
    assert_eq!(app.media_files(), w.files_before_ana);
}

/// What Ana's deleted account leaves for bookkeeping (her order, her ledger entries, the gift
/// she gave Bob, the red packet Bob gave her) stays through the tenth year after the year it was
/// made, and is gone in the first days of the next; Bob's own records, as old, stay.
async fn a_deleted_accounts_money_records_go_ten_years_after_their_year(b: Backend) {
    let app = spawn(b).await;
    let (bob, ana) = (app.man("bob").await, app.woman("ana").await);
    app.give_coins(&ana, 1000, "ana").await;
    app.give_coins(&bob, 1000, "bob").await;
    for who in [&ana, &bob] {
        app.create_order(who, "chars-2000", "gold").await.ok();
    }
    let gifts = app.get("/prod-api/system/gift/list", None).await.ok();
    let gift = json!({ "giftId": gifts[0]["id"] });
    app.send_content(&ana, bob.id, "gift", gift, None)
        .await
        .ok();
    let packet = app
        .send_content(&bob, ana.id, "redPacket", json!({ "amount": 30 }), None)
        .await
        .ok();
    let packet = packet["message"]["content"]["redPacketId"]
        .as_i64()
        .unwrap();
    app.post(
        "/prod-api/system/redPacket/claim",
        Some(&ana.token),
        json!({ "id": packet }),
    )
    .await
    .ok();
    app.delete_account(&ana).await;

    let records = |who: i64| {
        let app = &app;
        async move {
            (
                rows_about(app, "orders", &["user_id"], who).await,
                rows_about(app, "ledger_entries", &["user_id"], who).await,
                rows_about(app, "balances", &["user_id"], who).await,
                rows_about(app, "gifts_given", &["sender_id", "receiver_id"], who).await,
                rows_about(app, "red_packets", &["sender_id", "receiver_id"], who).await,
            )
        }
    };
    let (hers, his) = (records(ana.id).await, records(bob.id).await);
    assert!(
        hers.0 > 0 && hers.1 > 0 && hers.2 > 0 && hers.3 > 0 && hers.4 > 0,
        "{hers:?}"
    );
    let year = app.clock().now().year();
    let move_to = |y: i32, m: u32, d: u32| {
        let to = Utc.with_ymd_and_hms(y, m, d, 12, 0, 0).unwrap().timestamp();
        app.clock()
            .advance(chrono::Duration::seconds(to - app.clock().unix()));
    };

    move_to(year + 10, 12, 31);
    app.app().privacy.forget_expired_records().await.unwrap();
    assert_eq!(
        records(ana.id).await,
        hers,
        "kept through the tenth year after"
    );

    move_to(year + 11, 1, 2);
    app.app().privacy.forget_expired_records().await.unwrap();
    assert_eq!(records(ana.id).await, (0, 0, 0, 0, 0));
    // Bob's order, ledger and balance are his; the gift and red packet went with her records.
    let left = records(bob.id).await;
    assert_eq!((left.0, left.1, left.2), (his.0, his.1, his.2));
    // Her anonymised row stays: Bob's conversation points at it.
    assert_eq!(rows_about(&app, "users", &["id"], ana.id).await, 1);
}

both_stores!(
    the_archive_holds_each_part_and_the_bytes_of_my_pictures,
    deleting_the_account_leaves_only_what_privacy_md_keeps,
);

both_databases!(
    a_deleted_accounts_money_records_go_ten_years_after_their_year,
    the_archive_holds_nothing_of_other_peoples_private_data,
    the_archive_needs_a_session_and_is_limited_per_account,
);
