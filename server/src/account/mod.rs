//! Accounts: registration, sign-in and sessions, the profile and avatar, mail verification with
//! its reward, password reset and change, and account deletion.

pub mod codes;
pub mod model;
pub mod password;
pub mod routes;
pub mod sessions;
pub mod store;
