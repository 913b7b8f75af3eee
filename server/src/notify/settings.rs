//! What a person wants pushed: each kind on or off, and quiet hours in their own time zone.
//! Nothing is stored until they change something; until then every kind is on, at any hour.
//!
//! A push that falls in quiet hours is not sent (not held back for later): what it tells stays
//! in the app (the message, the lists' red badges) for when the person opens it.

use chrono::{DateTime, Timelike};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::api::error::ApiError;

/// What a push is about; each kind can be turned off on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PushKind {
    Message,
    /// Likes and winks.
    Like,
    Visitor,
    Match,
    /// Gifts and red packets.
    Gift,
    Announcement,
}

impl PushKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PushKind::Message => "message",
            PushKind::Like => "like",
            PushKind::Visitor => "visitor",
            PushKind::Match => "match",
            PushKind::Gift => "gift",
            PushKind::Announcement => "announcement",
        }
    }

    /// Pushes about what others did on one's profile: a few an hour at most.
    pub fn is_social(self) -> bool {
        matches!(self, PushKind::Like | PushKind::Visitor | PushKind::Match)
    }
}

/// Quiet hours, as the person's clock reads them ("22:00" to "07:00" runs past midnight).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct QuietHours {
    #[schema(example = "22:00")]
    pub from: String,
    #[schema(example = "07:00")]
    pub to: String,
}

/// A person's push settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSettings {
    pub messages: bool,
    /// Likes and winks.
    pub likes: bool,
    pub visitors: bool,
    pub matches: bool,
    /// Gifts and red packets.
    pub gifts: bool,
    pub announcements: bool,
    /// No pushes between these times; null: none.
    pub quiet_hours: Option<QuietHours>,
    /// The IANA time zone quiet hours are read in.
    #[schema(example = "Europe/Berlin")]
    pub time_zone: String,
}

impl Default for PushSettings {
    fn default() -> Self {
        PushSettings {
            messages: true,
            likes: true,
            visitors: true,
            matches: true,
            gifts: true,
            announcements: true,
            quiet_hours: None,
            time_zone: "UTC".into(),
        }
    }
}

/// A change to the settings: what is named changes, the rest stays.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSettingsChange {
    pub messages: Option<bool>,
    pub likes: Option<bool>,
    pub visitors: Option<bool>,
    pub matches: Option<bool>,
    pub gifts: Option<bool>,
    pub announcements: Option<bool>,
    /// Quiet hours; null turns them off.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<QuietHours>, nullable)]
    pub quiet_hours: Option<Option<QuietHours>>,
    pub time_zone: Option<String>,
}

/// A field that is there, even as null (`Some(None)`), apart from one left out (`None`).
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// "22:00" as minutes after midnight.
pub fn minutes(time: &str) -> Option<i64> {
    let (h, m) = time.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    ((0..24).contains(&h) && (0..60).contains(&m)).then_some(h * 60 + m)
}

/// Minutes after midnight as "22:00".
pub fn clock_time(minutes: i64) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

impl PushSettingsChange {
    /// A time zone or a time that is not one is refused.
    pub fn check(&self) -> Result<(), ApiError> {
        if let Some(zone) = &self.time_zone {
            zone.parse::<chrono_tz::Tz>()
                .map_err(|_| ApiError::Malformed("timeZone".into()))?;
        }
        if let Some(Some(q)) = &self.quiet_hours {
            let (from, to) = (minutes(&q.from), minutes(&q.to));
            if from.is_none() || to.is_none() || from == to {
                return Err(ApiError::Malformed("quietHours".into()));
            }
        }
        Ok(())
    }
}

impl PushSettings {
    /// These settings with a checked `change` made.
    pub fn changed(mut self, change: &PushSettingsChange) -> PushSettings {
        let flags = [
            (&mut self.messages, change.messages),
            (&mut self.likes, change.likes),
            (&mut self.visitors, change.visitors),
            (&mut self.matches, change.matches),
            (&mut self.gifts, change.gifts),
            (&mut self.announcements, change.announcements),
        ];
        for (flag, to) in flags {
            if let Some(to) = to {
                *flag = to;
            }
        }
        if let Some(zone) = &change.time_zone {
            self.time_zone = zone.clone();
        }
        if let Some(quiet) = &change.quiet_hours {
            self.quiet_hours = quiet.clone();
        }
        self
    }

    /// Whether the person wants pushes of this kind at all.
    pub fn wants(&self, kind: PushKind) -> bool {
        match kind {
            PushKind::Message => self.messages,
            PushKind::Like => self.likes,
            PushKind::Visitor => self.visitors,
            PushKind::Match => self.matches,
            PushKind::Gift => self.gifts,
            PushKind::Announcement => self.announcements,
        }
    }

    /// Whether `now` (unix seconds) is in the person's quiet hours, on their clock.
    pub fn is_quiet_at(&self, now: i64) -> bool {
        let Some(q) = &self.quiet_hours else {
            return false;
        };
        let (Some(from), Some(to)) = (minutes(&q.from), minutes(&q.to)) else {
            return false;
        };
        let zone: chrono_tz::Tz = self.time_zone.parse().unwrap_or(chrono_tz::UTC);
        let local = DateTime::from_timestamp(now, 0)
            .unwrap_or_default()
            .with_timezone(&zone);
        let at = i64::from(local.hour() * 60 + local.minute());
        if from < to {
            (from..to).contains(&at)
        } else {
            at >= from || at < to
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn quiet(from: &str, to: &str, zone: &str) -> PushSettings {
        let change = PushSettingsChange {
            quiet_hours: Some(Some(QuietHours {
                from: from.into(),
                to: to.into(),
            })),
            time_zone: Some(zone.into()),
            ..Default::default()
        };
        change.check().unwrap();
        PushSettings::default().changed(&change)
    }

    /// 2026-01-15 at `h:m` UTC.
    fn utc(h: i64, m: i64) -> i64 {
        1_768_435_200 + h * 3600 + m * 60
    }

    #[test]
    fn quiet_hours_past_midnight_on_the_persons_clock() {
        // 22:00 to 07:00 in Berlin (UTC+1 in January): 21:00 to 06:00 UTC.
        let s = quiet("22:00", "07:00", "Europe/Berlin");
        assert!(!s.is_quiet_at(utc(20, 59)));
        assert!(s.is_quiet_at(utc(21, 0)));
        assert!(s.is_quiet_at(utc(2, 0)));
        assert!(s.is_quiet_at(utc(5, 59)));
        assert!(!s.is_quiet_at(utc(6, 0)));
    }

    #[test]
    fn quiet_hours_within_a_day() {
        let s = quiet("13:30", "14:00", "UTC");
        assert!(!s.is_quiet_at(utc(13, 29)));
        assert!(s.is_quiet_at(utc(13, 30)));
        assert!(!s.is_quiet_at(utc(14, 0)));
        assert!(!PushSettings::default().is_quiet_at(utc(3, 0)));
    }

    #[test]
    fn times_and_zones_that_are_not_refused() {
        for (from, to, zone) in [
            ("24:00", "07:00", "UTC"),
            ("7:00", "08:00", "UTC"),
            ("07:00", "07:00", "UTC"),
            ("07:00", "08:00", "Mars/Olympus"),
        ] {
            let change = PushSettingsChange {
                quiet_hours: Some(Some(QuietHours {
                    from: from.into(),
                    to: to.into(),
                })),
                time_zone: Some(zone.into()),
                ..Default::default()
            };
            assert!(change.check().is_err(), "{from} {to} {zone}");
        }
        assert_eq!(minutes("23:59"), Some(1439));
        assert_eq!(clock_time(1439), "23:59");
    }
}
