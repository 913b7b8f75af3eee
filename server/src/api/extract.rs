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
/// An empty body reads as an empty object, so endpoints without fields accept either. Every body
/// the API takes is an object: serde would read a struct from an array of its fields in order
/// (`[null]` as `{"endpoint": null}`), which the document forbids, so JSON that is not an
/// object is refused before it is read.
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
            refuse_nul(encoded_has_nul(&bytes))?;
            return read_pairs(&bytes).map(Input);
        }
        let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        refuse_nul_in_json(bytes)?;
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
            return Err(ApiError::Malformed(NOT_AN_OBJECT.into()));
        }
        let mut de = serde_json::Deserializer::from_slice(bytes);
        match json_whole(&mut de) {
            Ok(value) => Ok(Input(value)),
            // JSON has one number type: `3.0` is the integer 3 to JSON Schema, and to us.
            Err(e) => with_whole_numbers(bytes).map(Input).ok_or(e),
        }
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

/// Text holding the NUL character is refused wherever it comes in: no one types it, and
/// PostgreSQL cannot store it (it would be a 500 there and stored on SQLite).
fn refuse_nul(has_nul: bool) -> ApiResult<()> {
    if has_nul {
        Err(ApiError::Malformed(NUL_REFUSED.into()))
    } else {
        Ok(())
    }
}

/// The detail of the 400 a JSON body that is not an object gets.
pub const NOT_AN_OBJECT: &str = "the body is not a JSON object";

/// The detail of the 400 a NUL character gets.
const NUL_REFUSED: &str = "a text holds the NUL character";

/// JSON holding the NUL character refused, as a body or a chat frame.
pub fn refuse_nul_in_json(json: &[u8]) -> ApiResult<()> {
    refuse_nul(json_has_nul(json))
}

/// Whether JSON holds the NUL character: inside a string it can only be written as the escape
/// `\u0000`. Each backslash starts an escape of two characters or more, so the one it escapes
/// is passed over.
fn json_has_nul(json: &[u8]) -> bool {
    let mut from = 0;
    while let Some(at) = json
        .get(from..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\\'))
    {
        let escape = from + at;
        if json[escape + 1..].starts_with(b"u0000") {
            return true;
        }
        from = escape + 2;
    }
    false
}

/// Whether a query string, path or form holds the NUL character, raw or percent-encoded.
fn encoded_has_nul(raw: &[u8]) -> bool {
    raw.contains(&0) || raw.windows(3).any(|three| three == b"%00")
}

/// `bytes` read with every number written with a fraction or an exponent that is a whole number
/// (`790055.0`, `1e3`, `-3826088240498118.0`) written as that integer instead, when there is
/// such a number and `T` then reads it. The digits are shifted as written, never through a
/// float, so a whole number is known as one however many digits it has.
fn with_whole_numbers<T: DeserializeOwned>(bytes: &[u8]) -> Option<T> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut changed = false;
    let (mut i, mut in_string) = (0, false);
    while let Some(&b) = bytes.get(i) {
        if in_string {
            out.push(b);
            match b {
                // An escape's next character is never the string's end.
                b'\\' => {
                    out.extend(bytes.get(i + 1));
                    i += 1;
                }
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
        } else if b == b'-' || b.is_ascii_digit() {
            let start = i;
            while bytes
                .get(i)
                .is_some_and(|c| matches!(c, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
            {
                i += 1;
            }
            let token = &bytes[start..i];
            match whole_number(token) {
                Some(n) => {
                    out.extend_from_slice(n.to_string().as_bytes());
                    changed = true;
                }
                None => out.extend_from_slice(token),
            }
        } else {
            in_string = b == b'"';
            out.push(b);
            i += 1;
        }
    }
    if !changed {
        return None;
    }
    serde_json::from_slice(&out).ok()
}

/// The integer a JSON number with a fraction or an exponent is, when it is whole and fits an
/// i64 (`12.00`, `1.5e1`); none for anything else, integers as written included.
fn whole_number(token: &[u8]) -> Option<i64> {
    let text = std::str::from_utf8(token).ok()?;
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (int, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits_only = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    let plain_integer = !text.contains(['.', 'e', 'E']);
    // JSON's own grammar: digits before the point, without a leading zero, and after it.
    let well_formed = !int.is_empty()
        && digits_only(int)
        && (int == "0" || !int.starts_with('0'))
        && digits_only(fraction)
        && (fraction.is_empty() != mantissa.contains('.'));
    if plain_integer || !well_formed {
        return None;
    }
    let digits = format!("{int}{fraction}");
    // Where the decimal point falls among the digits once the exponent has moved it; an i64 has
    // at most 19 digits, leading zeros aside.
    let point = i64::try_from(int.len()).ok()? + i64::from(exponent);
    let point = usize::try_from(point.clamp(0, 64)).ok()?;
    let (whole, rest) = if point <= digits.len() {
        digits.split_at(point)
    } else {
        (digits.as_str(), "")
    };
    if rest.bytes().any(|b| b != b'0') {
        return None;
    }
    let zeros = point.saturating_sub(digits.len());
    let written = format!(
        "{}{whole}{}",
        if negative { "-" } else { "" },
        "0".repeat(zeros)
    );
    match written.trim_start_matches('-') {
        "" => Some(0),
        _ => written.parse().ok(),
    }
}

/// Query string parameters; a bad one is a 400 in the envelope.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let query = parts.uri.query().unwrap_or_default();
        refuse_nul(encoded_has_nul(query.as_bytes()))?;
        read_pairs(query.as_bytes()).map(Query)
    }
}

/// A query string or form read as `T`; when it does not read, read again with each value that
/// is a whole number written with a fraction or an exponent (`userId=1.0`) as that integer, as
/// a JSON body is.
fn read_pairs<T: DeserializeOwned>(encoded: &[u8]) -> ApiResult<T> {
    serde_urlencoded::from_bytes(encoded).or_else(|e| {
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_bytes(encoded).unwrap_or_default();
        let mut changed = false;
        let pairs: Vec<(String, String)> = pairs
            .into_iter()
            .map(|(name, value)| match whole_number(value.as_bytes()) {
                Some(n) => {
                    changed = true;
                    (name, n.to_string())
                }
                None => (name, value),
            })
            .collect();
        changed
            .then(|| serde_urlencoded::to_string(&pairs).ok())
            .flatten()
            .and_then(|again| serde_urlencoded::from_str(&again).ok())
            .ok_or_else(|| ApiError::Malformed(e.to_string()))
    })
}

/// Path parameters; an id that is not a number is a 404 (no such thing), not a 500.
pub struct Path<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        refuse_nul(encoded_has_nul(parts.uri.path().as_bytes()))?;
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

/// Ids of records, comma-separated, as `ids` inputs take them: one to 100 of them, digits only
/// (`parse_ids` reads them).
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, pattern = r"^[0-9]{1,18}(,[0-9]{1,18}){0,99}$", example = "12,15")]
pub struct IdList(pub String);

/// `1,2,3` into ids (`IdList`); anything else is malformed.
pub fn parse_ids(raw: Option<&str>) -> ApiResult<Vec<i64>> {
    let malformed = || ApiError::Malformed("ids".into());
    let raw = raw.ok_or_else(malformed)?;
    let ids = raw
        .split(',')
        .map(|id| {
            let digits = !id.is_empty() && id.len() <= 18 && id.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| id.parse::<i64>().ok()).flatten()
        })
        .collect::<Option<Vec<i64>>>()
        .ok_or_else(malformed)?;
    if ids.len() > 100 {
        return Err(malformed());
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::parse_ids;

    #[test]
    fn a_nul_is_found_however_it_is_written() {
        use super::{encoded_has_nul, json_has_nul};
        assert!(json_has_nul(br#"{"a":"x\u0000y"}"#));
        assert!(json_has_nul(br#"{"a":"\\\u0000"}"#));
        assert!(
            !json_has_nul(br#"{"a":"\\u0000"}"#),
            "an escaped backslash, then text"
        );
        assert!(!json_has_nul(br#"{"a":"u0000 \u0001"}"#));
        assert!(encoded_has_nul(b"q=a%00b"));
        assert!(encoded_has_nul(b"a\0b"));
        assert!(!encoded_has_nul(b"q=100%25"));
    }

    #[test]
    fn whole_numbers_are_read_as_written() {
        use super::whole_number;
        let read = |t: &str| whole_number(t.as_bytes());
        assert_eq!(read("-3826088240498118.0"), Some(-3_826_088_240_498_118));
        assert_eq!(read("9007199254740993.0"), Some(9_007_199_254_740_993));
        assert_eq!(read("790055.00"), Some(790_055));
        assert_eq!(read("1e3"), Some(1000));
        assert_eq!(read("1.5E1"), Some(15));
        assert_eq!(read("-0.0"), Some(0));
        assert_eq!(read("120e-1"), Some(12));
        for not in [
            "12",
            "-7",
            "2.5",
            "6000000000000000.4",
            "1.25e1",
            "1e-1",
            "1e400",
            "1.",
            "-",
            "1e",
            "--1.0",
            "1.0.0",
            "01.0",
        ] {
            assert_eq!(read(not), None, "{not}");
        }
        let v: Option<serde_json::Value> =
            super::with_whole_numbers(br#"{"a":"1.0 \" 2.0","id":-3826088240498118.0,"b":[1e2]}"#);
        assert_eq!(
            v,
            Some(serde_json::json!({ "a": "1.0 \" 2.0", "id": -3826088240498118_i64, "b": [100] }))
        );
    }

    #[test]
    fn ids_are_digits_between_commas() {
        assert_eq!(parse_ids(Some("12")).ok(), Some(vec![12]));
        assert_eq!(parse_ids(Some("3,4,5")).ok(), Some(vec![3, 4, 5]));
        for bad in [
            "",
            ",",
            "1,",
            ",1",
            "1,,2",
            " 1",
            "-1",
            "1.0",
            "x",
            "1234567890123456789",
        ] {
            assert!(parse_ids(Some(bad)).is_err(), "{bad:?} is not ids");
        }
        assert!(parse_ids(None).is_err());
        let hundred = vec!["7"; 100].join(",");
        assert_eq!(
            parse_ids(Some(&hundred)).map(|ids| ids.len()).ok(),
            Some(100)
        );
        assert!(parse_ids(Some(&format!("{hundred},7"))).is_err());
    }
}
