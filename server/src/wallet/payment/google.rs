//! Google: not yet connected; configuring it stops the start.

use std::collections::HashMap;

use axum::http::HeaderMap;

use crate::config::GoogleSettings;
use crate::wallet::model::{OrderRow, ProductRow};
use crate::wallet::payment::{Checkout, Confirmed, Event, PaymentError, PaymentProvider, Returns};

pub struct Google;

impl Google {
    pub fn from_config(s: &GoogleSettings) -> anyhow::Result<Option<Google>> {
        if s.package_name.is_some() {
            anyhow::bail!("payments.google is not available in this build");
        }
        Ok(None)
    }
}

#[async_trait::async_trait]
impl PaymentProvider for Google {
    fn name(&self) -> &'static str {
        "google"
    }

    async fn start(
        &self,
        _o: &OrderRow,
        _p: &ProductRow,
        _r: &Returns,
    ) -> Result<Checkout, PaymentError> {
        Err(PaymentError::Unavailable("google".into()))
    }

    async fn confirm(
        &self,
        _o: &OrderRow,
        _p: &ProductRow,
        _q: &HashMap<String, String>,
    ) -> Result<Confirmed, PaymentError> {
        Err(PaymentError::Unavailable("google".into()))
    }

    async fn webhook(
        &self,
        _h: &HeaderMap,
        _q: &HashMap<String, String>,
        _b: &[u8],
    ) -> Result<Vec<Event>, PaymentError> {
        Err(PaymentError::Unavailable("google".into()))
    }
}
