//! The `{code, msg, data}` envelope every answer wears, and the paged list shape.

use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::i18n::Msg;

/// A successful answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// 200 on success; errors carry their HTTP status here.
    pub code: u16,
    pub msg: String,
    pub data: T,
}

/// Answers `data` with code 200 and the localized 'Success'.
pub fn ok<T: Serialize>(data: T) -> Reply<T> {
    Reply(Envelope {
        code: 200,
        msg: Msg::Success.localized().to_owned(),
        data,
    })
}

/// Answers `data` with a message of its own (shown to the person as a toast).
pub fn ok_with<T: Serialize>(msg: Msg, data: T) -> Reply<T> {
    Reply(Envelope {
        code: 200,
        msg: msg.localized().to_owned(),
        data,
    })
}

pub struct Reply<T>(pub Envelope<T>);

impl<T: Serialize> IntoResponse for Reply<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

/// `pageNum` from 1, `pageSize` 10 by default, at most 100.
#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct Paging {
    pub page_num: Option<u32>,
    pub page_size: Option<u32>,
}

impl Paging {
    pub fn limit(&self) -> i64 {
        i64::from(self.page_size.unwrap_or(10).clamp(1, 100))
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.page_num.unwrap_or(1).max(1) - 1) * self.limit()
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub rows: Vec<T>,
    pub total: i64,
}
