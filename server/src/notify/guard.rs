//! Where pushes may go. A subscription's endpoint is a URL the browser hands us and we later POST
//! to, so without these rules anyone could make the server send requests into its own network:
//! endpoints must be `https` on a push service's host (the configured list), and the HTTP client
//! that sends pushes connects only to public addresses, checked after DNS resolution (so a name
//! that resolves, or later re-resolves, to an internal address gets no connection) and never
//! follows a redirect.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use url::{Host, Url};

use crate::config::PushSettings;

/// Longest endpoint we store; the push services' are well under 1 KiB.
const MAX_ENDPOINT_LEN: usize = 2048;
/// A push service answers in well under a second; a slow one must not hold a task for long.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("not an https URL a push service would give")]
    Url,
    #[error("host {0} is not a push service")]
    Host(String),
    #[error("address {0} is not public")]
    Address(IpAddr),
}

/// The endpoint parsed, when pushes may be sent to it under `settings`.
pub fn check_endpoint(raw: &str, settings: &PushSettings) -> Result<Url, Refused> {
    if raw.len() > MAX_ENDPOINT_LEN {
        return Err(Refused::Url);
    }
    let url = Url::parse(raw).map_err(|_| Refused::Url)?;
    let insecure_ok = settings.allow_insecure_local && url.scheme() == "http";
    if url.scheme() != "https" && !insecure_ok {
        return Err(Refused::Url);
    }
    // Credentials in the URL would be sent along; no push service uses them.
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Refused::Url);
    }
    let host = url.host().ok_or(Refused::Url)?;
    // An address literal is never resolved, so it is checked here, as a resolved one would be.
    match host {
        Host::Ipv4(ip) => allowed_address(IpAddr::V4(ip), settings.allow_insecure_local)?,
        Host::Ipv6(ip) => allowed_address(IpAddr::V6(ip), settings.allow_insecure_local)?,
        Host::Domain(_) => {}
    }
    let name = match host {
        Host::Domain(d) => d.to_ascii_lowercase(),
        Host::Ipv4(ip) => ip.to_string(),
        Host::Ipv6(ip) => ip.to_string(),
    };
    if !settings
        .allowed_hosts
        .iter()
        .any(|p| host_matches(p, &name))
    {
        return Err(Refused::Host(name));
    }
    Ok(url)
}

/// `pattern` is a host name, or `*.domain` for any name below `domain`.
fn host_matches(pattern: &str, host: &str) -> bool {
    let pattern = pattern.trim().to_ascii_lowercase();
    match pattern.strip_prefix("*.") {
        Some(domain) => host
            .strip_suffix(domain)
            .and_then(|label| label.strip_suffix('.'))
            .is_some_and(|label| !label.is_empty()),
        None => host == pattern,
    }
}

fn allowed_address(ip: IpAddr, allow_loopback: bool) -> Result<(), Refused> {
    if is_public(ip) || (allow_loopback && ip.to_canonical().is_loopback()) {
        Ok(())
    } else {
        Err(Refused::Address(ip))
    }
}

/// Whether `ip` is a public unicast address: not private, loopback, link-local, unique-local,
/// unspecified, multicast, shared (CGNAT), documentation, benchmarking or reserved, including
/// IPv4 addresses carried inside IPv6 ones (mapped, compatible, NAT64, 6to4).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let internal = a == 0 // "this network", the unspecified address
        || a == 10 // private
        || a == 127 // loopback
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 169 && b == 254) // link-local (and cloud metadata services)
        || (a == 172 && (16..32).contains(&b)) // private
        || (a == 192 && b == 168) // private
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2) // documentation
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || (a == 198 && b == 51 && c == 100) // documentation
        || (a == 203 && b == 0 && c == 113) // documentation
        || a >= 224; // multicast, reserved, broadcast
    !internal
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    let embedded_v4 = |hi: u16, lo: u16| {
        let [a, b] = hi.to_be_bytes();
        let [c, d] = lo.to_be_bytes();
        Ipv4Addr::new(a, b, c, d)
    };
    // ::ffff:a.b.c.d (mapped): the IPv4 address is what the socket reaches.
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    // NAT64 (64:ff9b::/96) reaches the IPv4 address inside.
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return is_public_v4(embedded_v4(s[6], s[7]));
    }
    // 6to4 (2002::/16) carries the relay's IPv4 address.
    if s[0] == 0x2002 {
        return is_public_v4(embedded_v4(s[1], s[2]));
    }
    let global_unicast = s[0] & 0xe000 == 0x2000; // 2000::/3; everything else is special
                                                  // 2001::/23 holds IETF protocol assignments and Teredo, 2001:db8::/32 documentation.
    let ietf_or_documentation = s[0] == 0x2001 && (s[1] < 0x200 || s[1] == 0xdb8);
    let internal = ietf_or_documentation || s[0] & 0xfff0 == 0x3ff0; // and 3fff::/20
    global_unicast && !internal
}

/// Resolves names with the system resolver and keeps only the addresses pushes may go to; a name
/// with none left fails to resolve, so no connection is made.
struct PublicOnly {
    allow_loopback: bool,
}

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_loopback = self.allow_loopback;
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| allowed_address(a.ip(), allow_loopback).is_ok())
                .collect();
            if found.is_empty() {
                return Err(format!("{host} resolves to no public address").into());
            }
            let addrs: Addrs = Box::new(found.into_iter());
            Ok(addrs)
        })
    }
}

/// The HTTP client pushes are sent with: public addresses only, no redirects, no proxy from the
/// environment (a proxy would connect on our behalf, past the address check), short timeouts.
pub fn client(settings: &PushSettings) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .dns_resolver(Arc::new(PublicOnly {
            allow_loopback: settings.allow_insecure_local,
        }))
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .connect_timeout(CONNECT_TIMEOUT)
        .timeout(REQUEST_TIMEOUT)
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> PushSettings {
        PushSettings::default()
    }

    #[test]
    fn only_push_service_hosts_over_https() {
        let s = defaults();
        for ok in [
            "https://fcm.googleapis.com/fcm/send/abc",
            "https://updates.push.services.mozilla.com/wpush/v2/x",
            "https://web.push.apple.com/QG9",
            "https://wns2-par02p.notify.windows.com/w/?token=1",
            "https://FCM.googleapis.com/x",
        ] {
            assert!(check_endpoint(ok, &s).is_ok(), "{ok}");
        }
        for bad in [
            "http://fcm.googleapis.com/x",
            "https://push.apple.com/x",
            "https://evil.com/x?fcm.googleapis.com",
            "https://fcm.googleapis.com.evil.com/x",
            "https://evilpush.apple.com/x",
            "https://user:pw@fcm.googleapis.com/x",
            "https://127.0.0.1/x",
            "https://[::1]/x",
            "http://127.0.0.1:9/x",
            "ftp://fcm.googleapis.com/x",
            "not a url",
        ] {
            assert!(check_endpoint(bad, &s).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_local_allowance_opens_loopback_and_nothing_else() {
        let s = PushSettings {
            allowed_hosts: vec!["127.0.0.1".into(), "10.0.0.1".into(), "localhost".into()],
            allow_insecure_local: true,
            ..PushSettings::default()
        };
        assert!(check_endpoint("http://127.0.0.1:9/x", &s).is_ok());
        assert!(check_endpoint("http://localhost:9/x", &s).is_ok());
        assert_eq!(
            check_endpoint("http://10.0.0.1/x", &s),
            Err(Refused::Address(
                "10.0.0.1"
                    .parse()
                    .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
            ))
        );
    }

    #[test]
    fn internal_addresses_are_not_public() {
        for internal in [
            "0.0.0.0",
            "10.1.2.3",
            "100.64.0.1",
            "127.0.0.1",
            "169.254.169.254",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "192.0.2.1",
            "198.18.0.1",
            "198.51.100.1",
            "203.0.113.1",
            "224.0.0.1",
            "255.255.255.255",
            "::",
            "::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:1",
            "2002:a00:1::",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "ff02::1",
            "2001:db8::1",
            "2001::1",
            "100::1",
        ] {
            let ip: IpAddr = internal.parse().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
            assert!(!is_public(ip), "{internal}");
        }
        for public in [
            "8.8.8.8",
            "142.250.74.106",
            "172.32.0.1",
            "100.128.0.1",
            "2a00:1450:4001::200e",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ] {
            let ip: IpAddr = public.parse().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
            assert!(is_public(ip), "{public}");
        }
    }
}
