//! Six-digit mail codes (DESIGN.md section 6): valid 10 minutes, five tries, stored hashed, at
//! most `account.codes_per_day` an account per UTC day.

use rand::Rng;
use sha2::{Digest, Sha256};

use crate::account::guard;
use crate::account::model::Email;
use crate::account::model::UserRow;
use crate::account::store::CodePurpose;
use crate::account::Accounts;
use crate::api::error::ApiError;
use crate::api::rate_limit::Action;
use crate::i18n::{Lang, Mail, Msg};
use crate::mail::Mailer;

pub const CODE_TTL_SECS: i64 = 10 * 60;

pub fn hash(user_id: i64, purpose: CodePurpose, code: &str) -> String {
    hex::encode(Sha256::digest(
        format!("{user_id}:{purpose:?}:{code}").as_bytes(),
    ))
}

/// The key of a mailbox's budget of mail a minute (`rate_limit.mail_per_account`).
pub fn mailbox(email: &str) -> String {
    format!("mailbox:{}", email.trim().to_lowercase())
}

/// A code made and stored, waiting to be mailed.
pub struct Letter {
    to: String,
    subject: &'static str,
    body: String,
    now: i64,
}

impl Accounts {
    /// Makes a code for `user`, stores it and mails it in the person's language.
    pub async fn send_code(&self, user: &UserRow, purpose: CodePurpose) -> Result<(), ApiError> {
        let letter = self.new_code(user, purpose).await?;
        post(&self.mail, letter).await
    }

    /// Mails a password-reset code to the account with this user name and email, if there is
    /// one. Whoever asks learns nothing of who has an account here: the answer is the same with
    /// or without one, and so with an account whose codes of the day are spent or whose resets
    /// are locked (its owner is told so when she tries a code), and the mail goes after the
    /// answer, so that neither its time nor its failure tells either.
    pub async fn request_reset(&self, user_name: &str, email: &Email) -> Result<(), ApiError> {
        // The minute's budget of a mailbox, counted whether or not an account has it.
        self.limits
            .check(Action::MailByAccount, &mailbox(email.as_str()))
            .await?;
        let Some(user) = self.store.user_for_reset(user_name, email.as_str()).await? else {
            return Ok(());
        };
        if self.reset_allowed(user.id).await.is_err() {
            return Ok(());
        }
        let letter = match self.new_code(&user, CodePurpose::ResetPassword).await {
            Ok(letter) => letter,
            Err(ApiError::Limited { .. }) => return Ok(()),
            Err(e) => return Err(e),
        };
        let mail = self.mail.clone();
        tokio::spawn(async move {
            let _ = post(&mail, letter).await;
        });
        Ok(())
    }

    /// Makes a code for `user` and stores it, within the day's codes.
    async fn new_code(&self, user: &UserRow, purpose: CodePurpose) -> Result<Letter, ApiError> {
        let Some(email) = user.email.as_deref() else {
            return Err(ApiError::NotFound);
        };
        let code = format!("{:06}", rand::rng().random_range(0..1_000_000));
        let now = self.clock.unix();
        let stored = self
            .store
            .store_code(
                user.id,
                purpose,
                &hash(user.id, purpose, &code),
                now,
                now + CODE_TTL_SECS,
                self.code_limit(now),
            )
            .await?;
        if !stored {
            return Err(guard::codes_spent(now));
        }
        let lang = Lang::parse(&user.language).unwrap_or_default();
        let mail = match purpose {
            CodePurpose::VerifyEmail => Mail::VerifyEmail,
            CodePurpose::ResetPassword => Mail::ResetPassword,
        };
        Ok(Letter {
            to: email.to_owned(),
            subject: mail.subject(lang),
            body: mail.body(lang, &code),
            now,
        })
    }
}

async fn post(mail: &Mailer, letter: Letter) -> Result<(), ApiError> {
    mail.send(&letter.to, letter.subject, &letter.body, letter.now)
        .await
        .map_err(|e| {
            tracing::warn!(error = %e, "mail not sent");
            ApiError::Unavailable(Msg::MailFailed)
        })
}
