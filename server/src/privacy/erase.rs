//! Erasing an account (GDPR article 17), in one write transaction: `docs/privacy.md` is the rule
//! this follows, table by table. What stays is what the law or the other person needs: the
//! anonymised `users` row that money records point at, the ledger, orders, gifts and red packets
//! (bookkeeping), reports and the staff audit log (moderation), and the rows of the messages the
//! other person exchanged with them, the deleted person's own message contents blanked.

use crate::db::{on_tx, Db};
use crate::media::signed::image_keys;
use crate::media::thumb_of;

/// Ids written into one statement at a time when counts are taken again.
const CHUNK: usize = 500;

/// Erases `user_id`'s account; answers the media keys of their pictures, to delete once the
/// transaction has committed. An account erased already answers nothing.
pub async fn erase(db: &Db, user_id: i64, now: i64) -> sqlx::Result<Vec<String>> {
    let mut tx = db.begin_write().await?;
    let files = on_tx!(&mut tx, conn => {
        let person: Option<(Option<String>, Option<String>, Option<String>)> = sqlx::query_as(
            "SELECT email, avatar_key, avatar_thumb_key FROM users WHERE id = $1 AND status <> 'deleted'",
        ).bind(user_id).fetch_optional(&mut **conn).await?;
        let Some((email, avatar, avatar_thumb)) = person else {
            return Ok(Vec::new());
        };

        // Their pictures: the avatar, album photos, dynamics' photos, a verification selfie and
        // the chat images they sent.
        let mut files: Vec<String> = avatar.into_iter().chain(avatar_thumb).collect();
        let album: Vec<(String,)> = sqlx::query_as("SELECT image_key FROM album_photos WHERE user_id = $1")
            .bind(user_id).fetch_all(&mut **conn).await?;
        let dynamics: Vec<(String,)> = sqlx::query_as("SELECT images FROM dynamics WHERE user_id = $1")
            .bind(user_id).fetch_all(&mut **conn).await?;
        let keys = album.into_iter().map(|(k,)| k)
            .chain(dynamics.iter().flat_map(|(images,)| images.split_whitespace().map(str::to_owned)));
        // A verification selfie still waiting for staff.
        let selfies: Vec<(String,)> = sqlx::query_as(
            "SELECT selfie_key FROM photo_verifications WHERE user_id = $1 AND selfie_key IS NOT NULL",
        ).bind(user_id).fetch_all(&mut **conn).await?;
        for key in keys.chain(selfies.into_iter().map(|(k,)| k)) {
            files.push(thumb_of(&key));
            files.push(key);
        }
        let chat_images: Vec<(String,)> = sqlx::query_as(
            "SELECT content FROM messages WHERE sender_id = $1 AND kind = 'img'",
        ).bind(user_id).fetch_all(&mut **conn).await?;
        files.extend(
            chat_images.iter().flat_map(|(c,)| image_keys(c)).filter(|k| k.starts_with("chat/")),
        );

        // Chat: translations of their messages (and the shared cache's copies of them) and the
        // ones they asked for; their messages' contents, which the other person then sees as
        // withdrawn; what was sent to them, which no one will read.
        sqlx::query(
            "DELETE FROM translation_cache WHERE EXISTS (
                SELECT 1 FROM translations t JOIN messages m ON m.id = t.message_id
                WHERE m.sender_id = $1 AND t.target = translation_cache.target AND t.text = translation_cache.text)",
        ).bind(user_id).execute(&mut **conn).await?;
        sqlx::query(
            "DELETE FROM translations WHERE reader_id = $1
                OR message_id IN (SELECT id FROM messages WHERE sender_id = $1)",
        ).bind(user_id).execute(&mut **conn).await?;
        // What was read elsewhere: the translations they asked for, and every translation (with
        // the cache's copy) of their dynamics, comments and About me.
        let theirs = "(kind = 'dynamic' AND item_id IN (SELECT id FROM dynamics WHERE user_id = $1))
            OR (kind = 'comment' AND item_id IN (SELECT id FROM comments WHERE user_id = $1))
            OR (kind = 'about' AND item_id = $1)";
        sqlx::query(&format!(
            "DELETE FROM translation_cache WHERE EXISTS (
                SELECT 1 FROM (SELECT source_hash, target FROM text_translations WHERE {theirs}) t
                WHERE t.source_hash = translation_cache.source_hash AND t.target = translation_cache.target)",
        )).bind(user_id).execute(&mut **conn).await?;
        sqlx::query(&format!("DELETE FROM text_translations WHERE reader_id = $1 OR {theirs}"))
            .bind(user_id).execute(&mut **conn).await?;
        sqlx::query(
            "UPDATE messages SET content = '{}', recalled_at = COALESCE(recalled_at, $2), sender_deleted = TRUE
             WHERE sender_id = $1",
        ).bind(user_id).bind(now).execute(&mut **conn).await?;
        sqlx::query("UPDATE messages SET recipient_deleted = TRUE WHERE recipient_id = $1")
            .bind(user_id).execute(&mut **conn).await?;
        sqlx::query("UPDATE safety_queue SET content = '{}' WHERE sender_id = $1")
            .bind(user_id).execute(&mut **conn).await?;
        for sql in [
            "DELETE FROM user_events WHERE user_id = $1",
            "DELETE FROM user_sequences WHERE user_id = $1",
            "DELETE FROM first_contacts WHERE sender_id = $1 OR recipient_id = $1",
            "DELETE FROM chat_languages WHERE user_id = $1 OR partner_id = $1",
            "DELETE FROM translation_allowance WHERE user_id = $1",
            "DELETE FROM album_photos WHERE user_id = $1",
            "DELETE FROM photo_verifications WHERE user_id = $1",
            "DELETE FROM ban_appeals WHERE user_id = $1",
            "DELETE FROM appeal_passes WHERE user_id = $1",
            "DELETE FROM suspended_sessions WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }

        // The feed: their comments (with the replies under them) and likes on other people's
        // dynamics, whose counts are taken again; then their own dynamics, with everything on them.
        let commented: Vec<(i64,)> = sqlx::query_as("SELECT DISTINCT dynamic_id FROM comments WHERE user_id = $1")
            .bind(user_id).fetch_all(&mut **conn).await?;
        let answered: Vec<(i64,)> = sqlx::query_as(
            "SELECT DISTINCT parent_id FROM comments WHERE user_id = $1 AND parent_id IS NOT NULL",
        ).bind(user_id).fetch_all(&mut **conn).await?;
        let liked: Vec<(i64,)> = sqlx::query_as("SELECT dynamic_id FROM dynamic_likes WHERE user_id = $1")
            .bind(user_id).fetch_all(&mut **conn).await?;
        for sql in [
            "DELETE FROM comments WHERE user_id = $1",
            "DELETE FROM dynamic_likes WHERE user_id = $1",
            "DELETE FROM dynamic_flags WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }
        for ids in answered.chunks(CHUNK) {
            sqlx::query(&format!(
                "UPDATE comments SET subs = (SELECT COUNT(*) FROM comments s WHERE s.parent_id = comments.id)
                 WHERE id IN ({})", id_list(ids),
            )).execute(&mut **conn).await?;
        }
        for ids in commented.chunks(CHUNK) {
            sqlx::query(&format!(
                "UPDATE dynamics SET comments = (SELECT COUNT(*) FROM comments c WHERE c.dynamic_id = dynamics.id)
                 WHERE id IN ({})", id_list(ids),
            )).execute(&mut **conn).await?;
        }
        for ids in liked.chunks(CHUNK) {
            sqlx::query(&format!(
                "UPDATE dynamics SET likes = (SELECT COUNT(*) FROM dynamic_likes l WHERE l.dynamic_id = dynamics.id)
                 WHERE id IN ({})", id_list(ids),
            )).execute(&mut **conn).await?;
        }

        // Everything else that is theirs or about them.
        for sql in [
            "DELETE FROM dynamics WHERE user_id = $1",
            "DELETE FROM likes WHERE liker_id = $1 OR liked_id = $1",
            "DELETE FROM matches WHERE user_id = $1 OR other_id = $1",
            "DELETE FROM passes WHERE passer_id = $1 OR passed_id = $1",
            "DELETE FROM visits WHERE visitor_id = $1 OR visited_id = $1",
            "DELETE FROM footprints WHERE visitor_id = $1 OR visited_id = $1",
            "DELETE FROM contacts WHERE owner_id = $1 OR contact_id = $1",
            "DELETE FROM remarks WHERE owner_id = $1 OR target_id = $1",
            "DELETE FROM blocks WHERE blocker_id = $1 OR blocked_id = $1",
            "DELETE FROM discover_shown WHERE viewer_id = $1 OR shown_id = $1",
            "DELETE FROM list_seen WHERE user_id = $1",
            "DELETE FROM push_subscriptions WHERE user_id = $1",
            "DELETE FROM push_settings WHERE user_id = $1",
            "DELETE FROM push_sent WHERE user_id = $1",
            "DELETE FROM notice_texts WHERE notice_id IN (SELECT id FROM notices WHERE user_id = $1)",
            "DELETE FROM notices WHERE user_id = $1",
            "DELETE FROM coin_claims WHERE user_id = $1",
            "DELETE FROM client_errors WHERE user_id = $1",
            "DELETE FROM im_tokens WHERE user_id = $1",
            "DELETE FROM sessions WHERE user_id = $1",
            "DELETE FROM email_codes WHERE user_id = $1",
            "DELETE FROM login_failures WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }
        if let Some(email) = &email {
            sqlx::query("DELETE FROM mail_outbox WHERE LOWER(recipient) = LOWER($1)")
                .bind(email).execute(&mut **conn).await?;
        }

        // The row stays (ledger entries, orders and gifts point at it) but holds nothing personal
        // any more. Its placeholder name has an '@', which no chosen user name has, so it never
        // collides with a member's name.
        sqlx::query(
            "UPDATE users SET status = 'deleted', deleted_at = $2, email = NULL,
                user_name = 'deleted@' || CAST(id AS TEXT), password_hash = '', signature = NULL,
                telephone = NULL, avatar_key = NULL, avatar_thumb_key = NULL, verified_avatar_key = NULL, birthday = '',
                country = '', email_verified = FALSE, level = NULL, member_expires_at = NULL
             WHERE id = $1",
        ).bind(user_id).bind(now).execute(&mut **conn).await?;
        files
    });
    tx.commit().await?;
    Ok(files)
}

/// Ids read from the database, written into a statement.
fn id_list(ids: &[(i64,)]) -> String {
    ids.iter()
        .map(|(id,)| id.to_string())
        .collect::<Vec<_>>()
        .join(",")
}
