//! The counters every node shares, measured (`counters.rs` says why Redis): 10,000 increments of
//! one key from 8 concurrent tasks, in Redis through the server's own counters (a quota of 10,000
//! spent by 12,000 attempts: exactly 10,000 must be granted) and through NATS key-value by
//! compare-and-set (the count must come to 10,000, every lost race retried).
//!
//! `cargo run --release -p amora-server --example shared_counters` with Redis on 6379 and NATS
//! with JetStream on 4222 (or `REDIS_URL`, `NATS_URL`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use amora_server::counters::{Counters, Spent};
use amora_server::Config;

const TASKS: u64 = 8;
const TOTAL: u64 = 10_000;

#[tokio::main]
async fn main() {
    let redis = std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    let nats = std::env::var("NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let run = uuid::Uuid::new_v4().simple().to_string();

    let config = Config {
        counters_url: Some(redis.into()),
        counters_prefix: format!("measure-{run}"),
        counters_wait_ms: 5_000,
        ..Config::default()
    };
    let counters = Counters::from_config(&config).await.unwrap();
    let granted = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let tasks: Vec<_> = (0..TASKS)
        .map(|_| {
            let (counters, granted) = (counters.clone(), granted.clone());
            tokio::spawn(async move {
                for _ in 0..TOTAL * 12 / 10 / TASKS {
                    let spent = counters
                        .spend("one", 1, TOTAL as u32, Duration::from_secs(3600))
                        .await
                        .expect("Redis answers");
                    if spent == Spent::Granted {
                        granted.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    let took = started.elapsed();
    println!(
        "redis: {} attempts from {TASKS} tasks in {:.3} s ({:.0}/s), {} granted of a quota of {TOTAL}",
        TOTAL * 12 / 10,
        took.as_secs_f64(),
        (TOTAL * 12 / 10) as f64 / took.as_secs_f64(),
        granted.load(Ordering::Relaxed)
    );

    let client = async_nats::connect(nats).await.unwrap();
    let js = async_nats::jetstream::new(client);
    let bucket = format!("measure_{run}");
    // The bucket's stream as `create_key_value` makes it (that call asks the account's limits
    // first, which NATS 2.9 answers in a form this client does not read).
    js.create_stream(async_nats::jetstream::stream::Config {
        name: format!("KV_{bucket}"),
        subjects: vec![format!("$KV.{bucket}.>")],
        max_messages_per_subject: 1,
        max_age: Duration::from_secs(3600),
        allow_rollup: true,
        deny_delete: true,
        allow_direct: true,
        discard: async_nats::jetstream::stream::DiscardPolicy::New,
        ..Default::default()
    })
    .await
    .unwrap();
    let kv = js.get_key_value(&bucket).await.unwrap();
    let retries = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let tasks: Vec<_> = (0..TASKS)
        .map(|_| {
            let (kv, retries) = (kv.clone(), retries.clone());
            tokio::spawn(async move {
                for _ in 0..TOTAL / TASKS {
                    loop {
                        let done = match kv.entry("one").await.unwrap() {
                            Some(entry) => {
                                let n: u64 =
                                    std::str::from_utf8(&entry.value).unwrap().parse().unwrap();
                                kv.update("one", (n + 1).to_string().into(), entry.revision)
                                    .await
                                    .is_ok()
                            }
                            None => kv.create("one", "1".into()).await.is_ok(),
                        };
                        if done {
                            break;
                        }
                        retries.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    let took = started.elapsed();
    let count = kv.get("one").await.unwrap().unwrap();
    println!(
        "nats kv: {TOTAL} increments from {TASKS} tasks in {:.3} s ({:.0}/s), {} lost races retried, count {}",
        took.as_secs_f64(),
        TOTAL as f64 / took.as_secs_f64(),
        retries.load(Ordering::Relaxed),
        std::str::from_utf8(&count).unwrap()
    );
    js.delete_key_value(&bucket).await.unwrap();
}
