//! Erasing an account (GDPR article 17), in one write transaction: `docs/privacy.md` is the rule
//! this follows, and each domain erases its own tables (`personal.rs` in its folder). What stays
//! is what the law or the other person needs: the anonymised `users` row that money records point
//! at, the ledger, orders, gifts and red packets (bookkeeping), reports and the staff audit log
//! (moderation), and the rows of the messages the other person exchanged with them, the deleted
//! person's own message contents blanked.

use crate::db::Db;
use crate::translate::personal::Written;
use crate::{account, album, chat, feed, mail, notices, notify, people, translate};
use crate::{verification, wallet};

/// Erases `user_id`'s account; answers the media keys of their pictures, to delete once the
/// transaction has committed. An account erased already answers nothing.
pub async fn erase(db: &Db, user_id: i64, now: i64) -> sqlx::Result<Vec<String>> {
    let mut tx = db.begin_write().await?;
    let Some(leaving) = account::personal::leaving(&mut tx, user_id).await? else {
        return Ok(Vec::new());
    };
    let mut files = leaving.files;
    // Translation first: it finds the translations to remove by what they wrote, which the chat
    // and the feed then blank or remove.
    let written = Written {
        messages: chat::personal::MESSAGES_SENT,
        group_messages: chat::personal::GROUP_MESSAGES_SENT,
        dynamics: feed::personal::DYNAMICS_WRITTEN,
        comments: feed::personal::COMMENTS_WRITTEN,
    };
    translate::personal::erase(&mut tx, user_id, &written).await?;
    files.extend(chat::personal::erase(&mut tx, user_id, now).await?);
    files.extend(album::personal::erase(&mut tx, user_id).await?);
    files.extend(verification::personal::erase(&mut tx, user_id).await?);
    files.extend(feed::personal::erase(&mut tx, user_id).await?);
    people::personal::erase(&mut tx, user_id).await?;
    notify::personal::erase(&mut tx, user_id).await?;
    notices::personal::erase(&mut tx, user_id).await?;
    wallet::personal::erase(&mut tx, user_id).await?;
    if let Some(email) = &leaving.email {
        mail::personal::erase(&mut tx, email).await?;
    }
    // Last: the row the others' records point at.
    account::personal::erase(&mut tx, user_id, now).await?;
    tx.commit().await?;
    Ok(files)
}
