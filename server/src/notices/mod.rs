//! Notices: the announcements of the Bulletin (in the reader's language where staff wrote one),
//! the released versions the app compares itself with, and the error reports the web app sends
//! about itself. Staff write notices and versions (`amora notice add`, `amora version add`).

pub mod routes;
pub mod store;

use std::sync::Arc;

use serde::Serialize;
use utoipa::ToSchema;

use crate::api::envelope::{Page, Paging};
use crate::api::error::{ApiError, ApiResult};
use crate::api::rate_limit::{Action, RateLimiter};
use crate::clock::Clock;
use crate::ground::Ground;
use crate::i18n::{Lang, Msg};
use crate::notices::store::{ClientError, NoticeStore, VersionRow};

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

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Version {
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
    ("en", "Welcome to Amora", "Post your first dynamic, fill your album and say hello: every message is translated for you.\nStay safe: never send money to someone you have not met."),
    ("zh-Hans", "欢迎来到 Amora", "发布你的第一条动态，完善相册，主动打个招呼：每条消息都会为你翻译。\n注意安全：不要给未见过面的人汇款。"),
    ("zh-Hant", "歡迎來到 Amora", "發佈你的第一則動態，完善相簿，主動打個招呼：每則訊息都會為你翻譯。\n注意安全：不要匯款給未見過面的人。"),
    ("ja", "Amora へようこそ", "最初の投稿をして、アルバムを充実させ、あいさつしてみましょう。メッセージはすべて翻訳されます。\n安全のために：会ったことのない人には絶対に送金しないでください。"),
    ("es", "Bienvenido a Amora", "Publica tu primera publicación, completa tu álbum y saluda: cada mensaje se traduce para ti.\nCuídate: nunca envíes dinero a alguien que no conoces en persona."),
    ("kr", "Amora에 오신 것을 환영합니다", "첫 게시물을 올리고 앨범을 채우고 인사해 보세요. 모든 메시지는 번역됩니다.\n안전 수칙: 만난 적 없는 사람에게 절대 돈을 보내지 마세요."),
    ("ge", "Willkommen bei Amora", "Teile deinen ersten Beitrag, fülle dein Album und sag Hallo: Jede Nachricht wird für dich übersetzt.\nBleib sicher: Schick niemals Geld an jemanden, den du nicht getroffen hast."),
    ("ru", "Добро пожаловать в Amora", "Опубликуйте первую запись, заполните альбом и поздоровайтесь: каждое сообщение переводится для вас.\nБудьте осторожны: никогда не отправляйте деньги тем, с кем не встречались."),
];

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
    clock: Clock,
    limits: Arc<RateLimiter>,
}

impl Notices {
    pub fn new(ground: &Ground) -> Notices {
        Notices {
            store: NoticeStore::new(ground.db.clone()),
            clock: ground.clock.clone(),
            limits: ground.limits.clone(),
        }
    }

    /// Announcements, newest first, in `lang` where one was written in it.
    pub async fn notices(&self, lang: Lang, paging: Paging) -> ApiResult<Page<Notice>> {
        let (rows, total) = self
            .store
            .notices(lang.code(), paging.limit(), paging.offset())
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

    /// Publishes an announcement or (`of`) its text in another language.
    pub async fn add_notice(
        &self,
        of: Option<i64>,
        language: Option<&str>,
        title: &str,
        body: &str,
    ) -> anyhow::Result<i64> {
        let language = match language {
            Some(tag) => Lang::parse(tag)
                .ok_or_else(|| anyhow::anyhow!("unknown language {tag:?}"))?
                .code(),
            None => Lang::En.code(),
        };
        let (title, body) = (title.trim(), body.trim());
        anyhow::ensure!(
            !title.is_empty() && !body.is_empty(),
            "a notice needs a title and a body"
        );
        self.store
            .add_notice(of, language, title, body, self.clock.unix())
            .await?
            .ok_or_else(|| anyhow::anyhow!("no notice {of:?}"))
    }

    /// Lists a release.
    pub async fn add_version(&self, v: NewVersion) -> anyhow::Result<()> {
        anyhow::ensure!(
            PLATFORMS.contains(&v.platform.as_str()),
            "the platform is one of {PLATFORMS:?}"
        );
        anyhow::ensure!(
            !v.version.is_empty()
                && v.version
                    .split('.')
                    .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())),
            "a version is numbers separated by dots, like 1.0.17"
        );
        self.store
            .add_version(&VersionRow {
                version: v.version,
                platform: v.platform,
                notes: v.notes,
                url: v.url.filter(|u| !u.trim().is_empty()),
                mandatory: v.mandatory,
                released_at: self.clock.unix(),
            })
            .await?;
        Ok(())
    }

    pub async fn versions(&self) -> ApiResult<Vec<Version>> {
        Ok(self
            .store
            .versions()
            .await?
            .into_iter()
            .map(|v| Version {
                version: v.version,
                platform: v.platform,
                notes: v.notes,
                url: v.url,
                mandatory: v.mandatory,
                released_at: crate::clock::rfc3339(v.released_at),
            })
            .collect())
    }

    /// Keeps an error report of the web app, cut to size.
    pub async fn report_error(&self, ip: &str, report: ClientError<'_>) -> ApiResult<()> {
        self.limits.check(Action::ClientErrorByIp, ip)?;
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
            id = Some(self.add_notice(id, Some(language), title, body).await?);
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
