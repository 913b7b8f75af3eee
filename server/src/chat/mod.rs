//! Chat: our own IM service (docs/im-protocol.md). Messages are stored, with an event for each
//! person concerned in their own gapless sequence, before anything is acknowledged or delivered.
//! Under load, the checks before sends are read many to a query (`checks`) and messages that
//! cost nothing are stored many to a transaction (`writer`); the hub hands each
//! stored message to the connections of its two people on this node, and otherwise tells
//! connections that there are new events, which they then read from the database.

pub mod checks;
pub mod hub;
pub mod model;
pub mod routes;
pub mod service;
pub mod socket;
pub mod store;
pub mod writer;
pub mod writer_sqlite;
