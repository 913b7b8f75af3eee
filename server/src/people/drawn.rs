//! People the server makes itself (the service accounts and the demo profiles): an account row
//! with a portrait drawn by the program.

use crate::account::model::NewUser;
use crate::api::error::ApiError;
use crate::media::Media;
use crate::people::portrait::portrait_png;
use crate::people::People;

impl People {
    /// Creates a person with a portrait drawn from `seed`; answers their id.
    #[allow(clippy::too_many_arguments)]
    pub async fn create_drawn(
        &self,
        user_name: &str,
        email: &str,
        gender: &str,
        (country, language): (&str, &str),
        birthday: &str,
        signature: Option<&str>,
        password_hash: &str,
        seed: u64,
    ) -> Result<i64, ApiError> {
        let picture = self
            .media
            .put_image(
                Media::SOMEONE_NEW,
                "avatars",
                portrait_png(seed, gender == "female"),
            )
            .await?;
        self.accounts
            .create_user(&NewUser {
                user_name,
                email,
                password_hash,
                gender,
                country,
                birthday,
                language,
                signature,
                telephone: None,
                avatar_key: &picture.key,
                avatar_thumb_key: &picture.thumb_key,
                now: self.clock.unix(),
            })
            .await
            .map_err(|e| ApiError::Internal(e.into()))
    }
}
