//! Requests at a steady rate (an open loop): GET requests to the paths given, in turn, at `rate`
//! a second in all, over keep-alive HTTP/1.1 connections. Request `i` is due at
//! `start + i / rate`; its latency counts from that moment, so a server falling behind shows in the
//! latencies rather than in a slower pace (a closed loop such as wrk's measures how long requests
//! queue behind one another at the highest rate; this measures what a request costs at a given
//! one).

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::time::Instant;

pub struct Pace {
    pub server: SocketAddr,
    pub paths: Vec<String>,
    /// Whole header lines (`Authorization: Bearer ...`).
    pub headers: Vec<String>,
    /// Requests a second, all connections together.
    pub rate: f64,
    pub seconds: u64,
    pub warmup: u64,
    pub connections: usize,
}

/// What one connection measured: latencies (µs) of the requests due after the warm-up, and how
/// many answers were not 2xx.
#[derive(Default)]
struct Measured {
    latencies: Vec<u64>,
    not_2xx: u64,
}

pub async fn run(p: Pace) -> anyhow::Result<()> {
    anyhow::ensure!(p.rate > 0.0, "--rate must be above 0");
    anyhow::ensure!(!p.paths.is_empty(), "give at least one --path");
    let connections = p.connections.max(1);
    let total = (p.rate * (p.warmup + p.seconds) as f64).ceil() as u64;
    let start = Instant::now() + Duration::from_millis(200);
    let measured_from = start + Duration::from_secs(p.warmup);
    // Written once, read by every connection (a long tail's file holds many thousands).
    let requests: std::sync::Arc<Vec<String>> = std::sync::Arc::new(
        p.paths
            .iter()
            .map(|path| {
                let mut r = format!("GET {path} HTTP/1.1\r\nHost: {}\r\n", p.server);
                for h in &p.headers {
                    r.push_str(h);
                    r.push_str("\r\n");
                }
                r.push_str("\r\n");
                r
            })
            .collect(),
    );
    let mut tasks = Vec::new();
    for k in 0..connections as u64 {
        let requests = requests.clone();
        let (server, rate, step) = (p.server, p.rate, connections as u64);
        tasks.push(tokio::spawn(async move {
            let mut stream = BufReader::new(TcpStream::connect(server).await?);
            stream.get_mut().set_nodelay(true)?;
            let mut m = Measured::default();
            let mut i = k;
            while i < total {
                let due = start + Duration::from_secs_f64(i as f64 / rate);
                tokio::time::sleep_until(due).await;
                let request = &requests[(i as usize) % requests.len()];
                stream.get_mut().write_all(request.as_bytes()).await?;
                let status = crate::soak::read_answer(&mut stream).await?.status;
                if due >= measured_from {
                    m.latencies.push(due.elapsed().as_micros() as u64);
                    if !(200..300).contains(&status) {
                        m.not_2xx += 1;
                    }
                }
                i += step;
            }
            anyhow::Ok(m)
        }));
    }
    let mut all = Measured::default();
    for t in tasks {
        let m = t.await??;
        all.latencies.extend(m.latencies);
        all.not_2xx += m.not_2xx;
    }
    let ended = Instant::now();
    all.latencies.sort_unstable();
    let at = |q: f64| -> f64 {
        let n = all.latencies.len();
        if n == 0 {
            return 0.0;
        }
        let i = ((n as f64 * q).ceil() as usize).clamp(1, n) - 1;
        all.latencies[i] as f64 / 1000.0
    };
    let took = ended.saturating_duration_since(measured_from).as_secs_f64();
    println!(
        "rate {:.1} asked {:.1} requests {} p50_ms {:.2} p99_ms {:.2} max_ms {:.2} non2xx {}",
        all.latencies.len() as f64 / took.max(p.seconds as f64),
        p.rate,
        all.latencies.len(),
        at(0.50),
        at(0.99),
        at(1.0),
        all.not_2xx
    );
    Ok(())
}
