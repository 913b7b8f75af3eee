//! What members do with groups: make them, change them (every change through `change`, which
//! takes the group's next number, checks the rule against the group as it is then, and writes
//! the system line in the same transaction), mute them, and leave them all when banned or gone.
//! Messages are in `messages.rs`.

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::Action;
use crate::chat::groups::forms::{MuteFor, NewGroup, UpdateGroup};
use crate::chat::groups::model::{
    Candidate, Group, GroupRole, GroupSummary, Happened, MemberRow, MAX_MEMBERS, MAX_NAME_CHARS,
};
use crate::chat::groups::store;
use crate::chat::Chat;
use crate::i18n::Msg;

/// A mute "always": the last second of the year 9999.
const MUTED_FOR_GOOD: i64 = 253_402_300_799;

/// What one change of a group does, decided against the group as it is inside the change.
#[derive(Default)]
struct Plan {
    add: Vec<i64>,
    leave: Vec<i64>,
    roles: Vec<(i64, GroupRole)>,
    rename: Option<String>,
    avatar_key: Option<String>,
    end: bool,
    /// The system line: what happened, to whom (people named in it), and a new name.
    line: Option<(Happened, Vec<i64>)>,
}

impl Chat {
    /// Makes a group of people I know, with me as its owner.
    pub async fn create_group(&self, me: i64, req: &NewGroup) -> ApiResult<Group> {
        let name = group_name(req.name.as_deref())?;
        let mut people: Vec<i64> = Vec::new();
        for id in req.user_ids.iter().flatten() {
            if *id != me && !people.contains(id) {
                people.push(*id);
            }
        }
        if people.is_empty() {
            return Err(ApiError::Invalid(Msg::GroupNobody));
        }
        if people.len() + 1 > MAX_MEMBERS {
            return Err(ApiError::Invalid(Msg::GroupFull));
        }
        self.limits.check(Action::ChatSend, &me.to_string()).await?;
        let found = self.may_add(me, &people).await?;
        let new_contacts = self.new_contacts_in_group(me, &found).await?;
        let now = self.clock.unix();
        let mut tx = self.groups.begin().await?;
        let group = store::create(&mut tx, &name, me, &people, now).await?;
        let content = self
            .line_content(me, Happened::Created, &people, None)
            .await?;
        let row = store::append_line(&mut tx, group.id, 1, Some(me), &content, now)
            .await?
            .ok_or(ApiError::NotFound)?;
        tx.commit().await?;
        self.record_new_contacts(me, &new_contacts).await?;
        let mut everyone = people.clone();
        everyone.push(me);
        self.hub.group_event(row, &everyone);
        self.group_of(me, group.id).await
    }

    /// My groups, newest activity first.
    pub async fn my_groups(&self, me: i64) -> ApiResult<Vec<GroupSummary>> {
        let rows = self.groups.summaries(me).await?;
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let last = self.groups.last_events(&ids).await?;
        let signer = self.media.signer(self.clock.unix());
        Ok(rows
            .into_iter()
            .map(|r| GroupSummary {
                last_message: last
                    .iter()
                    .find(|e| e.group_id == r.id)
                    .map(|e| e.message(me, None, &signer)),
                id: r.id,
                name: r.name,
                avatar: r.avatar_key.as_deref().map(crate::media::Media::url),
                my_role: r.role,
                member_count: r.member_count,
                last_seq: r.last_seq,
                unread: r.unread,
                ended: r.ended_at.is_some(),
            })
            .collect())
    }

    /// A group I am in, or was in (as it is now).
    pub async fn group_of(&self, me: i64, id: i64) -> ApiResult<Group> {
        let group = self.groups.group(id).await?.ok_or(ApiError::NotFound)?;
        let members = self.groups.members(id).await?;
        if !members.iter().any(|m| m.user_id == me) {
            return Err(ApiError::NotFound);
        }
        Ok(Group::view(&group, &members, me))
    }

    /// Renames the group or gives it a picture (owner or admin).
    pub async fn update_group(&self, me: i64, id: i64, req: &UpdateGroup) -> ApiResult<Group> {
        // Before any picture is stored.
        self.in_group(me, id).await?;
        let name = req
            .name
            .as_deref()
            .map(|n| group_name(Some(n)))
            .transpose()?;
        let avatar_key = match req.avatar.as_deref().filter(|a| !a.is_empty()) {
            Some(data) => {
                self.limits
                    .check(Action::UploadByAccount, &me.to_string())
                    .await?;
                Some(
                    self.media
                        .put_base64_image(me, "groups", data)
                        .await?
                        .thumb_key,
                )
            }
            None => None,
        };
        self.change(me, id, |_, mine| {
            runs(mine)?;
            if name.is_none() && avatar_key.is_none() {
                return Err(ApiError::Invalid(Msg::GroupNameInvalid));
            }
            Ok(Plan {
                line: Some((Happened::Renamed, Vec::new())),
                rename: name.clone(),
                avatar_key: avatar_key.clone(),
                ..Plan::default()
            })
        })
        .await
    }

    /// Adds people I know to the group (owner or admin).
    pub async fn add_to_group(&self, me: i64, id: i64, ids: &[i64]) -> ApiResult<Group> {
        let mut people: Vec<i64> = Vec::new();
        for p in ids {
            if !people.contains(p) {
                people.push(*p);
            }
        }
        // Someone not in the group learns nothing of whom I know.
        self.in_group(me, id).await?;
        if people.is_empty() {
            return Err(ApiError::Invalid(Msg::GroupNobody));
        }
        let found = self.may_add(me, &people).await?;
        let new_contacts = self.new_contacts_in_group(me, &found).await?;
        let group = self
            .change(me, id, |members, mine| {
                runs(mine)?;
                let current = |p: &i64| members.iter().any(|m| m.user_id == *p && m.is_current());
                if people.iter().any(current) {
                    return Err(ApiError::Invalid(Msg::GroupAlreadyIn));
                }
                if members.iter().filter(|m| m.is_current()).count() + people.len() > MAX_MEMBERS {
                    return Err(ApiError::Invalid(Msg::GroupFull));
                }
                Ok(Plan {
                    add: people.clone(),
                    line: Some((Happened::Added, people.clone())),
                    ..Plan::default()
                })
            })
            .await?;
        self.record_new_contacts(me, &new_contacts).await?;
        Ok(group)
    }

    /// Removes someone (owner: anyone; admin: members), or me (leaving).
    pub async fn remove_from_group(&self, me: i64, id: i64, person: i64) -> ApiResult<Group> {
        self.change(me, id, |members, mine| {
            let them = members
                .iter()
                .find(|m| m.user_id == person && m.is_current())
                .ok_or(ApiError::Invalid(Msg::GroupNotIn))?;
            if person == me {
                if mine.role() == GroupRole::Owner {
                    return Err(ApiError::Invalid(Msg::GroupHandOverFirst));
                }
                return Ok(Plan {
                    leave: vec![me],
                    line: Some((Happened::Left, Vec::new())),
                    ..Plan::default()
                });
            }
            runs(mine)?;
            if mine.role() == GroupRole::Admin && them.role() != GroupRole::Member {
                return Err(ApiError::Forbidden(Msg::GroupAdminsStay));
            }
            Ok(Plan {
                leave: vec![person],
                line: Some((Happened::Removed, vec![person])),
                ..Plan::default()
            })
        })
        .await
    }

    /// Makes a member an admin or an admin a member (owner only).
    pub async fn set_group_role(
        &self,
        me: i64,
        id: i64,
        person: i64,
        role: Option<i64>,
    ) -> ApiResult<Group> {
        self.in_group(me, id).await?;
        let role = role
            .and_then(GroupRole::from_number)
            .filter(|r| *r != GroupRole::Owner)
            .ok_or(ApiError::Invalid(Msg::GroupRoleInvalid))?;
        self.change(me, id, |members, mine| {
            owns(mine)?;
            let them = members
                .iter()
                .find(|m| m.user_id == person && m.is_current())
                .ok_or(ApiError::Invalid(Msg::GroupNotIn))?;
            if them.role() == GroupRole::Owner {
                return Err(ApiError::Invalid(Msg::GroupRoleInvalid));
            }
            let happened = match role {
                GroupRole::Admin => Happened::Promoted,
                _ => Happened::Demoted,
            };
            Ok(Plan {
                roles: vec![(person, role)],
                line: Some((happened, vec![person])),
                ..Plan::default()
            })
        })
        .await
    }

    /// Hands the group over to a member (owner only); I become an admin.
    pub async fn hand_over_group(&self, me: i64, id: i64, person: Option<i64>) -> ApiResult<Group> {
        self.in_group(me, id).await?;
        let person = person.ok_or(ApiError::Invalid(Msg::GroupNotIn))?;
        self.change(me, id, |members, mine| {
            owns(mine)?;
            if person == me
                || !members
                    .iter()
                    .any(|m| m.user_id == person && m.is_current())
            {
                return Err(ApiError::Invalid(Msg::GroupNotIn));
            }
            Ok(Plan {
                roles: vec![(person, GroupRole::Owner), (me, GroupRole::Admin)],
                line: Some((Happened::HandedOver, vec![person])),
                ..Plan::default()
            })
        })
        .await
    }

    /// Dissolves the group (owner only): its history stays, nothing more is sent.
    pub async fn dissolve_group(&self, me: i64, id: i64) -> ApiResult<()> {
        self.change(me, id, |_, mine| {
            owns(mine)?;
            Ok(Plan {
                end: true,
                line: Some((Happened::Dissolved, Vec::new())),
                ..Plan::default()
            })
        })
        .await
        .map(|_| ())
    }

    /// Takes someone out of every group they are in (banned, or leaving Amora): a group they own
    /// passes first to its longest-standing admin, else member, and ends when nobody is left.
    pub async fn leave_every_group(&self, person: i64) -> ApiResult<()> {
        for (group, _, left, _) in self.groups.memberships_of(person).await? {
            if left.is_some() {
                continue;
            }
            let members = self.groups.members(group).await?;
            let owner = members
                .iter()
                .any(|m| m.user_id == person && m.is_current() && m.role() == GroupRole::Owner);
            let heir = members
                .iter()
                .filter(|m| m.is_current() && m.user_id != person)
                .min_by_key(|m| (m.role, m.joined_seq, m.user_id))
                .map(|m| m.user_id);
            let gone = match (owner, heir) {
                (true, None) => self.dissolve_group(person, group).await,
                (true, Some(heir)) => match self.hand_over_group(person, group, Some(heir)).await {
                    Ok(_) => self
                        .remove_from_group(person, group, person)
                        .await
                        .map(|_| ()),
                    Err(e) => Err(e),
                },
                (false, _) => self
                    .remove_from_group(person, group, person)
                    .await
                    .map(|_| ()),
            };
            match gone {
                // A group that ended meanwhile keeps them in its history as they were.
                Ok(()) | Err(ApiError::Forbidden(Msg::GroupEnded)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Mutes the group's notifications for me: for 8 hours, a week, always, or no longer.
    pub async fn mute_group(&self, me: i64, id: i64, span: MuteFor) -> ApiResult<Group> {
        let now = self.clock.unix();
        let until = match span {
            MuteFor::Hours8 => Some(now + 8 * 3600),
            MuteFor::Week => Some(now + 7 * 86_400),
            MuteFor::Always => Some(MUTED_FOR_GOOD),
            MuteFor::Off => None,
        };
        if !self.groups.mute(id, me, until).await? {
            return match self.groups.membership(id, me).await? {
                Some(_) => Err(ApiError::Forbidden(Msg::GroupNotMember)),
                None => Err(ApiError::NotFound),
            };
        }
        self.group_of(me, id).await
    }

    /// Whether only people I matched with may add me to groups.
    pub async fn group_adds_from_matches_only(&self, me: i64) -> ApiResult<bool> {
        Ok(self.groups.adds_from_matches_only(me).await?)
    }

    pub async fn set_group_adds_from_matches_only(&self, me: i64, only: bool) -> ApiResult<bool> {
        self.groups
            .set_adds_from_matches_only(me, only, self.clock.unix())
            .await?;
        Ok(only)
    }

    /// One change of a group by `me`: `decide` sees the group's members as they are inside the
    /// change (and my membership) and says what to do, or refuses; the change and its system
    /// line are written together and every member, and whoever it removes, is told.
    async fn change<F>(&self, me: i64, id: i64, decide: F) -> ApiResult<Group>
    where
        F: FnOnce(&[MemberRow], &MemberRow) -> ApiResult<Plan>,
    {
        let now = self.clock.unix();
        let mut tx = self.groups.begin().await?;
        let Some((seq, _)) = store::take_seq(&mut tx, id).await? else {
            drop(tx);
            return Err(match self.groups.group(id).await? {
                Some(_) if self.groups.membership(id, me).await?.is_some() => {
                    ApiError::Forbidden(Msg::GroupEnded)
                }
                _ => ApiError::NotFound,
            });
        };
        let members = store::members_in(&mut tx, id).await?;
        let mine = match members.iter().find(|m| m.user_id == me) {
            Some(m) if m.is_current() => m,
            Some(_) => return Err(ApiError::Forbidden(Msg::GroupNotMember)),
            None => return Err(ApiError::NotFound),
        };
        let plan = decide(&members, mine)?;
        let mut told: HashSet<i64> = members
            .iter()
            .filter(|m| m.is_current())
            .map(|m| m.user_id)
            .collect();
        let name = match &plan.rename {
            Some(name) => {
                store::rename(&mut tx, id, name, plan.avatar_key.as_deref()).await?;
                Some(name.clone())
            }
            None if plan.avatar_key.is_some() => {
                let group = self.groups.group(id).await?.ok_or(ApiError::NotFound)?;
                store::rename(&mut tx, id, &group.name, plan.avatar_key.as_deref()).await?;
                None
            }
            None => None,
        };
        // Someone added is shown the line that adds them.
        store::add(
            &mut tx,
            id,
            &plan.add,
            GroupRole::Member.number(),
            seq - 1,
            me,
            now,
        )
        .await?;
        told.extend(&plan.add);
        // Someone who goes is shown the line that says so, and nothing after it.
        store::leave(&mut tx, id, &plan.leave, seq).await?;
        for (person, role) in &plan.roles {
            store::set_role(&mut tx, id, *person, role.number()).await?;
        }
        if plan.end {
            store::end(&mut tx, id, now, None).await?;
        }
        let (happened, people) = plan.line.unwrap_or((Happened::Renamed, Vec::new()));
        let content = self
            .line_content(me, happened, &people, name.as_deref())
            .await?;
        let row = store::append_line(&mut tx, id, seq, Some(me), &content, now)
            .await?
            .ok_or(ApiError::NotFound)?;
        tx.commit().await?;
        let told: Vec<i64> = told.into_iter().collect();
        self.hub.group_event(row, &told);
        self.group_of(me, id).await
    }

    /// Refuses someone who is not in the group now: 404 when they never were.
    pub(super) async fn in_group(&self, me: i64, id: i64) -> ApiResult<()> {
        match self.groups.membership(id, me).await? {
            Some(m) if m.is_current() => Ok(()),
            Some(_) => Err(ApiError::Forbidden(Msg::GroupNotMember)),
            None => Err(ApiError::NotFound),
        }
    }

    /// The rules about adding people to a group of mine: people I know (a conversation or a
    /// match), active, with no block either way, who let me add them.
    async fn may_add(&self, me: i64, people: &[i64]) -> ApiResult<Vec<Candidate>> {
        let found = self.groups.candidates(me, people).await?;
        for person in people {
            let c = found
                .iter()
                .find(|c| c.id == *person)
                .filter(|c| c.active)
                .ok_or(ApiError::Invalid(Msg::GroupCannotAdd))?;
            if c.blocked {
                return Err(ApiError::Forbidden(Msg::GroupCannotAdd));
            }
            if !c.talked && !c.matched {
                return Err(ApiError::Invalid(Msg::GroupOnlyKnown));
            }
            if c.matches_only && !c.matched {
                return Err(ApiError::Forbidden(Msg::GroupMatchesOnly));
            }
        }
        Ok(found)
    }

    /// A system line's content: what happened, by whom, to whom, with names as they are now.
    async fn line_content(
        &self,
        by: i64,
        happened: Happened,
        people: &[i64],
        name: Option<&str>,
    ) -> ApiResult<String> {
        let mut ids = people.to_vec();
        ids.push(by);
        let names = self.groups.names(&ids).await?;
        let named = |id: i64| {
            json!({
                "id": id,
                "name": names.iter().find(|(i, _)| *i == id).map(|(_, n)| n.as_str()).unwrap_or_default(),
            })
        };
        let mut content = json!({
            "action": happened,
            "by": named(by),
            "people": people.iter().map(|p| named(*p)).collect::<Vec<Value>>(),
        });
        if let Some(name) = name {
            content["name"] = json!(name);
        }
        Ok(content.to_string())
    }
}

fn runs(mine: &MemberRow) -> ApiResult<()> {
    if mine.role().runs_group() {
        Ok(())
    } else {
        Err(ApiError::Forbidden(Msg::GroupRunnersOnly))
    }
}

fn owns(mine: &MemberRow) -> ApiResult<()> {
    if mine.role() == GroupRole::Owner {
        Ok(())
    } else {
        Err(ApiError::Forbidden(Msg::GroupOwnerOnly))
    }
}

/// A group's name, trimmed: 1 to 50 characters.
fn group_name(raw: Option<&str>) -> ApiResult<String> {
    let name = raw.map(str::trim).unwrap_or_default();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS {
        return Err(ApiError::Invalid(Msg::GroupNameInvalid));
    }
    Ok(name.to_owned())
}
