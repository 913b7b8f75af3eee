//! The ground floor of the HTTP API: the envelope, the one error type, extractors, paging and
//! rate limits. The routes are assembled in `routes.rs`.

pub mod envelope;
pub mod error;
pub mod extract;
pub mod openapi;
pub mod rate_limit;
pub mod session;
pub mod suspension;

use error::ApiError;

/// Any path under `/prod-api` that no endpoint answers.
pub async fn not_found() -> ApiError {
    ApiError::NotFound
}

/// A path that exists, asked with a method it does not answer.
pub async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}
