//! Local stand-ins of the providers Amora talks to, each speaking its provider's wire format on
//! loopback: PayPal (Orders v2, its approval page and webhook verification), Stripe (Checkout
//! Sessions and its hosted page), the App Store (signed transactions and notifications under a
//! self-made Apple root), Google Play (the Play Developer API and Real-time developer
//! notifications), LibreTranslate, and a geocoder (Nominatim's and Photon's formats).
//!
//! The server's stories start them in the test and play the buyer through their methods; the
//! browser stories run the `amora-standins` program, which starts PayPal, Stripe and
//! LibreTranslate and prints where they listen, and drive them over HTTP (`/__e2e/...`, see
//! [`http`]). Every stand-in keeps a record of what it was asked and of anything in a request
//! its provider would refuse.
//!
//! What the stand-ins serve answers every request without panicking. The methods a story calls
//! to play its part (approve an order, read a session back) panic on a story's mistake, such as
//! an order id the stand-in never made, as a failed assertion does; each says so under
//! `# Panics`.

pub mod apple;
pub mod geocoder;
pub mod google;
pub mod http;
pub mod libretranslate;
pub mod paypal;
pub mod stripe;
