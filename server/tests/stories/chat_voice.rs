//! Voice messages (message type `audio`). A recording is uploaded first (`POST
//! /common/audio/uploads`): its container and its real length are read from the audio itself
//! (Opus in WebM or Ogg, AAC in MP4), and a file that is not a recording, says it is longer or
//! shorter than it is, runs over 60 seconds or 1 MB is refused and nothing is kept. Sent, the
//! upload moves into the chat's private storage with the length the server measured; its two
//! people get signed, expiring addresses. Only the sender's own upload can be sent, with a
//! waveform of at most 64 bars 0..=100; members only (like pictures, configurable); never to or
//! from someone blocked. A recall deletes the file, and the push says "🎤 Voice message (0:03)" in
//! the reader's language.

use std::collections::BTreeMap;
use std::io::Read;

use serde_json::{json, Value};

use crate::common::chat::RECALL;
use crate::common::images::data_url;
use crate::common::people::asks_to_upgrade;
use crate::common::{spawn_with, Backend, Person, Reply, Setup, Store, TestApp};
use crate::push::with_local_push_and;
use crate::push_settings::Phone;

const UPLOAD: &str = "/prod-api/common/audio/uploads";
const URL_SECONDS: i64 = 600;

const NOT_A_RECORDING: &str =
    "This is not a voice recording we can play (Opus in WebM or Ogg, AAC in MP4)";
const TOO_LONG: &str = "A voice message is at most 60 seconds long";
const TOO_LARGE: &str = "A voice message is at most 1 MB";
const EMPTY: &str = "This recording is empty";
const NOT_YOURS: &str = "This recording was not uploaded by you";
const BAD_WAVEFORM: &str = "A voice message's waveform is at most 64 whole numbers from 0 to 100";
const BLOCKED: &str = "You cannot message this person";

/// Recordings made once with ffmpeg (see `tests/fixtures/audio/README.md`).
const WEBM: &[u8] = include_bytes!("../fixtures/audio/voice.webm");
const STATED_WEBM: &[u8] = include_bytes!("../fixtures/audio/stated.webm");
const OGG: &[u8] = include_bytes!("../fixtures/audio/voice.ogg");
const M4A: &[u8] = include_bytes!("../fixtures/audio/voice.m4a");
const LONG_WEBM: &[u8] = include_bytes!("../fixtures/audio/long.webm");
const VIDEO_WEBM: &[u8] = include_bytes!("../fixtures/audio/video.webm");

/// Tom (a member) and Ana.
async fn couple(app: &TestApp) -> (Person, Person) {
    let (tom, ana) = (app.man("tom").await, app.woman("ana").await);
    app.make_member(&tom, 30).await;
    (tom, ana)
}

async fn app_with(b: Backend, tweak: impl FnOnce(&mut amora_server::Config)) -> TestApp {
    app_on(b, Store::Local, tweak).await
}

async fn app_on(
    b: Backend,
    store: Store,
    tweak: impl FnOnce(&mut amora_server::Config),
) -> TestApp {
    spawn_with(Setup::on(b, store), |c| {
        c.media_url_seconds = URL_SECONDS;
        tweak(c);
    })
    .await
}

async fn upload(app: &TestApp, who: &Person, mime: &str, bytes: &[u8]) -> Reply {
    app.post(
        UPLOAD,
        Some(&who.token),
        json!({ "audio": data_url(mime, bytes) }),
    )
    .await
}

/// Uploads a recording that must be taken: `(key, url, seconds)`.
async fn uploaded(app: &TestApp, who: &Person, mime: &str, bytes: &[u8]) -> (String, String, f64) {
    let got = upload(app, who, mime, bytes).await.ok();
    (
        got["key"].as_str().unwrap().to_owned(),
        got["url"].as_str().unwrap().to_owned(),
        got["seconds"].as_f64().unwrap(),
    )
}

async fn send_voice(app: &TestApp, from: &Person, to: &Person, content: Value) -> Reply {
    app.send_content(from, to.id, "audio", content, None).await
}

/// The status of a GET and what it served as.
async fn get(app: &TestApp, path: &str) -> (u16, String, Vec<u8>) {
    let got = app.fetch("GET", path, &[]).await;
    let kind = got.header("content-type").unwrap_or_default();
    (got.status, kind, got.bytes)
}

fn unsigned(url: &str) -> &str {
    url.split_once('?').map_or(url, |(path, _)| path)
}

/// Matroska's Duration (an 8-byte float after its id and size) changed to `ms` milliseconds.
fn with_stated_duration(webm: &[u8], ms: f64) -> Vec<u8> {
    let mut webm = webm.to_vec();
    let at = webm
        .windows(3)
        .position(|w| w == [0x44, 0x89, 0x88])
        .expect("a Duration");
    webm[at + 3..at + 11].copy_from_slice(&ms.to_be_bytes());
    webm
}

async fn each_container_is_measured_and_reaches_the_other_side(b: Backend, store: Store) {
    let app = app_on(b, store, |_| {}).await;
    let (tom, ana) = couple(&app).await;
    for (mime, bytes, seconds, served_as) in [
        ("audio/webm;codecs=opus", WEBM, 3.0, "audio/webm"),
        ("audio/webm", STATED_WEBM, 3.0, "audio/webm"),
        ("audio/ogg", OGG, 5.0, "audio/ogg"),
        ("audio/mp4", M4A, 7.0, "audio/mp4"),
    ] {
        let (key, url, measured) = uploaded(&app, &tom, mime, bytes).await;
        assert_eq!(measured, seconds, "{mime}");
        assert!(key.starts_with(&format!("uploads/{}/", tom.id)), "{key}");
        // Private to him until sent: signed, and played back as it was uploaded.
        assert_eq!(get(&app, unsigned(&url)).await.0, 403);
        let (status, kind, played) = get(&app, &url).await;
        assert_eq!((status, kind.as_str()), (200, served_as));
        assert_eq!(played, bytes);

        let waveform: Vec<u32> = (0..48).map(|i| i * 2).collect();
        let sent = send_voice(
            &app,
            &tom,
            &ana,
            json!({ "key": key, "waveform": waveform }),
        )
        .await
        .ok();
        let content = &sent["message"]["content"];
        assert_eq!(sent["message"]["type"], "audio");
        assert_eq!(content["seconds"], seconds);
        assert_eq!(content["waveform"], json!(waveform));
        let his = content["url"].as_str().unwrap();
        assert!(
            his.starts_with("/media/chat/") && his.contains("&sig="),
            "{his}"
        );
        // Moved: the upload is gone, the chat's copy is the same recording.
        assert_eq!(get(&app, &url).await.0, 404);
        let hers = app.conversation(&ana, tom.id).await;
        let last = &hers[0];
        assert_eq!(last["type"], "audio");
        assert_eq!(last["content"]["seconds"], seconds);
        let (status, kind, played) = get(&app, last["content"]["url"].as_str().unwrap()).await;
        assert_eq!((status, kind.as_str()), (200, served_as));
        assert_eq!(played, bytes);
        let stored = app
            .texts(&format!(
                "SELECT content FROM messages WHERE id = {}",
                sent["message"]["id"]
            ))
            .await;
        let stored: Value = serde_json::from_str(&stored[0]).unwrap();
        assert!(
            stored["url"].as_str().unwrap().starts_with("/media/chat/"),
            "stored unsigned: {stored}"
        );
        assert_eq!(stored["seconds"], seconds);
    }

    // Over the socket, by its address: the same checks, the same answer; no waveform is fine.
    let (_, url, _) = uploaded(&app, &tom, "audio/ogg", OGG).await;
    let mut his = app.online(&tom, 0).await;
    his.send(json!({
        "type": "send", "clientId": "voice-1", "to": ana.id, "msgType": "audio",
        "content": { "url": url, "seconds": 59 },
    }))
    .await;
    let ack = loop {
        let frame = his.next().await;
        if frame["type"] == "ack" {
            break frame;
        }
    };
    let content = &ack["message"]["content"];
    assert_eq!(
        content["seconds"], 5.0,
        "the server's length, not the client's"
    );
    assert!(content.get("waveform").is_none());
    assert_eq!(get(&app, content["url"].as_str().unwrap()).await.0, 200);
}

async fn what_is_not_a_recording_of_at_most_a_minute_and_a_megabyte_is_refused(b: Backend) {
    let app = app_with(b, |_| {}).await;
    let (tom, _) = couple(&app).await;
    let files = app.media_files();
    let mut cut = M4A.to_vec();
    cut.truncate(M4A.len() / 2);
    let mut padded = WEBM.to_vec();
    padded.resize(1024 * 1024 + 1, 0);
    let picture = crate::common::images::jpeg(32, 32);
    for (mime, bytes, code, msg) in [
        ("image/jpeg", picture.as_slice(), 400, NOT_A_RECORDING),
        ("audio/webm", VIDEO_WEBM, 400, NOT_A_RECORDING),
        ("audio/mp4", cut.as_slice(), 400, NOT_A_RECORDING),
        ("audio/ogg", &OGG[..OGG.len() - 100], 400, NOT_A_RECORDING),
        (
            "audio/webm",
            b"OggS but not really".as_slice(),
            400,
            NOT_A_RECORDING,
        ),
        ("audio/webm", LONG_WEBM, 400, TOO_LONG),
        ("audio/webm", padded.as_slice(), 413, TOO_LARGE),
        ("audio/webm", b"".as_slice(), 400, EMPTY),
    ] {
        upload(&app, &tom, mime, bytes).await.fails(code, msg);
    }
    // A length the file states that is not its real one: a lie, longer or shorter.
    for stated in [30_000.0, 1_000.0, -5.0, f64::NAN] {
        let lying = with_stated_duration(STATED_WEBM, stated);
        upload(&app, &tom, "audio/webm", &lying)
            .await
            .fails(400, NOT_A_RECORDING);
    }
    // Within a second of the truth is taken (a recorder rounds).
    let close = with_stated_duration(STATED_WEBM, 3_400.0);
    assert_eq!(uploaded(&app, &tom, "audio/webm", &close).await.2, 3.0);
    assert_eq!(app.media_files(), files + 1);
    app.post(UPLOAD, Some(&tom.token), json!({}))
        .await
        .fails(400, EMPTY);
    app.post(
        UPLOAD,
        Some(&tom.token),
        json!({ "audio": "data:audio/webm;base64,@@@" }),
    )
    .await
    .fails(400, NOT_A_RECORDING);
    assert_eq!(app.media_files(), files + 1);
    app.post(UPLOAD, None, json!({ "audio": data_url("audio/ogg", OGG) }))
        .await
        .fails(401, "Login has expired, please log in again");
}

async fn only_my_own_upload_with_a_true_waveform_to_someone_not_blocked_is_sent(b: Backend) {
    let app = app_with(b, |_| {}).await;
    let (tom, ana) = couple(&app).await;
    let carl = app.man("carl").await;
    app.make_member(&carl, 30).await;
    let eva = app.woman("eva").await;
    let (key, _, _) = uploaded(&app, &tom, "audio/ogg", OGG).await;
    let (carls, _, _) = uploaded(&app, &carl, "audio/ogg", OGG).await;
    let messages = app.messages_stored().await;
    let files = app.media_files();

    // Someone else's upload, one that is not there, or anything that is not an upload of mine.
    let gone = format!("uploads/{}/0123456789abcdef.ogg", tom.id);
    let elsewhere = format!("chat/{}", key.rsplit('/').next().unwrap());
    for upload in [
        carls.as_str(),
        gone.as_str(),
        elsewhere.as_str(),
        "uploads/../../media.key",
        "https://example.com/voice.ogg",
    ] {
        send_voice(&app, &tom, &ana, json!({ "key": upload }))
            .await
            .fails(400, NOT_YOURS);
    }
    send_voice(&app, &tom, &ana, json!({ "seconds": 3 }))
        .await
        .fails(400, EMPTY);
    for waveform in [
        json!((0..65).collect::<Vec<u32>>()),
        json!([0, 101]),
        json!([-1]),
        json!([1.5]),
        json!(["50"]),
        json!("50,60"),
    ] {
        send_voice(
            &app,
            &tom,
            &ana,
            json!({ "key": key, "waveform": waveform }),
        )
        .await
        .fails(400, BAD_WAVEFORM);
    }

    // Ana is not a member: the upgrade, as for pictures.
    let (hers, _, _) = uploaded(&app, &ana, "audio/webm", WEBM).await;
    asks_to_upgrade(&send_voice(&app, &ana, &tom, json!({ "key": hers })).await);

    // Blocked either way.
    app.block(&ana, tom.id).await;
    send_voice(&app, &tom, &ana, json!({ "key": key }))
        .await
        .fails(403, BLOCKED);
    app.make_member(&ana, 30).await;
    send_voice(&app, &ana, &tom, json!({ "key": hers }))
        .await
        .fails(403, BLOCKED);

    // Nothing stored, nothing moved: every upload still where it was, still sendable.
    assert_eq!(app.messages_stored().await, messages);
    assert_eq!(app.media_files(), files + 1);
    send_voice(&app, &carl, &ana, json!({ "key": carls }))
        .await
        .ok();
    send_voice(&app, &tom, &eva, json!({ "key": key, "waveform": [] }))
        .await
        .ok();
    assert_eq!(app.messages_stored().await, messages + 2);
}

async fn members_only_is_the_operators_choice(b: Backend) {
    let app = app_with(b, |c| c.chat.voice_members_only = false).await;
    let (tom, ana) = couple(&app).await;
    let (hers, _, _) = uploaded(&app, &ana, "audio/webm", WEBM).await;
    let sent = send_voice(&app, &ana, &tom, json!({ "key": hers }))
        .await
        .ok();
    assert_eq!(sent["message"]["content"]["seconds"], 3.0);
}

async fn addresses_expire_and_a_recall_or_a_deleted_account_takes_the_file(
    b: Backend,
    store: Store,
) {
    let app = app_on(b, store, |_| {}).await;
    let (tom, ana) = couple(&app).await;
    let (key, _, _) = uploaded(&app, &tom, "audio/mp4", M4A).await;
    let sent = send_voice(&app, &tom, &ana, json!({ "key": key }))
        .await
        .ok();
    let id = sent["message"]["id"].as_i64().unwrap();
    let hers = app.conversation(&ana, tom.id).await;
    let url = hers[0]["content"]["url"].as_str().unwrap().to_owned();
    assert_eq!(get(&app, &url).await.0, 200);
    assert_eq!(get(&app, unsigned(&url)).await.0, 403);

    // Expired: refused; the list gives a new one that works.
    app.clock()
        .advance(chrono::Duration::seconds(URL_SECONDS + 301));
    assert_eq!(get(&app, &url).await.0, 403);
    let fresh = app.conversation(&ana, tom.id).await;
    let fresh = fresh[0]["content"]["url"].as_str().unwrap().to_owned();
    assert_ne!(fresh, url);
    assert_eq!(get(&app, &fresh).await.0, 200);

    // Recalled: the file goes.
    let (key, _, _) = uploaded(&app, &tom, "audio/ogg", OGG).await;
    let sent = send_voice(&app, &tom, &ana, json!({ "key": key }))
        .await
        .ok();
    let url = sent["message"]["content"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let files = app.media_files();
    assert_eq!(app.media_held(&[&url]).await.len(), 1);
    app.post(
        RECALL,
        Some(&tom.token),
        json!({ "id": sent["message"]["id"] }),
    )
    .await
    .ok();
    assert_eq!(app.media_files(), files - 1);
    assert_eq!(app.media_held(&[&url]).await, Vec::<String>::new());
    assert_eq!(get(&app, &url).await.0, 404);
    let hers = app.conversation(&ana, tom.id).await;
    assert_eq!(hers[0]["content"], Value::Null);

    // His archive holds the recording he sent, byte for byte.
    let auth = format!("Bearer {}", tom.token);
    let got = app
        .fetch(
            "GET",
            "/prod-api/system/user/export",
            &[("authorization", auth.as_str())],
        )
        .await;
    assert_eq!(got.status, 200);
    let archive = unzip(&got.bytes);
    let talk: Value = serde_json::from_slice(&archive["messages.json"]).unwrap();
    let messages = talk["conversations"][0]["messages"].as_array().unwrap();
    let voice = messages.iter().find(|m| m["id"] == id).unwrap();
    let path = voice["audio"].as_str().unwrap();
    assert!(
        path.starts_with("photos/chat/") && path.ends_with(".m4a"),
        "{path}"
    );
    assert_eq!(archive[path], M4A);

    // His account deleted: the file goes.
    assert_eq!(app.media_held(&[&fresh]).await.len(), 1);
    app.delete_account(&tom).await;
    assert_eq!(app.media_held(&[&fresh]).await, Vec::<String>::new());
    assert_eq!(get(&app, &fresh).await.0, 404);
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

async fn a_voice_message_is_pushed_with_its_length_in_the_readers_language(b: Backend) {
    let app = with_local_push_and(Setup::new(b), |_| {}).await;
    let tom = app.man("tom").await;
    app.make_member(&tom, 30).await;
    let aiko = app
        .register_with("aiko", json!({ "gender": "female", "language": "ja" }))
        .await;
    let ana = app.woman("ana").await;
    let (hers, aikos) = (Phone::of(&app, &ana).await, Phone::of(&app, &aiko).await);
    let (key, _, _) = uploaded(&app, &tom, "audio/webm", WEBM).await;
    send_voice(&app, &tom, &ana, json!({ "key": key }))
        .await
        .ok();
    let (key, _, _) = uploaded(&app, &tom, "audio/mp4", M4A).await;
    send_voice(&app, &tom, &aiko, json!({ "key": key }))
        .await
        .ok();
    let (hers, aikos) = (hers.pushes(1).await, aikos.pushes(1).await);
    assert_eq!(
        (&hers[0]["title"], &hers[0]["body"]),
        (&json!("tom"), &json!("🎤 Voice message (0:03)"))
    );
    assert_eq!(aikos[0]["body"], "🎤 ボイスメッセージ（0:07）");
    assert_eq!(aikos[0]["data"]["kind"], "message");
}

both_stores!(
    each_container_is_measured_and_reaches_the_other_side,
    addresses_expire_and_a_recall_or_a_deleted_account_takes_the_file,
);

both_databases!(
    what_is_not_a_recording_of_at_most_a_minute_and_a_megabyte_is_refused,
    only_my_own_upload_with_a_true_waveform_to_someone_not_blocked_is_sent,
    members_only_is_the_operators_choice,
    a_voice_message_is_pushed_with_its_length_in_the_readers_language,
);
