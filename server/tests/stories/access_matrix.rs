//! The access matrix: every operation of the OpenAPI document that takes the id of something a
//! person owns (a message, an order, a red packet, a comment, a dynamic, an album photo) is
//! asked by a second account with the first one's id (and every operation on a group by someone
//! not in it), and answers 403 or 404 with nothing
//! changed; the same request from the owner then gets past the owner check, which shows the
//! request was the right one. Every operation of the staff console answers 403 to a person who is
//! not staff, with nothing changed.
//!
//! The operations come from the document the server publishes, not from a list here: a new
//! endpoint joins the matrix by being in the document. Its inputs are read from the document too
//! (path, query and body), and each input that names an id is matched to what it names
//! (`kind_of`); an id this file cannot place fails the story until it is placed. The few
//! operations a stranger may rightly use on someone else's things (reading and liking a public
//! dynamic, commenting on it, reporting it) are listed in `SHARED`, each with its reason.

use serde_json::{json, Map, Value};

use crate::common::{spawn_with, Backend, Body, Person, Setup, TestApp};

/// What an id names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Person,
    Message,
    Order,
    RedPacket,
    Comment,
    Dynamic,
    Photo,
    /// A group: its members'.
    Group,
    /// A product of the catalogue: everyone's.
    Product,
    /// Anything of the staff console (reports, notices, versions, products, people).
    Staff,
}

impl Kind {
    /// Something one person owns, which no other may read or change through its id.
    fn owned(self) -> bool {
        matches!(
            self,
            Kind::Message
                | Kind::Order
                | Kind::RedPacket
                | Kind::Comment
                | Kind::Dynamic
                | Kind::Photo
                | Kind::Group
        )
    }
}

/// Operations another person may rightly use with someone's ids, and why.
const SHARED: &[(&str, &str, &str)] = &[
    (
        "get",
        "/prod-api/system/dynamic/selectedNews/{id}",
        "a dynamic is public: anyone signed in may read it",
    ),
    (
        "get",
        "/prod-api/system/dynamic/like",
        "anyone signed in may like a dynamic",
    ),
    (
        "put",
        "/prod-api/system/dynamic/sign",
        "anyone signed in may report a dynamic",
    ),
    (
        "get",
        "/prod-api/system/comment/list",
        "the comments of a public dynamic are public",
    ),
    (
        "get",
        "/prod-api/system/comment/subList",
        "the answers to a public comment are public",
    ),
    (
        "post",
        "/prod-api/system/comment/add",
        "anyone signed in may comment on a dynamic or answer a comment",
    ),
    (
        "post",
        "/prod-api/system/content/tranText",
        "whoever may read a dynamic, a comment or an About me may have it translated \
         (who may not is told in translate_texts.rs)",
    ),
];

/// Operations that act on the caller's own records only and pass over the ids of anyone else's:
/// a stranger's request changes nothing, whatever it answers.
const PASSED_OVER: &[(&str, &str, &str)] = &[
    (
        "put",
        "/prod-api/system/content",
        "marks the caller's own incoming messages read; other ids are passed over",
    ),
    (
        "delete",
        "/prod-api/system/content/delMsg",
        "deletes the caller's own copies of messages; other ids are passed over (it answers 0)",
    ),
];

/// What the input `name` of the operation at `path` names; None for an input that names no
/// record. Panics on an input that looks like an id and is not placed here.
fn kind_of(path: &str, name: &str) -> Option<Kind> {
    if path.starts_with("/prod-api/admin/") {
        return Some(Kind::Staff);
    }
    let kind = match name {
        "orderId" => Kind::Order,
        "dynamicId" => Kind::Dynamic,
        "commentId" | "parentId" => Kind::Comment,
        "userId" | "to" | "replyToUserId" => Kind::Person,
        "productId" => Kind::Product,
        // The sender's own key of a message, and a place in the caller's own conversation.
        "clientId" | "beforeId" => return None,
        // Sending to, reading, recalling and translating in a group are refused to someone not
        // in it in the group stories (chat_groups.rs); here the message ops take one-to-one ids.
        "groupId" if path.starts_with("/prod-api/system/content") => return None,
        // A message of the group reported: the group's id decides who may report; a message not
        // shown to the reporter is not found (group_safety.rs).
        "messageId" if path.starts_with("/prod-api/em/groups/") => return None,
        // A picture's address, not an id: a private picture is served (as `GET /media` serves
        // it) only with the signature of the address someone was handed, a pass that works for
        // whoever holds it until it expires (media_privacy.rs).
        "url" if path == "/prod-api/common/toImageBase64" => return None,
        "id" | "ids" => {
            let under = |prefix: &str| path.starts_with(prefix);
            if under("/prod-api/system/content") {
                Kind::Message
            } else if under("/prod-api/em/groups/") {
                Kind::Group
            } else if under("/prod-api/system/redPacket/") {
                Kind::RedPacket
            } else if under("/prod-api/system/comment/") {
                Kind::Comment
            } else if under("/prod-api/system/dynamic") {
                Kind::Dynamic
            } else if under("/prod-api/system/catalog/") {
                Kind::Photo
            } else if under("/prod-api/system/grade/") {
                Kind::Product
            } else if under("/prod-api/system/like/opera/")
                || under("/prod-api/system/user/")
                || under("/prod-api/system/blacklisted/")
            {
                Kind::Person
            } else {
                panic!("the access matrix does not know what `{name}` of {path} names: add it to kind_of")
            }
        }
        other if other.ends_with("Id") => {
            panic!(
                "the access matrix does not know what `{other}` of {path} names: add it to kind_of"
            )
        }
        _ => return None,
    };
    Some(kind)
}

/// One input of an operation, as the document describes it.
#[derive(Debug, Clone)]
struct Input {
    name: String,
    place: Place,
    required: bool,
    schema: Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Path,
    Query,
    Body,
}

#[derive(Debug, Clone)]
struct Operation {
    method: String,
    path: String,
    /// Whether it takes a session.
    signed_in: bool,
    inputs: Vec<Input>,
}

/// A `$ref` of the document, followed.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(r) => {
            let name = r.rsplit('/').next().unwrap();
            &doc["components"]["schemas"][name]
        }
        None => schema,
    }
}

fn operations(doc: &Value) -> Vec<Operation> {
    let mut all = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let mut inputs = Vec::new();
            for p in op["parameters"].as_array().into_iter().flatten() {
                let place = match p["in"].as_str().unwrap() {
                    "path" => Place::Path,
                    "query" => Place::Query,
                    _ => continue,
                };
                inputs.push(Input {
                    name: p["name"].as_str().unwrap().to_owned(),
                    place,
                    required: p["required"].as_bool().unwrap_or(false),
                    schema: p["schema"].clone(),
                });
            }
            if let Some(content) = op["requestBody"]["content"].as_object() {
                let media = content
                    .get("application/json")
                    .or_else(|| content.values().next())
                    .unwrap();
                let schema = resolve(doc, &media["schema"]);
                let required: Vec<&str> = schema["required"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                for (name, property) in schema["properties"].as_object().into_iter().flatten() {
                    inputs.push(Input {
                        name: name.clone(),
                        place: Place::Body,
                        required: required.contains(&name.as_str()),
                        schema: resolve(doc, property).clone(),
                    });
                }
            }
            all.push(Operation {
                method: method.clone(),
                path: path.clone(),
                signed_in: op["security"].as_array().is_some_and(|s| !s.is_empty()),
                inputs,
            });
        }
    }
    all
}

/// The JSON types a schema allows (`type` may be one name or a list with "null").
fn types(schema: &Value) -> Vec<&str> {
    match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// `id` in the shape the input takes.
fn id_value(schema: &Value, id: &str) -> Value {
    let types = types(schema);
    if types.contains(&"array") {
        let item = &schema["items"];
        json!([id_value(item, id)])
    } else if types.contains(&"integer") || types.contains(&"number") {
        json!(id.parse::<i64>().unwrap())
    } else {
        json!(id)
    }
}

/// Something valid enough for an input that names no record.
fn filler(input: &Input) -> Value {
    if let Some(first) = input.schema["enum"].as_array().and_then(|e| e.first()) {
        return first.clone();
    }
    let types = types(&input.schema);
    if types.contains(&"integer") || types.contains(&"number") {
        json!(1)
    } else if types.contains(&"boolean") {
        json!(true)
    } else if types.contains(&"array") {
        json!([])
    } else if types.contains(&"object") {
        json!({})
    } else {
        json!("a few words")
    }
}

/// The first person's things, made afresh for each operation.
struct Owned {
    person: i64,
    message: i64,
    order: i64,
    red_packet: i64,
    comment: i64,
    dynamic: i64,
    photo: i64,
    group: i64,
}

impl Owned {
    fn id(&self, kind: Kind) -> String {
        match kind {
            Kind::Person => self.person.to_string(),
            Kind::Message => self.message.to_string(),
            Kind::Order => self.order.to_string(),
            Kind::RedPacket => self.red_packet.to_string(),
            Kind::Comment => self.comment.to_string(),
            Kind::Dynamic => self.dynamic.to_string(),
            Kind::Photo => self.photo.to_string(),
            Kind::Group => self.group.to_string(),
            Kind::Product | Kind::Staff => "1".to_owned(),
        }
    }
}

/// Ana's message, order, red packet, dynamic, comment and private photo.
async fn make_things(app: &TestApp, ana: &Person, cara: &Person, n: usize) -> Owned {
    let message = app.says(ana, cara, &format!("Hello Cara {n}")).await["id"]
        .as_i64()
        .unwrap();
    let order = app.create_order(ana, "gold-100", "sandbox").await.ok()["id"]
        .as_i64()
        .unwrap();
    let packet = app
        .send_content(ana, cara.id, "redPacket", json!({ "amount": 1 }), None)
        .await
        .ok();
    let red_packet = packet["message"]["content"]["redPacketId"]
        .as_i64()
        .unwrap();
    let dynamic = app.posts(ana, &format!("A walk by the sea {n}")).await;
    let comment = app.comments_on(ana, dynamic, "Lovely day").await;
    // The album holds six: the last operation's photo makes way.
    let album = app.album(ana, ana).await.ok();
    let old = crate::common::feed::row_ids(&album);
    if !old.is_empty() {
        app.remove_photos(ana, &old).await.ok();
    }
    let added = app
        .add_photos(ana, vec![crate::common::feed::photo()])
        .await
        .ok();
    let photo = added["rows"][0]["id"].as_i64().unwrap();
    app.set_photos_open(ana, &[photo], false).await.ok();
    let group = app
        .post(
            "/prod-api/em/groups",
            Some(&ana.token),
            json!({ "name": format!("Walkers {n}"), "userIds": [cara.id] }),
        )
        .await
        .ok()["id"]
        .as_i64()
        .unwrap();
    Owned {
        person: ana.id,
        message,
        order,
        red_packet,
        comment,
        dynamic,
        photo,
        group,
    }
}

/// Everything the matrix's requests could change: money and orders, the social records,
/// messages with their read, recall and deletion marks, translations and the media store.
async fn state(app: &TestApp) -> Value {
    json!({
        "money": format!("{:?}", app.money().await),
        "social": format!("{:?}", app.social().await),
        "messages": app.texts(
            "SELECT id || '|' || content || '|' || COALESCE(read_at, 0) || '|' \
             || COALESCE(recalled_at, 0) || '|' \
             || CASE WHEN sender_deleted THEN 's' ELSE '-' END \
             || CASE WHEN recipient_deleted THEN 'r' ELSE '-' END FROM messages ORDER BY id",
        ).await,
        "translations": app.count("translations").await,
        "groups": app.texts(
            "SELECT id || '|' || name || '|' || last_seq || '|' || COALESCE(ended_at, 0) \
             || '|' || COALESCE(avatar_key, '') FROM chat_groups ORDER BY id",
        ).await,
        "members": app.texts(
            "SELECT group_id || '|' || user_id || '|' || role || '|' || COALESCE(left_seq, 0) \
             || '|' || read_seq || '|' || COALESCE(muted_until, 0) FROM group_members \
             ORDER BY group_id, user_id",
        ).await,
        "allowance": app.texts(
            "SELECT user_id || '|' || used FROM translation_allowance ORDER BY user_id",
        ).await,
    })
}

/// The request of `op` with the ids of `things`, and something valid enough in each other input
/// it requires.
fn request(op: &Operation, things: &Owned) -> (String, Option<Value>) {
    let mut path = op.path.clone();
    let mut query: Vec<(String, String)> = Vec::new();
    let mut body = Map::new();
    for input in &op.inputs {
        let value = match kind_of(&op.path, &input.name) {
            Some(kind) => id_value(&input.schema, &things.id(kind)),
            None if input.required || input.place == Place::Path => filler(input),
            None => continue,
        };
        match input.place {
            Place::Path => {
                let text = value
                    .as_str()
                    .map_or_else(|| value.to_string(), str::to_owned);
                path = path.replace(&format!("{{{}}}", input.name), &text);
            }
            Place::Query => {
                let text = match &value {
                    Value::String(s) => s.clone(),
                    Value::Array(items) => items
                        .iter()
                        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                        .collect::<Vec<_>>()
                        .join(","),
                    v => v.to_string(),
                };
                query.push((input.name.clone(), text));
            }
            Place::Body => {
                body.insert(input.name.clone(), value);
            }
        }
    }
    let has_body = op.inputs.iter().any(|i| i.place == Place::Body);
    if !query.is_empty() {
        let pairs: Vec<(&str, &str)> = query
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        path = TestApp::with_query(&path, &pairs);
    }
    (path, has_body.then_some(Value::Object(body)))
}

async fn send(
    app: &TestApp,
    op: &Operation,
    path: &str,
    body: &Option<Value>,
    who: &Person,
) -> crate::common::Reply {
    let body = body.clone().map_or(Body::None, Body::Json);
    app.call(&op.method.to_uppercase(), path, Some(&who.token), body)
        .await
}

async fn a_stranger_can_neither_read_nor_change_what_is_someone_elses(b: Backend) {
    let app = spawn_with(Setup::new(b), |c| c.wallet.sandbox = true).await;
    let ana = app.man("ana").await;
    let cara = app.woman("cara").await;
    let bob = app.woman("bob").await;
    // Enough coins for a red packet an operation, and members, so no answer is a membership gate.
    app.give_coins(&ana, 1_000, "matrix").await;
    for who in [&ana, &bob, &cara] {
        app.make_member(who, 30).await;
    }

    let fetched = app.fetch("GET", "/prod-api/openapi.json", &[]).await;
    let doc: Value = serde_json::from_slice(&fetched.bytes).unwrap();
    let mut walked = Vec::new();
    let mut last_order = None;
    for (n, op) in operations(&doc).into_iter().enumerate() {
        let kinds: Vec<Kind> = op
            .inputs
            .iter()
            .filter_map(|i| kind_of(&op.path, &i.name))
            .collect();
        let staff = op.path.starts_with("/prod-api/admin/");
        if !staff && !kinds.iter().any(|k| k.owned()) {
            continue;
        }
        if SHARED
            .iter()
            .any(|(m, p, _)| *m == op.method && *p == op.path)
        {
            continue;
        }
        // The last order must be out of the way before the next one is made.
        if let Some(order) = last_order {
            let cancel = format!("/prod-api/order/cancel?orderId={order}");
            app.call("GET", &cancel, Some(&ana.token), Body::None).await;
        }
        let things = make_things(&app, &ana, &cara, n).await;
        last_order = Some(things.order);
        let (path, body) = request(&op, &things);
        let before = state(&app).await;
        let answer = send(&app, &op, &path, &body, &bob).await;
        // An operation without a session (the return from a checkout) believes its checkout's
        // token alone, which the stranger has not: refused like any bad token, with nothing in
        // the answer.
        let passed_over = PASSED_OVER
            .iter()
            .any(|(m, p, _)| *m == op.method && *p == op.path);
        let refusals: &[u16] = if passed_over {
            &[200, 403, 404]
        } else if op.signed_in {
            &[403, 404]
        } else {
            &[400, 403, 404]
        };
        assert!(
            refusals.contains(&answer.status) && (passed_over || answer.body["data"].is_null()),
            "{} {path} {body:?} by a stranger: {} {}",
            op.method,
            answer.status,
            answer.body
        );
        assert_eq!(
            state(&app).await,
            before,
            "{} {path} by a stranger changed something",
            op.method
        );
        if !staff && !passed_over {
            // A red packet is its receiver's to claim; everything else is Ana's.
            let owner = if kinds.contains(&Kind::RedPacket) {
                &cara
            } else {
                &ana
            };
            let own = send(&app, &op, &path, &body, owner).await;
            assert!(
                ![403, 404].contains(&own.status),
                "{} {path} {body:?} by the owner: {} {} (the matrix's request is not the right one)",
                op.method,
                own.status,
                own.body
            );
        }
        walked.push(format!("{} {}", op.method, op.path));
    }
    // The matrix is not empty by mistake: the owned kinds and the console are all in it.
    for expected in [
        "post /prod-api/system/content/recall",
        "post /prod-api/system/redPacket/claim",
        "post /prod-api/system/comment/remove",
        "delete /prod-api/system/dynamic",
        "delete /prod-api/system/catalog/remove",
        "post /prod-api/order/iospay",
        "post /prod-api/em/groups/{id}/transfer",
        "delete /prod-api/em/groups/{id}",
        "get /prod-api/admin/users/{id}",
    ] {
        assert!(
            walked.iter().any(|w| w == expected),
            "{expected} is not in the matrix: {walked:?}"
        );
    }
}

both_databases!(a_stranger_can_neither_read_nor_change_what_is_someone_elses);
