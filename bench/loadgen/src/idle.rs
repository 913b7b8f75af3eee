//! Memory per idle connection: the server's VmRSS before and after opening N authenticated `/im`
//! connections (each resumed, as the web app does, then silent but answering pings).

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use futures::StreamExt;

use crate::conn::{self, Login, Ws};
use crate::seed::Account;

pub struct Idle {
    pub server: SocketAddr,
    pub pid: u32,
    pub accounts: Vec<Account>,
    pub connections: usize,
    pub sources: Vec<Ipv4Addr>,
    pub concurrency: usize,
    pub settle: Duration,
}

/// A /proc field in kB (VmRSS in /proc/<pid>/status, Slab in /proc/meminfo).
fn proc_kb(file: &str, field: &str) -> anyhow::Result<u64> {
    let text = std::fs::read_to_string(file)?;
    text.lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no {field} in {file}"))
}

/// Memory of the kernel's TCP socket buffers, in kB (`mem` of /proc/net/sockstat is in pages).
fn tcp_buffers_kb() -> u64 {
    std::fs::read_to_string("/proc/net/sockstat")
        .ok()
        .and_then(|t| {
            let line = t.lines().find(|l| l.starts_with("TCP:"))?.to_owned();
            let mut words = line.split_whitespace();
            while let Some(w) = words.next() {
                if w == "mem" {
                    return words.next()?.parse::<u64>().ok();
                }
            }
            None
        })
        .map_or(0, |pages| pages * 4)
}

struct Memory {
    rss_kb: u64,
    slab_kb: u64,
    tcp_kb: u64,
}

fn memory(pid: u32) -> anyhow::Result<Memory> {
    Ok(Memory {
        rss_kb: proc_kb(&format!("/proc/{pid}/status"), "VmRSS:")?,
        slab_kb: proc_kb("/proc/meminfo", "Slab:").unwrap_or(0),
        tcp_kb: tcp_buffers_kb(),
    })
}

async fn open_many(o: &Idle, range: std::ops::Range<usize>) -> (Vec<Ws>, usize, Option<String>) {
    let results: Vec<anyhow::Result<Ws>> = futures::stream::iter(range)
        .map(|i| {
            let login = Login::Amora(o.accounts[i].clone());
            let source = o.sources[i % o.sources.len()];
            async move { conn::open(o.server, "/im", source, &login).await }
        })
        .buffer_unordered(o.concurrency.max(1))
        .collect()
        .await;
    let mut open = Vec::with_capacity(results.len());
    let mut failed = 0;
    let mut first_error = None;
    for r in results {
        match r {
            Ok(ws) => open.push(ws),
            Err(e) => {
                failed += 1;
                first_error.get_or_insert_with(|| format!("{e:#}"));
            }
        }
    }
    (open, failed, first_error)
}

pub async fn run(o: Idle) -> anyhow::Result<()> {
    let n = o.connections.min(o.accounts.len());
    if n < o.connections {
        anyhow::bail!(
            "{} connections asked, {} accounts seeded",
            o.connections,
            o.accounts.len()
        );
    }
    // Warm up first (worker threads, database pool, allocator arenas), so the difference
    // below is the connections' own.
    let warm = n.min(200);
    let (conns, _, _) = open_many(&o, 0..warm).await;
    drop(conns);
    tokio::time::sleep(Duration::from_secs(2)).await;

    let before = memory(o.pid)?;
    let started = Instant::now();
    let (conns, failed, first_error) = open_many(&o, 0..n).await;
    let open_secs = started.elapsed().as_secs_f64();
    let opened = conns.len();
    if let Some(e) = &first_error {
        eprintln!("{failed} connections failed; the first: {e}");
    }
    // Keep reading (pings are answered on read) and count the ones the server closes.
    let readers: Vec<_> = conns
        .into_iter()
        .map(|ws| {
            tokio::spawn(async move {
                let mut ws = ws;
                while let Some(Ok(_)) = ws.next().await {}
            })
        })
        .collect();
    tokio::time::sleep(o.settle).await;
    let after = memory(o.pid)?;
    let closed = readers.iter().filter(|r| r.is_finished()).count();
    for r in &readers {
        r.abort();
    }
    drop(readers);
    tokio::time::sleep(Duration::from_secs(3)).await;
    let released = memory(o.pid)?;

    let live = opened.saturating_sub(closed).max(1);
    let per_conn = (after.rss_kb.saturating_sub(before.rss_kb) * 1024) / live as u64;
    // Both ends of every connection are on this machine: half of the kernel's growth is the
    // server's side (approximate: other processes allocate too).
    let kernel_slab = (after.slab_kb.saturating_sub(before.slab_kb) * 1024) / (2 * live as u64);
    let kernel_tcp = (after.tcp_kb.saturating_sub(before.tcp_kb) * 1024) / (2 * live as u64);
    println!(
        "RESULT phase=idle connections={live} failed={failed} closed_by_server={closed} open_secs={open_secs:.1} \
         rss_before_kib={} rss_after_kib={} rss_after_close_kib={} bytes_per_conn={per_conn} \
         kernel_slab_bytes_per_socket={kernel_slab} kernel_tcp_buffers_bytes_per_socket={kernel_tcp}",
        before.rss_kb, after.rss_kb, released.rss_kb
    );
    Ok(())
}
