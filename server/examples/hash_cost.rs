//! How long one Argon2id hash with the server's parameters takes here: the bound on logins per
//! second per core (`make bench` prints it beside the measured login rate).

use std::time::Instant;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let hasher = amora_server::account::password::PasswordHasher::new(1);
    let hash = hasher.hash("secret1").await?;
    let rounds = 20;
    let started = Instant::now();
    for _ in 0..rounds {
        hasher.verify("secret1", Some(&hash)).await?;
    }
    let each = started.elapsed().as_secs_f64() / f64::from(rounds);
    println!(
        "one Argon2id verification (m=19 MiB, t=2, p=1): {:.1} ms; at most {:.0} logins/s per core",
        each * 1000.0,
        1.0 / each
    );
    Ok(())
}
