//! Groups on SQLite and PostgreSQL: the groups, their memberships and each group's one
//! sequence of events. Every change of a group takes the group's next number first
//! (`take_seq`), which locks the group's row until the transaction ends: two changes of one
//! group never interleave, and a change that is refused after all rolls back and leaves no gap.

use crate::chat::groups::model::{
    Candidate, GroupEventRow, GroupRow, MemberRow, SummaryRow, EVENT_COLUMNS,
};
use crate::db::{on_db, on_tx, placeholders, Db, Tx};

const GROUP_COLUMNS: &str = "id, name, avatar_key, last_seq, ended_at";
const MEMBER_COLUMNS: &str = "m.user_id, m.role, m.joined_seq, m.left_seq, m.read_seq, m.muted_until, u.user_name, u.avatar_thumb_key, u.language";

/// An event to append to a group's sequence.
pub struct NewGroupEvent<'a> {
    pub group_id: i64,
    pub seq: i64,
    pub kind: &'a str,
    /// Nobody's for what staff do (a group closed).
    pub sender_id: Option<i64>,
    pub client_id: Option<&'a str>,
    pub msg_type: &'a str,
    pub content: &'a str,
    pub recalls: Option<i64>,
    pub now: i64,
}

#[derive(Clone, Debug)]
pub struct GroupStore {
    db: Db,
}

impl GroupStore {
    pub fn new(db: Db) -> GroupStore {
        GroupStore { db }
    }

    pub async fn begin(&self) -> sqlx::Result<Tx> {
        self.db.begin_write().await
    }

    pub async fn group(&self, id: i64) -> sqlx::Result<Option<GroupRow>> {
        let sql = format!("SELECT {GROUP_COLUMNS} FROM chat_groups WHERE id = $1");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    /// Everyone who is or was in the group.
    pub async fn members(&self, group: i64) -> sqlx::Result<Vec<MemberRow>> {
        let sql = format!(
            "SELECT {MEMBER_COLUMNS} FROM group_members m JOIN users u ON u.id = m.user_id
             WHERE m.group_id = $1"
        );
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(group).fetch_all(pool).await)
    }

    pub async fn membership(&self, group: i64, user: i64) -> sqlx::Result<Option<MemberRow>> {
        let sql = format!(
            "SELECT {MEMBER_COLUMNS} FROM group_members m JOIN users u ON u.id = m.user_id
             WHERE m.group_id = $1 AND m.user_id = $2"
        );
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(group).bind(user).fetch_optional(pool).await)
    }

    /// Each group `user` is or was in: (group, joined, left, the group's last number).
    pub async fn memberships_of(
        &self,
        user: i64,
    ) -> sqlx::Result<Vec<(i64, i64, Option<i64>, i64)>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT m.group_id, m.joined_seq, m.left_seq, g.last_seq FROM group_members m
             JOIN chat_groups g ON g.id = m.group_id WHERE m.user_id = $1",
        ).bind(user).fetch_all(pool).await)
    }

    /// My groups now, newest activity first, with my unread counts.
    pub async fn summaries(&self, user: i64) -> sqlx::Result<Vec<SummaryRow>> {
        on_db!(&self.db, pool => sqlx::query_as(
            "SELECT g.id, g.name, g.avatar_key, m.role, g.last_seq, g.ended_at,
                (SELECT COUNT(*) FROM group_members o WHERE o.group_id = g.id AND o.left_seq IS NULL) AS member_count,
                (SELECT COUNT(*) FROM group_events e WHERE e.group_id = g.id AND e.seq > m.read_seq
                    AND e.kind = 'message' AND e.recalled_at IS NULL
                    AND (e.sender_id IS NULL OR e.sender_id <> $1)) AS unread
             FROM group_members m JOIN chat_groups g ON g.id = m.group_id
             WHERE m.user_id = $1 AND m.left_seq IS NULL
             ORDER BY g.last_seq DESC, g.id DESC",
        ).bind(user).fetch_all(pool).await)
    }

    /// The newest message or system line of each of `groups`.
    pub async fn last_events(&self, groups: &[i64]) -> sqlx::Result<Vec<GroupEventRow>> {
        if groups.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT {EVENT_COLUMNS} FROM group_events e WHERE e.group_id IN ({}) AND e.seq =
                (SELECT MAX(x.seq) FROM group_events x WHERE x.group_id = e.group_id AND x.kind <> 'recall')",
            placeholders(1, groups.len())
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query_as(&sql);
            for g in groups {
                q = q.bind(*g);
            }
            q.fetch_all(pool).await
        })
    }

    /// The group's events after `after` up to `upto`, in order, at most `limit`.
    pub async fn events_after(
        &self,
        group: i64,
        after: i64,
        upto: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<GroupEventRow>> {
        let sql = format!(
            "SELECT {EVENT_COLUMNS} FROM group_events WHERE group_id = $1 AND seq > $2 AND seq <= $3
             ORDER BY seq LIMIT $4"
        );
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(group).bind(after).bind(upto).bind(limit).fetch_all(pool).await)
    }

    /// A page of the group's messages and system lines between `from` (excluded) and `to`,
    /// older than message `before`, newest first, and how many there are.
    pub async fn history(
        &self,
        group: i64,
        viewer: i64,
        (from, to): (i64, i64),
        before: Option<i64>,
        limit: i64,
        offset: i64,
    ) -> sqlx::Result<(Vec<GroupEventRow>, i64)> {
        let filter = "e.group_id = $1 AND e.seq > $2 AND e.seq <= $3 AND e.kind <> 'recall' AND e.id < $4
            AND NOT EXISTS (SELECT 1 FROM group_hidden h WHERE h.user_id = $5 AND h.event_id = e.id)";
        let rows_sql = format!(
            "SELECT {EVENT_COLUMNS} FROM group_events e WHERE {filter} ORDER BY e.seq DESC LIMIT $6 OFFSET $7"
        );
        let count_sql = format!("SELECT COUNT(*) FROM group_events e WHERE {filter}");
        let before = before.unwrap_or(i64::MAX);
        on_db!(&self.db, pool => {
            let rows = sqlx::query_as(&rows_sql).bind(group).bind(from).bind(to).bind(before)
                .bind(viewer).bind(limit).bind(offset).fetch_all(pool).await?;
            let (total,): (i64,) = sqlx::query_as(&count_sql).bind(group).bind(from).bind(to)
                .bind(before).bind(viewer).fetch_one(pool).await?;
            Ok((rows, total))
        })
    }

    /// Hides messages of the group shown to `me` from my history; how many were hidden.
    pub async fn hide_for(&self, group: i64, me: i64, ids: &[i64]) -> sqlx::Result<u64> {
        if ids.is_empty() {
            return Ok(0);
        }
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        let sql = format!(
            "INSERT INTO group_hidden (user_id, event_id)
             SELECT m.user_id, e.id FROM group_events e
             JOIN group_members m ON m.group_id = e.group_id AND m.user_id = $2
             WHERE e.group_id = $1 AND e.kind = 'message' AND e.id IN ({list})
               AND e.seq > m.joined_seq AND (m.left_seq IS NULL OR e.seq <= m.left_seq)
             ON CONFLICT (user_id, event_id) DO NOTHING"
        );
        on_db!(&self.db, pool => sqlx::query(&sql).bind(group).bind(me).execute(pool).await
            .map(|r| r.rows_affected()))
    }

    pub async fn event(&self, id: i64) -> sqlx::Result<Option<GroupEventRow>> {
        let sql = format!("SELECT {EVENT_COLUMNS} FROM group_events WHERE id = $1");
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
    }

    /// The message `sender` stored already with this client id.
    pub async fn sent(&self, sender: i64, client_id: &str) -> sqlx::Result<Option<GroupEventRow>> {
        let sql = format!(
            "SELECT {EVENT_COLUMNS} FROM group_events WHERE sender_id = $1 AND client_id = $2"
        );
        on_db!(&self.db, pool => sqlx::query_as(&sql).bind(sender).bind(client_id).fetch_optional(pool).await)
    }

    /// Whether `sender` has written in the group before (a first message there may carry a
    /// caution).
    pub async fn has_written(&self, group: i64, sender: i64) -> sqlx::Result<bool> {
        on_db!(&self.db, pool => sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM group_events WHERE sender_id = $1 AND group_id = $2 AND kind = 'message')",
        ).bind(sender).bind(group).fetch_one(pool).await)
    }

    /// `ids` as the rules about adding them to a group of `adder`'s read them.
    pub async fn candidates(&self, adder: i64, ids: &[i64]) -> sqlx::Result<Vec<Candidate>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT u.id, u.status = 'active' AS active,
                EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = u.id)
                    OR (b.blocker_id = u.id AND b.blocked_id = $1)) AS blocked,
                EXISTS (SELECT 1 FROM likes a JOIN likes b ON b.liker_id = a.liked_id AND b.liked_id = a.liker_id
                    WHERE a.liker_id = $1 AND a.liked_id = u.id) AS matched,
                (EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = $1 AND m.recipient_id = u.id)
                    OR EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = u.id AND m.recipient_id = $1)) AS talked,
                EXISTS (SELECT 1 FROM group_adds_from_matches f WHERE f.user_id = u.id) AS matches_only
             FROM users u WHERE u.id IN ({})",
            placeholders(2, ids.len())
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query_as(&sql).bind(adder);
            for id in ids {
                q = q.bind(*id);
            }
            q.fetch_all(pool).await
        })
    }

    /// The user names of `ids`.
    pub async fn names(&self, ids: &[i64]) -> sqlx::Result<Vec<(i64, String)>> {
        let sql = format!(
            "SELECT id, user_name FROM users WHERE id IN ({})",
            placeholders(1, ids.len().max(1))
        );
        on_db!(&self.db, pool => {
            let mut q = sqlx::query_as(&sql);
            for id in ids {
                q = q.bind(*id);
            }
            if ids.is_empty() {
                q = q.bind(0_i64);
            }
            q.fetch_all(pool).await
        })
    }

    /// Whether only people `user` matched with may add them to groups.
    pub async fn adds_from_matches_only(&self, user: i64) -> sqlx::Result<bool> {
        let found: Option<(i64,)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT user_id FROM group_adds_from_matches WHERE user_id = $1",
        ).bind(user).fetch_optional(pool).await)?;
        Ok(found.is_some())
    }

    pub async fn set_adds_from_matches_only(
        &self,
        user: i64,
        only: bool,
        now: i64,
    ) -> sqlx::Result<()> {
        on_db!(&self.db, pool => if only {
            sqlx::query("INSERT INTO group_adds_from_matches (user_id, created_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING")
                .bind(user).bind(now).execute(pool).await.map(|_| ())
        } else {
            sqlx::query("DELETE FROM group_adds_from_matches WHERE user_id = $1")
                .bind(user).execute(pool).await.map(|_| ())
        })
    }

    /// Mutes the group for `user` until `until` (None: not muted); whether they are in it.
    pub async fn mute(&self, group: i64, user: i64, until: Option<i64>) -> sqlx::Result<bool> {
        let done = on_db!(&self.db, pool => sqlx::query(
            "UPDATE group_members SET muted_until = $3 WHERE group_id = $1 AND user_id = $2 AND left_seq IS NULL",
        ).bind(group).bind(user).bind(until).execute(pool).await.map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }

    /// Moves `user`'s read cursor of the group forward to `upto` (never back).
    pub async fn read_up_to(&self, group: i64, user: i64, upto: i64) -> sqlx::Result<bool> {
        let done = on_db!(&self.db, pool => sqlx::query(
            "UPDATE group_members SET read_seq = $3
             WHERE group_id = $1 AND user_id = $2 AND left_seq IS NULL AND read_seq < $3",
        ).bind(group).bind(user).bind(upto).execute(pool).await.map(|r| r.rows_affected()))?;
        Ok(done > 0)
    }
}

/// Makes a group with its first event (number 1) and everyone in it from the start.
pub async fn create(
    tx: &mut Tx,
    name: &str,
    owner: i64,
    members: &[i64],
    now: i64,
) -> sqlx::Result<GroupRow> {
    let sql = format!(
        "INSERT INTO chat_groups (name, last_seq, created_at) VALUES ($1, 1, $2) RETURNING {GROUP_COLUMNS}"
    );
    let group: GroupRow =
        on_tx!(tx, conn => sqlx::query_as(&sql).bind(name).bind(now).fetch_one(&mut **conn).await)?;
    add(tx, group.id, &[owner], 0, 0, owner, now).await?;
    // The owner has read the line that makes the group.
    on_tx!(tx, conn => sqlx::query("UPDATE group_members SET read_seq = 1 WHERE group_id = $1 AND user_id = $2")
        .bind(group.id).bind(owner).execute(&mut **conn).await.map(|_| ()))?;
    add(tx, group.id, members, 2, 0, owner, now).await?;
    Ok(group)
}

/// Takes the group's next number, locking it until the transaction ends: the number and the
/// group's name; None when the group does not exist or has ended.
pub async fn take_seq(tx: &mut Tx, group: i64) -> sqlx::Result<Option<(i64, String)>> {
    on_tx!(tx, conn => sqlx::query_as(
        "UPDATE chat_groups SET last_seq = last_seq + 1 WHERE id = $1 AND ended_at IS NULL RETURNING last_seq, name",
    ).bind(group).fetch_optional(&mut **conn).await)
}

/// Takes the group's next number for a message of `sender`'s, as `take_seq` does, when they are
/// in the group: one statement, so the group's row is locked no longer than it must be.
pub async fn take_seq_for(
    tx: &mut Tx,
    group: i64,
    sender: i64,
) -> sqlx::Result<Option<(i64, String)>> {
    on_tx!(tx, conn => sqlx::query_as(
        "UPDATE chat_groups SET last_seq = last_seq + 1 WHERE id = $1 AND ended_at IS NULL
            AND EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = $1 AND m.user_id = $2 AND m.left_seq IS NULL)
         RETURNING last_seq, name",
    ).bind(group).bind(sender).fetch_optional(&mut **conn).await)
}

/// Everyone who is or was in the group, read inside a change of it.
pub async fn members_in(tx: &mut Tx, group: i64) -> sqlx::Result<Vec<MemberRow>> {
    let sql = format!(
        "SELECT {MEMBER_COLUMNS} FROM group_members m JOIN users u ON u.id = m.user_id
         WHERE m.group_id = $1"
    );
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(group).fetch_all(&mut **conn).await)
}

/// Adds people with `role`, shown the events after `joined` (someone who left and comes back
/// starts again from there).
pub async fn add(
    tx: &mut Tx,
    group: i64,
    people: &[i64],
    role: i64,
    joined: i64,
    by: i64,
    now: i64,
) -> sqlx::Result<()> {
    for person in people {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO group_members (group_id, user_id, role, joined_seq, read_seq, added_by, added_at)
             VALUES ($1, $2, $3, $4, $4, $5, $6)
             ON CONFLICT (group_id, user_id) DO UPDATE SET role = excluded.role,
                joined_seq = excluded.joined_seq, read_seq = excluded.read_seq, left_seq = NULL,
                muted_until = NULL, added_by = excluded.added_by, added_at = excluded.added_at",
        ).bind(group).bind(*person).bind(role).bind(joined).bind(by).bind(now)
            .execute(&mut **conn).await.map(|_| ()))?;
    }
    Ok(())
}

/// Ends people's membership at event `seq` (the last they are shown).
pub async fn leave(tx: &mut Tx, group: i64, people: &[i64], seq: i64) -> sqlx::Result<()> {
    for person in people {
        on_tx!(tx, conn => sqlx::query(
            "UPDATE group_members SET left_seq = $3 WHERE group_id = $1 AND user_id = $2 AND left_seq IS NULL",
        ).bind(group).bind(*person).bind(seq).execute(&mut **conn).await.map(|_| ()))?;
    }
    Ok(())
}

pub async fn set_role(tx: &mut Tx, group: i64, person: i64, role: i64) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE group_members SET role = $3 WHERE group_id = $1 AND user_id = $2 AND left_seq IS NULL",
    ).bind(group).bind(person).bind(role).execute(&mut **conn).await.map(|_| ()))
}

pub async fn rename(
    tx: &mut Tx,
    group: i64,
    name: &str,
    avatar_key: Option<&str>,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE chat_groups SET name = $2, avatar_key = COALESCE($3, avatar_key) WHERE id = $1",
    ).bind(group).bind(name).bind(avatar_key).execute(&mut **conn).await.map(|_| ()))
}

/// Ends the group (after its last number is taken): dissolved, or closed by staff.
pub async fn end(tx: &mut Tx, group: i64, now: i64, closed_by: Option<i64>) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE chat_groups SET ended_at = $2, closed_by = $3 WHERE id = $1",
    ).bind(group).bind(now).bind(closed_by).execute(&mut **conn).await.map(|_| ()))
}

/// Appends a system line: what happened to the group, done by `by` (nobody's when staff did it).
pub async fn append_line(
    tx: &mut Tx,
    group_id: i64,
    seq: i64,
    by: Option<i64>,
    content: &str,
    now: i64,
) -> sqlx::Result<Option<GroupEventRow>> {
    let line = NewGroupEvent {
        group_id,
        seq,
        kind: "system",
        sender_id: by,
        client_id: None,
        msg_type: "system",
        content,
        recalls: None,
        now,
    };
    append(tx, &line).await
}

/// Appends an event; None when the sender stored one with this client id already.
pub async fn append(tx: &mut Tx, e: &NewGroupEvent<'_>) -> sqlx::Result<Option<GroupEventRow>> {
    let sql = format!(
        "INSERT INTO group_events (group_id, seq, kind, sender_id, client_id, msg_type, content, recalls, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING {EVENT_COLUMNS}"
    );
    on_tx!(tx, conn => sqlx::query_as(&sql)
        .bind(e.group_id).bind(e.seq).bind(e.kind).bind(e.sender_id).bind(e.client_id)
        .bind(e.msg_type).bind(e.content).bind(e.recalls).bind(e.now)
        .fetch_optional(&mut **conn).await)
}

/// Recalls `sender`'s message `id` of the group if sent at `since` or later; whether it was.
pub async fn recall(
    tx: &mut Tx,
    group: i64,
    id: i64,
    sender: i64,
    since: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE group_events SET recalled_at = $5, content = 'null'
         WHERE id = $1 AND group_id = $2 AND sender_id = $3 AND kind = 'message'
           AND created_at >= $4 AND recalled_at IS NULL",
    ).bind(id).bind(group).bind(sender).bind(since).bind(now).execute(&mut **conn).await
        .map(|r| r.rows_affected()))?;
    Ok(done > 0)
}
