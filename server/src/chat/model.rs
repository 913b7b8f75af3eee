//! Messages and events as docs/im-protocol.md defines them, and the rules a message must meet.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{json, Value};
use utoipa::ToSchema;

use crate::i18n::Msg;
use crate::media::signed::Signer;

/// Largest text or custom payload, in bytes.
pub const MAX_TEXT_BYTES: usize = 5 * 1024;

/// The emoji map (SPEC section 3): 35 codes the clients show as pictures.
pub const EMOJI: [(&str, &str); 35] = [
    ("[smile]", "😊"),
    ("[laugh]", "😂"),
    ("[grin]", "😁"),
    ("[wink]", "😉"),
    ("[blush]", "☺️"),
    ("[love]", "😍"),
    ("[kiss]", "😘"),
    ("[hug]", "🤗"),
    ("[cool]", "😎"),
    ("[think]", "🤔"),
    ("[shy]", "😳"),
    ("[cry]", "😢"),
    ("[sob]", "😭"),
    ("[angry]", "😠"),
    ("[surprise]", "😮"),
    ("[sleepy]", "😴"),
    ("[yum]", "😋"),
    ("[tongue]", "😛"),
    ("[halo]", "😇"),
    ("[party]", "🥳"),
    ("[heart]", "❤️"),
    ("[broken]", "💔"),
    ("[sparkle]", "💖"),
    ("[rose]", "🌹"),
    ("[gift]", "🎁"),
    ("[cake]", "🎂"),
    ("[coffee]", "☕"),
    ("[wine]", "🍷"),
    ("[sun]", "☀️"),
    ("[moon]", "🌙"),
    ("[star]", "⭐"),
    ("[fire]", "🔥"),
    ("[thumbsup]", "👍"),
    ("[clap]", "👏"),
    ("[wave]", "👋"),
];

/// Message types (SPEC section 3); gift and red packet are the wallet's and refused until then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MessageType {
    Txt,
    Emoji,
    Img,
    Custom,
    Cmd,
    Gift,
    RedPacket,
    /// A place: where to meet, or where I am.
    Loc,
    /// A voice message.
    Audio,
}

impl MessageType {
    /// What a client names (`txt` when it names none).
    pub fn parse(raw: Option<&str>) -> Result<Self, Msg> {
        Self::from_db(raw.unwrap_or("txt")).ok_or(Msg::MessageTypeInvalid)
    }

    pub fn from_db(raw: &str) -> Option<Self> {
        match raw {
            "txt" => Some(MessageType::Txt),
            "emoji" => Some(MessageType::Emoji),
            "img" => Some(MessageType::Img),
            "custom" => Some(MessageType::Custom),
            "cmd" => Some(MessageType::Cmd),
            "gift" => Some(MessageType::Gift),
            "redPacket" => Some(MessageType::RedPacket),
            "loc" => Some(MessageType::Loc),
            "audio" => Some(MessageType::Audio),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            MessageType::Txt => "txt",
            MessageType::Emoji => "emoji",
            MessageType::Img => "img",
            MessageType::Custom => "custom",
            MessageType::Cmd => "cmd",
            MessageType::Gift => "gift",
            MessageType::RedPacket => "redPacket",
            MessageType::Loc => "loc",
            MessageType::Audio => "audio",
        }
    }
}

crate::db::text_enum!(MessageType);

/// Why a message's content is refused: a rule broken (its catalogue message), or a gift that
/// names none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    Invalid(Msg),
    NoSuchGift,
}

/// The schema of a message's content as a client sends it: an object, or a bare string taken as
/// a text's words (any other JSON is refused as an empty message).
fn object_or_text() -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Object, Type::String]))
        .description(Some(
            "`{\"text\"}`, `{\"code\"}`, `{\"image\": dataURL}`, any object for custom, \
             `{\"action\"}` for cmd, `{\"key\", \"waveform\"?}` for audio. A bare string is \
             taken as the text.",
        ))
        .build()
}

/// What a client asks to send, before the rules are applied.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Outgoing {
    /// The recipient's user id.
    pub to: Option<i64>,
    /// Or the group's id (a group message).
    pub group_id: Option<i64>,
    /// txt, emoji, img, custom, cmd, gift, redPacket, loc or audio (default txt).
    pub msg_type: Option<String>,
    // Described in `object_or_text`.
    #[schema(schema_with = object_or_text, required = true)]
    pub content: Option<Value>,
    /// The client's own id: a retried send with the same id is stored once.
    pub client_id: Option<String>,
    /// Sent anyway: the sender was asked "Are you sure?" (409 with `data.confirm = "harsh"`,
    /// for words that may hurt) and sends it as it is. The message is then delivered with
    /// `"harsh": true` in its content.
    pub confirmed: Option<bool>,
}

/// A message's content checked against its type. Images are still data URLs here; the service
/// stores them and puts their URLs in.
pub enum Checked {
    Ready(Value),
    Image(String),
    /// A voice recording the sender uploaded (its key or address), with its waveform.
    Audio {
        upload: String,
        waveform: Option<Vec<u8>>,
    },
    Gift(i64),
    RedPacket {
        amount: i64,
        blessing: Option<String>,
    },
}

pub fn check_content(kind: MessageType, content: Option<&Value>) -> Result<Checked, Refused> {
    let empty = || Refused::Invalid(Msg::EmptyMessage);
    match kind {
        MessageType::Txt => {
            let text = match content {
                Some(Value::String(s)) => s.as_str(),
                Some(v) => v.get("text").and_then(Value::as_str).unwrap_or_default(),
                None => "",
            };
            if text.trim().is_empty() {
                return Err(empty());
            }
            if text.len() > MAX_TEXT_BYTES {
                return Err(Refused::Invalid(Msg::MessageTooLong));
            }
            Ok(Checked::Ready(json!({ "text": text })))
        }
        MessageType::Emoji => {
            let code = content
                .and_then(|v| v.get("code"))
                .and_then(Value::as_str)
                .ok_or_else(empty)?;
            if !EMOJI.iter().any(|(c, _)| *c == code) {
                return Err(Refused::Invalid(Msg::MessageTypeInvalid));
            }
            Ok(Checked::Ready(json!({ "code": code })))
        }
        MessageType::Img => {
            let image = content
                .and_then(|v| v.get("image"))
                .and_then(Value::as_str)
                .ok_or_else(empty)?;
            Ok(Checked::Image(image.to_owned()))
        }
        MessageType::Custom | MessageType::Cmd => {
            let value = content
                .filter(|v| v.as_object().is_some_and(|o| !o.is_empty()))
                .ok_or_else(empty)?;
            if value.to_string().len() > MAX_TEXT_BYTES {
                return Err(Refused::Invalid(Msg::MessageTooLong));
            }
            if kind == MessageType::Cmd && value.get("action").and_then(Value::as_str).is_none() {
                return Err(Refused::Invalid(Msg::MessageTypeInvalid));
            }
            Ok(Checked::Ready(value.clone()))
        }
        MessageType::Gift => {
            let id = content
                .and_then(|v| v.get("giftId"))
                .and_then(Value::as_i64)
                .ok_or(Refused::NoSuchGift)?;
            Ok(Checked::Gift(id))
        }
        MessageType::RedPacket => {
            let amount = content
                .and_then(|v| v.get("amount"))
                .and_then(Value::as_i64)
                .filter(|a| (1..=1_000_000).contains(a));
            let amount = amount.ok_or(Refused::Invalid(Msg::RedPacketAmount))?;
            let blessing = content
                .and_then(|v| v.get("blessing"))
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|b| !b.is_empty())
                .map(|b| b.chars().take(60).collect());
            Ok(Checked::RedPacket { amount, blessing })
        }
        MessageType::Loc => check_place(content).map(Checked::Ready),
        MessageType::Audio => {
            let upload = content
                .and_then(|v| v.get("key").or_else(|| v.get("url")))
                .and_then(Value::as_str)
                .filter(|k| !k.trim().is_empty())
                .ok_or(Refused::Invalid(Msg::AudioEmpty))?;
            let waveform = match content.and_then(|v| v.get("waveform")) {
                None | Some(Value::Null) => None,
                Some(bars) => Some(check_waveform(bars)?),
            };
            Ok(Checked::Audio {
                upload: upload.trim().to_owned(),
                waveform,
            })
        }
    }
}

/// Most bars a voice message's waveform has.
pub const MAX_WAVEFORM_BARS: usize = 64;

/// A waveform as the sender's client drew it: at most 64 whole numbers, each 0 to 100.
fn check_waveform(bars: &Value) -> Result<Vec<u8>, Refused> {
    let invalid = Refused::Invalid(Msg::WaveformInvalid);
    let bars = bars.as_array().ok_or(invalid)?;
    if bars.len() > MAX_WAVEFORM_BARS {
        return Err(invalid);
    }
    bars.iter()
        .map(|bar| {
            bar.as_u64()
                .filter(|b| *b <= 100)
                .and_then(|b| u8::try_from(b).ok())
                .ok_or(invalid)
        })
        .collect()
}

/// Longest name or address of a shared place, in characters.
pub const MAX_PLACE_TEXT: usize = 200;

/// Decimal places an approximate place keeps: 0.01 degree is about 1.1 km of latitude (less of
/// longitude away from the equator), so the position is never closer than that.
const APPROXIMATE_DECIMALS: i32 = 2;

/// A place as it is stored: `{"lat", "lng", "name"?, "address"?, "approximate"}`. A place is
/// approximate unless the sender says otherwise, and an approximate one is rounded here, before
/// it is stored or sent on.
fn check_place(content: Option<&Value>) -> Result<Value, Refused> {
    let invalid = Refused::Invalid(Msg::PlaceInvalid);
    let content = content.and_then(Value::as_object).ok_or(invalid)?;
    let degrees = |key: &str, limit: f64| {
        content
            .get(key)
            .and_then(Value::as_f64)
            .filter(|d| d.is_finite() && d.abs() <= limit)
            .ok_or(invalid)
    };
    let (lat, lng) = (degrees("lat", 90.0)?, degrees("lng", 180.0)?);
    let approximate = match content.get("approximate") {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(invalid),
    };
    let (lat, lng) = if approximate {
        let scale = 10f64.powi(APPROXIMATE_DECIMALS);
        ((lat * scale).round() / scale, (lng * scale).round() / scale)
    } else {
        (lat, lng)
    };
    let mut place = json!({ "lat": lat, "lng": lng, "approximate": approximate });
    for key in ["name", "address"] {
        match content.get(key) {
            None | Some(Value::Null) => {}
            Some(Value::String(text)) => {
                let text = text.trim();
                if text.chars().count() > MAX_PLACE_TEXT {
                    return Err(Refused::Invalid(Msg::PlaceNameTooLong));
                }
                if !text.is_empty() {
                    place[key] = json!(text);
                }
            }
            Some(_) => return Err(invalid),
        }
    }
    Ok(place)
}

/// A message as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MessageRow {
    pub id: i64,
    pub sender_id: i64,
    pub recipient_id: i64,
    pub client_id: String,
    pub kind: MessageType,
    pub content: String,
    pub sender_seq: i64,
    pub recipient_seq: i64,
    pub created_at: i64,
    pub delivered_at: Option<i64>,
    pub read_at: Option<i64>,
    pub recalled_at: Option<i64>,
    pub sender_deleted: bool,
    pub recipient_deleted: bool,
}

/// One-to-one or group (SPEC section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ChatType {
    SingleChat,
    GroupChat,
}

/// A message as one side of the conversation, or a member of the group, sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: i64,
    pub client_id: String,
    pub from: i64,
    /// The other person, or the group.
    pub to: i64,
    pub chat_type: ChatType,
    #[serde(rename = "type")]
    pub msg_type: String,
    /// Null once recalled or deleted.
    // The stored JSON text as it is: a message goes out in several frames and pages, and is
    // never taken apart to be put together again.
    #[schema(value_type = Option<Object>, required = true)]
    pub content: Box<RawValue>,
    /// unread, read, recalled or deleted.
    pub status: String,
    pub created_at: String,
    pub delivered_at: Option<String>,
    pub read_at: Option<String>,
    /// A group message's number in the group's sequence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<i64>,
    /// My own group message: how many other members have read it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_by: Option<i64>,
    /// My newest translation of it, where I have one (the message list only: translated on
    /// arrival, or asked for before).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translation: Option<Box<MessageTranslation>>,
}

/// A translation the reader has of a message.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageTranslation {
    /// The language it is in.
    pub target: String,
    pub text: String,
}

impl Message {
    /// The message as `viewer` sees it now: an image's or a voice message's URLs signed by `signer` (they are private
    /// to the conversation, and this is how its two people get to see them).
    pub fn view(row: &MessageRow, viewer: i64, signer: &Signer) -> Message {
        let deleted = if viewer == row.sender_id {
            row.sender_deleted
        } else {
            row.recipient_deleted
        };
        let status = if deleted {
            "deleted"
        } else if row.recalled_at.is_some() {
            "recalled"
        } else if row.read_at.is_some() {
            "read"
        } else {
            "unread"
        };
        let content = if deleted || row.recalled_at.is_some() {
            null()
        } else {
            let signed = matches!(row.kind, MessageType::Img | MessageType::Audio)
                .then(|| signer.image_content(&row.content))
                .flatten();
            // Stored by us, from a `Value`: always valid JSON.
            RawValue::from_string(signed.unwrap_or_else(|| row.content.clone()))
                .unwrap_or_else(|_| null())
        };
        Message {
            id: row.id,
            client_id: row.client_id.clone(),
            from: row.sender_id,
            to: row.recipient_id,
            chat_type: ChatType::SingleChat,
            msg_type: row.kind.as_str().to_owned(),
            content,
            status: status.to_owned(),
            created_at: crate::clock::rfc3339(row.created_at),
            delivered_at: row.delivered_at.map(crate::clock::rfc3339),
            read_at: row.read_at.map(crate::clock::rfc3339),
            seq: None,
            read_by: None,
            translation: None,
        }
    }
}

fn null() -> Box<RawValue> {
    RawValue::NULL.to_owned()
}

/// A stored event, as it comes back for a replay.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub seq: i64,
    pub kind: String,
    pub message_id: Option<i64>,
    pub payload: String,
}
