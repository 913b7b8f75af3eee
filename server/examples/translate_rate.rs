//! Translated characters per second, English to Spanish, in one run:
//!
//! - through Apertium, one `apertium` process per message (the fallback the server uses when no
//!   APY is configured);
//! - through APY (`apertium-apy`) with the server's own provider (`translate::apy`, its lanes and
//!   batches), when `AMORA_BENCH_APY_URL` is set: one message at a time, then as many as
//!   `AMORA_BENCH_APY_CONCURRENCY` (64) at once, then 200-character messages at a fixed
//!   `AMORA_BENCH_APY_RATE` (20) a second, each latency counted from the moment the message was
//!   due (a stalled provider counts in full);
//! - through the cache (a stored translation looked up in SQLite).
//!
//! Prints rows of a markdown table. `bench/translate.sh` runs it beside the server's getInfo;
//! `make bench` runs that.

use std::sync::Arc;
use std::time::{Duration, Instant};

use amora_server::translate::apy::ApertiumApy;
use amora_server::translate::providers::{Apertium, Provider};
use amora_server::translate::store::TranslateStore;

/// 200 characters, as a chat message of a few sentences.
const TEXT: &str =
    "Good morning! I would love to meet you for a coffee this weekend, if you are free. \
                    There is a small place near the old river with a garden. Tell me which day \
                    suits you best and I will be there, early.";

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The message numbered `i`: the same length, a different text, so nothing on the way can
/// answer it from memory.
fn message(i: usize) -> String {
    let mut text = TEXT.to_owned();
    let tag = format!(" {i:05}");
    text.truncate(TEXT.len() - tag.len());
    text.push_str(&tag);
    text
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn row(path: &str, chars: usize, secs: f64, latencies: &mut [Duration], note: &str) {
    latencies.sort_unstable();
    println!(
        "| {path} | {} | {:.0} characters/s | {:.1} | {} | {} | {} | {note} |",
        latencies.len(),
        chars as f64 / secs,
        latencies.len() as f64 / secs,
        ms(percentile(latencies, 50.0)),
        ms(percentile(latencies, 99.0)),
        ms(latencies.last().copied().unwrap_or_default()),
    );
}

/// `rounds` messages through `provider`, each sent when the last is back: the seconds it took,
/// and each message's latency.
async fn one_at_a_time(
    provider: &dyn Provider,
    rounds: usize,
) -> anyhow::Result<(f64, Vec<Duration>)> {
    let mut latencies = Vec::with_capacity(rounds);
    let started = Instant::now();
    for i in 0..rounds {
        let sent = Instant::now();
        provider.translate(&message(i), Some("en"), "es").await?;
        latencies.push(sent.elapsed());
    }
    Ok((started.elapsed().as_secs_f64(), latencies))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let chars = TEXT.chars().count();
    let timeout = Duration::from_secs(15);

    // One process per message, one after the other (what a message costs without APY).
    let apertium = Apertium {
        bin: "apertium".into(),
        timeout,
    };
    let rounds = env_or("AMORA_BENCH_PROCESS_MESSAGES", 20usize);
    let (secs, mut latencies) = one_at_a_time(&apertium, rounds).await?;
    let process_rate = (chars * rounds) as f64 / secs;
    row(
        "`apertium` process per message, one at a time",
        chars * rounds,
        secs,
        &mut latencies,
        "the yardstick: 1x",
    );

    if let Ok(url) = std::env::var("AMORA_BENCH_APY_URL") {
        let apy = Arc::new(ApertiumApy::new(&url, timeout));
        apy.refresh().await?;
        anyhow::ensure!(
            apy.supports(Some("en"), "es"),
            "APY at {url} offers no en->es"
        );
        apy.translate("Hello.", Some("en"), "es").await?;

        // One at a time.
        let rounds = env_or("AMORA_BENCH_APY_SERIAL", 200usize);
        let (secs, mut latencies) = one_at_a_time(apy.as_ref(), rounds).await?;
        let rate = (chars * rounds) as f64 / secs;
        row(
            "APY, one at a time",
            chars * rounds,
            secs,
            &mut latencies,
            &format!("{:.0}x", rate / process_rate),
        );

        // As many at once as people chatting would send: each task sends its next message when
        // the last is back, for the whole measured time.
        let concurrency = env_or("AMORA_BENCH_APY_CONCURRENCY", 64usize);
        let seconds = env_or("AMORA_BENCH_APY_SECONDS", 10u64);
        let deadline = Instant::now() + Duration::from_secs(seconds);
        let started = Instant::now();
        let mut tasks = Vec::new();
        for t in 0..concurrency {
            let apy = apy.clone();
            tasks.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut i = t * 100_000;
                while Instant::now() < deadline {
                    let sent = Instant::now();
                    apy.translate(&message(i % 100_000), Some("en"), "es")
                        .await
                        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
                    latencies.push(sent.elapsed());
                    i += 1;
                }
                anyhow::Ok(latencies)
            }));
        }
        let mut latencies = Vec::new();
        for task in tasks {
            latencies.extend(task.await??);
        }
        let secs = started.elapsed().as_secs_f64();
        let rate = (chars * latencies.len()) as f64 / secs;
        row(
            &format!("APY, {concurrency} at once (highest rate)"),
            chars * latencies.len(),
            secs,
            &mut latencies,
            &format!("**{:.0}x**", rate / process_rate),
        );

        // A fixed rate: message i is due at i / rate seconds whatever happened before it.
        let per_second = env_or("AMORA_BENCH_APY_RATE", 20u64);
        let count = (per_second * seconds) as usize;
        let started = tokio::time::Instant::now();
        let mut tasks = Vec::with_capacity(count);
        for i in 0..count {
            let due = started + Duration::from_secs_f64(i as f64 / per_second as f64);
            tokio::time::sleep_until(due).await;
            let apy = apy.clone();
            tasks.push(tokio::spawn(async move {
                apy.translate(&message(i), Some("en"), "es")
                    .await
                    .map_err(|e| anyhow::anyhow!("{e:?}"))?;
                anyhow::Ok(due.elapsed())
            }));
        }
        let mut latencies = Vec::with_capacity(count);
        for task in tasks {
            latencies.push(task.await??);
        }
        let secs = started.elapsed().as_secs_f64();
        row(
            &format!("APY, {per_second} messages a second"),
            chars * count,
            secs,
            &mut latencies,
            "p99 goal < 100 ms",
        );
    }

    // A stored translation.
    let dir = std::env::temp_dir().join(format!("amora-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = amora_server::db::Db::connect(
        &format!("sqlite://{}/bench.db", dir.display()),
        &amora_server::config::DbSettings::default(),
    )
    .await?;
    db.migrate().await?;
    amora_server::on_db!(&db, pool => sqlx::query(
        "INSERT INTO translation_cache (source_hash, target, text, provider, created_at) VALUES ('h', 'es', 'Buenos días', 'apertium', 0)"
    ).execute(pool).await.map(|_| ()))?;
    let translations = TranslateStore::new(db.clone());
    let rounds = 20_000;
    let mut latencies = Vec::with_capacity(rounds);
    let started = Instant::now();
    for _ in 0..rounds {
        let asked = Instant::now();
        translations.cached("h", "es").await?;
        latencies.push(asked.elapsed());
    }
    row(
        "translation cache hit (SQLite)",
        chars * rounds,
        started.elapsed().as_secs_f64(),
        &mut latencies,
        "",
    );
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}
