//! Contacts: adding and removing a chat contact, the list, and the customer-service contact.

use axum::extract::{FromRef, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::envelope::{ok, Envelope, Reply};
use crate::api::error::ApiResult;
use crate::api::extract::{Path, Query};
use crate::api::session::Session;
use crate::people::model::Card;
use crate::people::paging::{PeoplePage, PeoplePaging};
use crate::people::store::PeopleList;
use crate::people::People;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    People: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(add_contact))
        .routes(routes!(remove_contact))
        .routes(routes!(contacts))
        .routes(routes!(customer_service))
}

/// Adds a person to my contacts.
#[utoipa::path(get, path = "/em/addFriend/{userId}", tag = "people", params(("userId" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>), (status = 404)))]
async fn add_contact(
    State(people): State<People>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Card>> {
    Ok(ok(people.add_contact(&me, id).await?))
}

/// Removes a person from my contacts.
#[utoipa::path(get, path = "/em/delFriend/{userId}", tag = "people", params(("userId" = i64, Path)),
    security(("bearer" = [])), responses((status = 200, body = Envelope<Option<String>>), (status = 404)))]
async fn remove_contact(
    State(people): State<People>,
    me: Session,
    Path(id): Path<i64>,
) -> ApiResult<Reply<Option<String>>> {
    people.remove_contact(&me, id).await?;
    Ok(ok(None))
}

/// My contacts, newest first.
#[utoipa::path(get, path = "/em/friends/list", tag = "people", params(PeoplePaging),
    security(("bearer" = [])), responses((status = 200, body = Envelope<PeoplePage>), (status = 400)))]
async fn contacts(
    State(people): State<People>,
    me: Session,
    Query(p): Query<PeoplePaging>,
) -> ApiResult<Reply<PeoplePage>> {
    Ok(ok(people
        .open_list(&me, PeopleList::Contacts, None, p)
        .await?))
}

/// The customer-service contact: members get the exclusive concierge.
#[utoipa::path(get, path = "/em/friends/customer", tag = "people",
    security(("bearer" = [])), responses((status = 200, body = Envelope<Card>)))]
async fn customer_service(State(people): State<People>, me: Session) -> ApiResult<Reply<Card>> {
    Ok(ok(people.customer_service(&me).await?))
}
