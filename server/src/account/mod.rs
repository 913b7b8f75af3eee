//! Accounts: registration, sign-in and sessions, the profile and avatar, mail verification with
//! its reward, password reset and change, account deletion, and the guards against guessing.

pub mod codes;
pub mod guard;
pub mod model;
pub mod password;
pub mod routes;
pub mod sessions;
pub mod store;
pub mod token;
