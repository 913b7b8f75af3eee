//! "Are you sure?": a message carrying an insult, a slur or harassment, in any of our languages,
//! is refused once (409 `AreYouSure`, `data.confirm = "harsh"`) so that its sender may think again;
//! sent again with `confirmed`, it is delivered with `"harsh": true` in its content and the
//! recipient's app asks "Does this bother you?" with a one-tap report. Metrics
//! `harsh_prompted_total` and `harsh_sent_total`: the people who changed their mind are the
//! difference.
//!
//! The words are per-language lists in `harsh/` (kept from LDNOOBW, CC-BY-4.0: see the first line
//! of each), all checked at once, since a person may write in any language: one pass of one
//! automaton built on first use. Languages written with spaces match whole words only, so a
//! "Scunthorpe" is no insult; Chinese, Japanese and Korean match anywhere in the text.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, MatchKind};
use serde_json::Value;

use crate::api::error::{ApiError, ApiResult};
use crate::chat::model::MessageType;
use crate::chat::safety::words_of;
use crate::i18n::Msg;

/// Each list, and whether its entries match as whole words only.
const LISTS: [(&str, bool); 7] = [
    (include_str!("harsh/en.txt"), true),
    (include_str!("harsh/de.txt"), true),
    (include_str!("harsh/es.txt"), true),
    (include_str!("harsh/ru.txt"), true),
    (include_str!("harsh/ja.txt"), false),
    (include_str!("harsh/ko.txt"), false),
    (include_str!("harsh/zh.txt"), false),
];

struct Words {
    /// None only if the lists could not be built (they are far below the automaton's limits).
    automaton: Option<AhoCorasick>,
    /// By pattern: matched as a whole word only.
    whole: Vec<bool>,
}

static WORDS: LazyLock<Words> = LazyLock::new(|| {
    let mut patterns = Vec::new();
    let mut whole = Vec::new();
    for (list, whole_words) in LISTS {
        for entry in list.lines().map(str::trim) {
            if !entry.is_empty() && !entry.starts_with('#') {
                patterns.push(normalized(entry));
                whole.push(whole_words);
            }
        }
    }
    let automaton = AhoCorasick::builder()
        .match_kind(MatchKind::Standard)
        .build(&patterns)
        .inspect_err(|e| tracing::error!(error = %e, "the harsh word lists do not build"))
        .ok();
    Words { automaton, whole }
});

/// A text as it is matched: lower case, full-width letters as ASCII, ё as е, and the cheap
/// letter tricks ("b1tch", "$lut", "@sshole") undone.
fn normalized(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ё' => 'е',
            '0' => 'o',
            '1' => 'i',
            '3' => 'e',
            '4' | '@' => 'a',
            '5' | '$' => 's',
            '’' | '`' => '\'',
            _ => c,
        })
        .collect()
}

/// Whether a text carries a listed word.
pub fn is_harsh(text: &str) -> bool {
    let text = normalized(text);
    let words = &*WORDS;
    let Some(automaton) = &words.automaton else {
        return false;
    };
    automaton.find_overlapping_iter(&text).any(|m| {
        if !words.whole[m.pattern().as_usize()] {
            return true;
        }
        let before = text[..m.start()].chars().next_back();
        let after = text[m.end()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Asks again before a watched sender's harsh words go: 409 `AreYouSure` until the send is
/// `confirmed`, nothing stored; confirmed, the content is marked `harsh` for the recipient.
pub fn ask_again(
    watched: bool,
    kind: MessageType,
    content: &mut Value,
    confirmed: bool,
) -> ApiResult<()> {
    if !watched || !words_of(kind, content).is_some_and(|w| is_harsh(&w)) {
        return Ok(());
    }
    if !confirmed {
        metrics::counter!("harsh_prompted_total").increment(1);
        return Err(ApiError::Conflict(Msg::AreYouSure));
    }
    metrics::counter!("harsh_sent_total").increment(1);
    content["harsh"] = true.into();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn insults_in_every_language_are_recognised() {
        for text in [
            "you are a BITCH",
            "what an asshole!",
            "b1tch",
            "ｓｌｕｔ",
            "Du Arschloch",
            "eres un hijo de puta",
            "Ты мудило",
            "сукин сын",
            "お前はデブだ",
            "死ねよ",
            "你这个傻逼",
            "他媽的",
            "이 병신아",
        ] {
            assert!(is_harsh(text), "{text}");
        }
    }

    #[test]
    fn harmless_words_are_not() {
        for text in [
            "I grew up in Scunthorpe",
            "What a classic",
            "Let's go to Essex, cocktail at the hotel",
            "Hasta mañana, me gusta la concha del mar",
            "Я люблю мандарины",
            "Hello! 1 cat and 3 dogs",
            "デビューおめでとう",
            "今天天气很好",
            "안녕하세요",
        ] {
            assert!(!is_harsh(text), "{text}");
        }
    }

    #[test]
    fn the_words_of_each_kind_of_message() {
        let t = json!({ "text": "hi" });
        assert_eq!(words_of(MessageType::Txt, &t).as_deref(), Some("hi"));
        let r = json!({ "amount": 5, "blessing": "luck", "state": "unclaimed" });
        assert_eq!(
            words_of(MessageType::RedPacket, &r).as_deref(),
            Some("luck")
        );
        let c = json!({ "card": { "lines": ["a", 3] }, "title": "b" });
        assert_eq!(words_of(MessageType::Custom, &c).as_deref(), Some("a b"));
        assert_eq!(
            words_of(MessageType::Emoji, &json!({ "code": "[smile]" })),
            None
        );
    }

    #[test]
    fn a_confirmed_message_is_marked_and_staff_are_not_asked() {
        let mut content = json!({ "text": "whore" });
        assert!(matches!(
            ask_again(true, MessageType::Txt, &mut content, false),
            Err(ApiError::Conflict(Msg::AreYouSure))
        ));
        assert!(ask_again(false, MessageType::Txt, &mut content, false).is_ok());
        assert_eq!(content.get("harsh"), None);
        assert!(ask_again(true, MessageType::Txt, &mut content, true).is_ok());
        assert_eq!(content["harsh"], true);
    }
}
