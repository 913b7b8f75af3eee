//! Six-digit mail codes (DESIGN.md section 6): valid 10 minutes, five tries, stored hashed, at
//! most `account.codes_per_day` an account per UTC day.

use rand::Rng;
use sha2::{Digest, Sha256};

use crate::account::guard;
use crate::account::model::UserRow;
use crate::account::store::CodePurpose;
use crate::account::Accounts;
use crate::api::error::ApiError;
use crate::i18n::{Lang, Mail, Msg};

pub const CODE_TTL_SECS: i64 = 10 * 60;

pub fn hash(user_id: i64, purpose: CodePurpose, code: &str) -> String {
    hex::encode(Sha256::digest(
        format!("{user_id}:{purpose:?}:{code}").as_bytes(),
    ))
}

impl Accounts {
    /// Makes a code for `user`, stores it and mails it in the person's language.
    pub async fn send_code(&self, user: &UserRow, purpose: CodePurpose) -> Result<(), ApiError> {
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
        self.mail
            .send(email, mail.subject(lang), &mail.body(lang, &code), now)
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, "mail not sent");
                ApiError::Unavailable(Msg::MailFailed)
            })
    }
}
