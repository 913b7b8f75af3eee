//! What people hold about one person (`docs/privacy.md`): their likes and winks given and
//! received, matches, visits, footprints and passes, contacts, remarks and blocks, and whether
//! they share their area with people nearby, in the archive; erased with the account, both ways. Reports are kept for moderation.

use serde_json::{json, Value};

use crate::clock::rfc3339;
use crate::db::{on_db, on_tx, Db, Fate, Tables, Tx};

use Fate::*;

pub const TABLES: Tables = &[
    ("likes", Theirs),
    ("matches", Theirs),
    ("passes", Theirs),
    ("visits", Theirs),
    ("footprints", Theirs),
    ("contacts", Theirs),
    ("remarks", Theirs),
    ("blocks", Theirs),
    ("nearby_areas", Theirs),
    ("discover_shown", Removed("who was shown to whom in discover")),
    ("list_seen", Removed("the red-badge markers")),
    ("discover_lists", NotPersonal("cached search results: people's ids only, gone within minutes; deleted accounts are never shown")),
    ("reports", Kept("moderation: what was reported and decided, as the audit log")),
];

/// Another person as the archive names them.
fn person(id: i64, name: &str) -> Value {
    json!({ "userId": id, "userName": name })
}

/// Rows of (the other person's id, their name, a time) in the order a statement reads them.
async fn with_people(db: &Db, sql: &str, me: i64) -> sqlx::Result<Vec<(i64, String, i64)>> {
    on_db!(db, pool => sqlx::query_as(sql).bind(me).fetch_all(pool).await)
}

/// The archive's `sharesArea`, `contacts`, `remarks` and `blocked` in `profile.json`.
pub async fn relations(db: &Db, me: i64) -> sqlx::Result<Value> {
    let contacts = with_people(db,
        "SELECT c.contact_id, u.user_name, c.created_at
         FROM contacts c JOIN users u ON u.id = c.contact_id WHERE c.owner_id = $1 ORDER BY c.created_at", me).await?;
    let remarks: Vec<(i64, String, String, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT r.target_id, u.user_name, r.remark, r.updated_at
         FROM remarks r JOIN users u ON u.id = r.target_id WHERE r.owner_id = $1 ORDER BY r.target_id",
    ).bind(me).fetch_all(pool).await)?;
    let blocks = with_people(db,
        "SELECT b.blocked_id, u.user_name, b.created_at
         FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = $1 ORDER BY b.created_at", me).await?;
    // Whether they share their area, and since when; the cell itself says no more than that.
    let area: Option<i64> = on_db!(db, pool => sqlx::query_scalar(
        "SELECT updated_at FROM nearby_areas WHERE user_id = $1",
    ).bind(me).fetch_optional(pool).await)?;
    Ok(json!({
        "sharesArea": area.is_some(),
        "areaSharedSince": area.map(rfc3339),
        "contacts": contacts.iter().map(|(id, name, at)| json!({
            "with": person(*id, name), "createdAt": rfc3339(*at),
        })).collect::<Vec<_>>(),
        "remarks": remarks.iter().map(|(id, name, remark, at)| json!({
            "about": person(*id, name), "remark": remark, "updatedAt": rfc3339(*at),
        })).collect::<Vec<_>>(),
        "blocked": blocks.iter().map(|(id, name, at)| json!({
            "who": person(*id, name), "createdAt": rfc3339(*at),
        })).collect::<Vec<_>>(),
    }))
}

/// `likes.json`.
pub async fn likes(db: &Db, me: i64) -> sqlx::Result<Value> {
    let lists = [
        ("likesGiven", "createdAt",
         "SELECT l.liked_id, u.user_name, l.created_at FROM likes l JOIN users u ON u.id = l.liked_id
          WHERE l.liker_id = $1 ORDER BY l.created_at"),
        ("likesReceived", "createdAt",
         "SELECT l.liker_id, u.user_name, l.created_at FROM likes l JOIN users u ON u.id = l.liker_id
          WHERE l.liked_id = $1 ORDER BY l.created_at"),
        ("matches", "createdAt",
         "SELECT m.other_id, u.user_name, m.created_at FROM matches m JOIN users u ON u.id = m.other_id
          WHERE m.user_id = $1 ORDER BY m.created_at"),
        ("passesGiven", "createdAt",
         "SELECT p.passed_id, u.user_name, p.created_at FROM passes p JOIN users u ON u.id = p.passed_id
          WHERE p.passer_id = $1 ORDER BY p.created_at"),
        ("visitsGiven", "lastAt",
         "SELECT v.visited_id, u.user_name, v.last_at FROM visits v JOIN users u ON u.id = v.visited_id
          WHERE v.visitor_id = $1 ORDER BY v.last_at"),
        ("footprintsGiven", "createdAt",
         "SELECT f.visited_id, u.user_name, f.created_at FROM footprints f JOIN users u ON u.id = f.visited_id
          WHERE f.visitor_id = $1 ORDER BY f.created_at"),
    ];
    let mut file = json!({});
    for (list, at, sql) in lists {
        let rows = with_people(db, sql, me).await?;
        file[list] = rows
            .iter()
            .map(|(id, name, t)| json!({ "who": person(*id, name), at: rfc3339(*t) }))
            .collect();
    }
    Ok(file)
}

/// Removes everything between them and anyone: likes, matches, passes, visits, footprints,
/// contacts, remarks and blocks either way, and what discover and the badges marked.
pub async fn erase(tx: &mut Tx, user_id: i64) -> sqlx::Result<()> {
    on_tx!(tx, conn => {
        for sql in [
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
            "DELETE FROM nearby_areas WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(user_id).execute(&mut **conn).await?;
        }
        Ok(())
    })
}
