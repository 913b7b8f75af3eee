//! Group chats (docs/im-protocol.md, "Groups"): an owner, admins and members, at most 200. A
//! group's history is one gapless sequence of its own, each message stored once; what a member
//! has been shown and has read are cursors on their membership, so storage grows with messages,
//! not with messages times members. The hub hands each new event to the members' connections,
//! which number it in the group's sequence and catch up from the database after a gap.

pub mod forms;
pub mod messages;
pub mod model;
pub mod push;
pub mod routes;
pub mod safety;
pub mod service;
pub mod store;
