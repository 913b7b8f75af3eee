//! The customer-service accounts: the contact everyone has and the members' exclusive one. They
//! never sign in nor reset a password: only the server speaks as them.

use crate::api::error::ApiError;
use crate::people::People;

/// The customer-service contact everyone has, and the members' exclusive one.
pub const SUPPORT_NAME: &str = "Amora Support";
pub const CONCIERGE_NAME: &str = "Amora Concierge";

impl People {
    /// Creates the two customer-service accounts when they are missing. They never sign in nor
    /// reset a password, whatever their row holds: only the server speaks as them.
    pub async fn ensure_service_accounts(&self) -> Result<(), ApiError> {
        for (i, (name, email)) in [
            (SUPPORT_NAME, "support@amora.app"),
            (CONCIERGE_NAME, "concierge@amora.app"),
        ]
        .into_iter()
        .enumerate()
        {
            if self.accounts.user_name_in_use(name, None).await? {
                continue;
            }
            // Two nodes starting together may race here: the unique index keeps one.
            let created = self
                .create_drawn(
                    name,
                    email,
                    "female",
                    ("Britain", "en"),
                    "1990-01-01",
                    Some("We are here to help, in every language."),
                    "",
                    900 + i as u64,
                )
                .await;
            if created.is_ok() {
                self.accounts.set_role(email, "service").await?;
            }
        }
        Ok(())
    }
}
