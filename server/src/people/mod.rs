//! People: discovering profiles, viewing them (which leaves a footprint), likes and winks, the
//! red-badge counters, blocks and reports, contacts and private remarks, the customer-service
//! contact (the service accounts), and the demo profiles.

pub mod demo;
pub mod drawn;
pub mod model;
pub mod portrait;
pub mod routes;
pub mod service_accounts;
pub mod store;

use crate::app::App;
use crate::people::store::PeopleStore;

/// Forgets who Discover showed before today; the server's sweep calls it every minute.
pub async fn forget_earlier_days(app: &App) -> sqlx::Result<u64> {
    app.db
        .forget_shown_before(app.clock.unix().div_euclid(86_400))
        .await
}
