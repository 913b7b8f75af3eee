//! The notifications a group message makes: one for each member away from the app, titled with
//! the group's name, "Yuki: ¿Vamos?" in each reader's language where we write it. A member who
//! muted the group hears nothing of it until the mute ends, unless the message names them
//! (`@name`).

use crate::account::model::{em_user, UserRow};
use crate::chat::groups::model::{GroupEventRow, MemberRow};
use crate::chat::model::MessageType;
use crate::chat::push::preview;
use crate::chat::Chat;
use crate::i18n::Lang;
use crate::notify::{Push, Sender};

impl Chat {
    /// Pushes a fresh group message, in the background, to the members it concerns who are
    /// online on no node.
    pub(super) fn push_group_message(
        &self,
        group_name: String,
        row: &GroupEventRow,
        sender: &UserRow,
        members: Vec<MemberRow>,
    ) {
        let Some(msg_type) = MessageType::from_db(&row.msg_type).filter(|t| *t != MessageType::Cmd)
        else {
            return;
        };
        let now = self.clock.unix();
        let text = (msg_type == MessageType::Txt)
            .then(|| serde_json::from_str::<serde_json::Value>(&row.content).ok())
            .flatten()
            .and_then(|c| c["text"].as_str().map(str::to_owned))
            .unwrap_or_default();
        let pushes: Vec<Push> = members
            .into_iter()
            .filter(|m| m.is_current() && m.user_id != sender.id)
            // Online here: the message reaches them in the app.
            .filter(|m| !self.hub.is_online(m.user_id))
            .filter(|m| {
                m.muted_until.is_none_or(|until| until <= now) || mentions(&text, &m.user_name)
            })
            .map(|m| {
                let lang = Lang::parse(&m.language).unwrap_or_default();
                let (kind, body) = preview(msg_type, &row.content, lang);
                Push {
                    recipient: m.user_id,
                    kind,
                    title: group_name.clone(),
                    body: format!("{}: {body}", sender.user_name),
                    from: Some(Sender {
                        id: sender.id,
                        name: sender.user_name.clone(),
                        em_user: em_user(sender.id),
                        avatar: sender
                            .avatar_thumb_key
                            .as_deref()
                            .map(crate::media::Media::url),
                        gender: sender.gender,
                    }),
                    url: None,
                    group: Some(row.group_id),
                }
            })
            .collect();
        if pushes.is_empty() {
            return;
        }
        let (hub, notify) = (self.hub.clone(), self.notify.clone());
        tokio::spawn(async move {
            // Asked of the other nodes all at once: each may wait for an answer.
            let online = futures::future::join_all(
                pushes.iter().map(|p| hub.is_online_anywhere(p.recipient)),
            )
            .await;
            for (push, online) in pushes.into_iter().zip(online) {
                if !online {
                    notify.send(push).await;
                }
            }
        });
    }
}

/// Whether `text` names `user_name` as `@user_name` (in any case), as a whole name.
pub fn mentions(text: &str, user_name: &str) -> bool {
    let wanted = format!("@{}", user_name.to_lowercase());
    let text = text.to_lowercase();
    text.match_indices(&wanted).any(|(at, _)| {
        text[at + wanted.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
    })
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn a_mention_is_the_whole_name_after_an_at_sign() {
        assert!(mentions("@Yuki are you coming?", "yuki"));
        assert!(mentions("ask @yuki.", "yuki"));
        assert!(mentions("hi @yuki", "Yuki"));
        assert!(!mentions("hi @yukiko", "yuki"));
        assert!(!mentions("yuki, hi", "yuki"));
        assert!(!mentions("", "yuki"));
    }
}
