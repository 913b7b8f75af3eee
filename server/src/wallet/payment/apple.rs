//! Apple: not yet connected; configuring it stops the start.

use std::collections::HashMap;

use axum::http::HeaderMap;

use crate::config::AppleSettings;
use crate::wallet::model::{OrderRow, ProductRow};
use crate::wallet::payment::{Checkout, Confirmed, Event, PaymentError, PaymentProvider, Returns};

pub struct Apple;

impl Apple {
    pub fn from_config(s: &AppleSettings) -> anyhow::Result<Option<Apple>> {
        if s.bundle_id.is_some() {
            anyhow::bail!("payments.apple is not available in this build");
        }
        Ok(None)
    }
}

#[async_trait::async_trait]
impl PaymentProvider for Apple {
    fn name(&self) -> &'static str {
        "apple"
    }

    async fn start(
        &self,
        _o: &OrderRow,
        _p: &ProductRow,
        _r: &Returns,
    ) -> Result<Checkout, PaymentError> {
        Err(PaymentError::Unavailable("apple".into()))
    }

    async fn confirm(
        &self,
        _o: &OrderRow,
        _p: &ProductRow,
        _q: &HashMap<String, String>,
    ) -> Result<Confirmed, PaymentError> {
        Err(PaymentError::Unavailable("apple".into()))
    }

    async fn webhook(
        &self,
        _h: &HeaderMap,
        _q: &HashMap<String, String>,
        _b: &[u8],
    ) -> Result<Vec<Event>, PaymentError> {
        Err(PaymentError::Unavailable("apple".into()))
    }
}
