//! Extractors that turn every bad input into our envelope: JSON-or-form bodies, query strings,
//! path parameters and the client address.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use bytes::Bytes;
use serde::de::DeserializeOwned;

use crate::api::error::{ApiError, ApiResult};
use crate::i18n::Msg;

/// A body in JSON or, where the client sends `application/x-www-form-urlencoded`, a form.
/// An empty body reads as an empty object, so endpoints without fields accept either.
pub struct Input<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Input<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let is_form = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge(Msg::BodyTooLarge)
            } else {
                ApiError::Malformed(rejection.body_text())
            }
        })?;
        if is_form {
            return serde_urlencoded::from_bytes(&bytes)
                .map(Input)
                .map_err(|e| ApiError::Malformed(e.to_string()));
        }
        let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        let mut de = serde_json::Deserializer::from_slice(bytes);
        json_whole(&mut de).map(Input)
    }
}

/// One JSON value and nothing after it.
fn json_whole<T: DeserializeOwned>(
    de: &mut serde_json::Deserializer<serde_json::de::SliceRead<'_>>,
) -> Result<T, ApiError> {
    let value = T::deserialize(&mut *de).map_err(|e| ApiError::Malformed(e.to_string()))?;
    de.end().map_err(|e| ApiError::Malformed(e.to_string()))?;
    Ok(value)
}

/// Query string parameters; a bad one is a 400 in the envelope.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let query = parts.uri.query().unwrap_or_default();
        serde_urlencoded::from_str(query)
            .map(Query)
            .map_err(|e| ApiError::Malformed(e.to_string()))
    }
}

/// Path parameters; an id that is not a number is a 404 (no such thing), not a 500.
pub struct Path<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(v)| Path(v))
            .map_err(|_| ApiError::NotFound)
    }
}

/// The client's address as rate limits key it: the socket peer or, when configured, the
/// right-most `X-Forwarded-For` address (the one our proxy added: anything to its left was
/// written by the client). An IPv6 address stands for its /64, since one host is given a
/// whole /64 and can pick any address in it; an IPv4-mapped IPv6 address is its IPv4 address.
pub struct ClientIp(pub IpAddr);

impl ClientIp {
    /// The bucket `ip` falls in.
    pub fn bucket(ip: IpAddr) -> IpAddr {
        match ip {
            IpAddr::V4(v4) => IpAddr::V4(v4),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
            },
        }
    }
}

/// Whether `X-Forwarded-For` is ours to believe (a proxy of ours stands in front): the router
/// puts the configured answer in every request.
#[derive(Debug, Clone, Copy)]
pub struct TrustForwardedFor(pub bool);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let trusted = parts
            .extensions
            .get::<TrustForwardedFor>()
            .is_some_and(|t| t.0);
        if trusted {
            let forwarded = parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .next_back()
                .and_then(|v| v.rsplit(',').next())
                .and_then(|v| v.trim().parse().ok());
            if let Some(ip) = forwarded {
                return Ok(ClientIp(ClientIp::bucket(ip)));
            }
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(ClientIp(ClientIp::bucket(
            peer.unwrap_or(IpAddr::from([127, 0, 0, 1])),
        )))
    }
}

/// `1,2,3` into ids; anything else is malformed.
pub fn parse_ids(raw: Option<&str>) -> ApiResult<Vec<i64>> {
    let ids: Result<Vec<i64>, _> = raw
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect();
    match ids {
        Ok(ids) if !ids.is_empty() && ids.len() <= 100 => Ok(ids),
        _ => Err(ApiError::Malformed("ids".into())),
    }
}
