//! Account types that validate on construction (SPEC section 5): once a handler holds an
//! `Email` or a `Password`, it is a valid one.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::i18n::{Lang, Msg};

/// The countries people can register from, SPEC section 5.
pub const COUNTRIES: [&str; 11] = [
    "Britain",
    "Japan",
    "South Korea",
    "Germany",
    "Russia",
    "Spain",
    "America",
    "Australia",
    "Singapore",
    "Malaysia",
    "Canada",
];

pub const MIN_AGE: u32 = 18;

/// A character that shows nothing or reorders what follows: control characters, the Unicode
/// format characters (category Cf: bidirectional controls, zero-width spaces and joiners, word
/// joiners, the byte-order mark, tags) and the fillers that render blank. In a name they let
/// one person pass for another ("ana\u{200B}" next to "ana", or a name written backwards
/// with U+202E).
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{0600}'..='\u{0605}'
                | '\u{061C}'
                | '\u{06DD}'
                | '\u{070F}'
                | '\u{0890}'..='\u{0891}'
                | '\u{08E2}'
                | '\u{115F}'..='\u{1160}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{110BD}'
                | '\u{110CD}'
                | '\u{13430}'..='\u{1343F}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0001}'
                | '\u{E0020}'..='\u{E007F}'
        )
}

/// A user name: 2 to 30 characters, no `@` (deleted accounts take one), nothing hidden.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserName(String);

impl UserName {
    pub fn parse(raw: Option<&str>) -> Result<Self, Msg> {
        let name = raw.unwrap_or_default().trim();
        let len = name.chars().count();
        if !(2..=30).contains(&len) || name.contains('@') || name.chars().any(hidden) {
            return Err(Msg::UserNameInvalid);
        }
        Ok(UserName(name.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: Option<&str>) -> Result<Self, Msg> {
        let email = raw.unwrap_or_default().trim();
        if email.is_empty() {
            return Err(Msg::EmailRequired);
        }
        let well_formed = email.len() <= 254
            && !email.chars().any(|c| c.is_whitespace() || c.is_control())
            && match email.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && local.len() <= 64
                        && !domain.contains('@')
                        && domain.contains('.')
                        && !domain.starts_with('.')
                        && !domain.ends_with('.')
                        && !domain.contains("..")
                }
                None => false,
            };
        if !well_formed {
            return Err(Msg::EmailFormat);
        }
        Ok(Email(email.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password of 5 to 20 characters (counted as characters, not bytes).
#[derive(Clone)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    pub fn parse(raw: Option<&str>) -> Result<Self, Msg> {
        let password = raw.unwrap_or_default();
        if !(5..=20).contains(&password.chars().count()) {
            return Err(Msg::PasswordLength);
        }
        Ok(Password(password.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Female,
    Male,
}

impl Gender {
    pub fn parse(raw: Option<&str>) -> Result<Self, Msg> {
        match raw.map(str::trim) {
            Some("female") => Ok(Gender::Female),
            Some("male") => Ok(Gender::Male),
            _ => Err(Msg::GenderInvalid),
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Female => "female",
            Gender::Male => "male",
        }
    }
    /// The other one: whom Discover shows by default.
    pub fn other(self) -> Gender {
        match self {
            Gender::Female => Gender::Male,
            Gender::Male => Gender::Female,
        }
    }
    pub fn from_db(raw: &str) -> Option<Gender> {
        Gender::parse(Some(raw)).ok()
    }
}

crate::db::text_enum!(Gender);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Country(&'static str);

impl Country {
    pub fn parse(raw: Option<&str>) -> Result<Self, Msg> {
        let raw = raw.unwrap_or_default().trim();
        COUNTRIES
            .iter()
            .find(|c| c.eq_ignore_ascii_case(raw))
            .map(|c| Country(c))
            .ok_or(Msg::CountryInvalid)
    }
    pub fn as_str(&self) -> &'static str {
        self.0
    }
}

/// A birthday of someone at least 18 years old on `today`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Birthday(NaiveDate);

impl Birthday {
    pub fn adult(raw: Option<&str>, today: NaiveDate) -> Result<Self, Msg> {
        let date = NaiveDate::parse_from_str(raw.unwrap_or_default().trim(), "%Y-%m-%d")
            .map_err(|_| Msg::BirthdayInvalid)?;
        if date > today || date.year() < 1900 {
            return Err(Msg::BirthdayInvalid);
        }
        if age_on(date, today) < MIN_AGE {
            return Err(Msg::UnderAge);
        }
        Ok(Birthday(date))
    }
    pub fn to_db(self) -> String {
        self.0.format("%Y-%m-%d").to_string()
    }
}

/// Full years between `birthday` and `today`.
/// The age at `now` of someone born on `birthday` as stored ("YYYY-MM-DD"); 0 when unreadable.
pub fn age_at(birthday: &str, now: i64) -> u32 {
    let today = chrono::DateTime::from_timestamp(now, 0)
        .unwrap_or_default()
        .date_naive();
    NaiveDate::parse_from_str(birthday, "%Y-%m-%d")
        .map(|b| age_on(b, today))
        .unwrap_or(0)
}

pub fn age_on(birthday: NaiveDate, today: NaiveDate) -> u32 {
    let mut years = today.year() - birthday.year();
    if (today.month(), today.day()) < (birthday.month(), birthday.day()) {
        years -= 1;
    }
    u32::try_from(years).unwrap_or(0)
}

/// One of the eight interface languages, by the app's code.
pub fn parse_language(raw: Option<&str>) -> Result<&'static str, Msg> {
    let raw = raw.unwrap_or_default().trim();
    Lang::ALL
        .iter()
        .find(|l| l.code().eq_ignore_ascii_case(raw))
        .map(|l| l.code())
        .ok_or(Msg::LanguageInvalid)
}

/// An optional free text of at most 200 characters; blank means none.
pub fn parse_signature(raw: Option<&str>) -> Result<Option<String>, Msg> {
    let text = raw.map(str::trim).filter(|s| !s.is_empty());
    match text {
        Some(s) if s.chars().count() > 200 => Err(Msg::SignatureTooLong),
        other => Ok(other.map(str::to_owned)),
    }
}

/// An optional telephone number: digits with `+ - ( )` and spaces, 5 to 20 characters.
pub fn parse_telephone(raw: Option<&str>) -> Result<Option<String>, Msg> {
    let Some(phone) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let ok = (5..=20).contains(&phone.chars().count())
        && phone.chars().any(|c| c.is_ascii_digit())
        && phone
            .chars()
            .all(|c| c.is_ascii_digit() || "+-() ".contains(c));
    if ok {
        Ok(Some(phone.to_owned()))
    } else {
        Err(Msg::TelephoneInvalid)
    }
}

/// A six-digit mail code as typed.
pub fn parse_code(raw: Option<&str>) -> Result<String, Msg> {
    let code = raw.unwrap_or_default().trim();
    if code.len() == 6 && code.chars().all(|c| c.is_ascii_digit()) {
        Ok(code.to_owned())
    } else {
        Err(Msg::CodeFormat)
    }
}

/// Membership level (SPEC section 6); SVIP has every VIP benefit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Level {
    #[serde(rename = "VIP")]
    Vip,
    #[serde(rename = "SVIP")]
    Svip,
}

impl Level {
    pub fn parse(raw: &str) -> Option<Level> {
        match raw.to_ascii_uppercase().as_str() {
            "VIP" => Some(Level::Vip),
            "SVIP" => Some(Level::Svip),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Vip => "VIP",
            Level::Svip => "SVIP",
        }
    }
    pub fn from_db(raw: &str) -> Option<Level> {
        Level::parse(raw)
    }
}

crate::db::text_enum!(Level);

/// What an account is: a person, one of the operators, or a customer-service account that only
/// the server speaks as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Member,
    Staff,
    Service,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Member => "member",
            Role::Staff => "staff",
            Role::Service => "service",
        }
    }
    pub fn from_db(raw: &str) -> Option<Role> {
        match raw {
            "member" => Some(Role::Member),
            "staff" => Some(Role::Staff),
            "service" => Some(Role::Service),
            _ => None,
        }
    }
}

crate::db::text_enum!(Role);

/// Where an account stands: in use, suspended by staff, or erased (its row kept, anonymised,
/// for the records that point at it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserStatus {
    Active,
    Banned,
    Deleted,
}

impl UserStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            UserStatus::Active => "active",
            UserStatus::Banned => "banned",
            UserStatus::Deleted => "deleted",
        }
    }
    pub fn from_db(raw: &str) -> Option<UserStatus> {
        match raw {
            "active" => Some(UserStatus::Active),
            "banned" => Some(UserStatus::Banned),
            "deleted" => Some(UserStatus::Deleted),
            _ => None,
        }
    }
}

crate::db::text_enum!(UserStatus);

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn eighteenth_birthday_is_the_first_day_one_can_register() {
        let today = day("2026-11-21");
        assert!(Birthday::adult(Some("2008-11-21"), today).is_ok());
        assert!(matches!(
            Birthday::adult(Some("2008-11-22"), today),
            Err(Msg::UnderAge)
        ));
        assert_eq!(age_on(day("2000-02-29"), day("2018-02-28")), 17);
        assert_eq!(age_on(day("2000-02-29"), day("2018-03-01")), 18);
    }

    #[test]
    fn emails() {
        assert!(Email::parse(Some("ana@example.com")).is_ok());
        for bad in [
            "ana",
            "ana@",
            "@x.com",
            "a b@x.com",
            "ana@x",
            "ana@x..com",
            "a@b@c.com",
        ] {
            assert!(
                matches!(Email::parse(Some(bad)), Err(Msg::EmailFormat)),
                "{bad}"
            );
        }
        assert!(matches!(Email::parse(Some("  ")), Err(Msg::EmailRequired)));
    }

    #[test]
    fn password_counts_characters() {
        assert!(Password::parse(Some("abcd")).is_err());
        assert!(Password::parse(Some("abcde")).is_ok());
        assert!(Password::parse(Some("密码密码密码密码密码密码密码密码密码密码")).is_ok());
        assert!(Password::parse(Some("abcdefghijklmnopqrstu")).is_err());
    }
}

/// The membership running at `now`, if any: an expired membership is no membership. Every
/// member rule of SPEC section 6 reads it here, through the rows' `membership` methods.
pub(crate) fn membership(level: Option<Level>, expires_at: Option<i64>, now: i64) -> Option<Level> {
    expires_at.filter(|e| *e > now).and(level)
}

/// A person as stored, with their balances.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub user_name: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub gender: Gender,
    pub country: String,
    pub birthday: String,
    pub language: String,
    pub signature: Option<String>,
    pub telephone: Option<String>,
    pub avatar_key: Option<String>,
    pub avatar_thumb_key: Option<String>,
    pub level: Option<Level>,
    pub member_expires_at: Option<i64>,
    pub role: Role,
    pub created_at: i64,
    pub last_active_at: i64,
    pub coins: i64,
    pub characters: i64,
    /// Their approved verification selfie matches their current avatar.
    pub verified: bool,
}

impl UserRow {
    /// The membership running at `now`, if any.
    pub fn membership(&self, now: i64) -> Option<Level> {
        membership(self.level, self.member_expires_at, now)
    }
}

/// A person as the API shows them to themselves.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub user_id: i64,
    pub user_name: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub gender: Gender,
    pub country: String,
    /// `YYYY-MM-DD`.
    pub birthday: String,
    pub age: u32,
    /// URL of the avatar picture.
    pub avatar: Option<String>,
    pub avatar_thumb: Option<String>,
    pub signature: Option<String>,
    pub telephone: Option<String>,
    /// Interface language code (en, zh-Hans, zh-Hant, ja, es, kr, ge, ru).
    pub language: String,
    /// Membership level while it runs; null when none or expired.
    pub level: Option<Level>,
    /// RFC 3339 expiry of the running membership.
    pub member_expires_at: Option<String>,
    /// Gold coin balance.
    pub coins: i64,
    /// Translation character-pack balance.
    pub characters: i64,
    /// A member's translation allowance today (getInfo only; absent for non-members).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translation_allowance: Option<TranslationAllowance>,
    /// I share my area with people nearby.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shares_area: Option<bool>,
    /// Identity on the chat service.
    pub em_user: String,
    pub role: Role,
    pub created_at: String,
    /// Verified photos: staff approved a selfie matching the current profile photo (a new
    /// profile photo suspends it until a new selfie is approved).
    pub verified: bool,
}

/// A new account's row, as registration (or the server, for the people it draws) writes it.
#[derive(Debug)]
pub struct NewUser<'a> {
    pub user_name: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub gender: &'a str,
    pub country: &'a str,
    pub birthday: &'a str,
    pub language: &'a str,
    pub signature: Option<&'a str>,
    pub telephone: Option<&'a str>,
    pub avatar_key: &'a str,
    pub avatar_thumb_key: &'a str,
    pub now: i64,
}

/// A member's translation allowance today: what is left of it, and when it is whole again (no
/// carry-over: what is not spent by then is gone).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TranslationAllowance {
    /// Characters left today.
    pub left: i64,
    /// RFC 3339: the next 00:00 UTC, when it is back to the full daily allowance.
    pub resets_at: String,
}

impl UserView {
    pub fn from_row(row: UserRow, now: i64) -> UserView {
        let today = chrono::DateTime::from_timestamp(now, 0)
            .unwrap_or_default()
            .date_naive();
        let age = NaiveDate::parse_from_str(&row.birthday, "%Y-%m-%d")
            .map(|b| age_on(b, today))
            .unwrap_or(0);
        let running = row.member_expires_at.filter(|e| *e > now);
        let level = row.membership(now);
        UserView {
            user_id: row.id,
            em_user: em_user(row.id),
            user_name: row.user_name,
            email: row.email,
            email_verified: row.email_verified,
            gender: row.gender,
            country: row.country,
            birthday: row.birthday,
            age,
            avatar: row.avatar_key.as_deref().map(crate::media::Media::url),
            avatar_thumb: row
                .avatar_thumb_key
                .as_deref()
                .map(crate::media::Media::url),
            signature: row.signature,
            telephone: row.telephone,
            language: row.language,
            level,
            member_expires_at: running.map(crate::clock::rfc3339),
            coins: row.coins,
            characters: row.characters,
            translation_allowance: None,
            shares_area: None,
            role: row.role,
            created_at: crate::clock::rfc3339(row.created_at),
            verified: row.verified,
        }
    }
}

/// The chat-service identity of a person.
pub fn em_user(user_id: i64) -> String {
    format!("u{user_id}")
}
