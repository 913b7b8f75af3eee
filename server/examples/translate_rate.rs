//! Translated characters per second: through Apertium (one process per message, as the server
//! does) and through the cache (a stored translation looked up in SQLite). `make bench` runs it.

use std::time::Instant;

use amora_server::translate::providers::{Apertium, Provider};
use amora_server::translate::store::TranslateStore;

const TEXT: &str =
    "Good morning! I would love to meet you for a coffee this weekend, if you are free.";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let chars = TEXT.chars().count() as f64;
    let apertium = Apertium {
        bin: "apertium".into(),
        timeout: std::time::Duration::from_secs(15),
    };
    let rounds = 20;
    let started = Instant::now();
    for _ in 0..rounds {
        apertium.translate(TEXT, Some("en"), "es").await?;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "| Apertium en->es (one message at a time) | {:.0} characters/s | {:.1} ms a message |",
        chars * f64::from(rounds) / secs,
        secs * 1000.0 / f64::from(rounds)
    );

    let dir = tempfile_dir()?;
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
    let started = Instant::now();
    for _ in 0..rounds {
        translations.cached("h", "es").await?;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "| cache hit (SQLite) | {:.0} characters/s | {:.3} ms a message |",
        chars * f64::from(rounds) / secs,
        secs * 1000.0 / f64::from(rounds)
    );
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}

fn tempfile_dir() -> anyhow::Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("amora-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
