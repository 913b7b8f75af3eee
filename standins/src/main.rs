//! `amora-standins`: starts the stand-ins the browser stories talk to (PayPal, Stripe and
//! LibreTranslate) on loopback, prints one JSON line with their base URLs and the keys the
//! server is to be configured with, and serves until it is stopped.
//!
//! `amora-standins [--paypal PORT] [--stripe PORT] [--libretranslate PORT]`; a port of 0 (the
//! default) is any free port.

use std::io::Write;
use std::time::Duration;

use amora_standins::http::bind_loopback;
use amora_standins::libretranslate::{Language, LibreTranslateStandin};
use amora_standins::{paypal, stripe};
use serde_json::json;

/// LibreTranslate's codes for seven of the app's eight languages, each into every other.
/// Russian is left out, as an operator's LibreTranslate may leave a language out: a pair with
/// no route.
const CODES: &[&str] = &["en", "zh-Hans", "zh-Hant", "ja", "es", "ko", "de"];

/// What the browser stories' people say to each other, and its translation.
const PHRASES: &[(&str, &str, &str, &str)] = &[
    (
        "es",
        "ja",
        "¡Hola Yui! Me encanta Japón.",
        "こんにちは、ユイさん！日本が大好きです。",
    ),
    (
        "es",
        "ja",
        "¿Cuál es tu comida favorita?",
        "好きな食べ物は何ですか？",
    ),
    (
        "ja",
        "es",
        "はじめまして、パブロさん。",
        "Encantada de conocerte, Pablo.",
    ),
    ("ja", "es", "ラーメンが大好きです。", "Me encanta el ramen."),
];

/// The ports asked for on the command line.
#[derive(Default)]
struct Ports {
    paypal: u16,
    stripe: u16,
    libretranslate: u16,
}

fn ports() -> Result<Ports, String> {
    let mut ports = Ports::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let port = match flag.as_str() {
            "--paypal" => &mut ports.paypal,
            "--stripe" => &mut ports.stripe,
            "--libretranslate" => &mut ports.libretranslate,
            other => {
                return Err(format!(
                    "unknown argument {other}; usage: amora-standins [--paypal PORT] \
                     [--stripe PORT] [--libretranslate PORT]"
                ))
            }
        };
        *port = args
            .next()
            .and_then(|p| p.parse().ok())
            .ok_or_else(|| format!("{flag} takes a port number"))?;
    }
    Ok(ports)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let ports = ports()?;
    let paypal = paypal::PayPal::serve(bind_loopback(ports.paypal).await?)?;
    let stripe = stripe::Stripe::serve(bind_loopback(ports.stripe).await?)?;
    let languages: Vec<Language> = CODES
        .iter()
        .map(|code| (*code, CODES.iter().copied().filter(|c| c != code).collect()))
        .collect();
    let libretranslate = LibreTranslateStandin::serve(
        bind_loopback(ports.libretranslate).await?,
        languages,
        PHRASES,
        Duration::ZERO,
    )?;
    let listening = json!({
        "paypal": {
            "url": paypal.url,
            "clientId": paypal::CLIENT_ID,
            "secret": paypal::SECRET,
            "webhookId": paypal::WEBHOOK_ID,
        },
        "stripe": {
            "url": stripe.url,
            "secretKey": stripe::SECRET_KEY,
            "webhookSecret": stripe::WEBHOOK_SECRET,
        },
        "libretranslate": { "url": libretranslate.url },
    });
    let mut out = std::io::stdout().lock();
    writeln!(out, "{listening}")?;
    out.flush()?;
    drop(out);
    tokio::signal::ctrl_c().await?;
    Ok(())
}
