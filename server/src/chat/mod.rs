//! Chat: our own IM service (docs/im-protocol.md). Messages are stored, with an event for each
//! person concerned in their own gapless sequence, before anything is acknowledged or delivered;
//! connections read their events from the database when the hub tells them there are new ones.

pub mod hub;
pub mod model;
pub mod routes;
pub mod service;
pub mod socket;
pub mod store;
pub mod writer;
