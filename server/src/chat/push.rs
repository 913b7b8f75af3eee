//! The notification a message makes for a recipient away from the app.

use crate::chat::model::{MessageRow, MessageType};
use crate::chat::store::Party;
use crate::i18n::{Lang, Msg};
use crate::notify::settings::PushKind;
use crate::notify::{Push, Sender};

/// The notification a message makes: the sender's name as title, a short preview as body (in
/// the recipient's language where we write it).
pub(super) fn push_for(me: &Party, them: &Party, row: &MessageRow) -> Push {
    let lang = Lang::parse(&them.language).unwrap_or_default();
    let (kind, body) = preview(row.kind, &row.content, lang);
    Push {
        recipient: them.id,
        kind,
        title: me.user_name.clone(),
        body,
        from: Some(sender(me)),
        url: None,
        group: None,
    }
}

/// What a message says in a notification, in `lang` where we write it, and the kind of push it
/// is (gifts and red packets are their own kind).
pub(super) fn preview(msg_type: MessageType, content: &str, lang: Lang) -> (PushKind, String) {
    let content: serde_json::Value = serde_json::from_str(content).unwrap_or_default();
    match msg_type {
        MessageType::Txt => (
            PushKind::Message,
            content["text"]
                .as_str()
                .unwrap_or_default()
                .chars()
                .take(120)
                .collect(),
        ),
        MessageType::Emoji => {
            let code = content["code"].as_str().unwrap_or_default();
            let emoji = crate::chat::model::EMOJI
                .iter()
                .find(|(c, _)| *c == code)
                .map(|(_, e)| (*e).to_owned())
                .unwrap_or_default();
            (PushKind::Message, emoji)
        }
        MessageType::Img => (PushKind::Message, Msg::PhotoMessage.text(lang).to_owned()),
        MessageType::Gift => (PushKind::Gift, Msg::PushGift.text(lang).to_owned()),
        MessageType::RedPacket => (PushKind::Gift, Msg::PushRedPacket.text(lang).to_owned()),
        MessageType::Loc => (PushKind::Message, Msg::PushPlace.text(lang).to_owned()),
        MessageType::Audio => {
            let seconds = content["seconds"].as_f64().unwrap_or_default();
            let time = clock_time(seconds);
            let body = Msg::PushVoice.text(lang).replace("{time}", &time);
            (PushKind::Message, body)
        }
        _ => (PushKind::Message, String::new()),
    }
}

/// A person as a push names them.
pub(crate) fn sender(me: &Party) -> Sender {
    Sender {
        id: me.id,
        name: me.user_name.clone(),
        em_user: crate::account::model::em_user(me.id),
        avatar: me.avatar_thumb_key.as_deref().map(crate::media::Media::url),
        gender: me.gender,
    }
}

/// A voice message's length as its bubble shows it: `0:12`, rounded to the second.
pub(crate) fn clock_time(seconds: f64) -> String {
    let whole = if seconds.is_finite() && seconds > 0.0 {
        seconds.round() as u64
    } else {
        0
    };
    format!("{}:{:02}", whole / 60, whole % 60)
}

#[cfg(test)]
mod tests {
    use super::clock_time;

    #[test]
    fn a_voice_message_reads_as_minutes_and_seconds() {
        assert_eq!(clock_time(12.4), "0:12");
        assert_eq!(clock_time(59.6), "1:00");
        assert_eq!(clock_time(3.0), "0:03");
        assert_eq!(clock_time(f64::NAN), "0:00");
    }
}
