//! What people's doings push to the person they concern: a like or wink, a match, a visit.
//! Members are told who; others get the 'Upgrade now' teaser, as the lists show them. Sent in
//! the background, as the person's settings allow (`notify`).

use crate::account::model::{em_user, UserRow};
use crate::i18n::{Lang, Msg};
use crate::notify::settings::PushKind;
use crate::notify::{Push, Sender, FOOTPRINTS, WINK_ME};
use crate::people::People;

/// What happened to the person told.
#[derive(Debug, Clone, Copy)]
pub enum Doing {
    Liked { matched: bool },
    Visited,
}

fn sender(row: &UserRow) -> Sender {
    Sender {
        id: row.id,
        name: row.user_name.clone(),
        em_user: em_user(row.id),
        avatar: row
            .avatar_thumb_key
            .as_deref()
            .map(crate::media::Media::url),
        gender: row.gender,
    }
}

impl People {
    /// Tells `whom` what `who` did, in the background.
    pub(crate) fn tell(&self, who: i64, whom: i64, doing: Doing) {
        let people = self.clone();
        tokio::spawn(async move {
            if let Err(e) = people.push(who, whom, doing).await {
                tracing::warn!(error = %e, "push not made");
            }
        });
    }

    async fn push(&self, who: i64, whom: i64, doing: Doing) -> sqlx::Result<()> {
        let (Some(actor), Some(told)) = (
            self.accounts.user(who).await?,
            self.accounts.user(whom).await?,
        ) else {
            return Ok(());
        };
        let lang = Lang::parse(&told.language).unwrap_or_default();
        let member = told.membership(self.clock.unix()).is_some();
        let text = |m: Msg| m.text(lang).to_owned();
        let push = match doing {
            // A match shows who to everyone (the matches list does), and opens the chat.
            Doing::Liked { matched: true } => Push {
                recipient: whom,
                kind: PushKind::Match,
                title: actor.user_name.clone(),
                body: text(Msg::PushMatch),
                from: Some(sender(&actor)),
                url: None,
                group: None,
            },
            Doing::Liked { matched: false } if member => Push {
                recipient: whom,
                kind: PushKind::Like,
                title: actor.user_name.clone(),
                body: text(Msg::PushLikedYou),
                from: None,
                url: Some(WINK_ME),
                group: None,
            },
            Doing::Liked { matched: false } => Push {
                recipient: whom,
                kind: PushKind::Like,
                title: text(Msg::PushSomeoneLikedYou),
                body: text(Msg::PushUpgradeToSee),
                from: None,
                url: Some(WINK_ME),
                group: None,
            },
            Doing::Visited if member => Push {
                recipient: whom,
                kind: PushKind::Visitor,
                title: actor.user_name.clone(),
                body: text(Msg::PushVisitedYou),
                from: None,
                url: Some(FOOTPRINTS),
                group: None,
            },
            Doing::Visited => Push {
                recipient: whom,
                kind: PushKind::Visitor,
                title: text(Msg::PushSomeoneVisited),
                body: text(Msg::PushUpgradeToSee),
                from: None,
                url: Some(FOOTPRINTS),
                group: None,
            },
        };
        self.notify.send(push).await;
        Ok(())
    }
}
