//! People the server makes itself (the service accounts and the demo profiles): an account row
//! with a portrait drawn by the program.

use crate::account::store::{AccountStore, NewUser};
use crate::api::error::ApiError;
use crate::app::App;
use crate::people::portrait::portrait_png;

/// Creates a person with a portrait drawn from `seed`; answers their id.
#[allow(clippy::too_many_arguments)]
pub async fn create(
    app: &App,
    user_name: &str,
    email: &str,
    gender: &str,
    (country, language): (&str, &str),
    birthday: &str,
    signature: Option<&str>,
    password_hash: &str,
    seed: u64,
) -> Result<i64, ApiError> {
    let picture = app
        .media
        .put_image("avatars", portrait_png(seed, gender == "female"))
        .await?;
    app.db
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
            now: app.clock.unix(),
        })
        .await
        .map_err(|e| ApiError::Internal(e.into()))
}
