//! Notices: the announcements of the Bulletin (in the reader's language where staff wrote one),
//! the released versions the app compares itself with, and the error reports the web app sends
//! about itself. Staff write notices and versions (`amora notice add`, `amora version add`).

pub mod personal;
pub mod routes;
pub mod store;

use std::sync::Arc;

use serde::Serialize;
use utoipa::ToSchema;

use crate::account::users::Users;
use crate::api::envelope::{Page, Paging};
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::{Action, RateLimiter};
use crate::clock::Clock;
use crate::ground::Ground;
use crate::i18n::{Lang, Msg};
pub use crate::notices::store::NewNotice;
use crate::notices::store::{ClientError, NoticeStore, NoticeTextRow, VersionRow};
use crate::notify::settings::PushKind;
use crate::notify::{Notify, Push, BULLETIN};

/// How long the web app's error reports are kept.
const CLIENT_ERROR_DAYS: i64 = 30;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    pub id: i64,
    pub title: String,
    pub body: String,
    pub created_at: String,
}

/// A notice as staff see it: whom it is for, and every language's text.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffNotice {
    pub id: i64,
    /// The one person it is for; none: everyone.
    pub user_id: Option<i64>,
    pub created_at: String,
    pub texts: Vec<NoticeText>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeText {
    pub language: String,
    pub title: String,
    pub body: String,
}

/// An error report of the web app, as staff read it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientErrorView {
    pub id: i64,
    pub message: String,
    pub stack: Option<String>,
    pub url: String,
    pub user_agent: Option<String>,
    pub user_id: Option<i64>,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Version {
    pub id: i64,
    pub version: String,
    /// `web`, `android` or `ios`.
    pub platform: String,
    pub notes: String,
    /// Where to get it (none for the web app, which updates itself).
    pub url: Option<String>,
    /// Older versions may no longer be used.
    pub mandatory: bool,
    pub released_at: String,
}

impl Version {
    fn from_row(v: VersionRow) -> Version {
        Version {
            id: v.id.unwrap_or_default(),
            version: v.version,
            platform: v.platform,
            notes: v.notes,
            url: v.url,
            mandatory: v.mandatory,
            released_at: crate::clock::rfc3339(v.released_at),
        }
    }
}

/// A release as the operator lists it.
pub struct NewVersion {
    pub version: String,
    pub platform: String,
    pub notes: String,
    pub url: Option<String>,
    pub mandatory: bool,
}

/// The platforms a version is released for.
pub const PLATFORMS: [&str; 3] = ["web", "android", "ios"];

/// The demo's welcome notice: language, title, body.
const WELCOME: [(&str, &str, &str); 8] = [
    ("en", "Welcome to Amora", "Post your first dynamic, fill your album and say hello: tap Translate under a message to read it in your language, where a translation is available.\nStay safe: never send money to someone you have not met."),
    ("zh-Hans", "欢迎来到 Amora", "发布你的第一条动态，完善相册，主动打个招呼：点一下消息下方的“翻译”，即可用你的语言阅读（在可提供翻译的语言之间）。\n注意安全：不要给未见过面的人汇款。"),
    ("zh-Hant", "歡迎來到 Amora", "發佈你的第一則動態，完善相簿，主動打個招呼：點一下訊息下方的「翻譯」，即可用你的語言閱讀（在可提供翻譯的語言之間）。\n注意安全：不要匯款給未見過面的人。"),
    ("ja", "Amora へようこそ", "最初の投稿をして、アルバムを充実させ、あいさつしてみましょう。メッセージの下の「翻訳」をタップすると、翻訳できる言語ならあなたの言語で読めます。\n安全のために：会ったことのない人には絶対に送金しないでください。"),
    ("es", "Bienvenido a Amora", "Publica tu primera publicación, completa tu álbum y saluda: toca Traducir bajo un mensaje para leerlo en tu idioma, cuando haya traducción disponible.\nCuídate: nunca envíes dinero a alguien que no conoces en persona."),
    ("kr", "Amora에 오신 것을 환영합니다", "첫 게시물을 올리고 앨범을 채우고 인사해 보세요. 메시지 아래의 번역을 누르면 번역이 가능한 언어일 때 내 언어로 읽을 수 있어요.\n안전 수칙: 만난 적 없는 사람에게 절대 돈을 보내지 마세요."),
    ("ge", "Willkommen bei Amora", "Teile deinen ersten Beitrag, fülle dein Album und sag Hallo: Tippe unter einer Nachricht auf Übersetzen, um sie in deiner Sprache zu lesen, wo eine Übersetzung verfügbar ist.\nBleib sicher: Schick niemals Geld an jemanden, den du nicht getroffen hast."),
    ("ru", "Добро пожаловать в Amora", "Опубликуйте первую запись, заполните альбом и поздоровайтесь: нажмите «Перевести» под сообщением, чтобы прочитать его на своём языке, если перевод доступен.\nБудьте осторожны: никогда не отправляйте деньги тем, с кем не встречались."),
];

/// A notice (id, person, when) with its texts, of those given.
fn staff_notice(
    (id, user_id, created_at): (i64, Option<i64>, i64),
    texts: &[NoticeTextRow],
) -> StaffNotice {
    StaffNotice {
        id,
        user_id,
        created_at: crate::clock::rfc3339(created_at),
        texts: texts
            .iter()
            .filter(|t| t.notice_id == id)
            .map(|t| NoticeText {
                language: t.language.clone(),
                title: t.title.clone(),
                body: t.body.clone(),
            })
            .collect(),
    }
}

/// Cuts `text` to at most `max` characters.
fn cut(text: &str, max: usize) -> &str {
    match text.char_indices().nth(max) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

/// The notices service.
#[derive(Clone)]
pub struct Notices {
    store: NoticeStore,
    accounts: Users,
    clock: Clock,
    limits: Arc<RateLimiter>,
    notify: Notify,
}

impl Notices {
    pub fn new(ground: &Ground) -> Notices {
        Notices {
            store: NoticeStore::new(ground.db.clone()),
            accounts: Users::new(ground.db.clone()),
            clock: ground.clock.clone(),
            limits: ground.limits.clone(),
            notify: Notify::new(ground),
        }
    }

    /// The announcements `reader` may read, newest first, in `lang` where one was written in it
    /// (none: the reader's own language, English for someone not signed in).
    pub async fn notices(
        &self,
        lang: Option<Lang>,
        reader: Option<i64>,
        paging: Paging,
    ) -> ApiResult<Page<Notice>> {
        let lang = match (lang, reader) {
            (Some(lang), _) => lang,
            (None, Some(reader)) => match self.accounts.user(reader).await? {
                Some(person) => Lang::parse(&person.language).unwrap_or_default(),
                None => Lang::default(),
            },
            (None, None) => Lang::default(),
        };
        let (rows, total) = self
            .store
            .notices(lang.code(), reader, paging.limit(), paging.offset())
            .await?;
        Ok(Page {
            rows: rows
                .into_iter()
                .map(|r| Notice {
                    id: r.id,
                    title: r.title,
                    body: r.body,
                    created_at: crate::clock::rfc3339(r.created_at),
                })
                .collect(),
            total,
        })
    }

    /// Publishes an announcement, or (`of`) its text in another language; answers its id.
    pub async fn add_notice(&self, n: NewNotice<'_>) -> ApiResult<i64> {
        let (title, body) = (n.title.trim(), n.body.trim());
        if title.is_empty()
            || body.is_empty()
            || title.chars().count() > 100
            || body.chars().count() > 2000
        {
            return Err(ApiError::Invalid(Msg::NoticeText));
        }
        let language = Lang::parse(n.language).ok_or(ApiError::Invalid(Msg::LanguageInvalid))?;
        let n = NewNotice {
            language: language.code(),
            title,
            body,
            ..n
        };
        let id = self
            .store
            .add_notice(&n, self.clock.unix())
            .await?
            .ok_or(ApiError::NotFound)?;
        // A notice to one person is pushed to them too; announcements to all wait in the
        // Bulletin (and its badge) in each reader's language.
        if let (Some(recipient), None) = (n.user_id, n.of) {
            self.notify.send_later(Push {
                recipient,
                kind: PushKind::Announcement,
                title: title.to_owned(),
                body: cut(body, 120).to_owned(),
                from: None,
                url: Some(BULLETIN),
                group: None,
            });
        }
        Ok(id)
    }

    /// A personal notice the server writes by itself to one person: written at once in every
    /// language (theirs first, which their push is in), so the Bulletin shows it in the language
    /// they read the app in, even after they change it. `body` is paragraphs of the catalogue,
    /// `note` words of staff added as written.
    pub async fn tell(
        &self,
        user_id: i64,
        lang: Lang,
        title: Msg,
        body: &[Msg],
        note: Option<&str>,
    ) -> ApiResult<i64> {
        let note = note.map(str::trim).filter(|n| !n.is_empty());
        let mut id = None;
        let others = Lang::ALL.into_iter().filter(|l| *l != lang);
        for lang in std::iter::once(lang).chain(others) {
            let mut text: Vec<&str> = body.iter().map(|m| m.text(lang)).collect();
            text.extend(note);
            let text = text.join("\n");
            id = Some(
                self.add_notice(NewNotice {
                    of: id,
                    user_id: Some(user_id),
                    language: lang.code(),
                    title: title.text(lang),
                    body: cut(&text, 2000),
                })
                .await?,
            );
        }
        id.ok_or(ApiError::NotFound)
    }

    /// Withdraws an announcement; false when there was none.
    pub async fn delete_notice(&self, id: i64) -> ApiResult<bool> {
        Ok(self.store.delete_notice(id, self.clock.unix()).await?)
    }

    /// One notice with all its texts, unless withdrawn (for staff).
    pub async fn notice(&self, id: i64) -> ApiResult<Option<StaffNotice>> {
        let found = self.store.notice(id).await?;
        Ok(found.map(|(notice, texts)| staff_notice(notice, &texts)))
    }

    /// Every notice with all its texts, newest first (for staff).
    pub async fn all_notices(&self, paging: Paging) -> ApiResult<Page<StaffNotice>> {
        let (notices, texts, total) = self
            .store
            .all_notices(paging.limit(), paging.offset())
            .await?;
        let rows = notices
            .into_iter()
            .map(|n| staff_notice(n, &texts))
            .collect();
        Ok(Page { rows, total })
    }

    /// Lists a release (a version listed already for its platform is replaced); answers it as it
    /// was before, if it was listed, and as it is now.
    pub async fn add_version(&self, v: NewVersion) -> ApiResult<(Option<Version>, Version)> {
        let valid = PLATFORMS.contains(&v.platform.as_str())
            && !v.version.is_empty()
            && v.version.len() <= 32
            && v.version
                .split('.')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if !valid {
            return Err(ApiError::Invalid(Msg::VersionInvalid));
        }
        let before = self.store.version(&v.platform, &v.version).await?;
        self.store
            .add_version(&VersionRow {
                id: None,
                version: v.version.clone(),
                platform: v.platform.clone(),
                notes: cut(v.notes.trim(), 2000).to_owned(),
                url: v.url.filter(|u| !u.trim().is_empty()),
                mandatory: v.mandatory,
                released_at: self.clock.unix(),
            })
            .await?;
        let after = self
            .store
            .version(&v.platform, &v.version)
            .await?
            .ok_or(ApiError::NotFound)?;
        Ok((before.map(Version::from_row), Version::from_row(after)))
    }

    /// Withdraws a release; answers it, none when there was none.
    pub async fn delete_version(&self, id: i64) -> ApiResult<Option<Version>> {
        Ok(self.store.delete_version(id).await?.map(Version::from_row))
    }

    /// The web app's error reports, newest first (for staff).
    pub async fn client_errors(&self, paging: Paging) -> ApiResult<Page<ClientErrorView>> {
        let (rows, total) = self
            .store
            .client_errors(paging.limit(), paging.offset())
            .await?;
        Ok(Page {
            rows: rows
                .into_iter()
                .map(|r| ClientErrorView {
                    id: r.id,
                    message: r.message,
                    stack: r.stack,
                    url: r.url,
                    user_agent: r.user_agent,
                    user_id: r.user_id,
                    created_at: crate::clock::rfc3339(r.created_at),
                })
                .collect(),
            total,
        })
    }

    pub async fn versions(&self) -> ApiResult<Vec<Version>> {
        Ok(self
            .store
            .versions()
            .await?
            .into_iter()
            .map(Version::from_row)
            .collect())
    }

    /// Keeps an error report of the web app, cut to size.
    pub async fn report_error(&self, ip: &str, report: ClientError<'_>) -> ApiResult<()> {
        self.limits.check(Action::ClientErrorByIp, ip).await?;
        let message = cut(report.message.trim(), 1000);
        if message.is_empty() {
            return Err(ApiError::Invalid(Msg::ErrorReportEmpty));
        }
        let report = ClientError {
            user_id: report.user_id,
            message,
            stack: report.stack.map(|s| cut(s, 8000)),
            url: cut(report.url, 2000),
            user_agent: report.user_agent.map(|s| cut(s, 500)),
        };
        self.store
            .add_client_error(&report, self.clock.unix())
            .await?;
        Ok(())
    }

    /// The demo's announcement (`make run`), in every interface language.
    pub async fn seed_demo(&self) -> anyhow::Result<()> {
        let mut id = None;
        for (language, title, body) in WELCOME {
            let text = NewNotice {
                of: id,
                user_id: None,
                language,
                title,
                body,
            };
            id = Some(self.add_notice(text).await?);
        }
        Ok(())
    }

    /// Forgets error reports older than their keeping time (the minute sweep calls it).
    pub async fn forget_old_errors(&self) -> anyhow::Result<u64> {
        let before = self.clock.unix() - CLIENT_ERROR_DAYS * 86_400;
        Ok(self.store.forget_client_errors(before).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::cut;

    #[test]
    fn cutting_keeps_whole_characters() {
        assert_eq!(cut("héllo", 2), "hé");
        assert_eq!(cut("hi", 5), "hi");
    }
}
