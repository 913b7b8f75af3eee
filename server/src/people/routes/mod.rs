//! People endpoints (SPEC section 7 "Users and likes", "Friends and IM" contacts, "Blacklist
//! and reports", `sidekick/random`), one file an idea: thin handlers that take the forms of
//! `forms.rs`, call one method of the people service, and answer.

mod blocks;
mod contacts;
mod discover;
mod likes;
mod nearby;
mod passes;
mod profiles;
mod remarks;
mod reports;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;

use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new()
        .merge(profiles::router())
        .merge(discover::router())
        .merge(likes::router())
        .merge(nearby::router())
        .merge(passes::router())
        .merge(contacts::router())
        .merge(remarks::router())
        .merge(blocks::router())
        .merge(reports::router())
}
