//! Trust & safety on the send path: what makes a first message risky (a link, a phone number,
//! an email address, a request for money), the same text sent to many people, and how many
//! conversations a new account starts a day; with what staff do about a message set aside
//! (`deliver_held`, `withdraw`).
//!
//! A risky first message is delivered with a `caution` in its content (the recipient's app shows
//! a safety notice) and queued for staff; a text sent to too many people is held for staff and
//! not delivered. Both queues are `safety_queue` (migration 0012), read by the operator console.
//!
//! Repeated texts are counted by a keyed hash of the text (the key made from the installation's
//! media key, so the same on every node) for the window of `[safety] repeat_text_minutes`: in
//! the counters every node shares (`counters.rs`, a sorted set of the places a sender's text went
//! to) and in this node's memory. While the shared counters do not answer, or without them, this
//! node's count is the answer: a sender spreading one text over several nodes then gets up to that
//! many times the threshold. Counting them in the database would cost every text message a write.

use std::collections::HashMap;
use std::sync::Mutex;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::api::error::{ApiError, ApiResult};
use crate::chat::model::{MessageRow, MessageType};
use crate::chat::push::push_for;
use crate::chat::store::{NewSafetyItem, PlainMessage, SentTo};
use crate::chat::Chat;
use crate::counters::Counters;
use crate::i18n::Msg;
use serde_json::Value;

/// Why a first message is delivered with a caution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caution {
    Link,
    Phone,
    Email,
    Money,
}

impl Caution {
    pub fn as_str(self) -> &'static str {
        match self {
            Caution::Link => "link",
            Caution::Phone => "phone",
            Caution::Email => "email",
            Caution::Money => "money",
        }
    }
}

/// Words of a request for money, as scams word them (matched in lower case).
const MONEY_WORDS: &[&str] = &[
    "gift card",
    "giftcard",
    "bitcoin",
    "btc",
    "crypto",
    "usdt",
    "western union",
    "wire transfer",
    "moneygram",
    "send me money",
    "send money",
    "paypal me",
    "paypal.me",
    "cashapp",
    "cash app",
    "venmo",
    "zelle",
    "bank account",
    "iban",
];

/// Top-level domains a bare link is recognised by ("name.com" with no scheme).
const DOMAINS: &[&str] = &[
    "com", "net", "org", "io", "me", "co", "info", "biz", "xyz", "app", "site", "online", "link",
    "ly", "gl", "to", "ru", "cn", "uk", "de", "us",
];

/// What, if anything, makes a first message risky.
pub fn caution(text: &str) -> Option<Caution> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '<' | '>' | '"'))
        .filter(|w| !w.is_empty())
        .collect();
    if words.iter().any(|w| is_email(w)) {
        Some(Caution::Email)
    } else if words.iter().any(|w| is_link(w)) {
        Some(Caution::Link)
    } else if has_phone_number(&lower) {
        Some(Caution::Phone)
    } else if MONEY_WORDS.iter().any(|m| has_phrase(&lower, m)) {
        Some(Caution::Money)
    } else {
        None
    }
}

/// The words a message carries to its reader, whatever its type: a text's text, a red packet's
/// blessing, every string of a custom message, a place's name; none for pictures, emoji, gifts
/// and commands.
/// The trust & safety rules read these.
pub fn words_of(kind: MessageType, content: &Value) -> Option<String> {
    let words = match kind {
        MessageType::Txt => content["text"].as_str().map(str::to_owned),
        MessageType::RedPacket => content["blessing"].as_str().map(str::to_owned),
        MessageType::Custom => {
            let mut strings = Vec::new();
            strings_in(content, &mut strings);
            Some(strings.join(" "))
        }
        MessageType::Loc => content["name"].as_str().map(str::to_owned),
        MessageType::Emoji
        | MessageType::Img
        | MessageType::Audio
        | MessageType::Cmd
        | MessageType::Gift => None,
    };
    words.filter(|w| !w.trim().is_empty())
}

/// Every string in a JSON value, in order.
fn strings_in<'v>(value: &'v Value, out: &mut Vec<&'v str>) {
    match value {
        Value::String(s) => out.push(s),
        Value::Array(items) => items.iter().for_each(|v| strings_in(v, out)),
        Value::Object(fields) => fields.values().for_each(|v| strings_in(v, out)),
        _ => {}
    }
}

fn is_email(word: &str) -> bool {
    let word = word.trim_matches(|c: char| !c.is_alphanumeric());
    match word.split_once('@') {
        Some((user, host)) => {
            !user.is_empty()
                && host.contains('.')
                && host.split('.').all(|p| !p.is_empty())
                && !host.contains('@')
        }
        None => false,
    }
}

fn is_link(word: &str) -> bool {
    if word.contains("http://") || word.contains("https://") || word.starts_with("www.") {
        return true;
    }
    let word = word.trim_end_matches(['.', '!', '?', ':']);
    let host = word.split('/').next().unwrap_or_default();
    let mut parts = host.rsplit('.');
    let (Some(tld), Some(name)) = (parts.next(), parts.next()) else {
        return false;
    };
    DOMAINS.contains(&tld)
        && !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Seven digits or more in one run, allowing the separators people write numbers with.
fn has_phone_number(text: &str) -> bool {
    let mut digits = 0;
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits += 1;
            if digits >= 7 {
                return true;
            }
        } else if !matches!(c, ' ' | '-' | '.' | '(' | ')' | '+') {
            digits = 0;
        }
    }
    false
}

/// `phrase` as whole words of `text` (both lower case).
fn has_phrase(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The same text as a sender wrote it, whatever its case and spacing.
fn normalized(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A sender and the keyed hash of a text they sent.
type SentText = (i64, [u8; 16]);

/// The recent recipients of each sender's texts, by text: counted by every node when the
/// counters are shared, and always by this node too (what it answers while they are away).
pub struct Repeats {
    /// The key of texts' hashes, the same on every node.
    key: [u8; 32],
    /// The recipient and time of each recent send of a text from this node.
    sent: Mutex<HashMap<SentText, Vec<(i64, i64)>>>,
    counters: Counters,
}

impl Repeats {
    pub fn new(key: [u8; 32], counters: Counters) -> Repeats {
        Repeats {
            key,
            sent: Mutex::new(HashMap::new()),
            counters,
        }
    }

    /// A text's keyed hash: who reads the counters cannot tell the text.
    fn hash(&self, text: &str) -> [u8; 16] {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(text.as_bytes());
        let mut hash = [0; 16];
        hash.copy_from_slice(&mac.finalize().into_bytes()[..16]);
        hash
    }

    /// Counts a send of `text` from `sender` to `recipient` at `now`; answers how many different
    /// people this sender sent the text to since `since`, this one included: through every node
    /// when the shared counters answer, else through this one. Texts shorter than `min_chars` are
    /// not counted (answers 0).
    pub async fn count(
        &self,
        sender: i64,
        recipient: i64,
        text: &str,
        min_chars: usize,
        since: i64,
        now: i64,
    ) -> usize {
        let text = normalized(text);
        if text.chars().count() < min_chars {
            return 0;
        }
        let hash = self.hash(&text);
        let here = {
            let mut sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
            let sends = sent.entry((sender, hash)).or_default();
            sends.retain(|&(_, at)| at >= since);
            if !sends.iter().any(|&(r, _)| r == recipient) {
                sends.push((recipient, now));
            }
            sends.len()
        };
        let key = format!("{sender}:{}", hex::encode(hash));
        // This node's count covers the sends made here while the shared counters were away.
        match self.counters.places(&key, recipient, now, since).await {
            Some(everywhere) => everywhere.max(here),
            None => here,
        }
    }

    /// Forgets sends older than `since` (the minute sweep).
    pub fn forget_before(&self, since: i64) {
        let mut sent = self.sent.lock().unwrap_or_else(|e| e.into_inner());
        sent.retain(|_, sends| {
            sends.retain(|&(_, at)| at >= since);
            !sends.is_empty()
        });
    }
}

impl Chat {
    /// A new account with room under its day's cap for `more` new conversations, or 429 until
    /// midnight.
    pub(super) async fn within_new_conversations(
        &self,
        sender: i64,
        now: i64,
        more: i64,
    ) -> ApiResult<()> {
        let day = now - now.rem_euclid(86_400);
        let started = self.store.conversations_started(sender, day).await?;
        if started + more > self.config.safety.new_conversations_per_day {
            return Err(ApiError::Limited {
                msg: Msg::NewConversationsCap,
                retry_after_secs: u64::try_from(day + 86_400 - now).unwrap_or(1),
            });
        }
        Ok(())
    }

    /// Counts a text to one more person, or group; true when this one makes it too many. A
    /// group counts as one more place the text went, whatever its size: a greeting to a group is
    /// not spam, the same text in group after group is.
    pub(super) async fn repeated(&self, sender: i64, to: SentTo, text: &str, now: i64) -> bool {
        let safety = &self.config.safety;
        let since = now - safety.repeat_text_minutes * 60;
        // Groups are counted apart from people by their ids' sign.
        let place = match to {
            SentTo::Person(id) => id,
            SentTo::Group(id) => -id,
        };
        let people = self
            .repeats
            .count(
                sender,
                place,
                text,
                safety.repeat_text_min_chars,
                since,
                now,
            )
            .await;
        people >= safety.repeat_text_people
    }

    /// Keeps a text held as spam for staff, undelivered.
    pub(super) async fn hold_as_spam(
        &self,
        sender: i64,
        to: SentTo,
        client_id: &str,
        msg_type: MessageType,
        content: &serde_json::Value,
        now: i64,
    ) -> ApiResult<()> {
        let item = NewSafetyItem {
            kind: "spam",
            reason: "repeated",
            sender,
            to,
            message_id: None,
            client_id,
            msg_type,
            content: &content.to_string(),
            now,
        };
        Ok(self.store.queue_for_staff(&item).await?)
    }

    /// A conversation started: counted against a new account's cap, and queued for staff when
    /// its first message came with a caution.
    pub(super) async fn after_first_message(
        &self,
        row: &MessageRow,
        new_account: bool,
        caution: Option<Caution>,
    ) -> ApiResult<()> {
        if new_account {
            self.store
                .record_first_contact(row.sender_id, row.recipient_id, row.created_at)
                .await?;
        }
        if let Some(caution) = caution {
            let item = NewSafetyItem {
                kind: "caution",
                reason: caution.as_str(),
                sender: row.sender_id,
                to: SentTo::Person(row.recipient_id),
                message_id: Some(row.id),
                client_id: &row.client_id,
                msg_type: row.kind,
                content: &row.content,
                now: row.created_at,
            };
            self.store.queue_for_staff(&item).await?;
        }
        Ok(())
    }

    /// Delivers a message staff released from the spam hold, as its sender sent it.
    pub async fn deliver_held(
        &self,
        sender: i64,
        recipient: i64,
        client_id: &str,
        msg_type: &str,
        content: &str,
    ) -> ApiResult<()> {
        let kind = MessageType::from_db(msg_type).unwrap_or(MessageType::Txt);
        let (row, fresh) = self
            .writer
            .store(PlainMessage {
                sender,
                recipient,
                client_id: client_id.to_owned(),
                kind,
                content: content.to_owned(),
                now: self.clock.unix(),
            })
            .await?;
        if fresh && !self.hub.is_online(recipient) {
            let parties = self.checks.parties(sender, recipient, client_id).await?;
            if let (Some(me), Some(them)) = (parties.sender, parties.recipient) {
                self.push_to_offline(push_for(&me, &them, &row));
            }
        }
        Ok(())
    }

    /// Takes back a delivered message staff rejected, as its sender's recall would (at any age).
    pub async fn withdraw(&self, sender: i64, id: i64) -> ApiResult<()> {
        if let Some((_, announced)) = self
            .store
            .recall(sender, id, i64::MIN, self.clock.unix())
            .await?
        {
            self.announce(&announced);
        }
        Ok(())
    }

    /// Forgets repeated texts past their window (the minute sweep).
    pub fn forget_old_repeats(&self) {
        let since = self.clock.unix() - self.config.safety.repeat_text_minutes * 60;
        self.repeats.forget_before(since);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn risky_first_messages_are_recognised() {
        assert_eq!(
            caution("add me on mail: anna.k@example.org"),
            Some(Caution::Email)
        );
        assert_eq!(caution("see https://x.example/p"), Some(Caution::Link));
        assert_eq!(caution("my page www.anna.page"), Some(Caution::Link));
        assert_eq!(caution("find me at anna-k.com!"), Some(Caution::Link));
        assert_eq!(caution("call me +1 (555) 010-2233"), Some(Caution::Phone));
        assert_eq!(caution("text 555.010.2233 tonight"), Some(Caution::Phone));
        assert_eq!(
            caution("Could you buy me a Gift Card?"),
            Some(Caution::Money)
        );
        assert_eq!(caution("I only trade USDT"), Some(Caution::Money));
        assert_eq!(
            caution("please send money for the ticket"),
            Some(Caution::Money)
        );
    }

    #[test]
    fn ordinary_first_messages_are_not() {
        assert_eq!(caution("Hello! How was your day?"), None);
        assert_eq!(caution("I was born in 1990 and I have 2 cats"), None);
        assert_eq!(
            caution("I love crypts and old churches... and hiking.Really"),
            None
        );
        assert_eq!(caution("The ibex is my favourite animal"), None);
        assert_eq!(caution("Call me at 5 or 6 pm"), None);
    }

    #[tokio::test]
    async fn a_text_counts_each_person_once_within_the_window() {
        let r = Repeats::new([7; 32], Counters::default());
        let text = "Hello dear, you look lovely, write me";
        assert_eq!(r.count(1, 10, text, 20, 0, 100).await, 1);
        assert_eq!(r.count(1, 10, text, 20, 0, 101).await, 1);
        assert_eq!(
            r.count(
                1,
                11,
                "  HELLO dear,  you look lovely, write me ",
                20,
                0,
                102
            )
            .await,
            2
        );
        // Another sender, or a short text, counts apart.
        assert_eq!(r.count(2, 10, text, 20, 0, 103).await, 1);
        assert_eq!(r.count(1, 12, "hi there", 20, 0, 104).await, 0);
        // Past the window, the early sends no longer count.
        assert_eq!(r.count(1, 13, text, 20, 102, 200).await, 2);
        r.forget_before(1_000);
        assert_eq!(r.count(1, 14, text, 20, 1_000, 1_001).await, 1);
    }
}
