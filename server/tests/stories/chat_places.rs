//! Sharing a place in the chat (message type `loc`): where to meet, or where I am. A place is
//! approximate unless the sender says it is exact, and an approximate one is rounded to about a
//! kilometre before it is stored, so nobody's door is ever in the database by default. A place
//! off the map, with a name too long, or to someone blocked is refused and stores nothing; the
//! push says "📍 a place" in the reader's language.

use serde_json::{json, Value};

use crate::common::{spawn, Backend, Person, Setup, TestApp};
use crate::push::with_local_push_and;
use crate::push_settings::Phone;

const NOT_ON_THE_MAP: &str = "This place can't be shared: its position is not on the map";
const NAME_TOO_LONG: &str = "A place's name and address are at most 200 characters each";
const BLOCKED: &str = "You cannot message this person";

async fn couple(app: &TestApp) -> (Person, Person) {
    (app.man("tom").await, app.woman("ana").await)
}

async fn send_place(
    app: &TestApp,
    from: &Person,
    to: &Person,
    place: Value,
) -> crate::common::Reply {
    app.send_content(from, to.id, "loc", place, None).await
}

async fn a_place_is_rounded_unless_exact_and_reaches_the_other_side(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;

    // Over REST, approximate by default: rounded to 0.01 degree before it is stored.
    let sent = send_place(
        &app,
        &tom,
        &ana,
        json!({ "lat": 41.387_917, "lng": 2.169_919, "name": "  Plaça de Catalunya ", "address": "" }),
    )
    .await
    .ok();
    let content = &sent["message"]["content"];
    assert_eq!(sent["message"]["type"], "loc");
    assert_eq!(
        content,
        &json!({ "lat": 41.39, "lng": 2.17, "name": "Plaça de Catalunya", "approximate": true })
    );
    let stored = app
        .texts(&format!(
            "SELECT content FROM messages WHERE id = {}",
            sent["message"]["id"]
        ))
        .await;
    let stored: Value = serde_json::from_str(&stored[0]).unwrap();
    assert_eq!(
        stored["lat"], 41.39,
        "the exact position never reached the database"
    );
    assert_eq!(stored["lng"], 2.17);
    let hers = app.conversation(&ana, tom.id).await;
    assert_eq!(&hers[0]["content"], content);

    // Over the socket, exact because she says so, with the edges of the map allowed.
    let mut hers = app.online(&ana, 0).await;
    hers.send(json!({
        "type": "send", "clientId": "place-1", "to": tom.id, "msgType": "loc",
        "content": { "lat": -90, "lng": 179.999_999, "name": "Amundsen–Scott", "approximate": false },
    }))
    .await;
    let ack = loop {
        let frame = hers.next().await;
        if frame["type"] == "ack" {
            break frame;
        }
    };
    assert_eq!(
        ack["message"]["content"],
        json!({ "lat": -90.0, "lng": 179.999_999, "name": "Amundsen–Scott", "approximate": false })
    );
    let his = app.conversation(&tom, ana.id).await;
    assert_eq!(his[0]["content"], ack["message"]["content"]);
    assert_eq!(his[0]["type"], "loc");
}

async fn a_place_off_the_map_or_with_a_long_name_is_refused(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    let before = app.messages_stored().await;
    let long = "x".repeat(201);
    for (place, code, msg) in [
        (json!({ "lat": 90.000_1, "lng": 0 }), 400, NOT_ON_THE_MAP),
        (json!({ "lat": 0, "lng": -180.5 }), 400, NOT_ON_THE_MAP),
        (json!({ "lat": "NaN", "lng": 0 }), 400, NOT_ON_THE_MAP),
        (json!({ "lat": null, "lng": 0 }), 400, NOT_ON_THE_MAP),
        (json!({ "lng": 0 }), 400, NOT_ON_THE_MAP),
        (
            json!({ "lat": 1, "lng": 2, "approximate": "yes" }),
            400,
            NOT_ON_THE_MAP,
        ),
        (
            json!({ "lat": 1, "lng": 2, "name": 7 }),
            400,
            NOT_ON_THE_MAP,
        ),
        (json!("Barcelona"), 400, NOT_ON_THE_MAP),
        (
            json!({ "lat": 1, "lng": 2, "name": long }),
            400,
            NAME_TOO_LONG,
        ),
        (
            json!({ "lat": 1, "lng": 2, "address": long }),
            400,
            NAME_TOO_LONG,
        ),
    ] {
        send_place(&app, &tom, &ana, place).await.fails(code, msg);
    }
    assert_eq!(app.messages_stored().await, before);

    // 200 characters, counted as characters, are allowed.
    let name = "場".repeat(200);
    let sent = send_place(
        &app,
        &tom,
        &ana,
        json!({ "lat": 35.68, "lng": 139.77, "name": name }),
    )
    .await
    .ok();
    assert_eq!(sent["message"]["content"]["name"], name);
    assert_eq!(app.messages_stored().await, before + 1);
}

async fn a_place_to_or_from_someone_blocked_is_refused(b: Backend) {
    let app = spawn(b).await;
    let (tom, ana) = couple(&app).await;
    app.block(&ana, tom.id).await;
    let before = app.messages_stored().await;
    let place = json!({ "lat": 41.39, "lng": 2.17, "name": "Plaça de Catalunya" });
    send_place(&app, &tom, &ana, place.clone())
        .await
        .fails(403, BLOCKED);
    send_place(&app, &ana, &tom, place)
        .await
        .fails(403, BLOCKED);
    assert_eq!(app.messages_stored().await, before);
}

async fn a_place_is_pushed_as_a_place_in_the_readers_language(b: Backend) {
    let app = with_local_push_and(Setup::new(b), |_| {}).await;
    let tom = app.man("tom").await;
    let aiko = app
        .register_with("aiko", json!({ "gender": "female", "language": "ja" }))
        .await;
    let ana = app.woman("ana").await;
    let (hers, aikos) = (Phone::of(&app, &ana).await, Phone::of(&app, &aiko).await);
    let place = json!({ "lat": 35.66, "lng": 139.7, "name": "Hachikō" });
    send_place(&app, &tom, &ana, place.clone()).await.ok();
    send_place(&app, &tom, &aiko, place).await.ok();
    let (hers, aikos) = (hers.pushes(1).await, aikos.pushes(1).await);
    assert_eq!(
        (&hers[0]["title"], &hers[0]["body"]),
        (&json!("tom"), &json!("📍 a place"))
    );
    assert_eq!(aikos[0]["body"], "📍 場所");
    assert_eq!(aikos[0]["data"]["kind"], "message");
}

both_databases!(
    a_place_is_rounded_unless_exact_and_reaches_the_other_side,
    a_place_off_the_map_or_with_a_long_name_is_refused,
    a_place_to_or_from_someone_blocked_is_refused,
    a_place_is_pushed_as_a_place_in_the_readers_language,
);
