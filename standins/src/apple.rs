//! A local App Store: a self-made Apple root (P-384) written where the server reads its root
//! certificate, an intermediate (P-384) with the Worldwide Developer Relations marker
//! 1.2.840.113635.100.6.2.1, a leaf (P-256) with the App Store marker 1.2.840.113635.100.6.11.1,
//! and signed transactions and server notifications V2 as the App Store makes them: JWS, ES256
//! by the leaf's key, `x5c` = [leaf, intermediate, root]. Other chains (another root with the
//! same names, a leaf without its marker, an expired leaf) are made to be refused.

//!
//! The App Store is played inside the server's stories only (the program serves no App Store):
//! making its keys and certificates cannot fail short of a broken build of `rcgen` or `ring`,
//! and if it did, the story fails, which is what the `unwrap`s allowed in this module do.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use rcgen::{
    BasicConstraints, CertificateParams, CustomExtension, DistinguishedName, DnType, IsCa, KeyPair,
};
use ring::rand::SystemRandom;
use ring::signature::{EcdsaKeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
use serde_json::{json, Value};

pub const BUNDLE_ID: &str = "com.example.amora";
pub const PRODUCT_PREFIX: &str = "com.example.amora.";

const LEAF_MARKER: &[u64] = &[1, 2, 840, 113_635, 100, 6, 11, 1];
const INTERMEDIATE_MARKER: &[u64] = &[1, 2, 840, 113_635, 100, 6, 2, 1];

/// A certificate authority of the chain and its key.
struct Authority {
    cert: rcgen::Certificate,
    key: KeyPair,
}

fn names(common_name: &str) -> DistinguishedName {
    let mut dn = DistinguishedName::new();
    dn.push(DnType::CommonName, common_name);
    dn.push(
        DnType::OrganizationalUnitName,
        "Apple Certification Authority",
    );
    dn.push(DnType::OrganizationName, "Apple Inc.");
    dn.push(DnType::CountryName, "US");
    dn
}

fn params(common_name: &str, marker: Option<&[u64]>, ca: bool) -> CertificateParams {
    let mut p = CertificateParams::new(Vec::<String>::new()).unwrap();
    p.distinguished_name = names(common_name);
    if ca {
        p.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    }
    if let Some(oid) = marker {
        // Apple's markers hold an ASN.1 NULL.
        p.custom_extensions = vec![CustomExtension::from_oid_content(oid, vec![0x05, 0x00])];
    }
    p
}

impl Authority {
    fn root() -> Authority {
        let key = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P384_SHA384).unwrap();
        let cert = params("Apple Root CA - G3", None, true)
            .self_signed(&key)
            .unwrap();
        Authority { cert, key }
    }

    /// A certificate authority under this one (P-384).
    fn authority(&self, common_name: &str, marker: Option<&[u64]>) -> Authority {
        let key = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P384_SHA384).unwrap();
        let cert = params(common_name, marker, true)
            .signed_by(&key, &self.cert, &self.key)
            .unwrap();
        Authority { cert, key }
    }

    /// A signing leaf under this authority (P-256): its certificate and PKCS#8 key.
    fn leaf(&self, marked: bool, expired: bool) -> (Vec<u8>, Vec<u8>) {
        let key = KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256).unwrap();
        let mut p = params(
            "Prod ECC Mac App Store and iTunes Store Receipt Signing",
            marked.then_some(LEAF_MARKER),
            false,
        );
        if expired {
            p.not_before = rcgen::date_time_ymd(2020, 1, 1);
            p.not_after = rcgen::date_time_ymd(2021, 1, 1);
        }
        let cert = p.signed_by(&key, &self.cert, &self.key).unwrap();
        (cert.der().to_vec(), key.serialize_der())
    }

    fn der(&self) -> Vec<u8> {
        self.cert.der().to_vec()
    }
}

/// Signs as the App Store does: ES256 by the leaf's key, the chain in the header.
#[derive(Clone)]
pub struct Signer {
    /// Base64 DER, leaf first.
    pub x5c: Vec<String>,
    /// The key that signs (PKCS#8).
    pub pkcs8: Vec<u8>,
}

impl Signer {
    fn new(chain: [Vec<u8>; 3], pkcs8: Vec<u8>) -> Signer {
        Signer {
            x5c: chain.iter().map(|der| STANDARD.encode(der)).collect(),
            pkcs8,
        }
    }

    /// `payload` as a JWS in compact form.
    pub fn sign(&self, payload: &Value) -> String {
        self.sign_with(&json!({"alg": "ES256", "x5c": self.x5c}), payload)
    }

    /// `payload` under any header, signed ES256.
    pub fn sign_with(&self, header: &Value, payload: &Value) -> String {
        let input = format!("{}.{}", b64(header), b64(payload));
        let rng = SystemRandom::new();
        let key =
            EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &self.pkcs8, &rng).unwrap();
        let signature = key.sign(&rng, input.as_bytes()).unwrap();
        format!("{input}.{}", URL_SAFE_NO_PAD.encode(signature.as_ref()))
    }
}

/// A JSON value as a JWS part.
pub fn b64(value: &Value) -> String {
    URL_SAFE_NO_PAD.encode(value.to_string())
}

/// The payload of a JWS, read back.
pub fn payload_of(jws: &str) -> Value {
    let part = jws.split('.').nth(1).unwrap();
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(part).unwrap()).unwrap()
}

pub struct AppStore {
    root: Authority,
    intermediate: Authority,
    /// The genuine chain's signer.
    pub signer: Signer,
    dir: tempfile::TempDir,
}

impl Default for AppStore {
    fn default() -> AppStore {
        AppStore::new()
    }
}

impl AppStore {
    /// A chain of its own, the root written to `AppleRootCA-G3.cer` (DER).
    pub fn new() -> AppStore {
        let root = Authority::root();
        let intermediate = root.authority(
            "Apple Worldwide Developer Relations Certification Authority",
            Some(INTERMEDIATE_MARKER),
        );
        let (leaf, key) = intermediate.leaf(true, false);
        let signer = Signer::new([leaf, intermediate.der(), root.der()], key);
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("AppleRootCA-G3.cer"), root.der()).unwrap();
        AppStore {
            root,
            intermediate,
            signer,
            dir,
        }
    }

    /// Where the root certificate is, as DER.
    pub fn root_file(&self) -> PathBuf {
        self.dir.path().join("AppleRootCA-G3.cer")
    }

    /// The root written as PEM, and where.
    pub fn root_pem_file(&self) -> PathBuf {
        let path = self.dir.path().join("AppleRootCA-G3.pem");
        std::fs::write(&path, self.root.cert.pem()).unwrap();
        path
    }

    /// A leaf of the genuine intermediate, with or without its marker, expired or not.
    fn with_leaf(&self, marked: bool, expired: bool) -> Signer {
        let (leaf, key) = self.intermediate.leaf(marked, expired);
        Signer::new([leaf, self.intermediate.der(), self.root.der()], key)
    }

    pub fn unmarked_leaf(&self) -> Signer {
        self.with_leaf(false, false)
    }

    pub fn expired_leaf(&self) -> Signer {
        self.with_leaf(true, true)
    }

    /// An intermediate of the genuine root without Apple's marker, and a marked leaf under it.
    pub fn unmarked_intermediate(&self) -> Signer {
        let intermediate = self
            .root
            .authority("Apple Worldwide Developer Relations", None);
        let (leaf, key) = intermediate.leaf(true, false);
        Signer::new([leaf, intermediate.der(), self.root.der()], key)
    }

    /// A chain whose top is not the root itself but a certificate authority the root signed
    /// (a new root cross-signed by the old).
    pub fn cross_signed(&self) -> Signer {
        let top = self.root.authority("Apple Root CA - G4", None);
        let intermediate = top.authority(
            "Apple Worldwide Developer Relations Certification Authority",
            Some(INTERMEDIATE_MARKER),
        );
        let (leaf, key) = intermediate.leaf(true, false);
        Signer::new([leaf, intermediate.der(), top.der()], key)
    }

    /// What StoreKit 2 signs for a purchase of our product `code` made for `order` (its
    /// `accountToken`), in production, now.
    pub fn transaction(&self, order: &Value, code: &str) -> Value {
        let now = chrono::Utc::now().timestamp_millis();
        let id = transaction_id();
        let member = code.starts_with("vip") || code.starts_with("svip");
        json!({
            "transactionId": id,
            "originalTransactionId": id,
            "bundleId": BUNDLE_ID,
            "productId": format!("{PRODUCT_PREFIX}{code}"),
            "purchaseDate": now,
            "originalPurchaseDate": now,
            "quantity": 1,
            "type": if member { "Non-Renewing Subscription" } else { "Consumable" },
            "appAccountToken": order["accountToken"],
            "inAppOwnershipType": "PURCHASED",
            "signedDate": now,
            "environment": "Production",
            "transactionReason": "PURCHASE",
            "storefront": "USA",
            "storefrontId": "143441",
            "price": order["priceCents"].as_i64().unwrap_or(0) * 10,
            "currency": "USD",
        })
    }

    /// A V2 server notification's body, signed by `signer`.
    pub fn notification_by(
        signer: &Signer,
        kind: &str,
        signed_transaction: Option<&str>,
    ) -> String {
        let payload = json!({
            "notificationType": kind,
            "notificationUUID": uuid::Uuid::new_v4().to_string(),
            "data": {
                "appAppleId": 1_234_567_890,
                "bundleId": BUNDLE_ID,
                "bundleVersion": "1.0",
                "environment": "Production",
                "signedTransactionInfo": signed_transaction,
                "status": 1,
            },
            "version": "2.0",
            "signedDate": chrono::Utc::now().timestamp_millis(),
        });
        signed_payload(&signer.sign(&payload))
    }

    /// A V2 server notification's body, signed by this App Store.
    pub fn notification(&self, kind: &str, signed_transaction: Option<&str>) -> String {
        AppStore::notification_by(&self.signer, kind, signed_transaction)
    }
}

/// A notification's body around its signed payload.
pub fn signed_payload(jws: &str) -> String {
    json!({ "signedPayload": jws }).to_string()
}

/// A transaction as the App Store signs it once refunded.
pub fn refunded(transaction: &Value) -> Value {
    let mut t = transaction.clone();
    t["revocationDate"] = json!(chrono::Utc::now().timestamp_millis());
    t["revocationReason"] = json!(0);
    t["signedDate"] = json!(chrono::Utc::now().timestamp_millis());
    t
}

/// A transaction id as the App Store writes them: digits.
fn transaction_id() -> String {
    let n = u64::from_le_bytes(uuid::Uuid::new_v4().as_bytes()[..8].try_into().unwrap());
    format!("2000{:011}", n % 100_000_000_000)
}
