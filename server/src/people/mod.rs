//! People: discovering profiles, viewing them (which leaves a footprint), likes and winks, the
//! red-badge counters, blocks and reports, contacts and private remarks, the customer-service
//! contact, and the demo profiles.

pub mod demo;
pub mod model;
pub mod routes;
pub mod store;
