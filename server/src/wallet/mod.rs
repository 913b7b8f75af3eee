//! The wallet: the catalogue, orders and payments, membership, gold and character packs, coin
//! claims and the gift catalogue. Money moves only through the ledger, exactly once.

pub mod model;
pub mod payment;
pub mod routes;
pub mod store;
