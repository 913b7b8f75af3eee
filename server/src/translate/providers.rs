//! Translation providers behind one trait, routed per language pair by what each supports
//! (`router.rs`): Apertium (offline, rule-based, from Debian), served by APY (`apy.rs`) or, where
//! no APY is configured, one `apertium` process per message (here); and LibreTranslate's HTTP API
//! (`libretranslate.rs`).

use std::process::Stdio;
use std::time::Duration;

use tokio::io::AsyncWriteExt;

#[derive(Debug, Clone, thiserror::Error)]
pub enum TranslateError {
    #[error("no provider translates {0} to {1}")]
    Unsupported(String, String),
    #[error("the provider failed: {0}")]
    Failed(String),
}

/// A translation and the source language the provider detected, if it detects.
pub struct Translated {
    pub text: String,
    pub provider: &'static str,
}

#[async_trait::async_trait]
pub trait Provider: Send + Sync {
    fn name(&self) -> &'static str;
    /// Whether it translates `from` (None: unknown, to detect) into `to`; app language codes.
    fn supports(&self, from: Option<&str>, to: &str) -> bool;
    async fn translate(
        &self,
        text: &str,
        from: Option<&str>,
        to: &str,
    ) -> Result<Translated, TranslateError>;
    /// Asks the provider again which languages it offers (a provider that cannot say keeps what
    /// it has).
    async fn refresh(&self) -> Result<(), TranslateError> {
        Ok(())
    }
    /// Whether it knows what it offers (until then it is asked again sooner).
    fn ready(&self) -> bool {
        true
    }
}

/// The Apertium command-line tool with its installed language pairs, one process per message
/// (the fallback where no APY is configured).
pub struct Apertium {
    pub bin: String,
    pub timeout: Duration,
}

fn apertium_mode(from: &str, to: &str) -> Option<&'static str> {
    match (from, to) {
        ("en", "es") => Some("eng-spa"),
        ("es", "en") => Some("spa-eng"),
        _ => None,
    }
}

#[async_trait::async_trait]
impl Provider for Apertium {
    fn name(&self) -> &'static str {
        "apertium"
    }

    fn supports(&self, from: Option<&str>, to: &str) -> bool {
        from.and_then(|f| apertium_mode(f, to)).is_some()
    }

    async fn translate(
        &self,
        text: &str,
        from: Option<&str>,
        to: &str,
    ) -> Result<Translated, TranslateError> {
        let mode = from
            .and_then(|f| apertium_mode(f, to))
            .ok_or_else(|| TranslateError::Unsupported(from.unwrap_or("?").into(), to.into()))?;
        // -u: no marks on unknown words (a reader would see '*' otherwise).
        let mut child = tokio::process::Command::new(&self.bin)
            .args(["-u", mode])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| TranslateError::Failed(e.to_string()))?;
        if let Some(mut stdin) = child.stdin.take() {
            stdin
                .write_all(text.as_bytes())
                .await
                .map_err(|e| TranslateError::Failed(e.to_string()))?;
        }
        let out = tokio::time::timeout(self.timeout, child.wait_with_output())
            .await
            .map_err(|_| TranslateError::Failed("apertium timed out".into()))?
            .map_err(|e| TranslateError::Failed(e.to_string()))?;
        if !out.status.success() {
            return Err(TranslateError::Failed(
                String::from_utf8_lossy(&out.stderr).into_owned(),
            ));
        }
        Ok(Translated {
            text: String::from_utf8_lossy(&out.stdout).trim().to_owned(),
            provider: "apertium",
        })
    }
}
