//! Settings that point the server at the providers' stand-ins (`amora_standins`), with the keys
//! and certificates each stand-in takes.

use amora_server::config::{AppleSettings, GoogleSettings, PayPalSettings, StripeSettings};
use amora_standins::apple::{self, AppStore};
use amora_standins::google::{self, Play};
use amora_standins::paypal::{self, PayPal};
use amora_standins::stripe::{self, Stripe};

/// The server's settings for a provider, pointed at its stand-in.
pub trait ProviderSettings {
    type Settings;
    fn settings(&self) -> Self::Settings;
}

impl ProviderSettings for PayPal {
    type Settings = PayPalSettings;
    fn settings(&self) -> PayPalSettings {
        PayPalSettings {
            client_id: Some(paypal::CLIENT_ID.into()),
            secret: Some(paypal::SECRET.to_owned().into()),
            webhook_id: Some(paypal::WEBHOOK_ID.into()),
            api_url: self.url.clone(),
        }
    }
}

impl ProviderSettings for Stripe {
    type Settings = StripeSettings;
    fn settings(&self) -> StripeSettings {
        StripeSettings {
            secret_key: Some(stripe::SECRET_KEY.to_owned().into()),
            webhook_secret: Some(stripe::WEBHOOK_SECRET.to_owned().into()),
            api_url: self.url.clone(),
            ..Default::default()
        }
    }
}

/// This App Store's root trusted, sandbox purchases counting.
impl ProviderSettings for AppStore {
    type Settings = AppleSettings;
    fn settings(&self) -> AppleSettings {
        AppleSettings {
            bundle_id: Some(apple::BUNDLE_ID.to_owned()),
            root_certificate: Some(self.root_file()),
            product_prefix: apple::PRODUCT_PREFIX.to_owned(),
            accept_sandbox: true,
        }
    }
}

/// With the service account Play knows.
impl ProviderSettings for Play {
    type Settings = GoogleSettings;
    fn settings(&self) -> GoogleSettings {
        GoogleSettings {
            package_name: Some(google::PACKAGE.into()),
            service_account: Some(self.path("service-account.json")),
            api_url: self.url.clone(),
            product_prefix: google::PREFIX.into(),
            notification_token: Some(google::PUSH_TOKEN.to_owned().into()),
        }
    }
}
