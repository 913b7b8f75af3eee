//! The house's floors (`docs/architecture.md`): each module of `server/src` stands on a floor, and
//! reads only what stands on its own floor or below. Read from the source: every `crate::x` a file
//! names is an arrow from its module to `x`. An arrow up fails here, and so does a domain naming
//! another domain's store: SQL belongs to the domain whose tables it reads, and another domain
//! asks that domain's service. A second check reads the handlers: each extracts, calls one method
//! of its service and answers, never reaching past the service into its parts.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// From the top down; a module may read its own floor and the floors under it.
const FLOORS: &[&[&str]] = &[
    // The composition root and the whole HTTP surface.
    &["lib", "main", "app", "routes", "web"],
    // The operator's side of every domain, and a person's data across all of them.
    &["staff", "privacy"],
    &["chat", "album", "verification"],
    &["translate", "feed"],
    &["people", "notices", "wallet", "places"],
    &["notify"],
    &["account"],
    // What every service stands on.
    &["ground"],
    &["media", "ledger", "audit", "mail"],
    &["api", "ops", "counters"],
    &["db", "i18n", "clock", "config"],
];

fn floor(module: &str) -> usize {
    FLOORS
        .iter()
        .position(|f| f.contains(&module))
        .unwrap_or_else(|| panic!("`{module}` stands on no floor: add it to FLOORS in house.rs"))
}

/// Every module's arrows: from -> (to -> the files that name it), and the stores named.
type Arrows = BTreeMap<(String, String), BTreeSet<String>>;

fn read(dir: &Path, root: &Path, arrows: &mut Arrows, stores: &mut Arrows) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            read(&path, root, arrows, stores);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let file = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let from = file
            .split('/')
            .next()
            .unwrap()
            .trim_end_matches(".rs")
            .to_owned();
        let source = std::fs::read_to_string(&path).unwrap();
        for (at, _) in source.match_indices("crate::") {
            let rest = &source[at + "crate::".len()..];
            let mut parts = rest.split("::").map(|p| {
                p.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<String>()
            });
            let to = parts.next().unwrap_or_default();
            if to.is_empty() || to == from || to.chars().next().is_some_and(char::is_uppercase) {
                continue;
            }
            let key = (from.clone(), to.clone());
            arrows.entry(key.clone()).or_default().insert(file.clone());
            // `x::store::..`, or a store kept beside it (`account::bans::BanStore`).
            if parts.take(2).any(|p| p == "store" || p.ends_with("Store")) {
                stores.entry(key).or_default().insert(file.clone());
            }
        }
    }
}

#[test]
fn the_house_has_no_new_arrow_up_and_no_domain_reads_another_domains_store() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (mut arrows, mut stores) = (Arrows::new(), Arrows::new());
    read(&root, &root, &mut arrows, &mut stores);

    let mut wrong = Vec::new();
    for ((from, to), files) in &arrows {
        if floor(to) < floor(from) {
            wrong.push(format!(
                "{from} reads {to}, which stands above it ({files:?})"
            ));
        }
    }
    let domains: BTreeSet<&str> = FLOORS[1..7]
        .iter()
        .flat_map(|f| f.iter().copied())
        .collect();
    for ((from, to), files) in &stores {
        if domains.contains(from.as_str()) {
            wrong.push(format!(
                "{from} reads {to}'s store: ask {to}'s service instead ({files:?})"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The parts a service keeps to itself: a handler that names one reaches past its service.
const SERVICE_PARTS: &[&str] = &[
    "store",
    "bans",
    "limits",
    "clock",
    "config",
    "media",
    "accounts",
    "people",
    "wallet",
    "hub",
    "payments",
    "passwords",
    "sessions",
    "hooks",
    "mail",
    "audit",
    "notify",
    "translate",
];

#[test]
fn handlers_extract_call_one_service_and_answer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut handlers = Vec::new();
    for entry in std::fs::read_dir(&root).unwrap() {
        let domain = entry.unwrap().path();
        if !domain.is_dir() {
            continue;
        }
        handlers.push(domain.join("routes.rs"));
        if let Ok(files) = std::fs::read_dir(domain.join("routes")) {
            handlers.extend(files.map(|f| f.unwrap().path()));
        }
    }
    let mut wrong = Vec::new();
    for file in handlers.into_iter().filter(|f| f.is_file()) {
        let source = std::fs::read_to_string(&file).unwrap();
        for (n, line) in source.lines().enumerate() {
            let line = line.trim_end();
            // `x.store.call()`, or `x.store` ending the line before `.call()` on the next.
            let reaches = SERVICE_PARTS.iter().any(|part| {
                let field = format!(".{part}");
                line.match_indices(&field).any(|(at, _)| {
                    let after = &line[at + field.len()..];
                    let before = line[..at].chars().next_back();
                    let chained =
                        before.is_none_or(char::is_whitespace) && line[..at].trim().is_empty();
                    (chained || before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ')'))
                        && (after.is_empty() || after.starts_with('.'))
                })
            });
            if reaches {
                wrong.push(format!(
                    "{}:{}: {}",
                    file.strip_prefix(&root).unwrap().display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a handler reaches past its service into its parts; give the service a method:\n{}",
        wrong.join("\n")
    );
}
