//! What the App Store signs (transactions, server notifications): a JWS in compact form whose
//! header carries the chain that signed it, `x5c` = [leaf, intermediate, root], checked as
//! Apple's own libraries check it. The root is the configured Apple root (the same bytes, or
//! signed by it); each certificate is signed by the next and valid when the data was signed;
//! the leaf and the intermediate carry Apple's marker extensions; the leaf's key signed
//! `header.payload` with ES256.

use std::path::Path;

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use ring::signature::{self, UnparsedPublicKey, VerificationAlgorithm};
use serde::Deserialize;
use x509_cert::der::asn1::ObjectIdentifier;
use x509_cert::der::oid::db::rfc5912::{
    ECDSA_WITH_SHA_256, ECDSA_WITH_SHA_384, ID_EC_PUBLIC_KEY, SECP_256_R_1, SECP_384_R_1,
};
use x509_cert::der::{Decode, Encode};
use x509_cert::Certificate;

/// Marks the certificate that signs App Store receipts and transactions.
const LEAF_MARKER: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113635.100.6.11.1");
/// Marks Apple's Worldwide Developer Relations intermediate.
const INTERMEDIATE_MARKER: ObjectIdentifier =
    ObjectIdentifier::new_unwrap("1.2.840.113635.100.6.2.1");

/// Why signed data is not believed.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}

/// The root every App Store signature chains up to.
pub struct AppleRoot {
    der: Vec<u8>,
    certificate: Certificate,
}

#[derive(Deserialize)]
struct Header {
    alg: String,
    #[serde(default)]
    x5c: Vec<String>,
}

impl AppleRoot {
    /// Reads the root certificate, DER (`AppleRootCA-G3.cer`) or PEM.
    pub fn read(path: &Path) -> anyhow::Result<AppleRoot> {
        let bytes = std::fs::read(path).map_err(|e| {
            anyhow::anyhow!("payments.apple.root_certificate {}: {e}", path.display())
        })?;
        let der = if bytes.starts_with(b"-----BEGIN") {
            let (_, der) = x509_cert::der::pem::decode_vec(&bytes).map_err(|e| {
                anyhow::anyhow!(
                    "payments.apple.root_certificate {} is not PEM: {e}",
                    path.display()
                )
            })?;
            der
        } else {
            bytes
        };
        let certificate = Certificate::from_der(&der).map_err(|e| {
            anyhow::anyhow!(
                "payments.apple.root_certificate {} is not a certificate: {e}",
                path.display()
            )
        })?;
        Ok(AppleRoot { der, certificate })
    }

    /// The payload of `jws` once its chain and signature hold, as JSON. The chain is checked at
    /// the payload's `signedDate` (milliseconds) when it has one, else now.
    pub fn verify(&self, jws: &str) -> Result<serde_json::Value, Refusal> {
        let mut parts = jws.trim().split('.');
        let (Some(header), Some(payload), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return refuse("not a compact JWS");
        };
        let decode = |part: &str, what: &str| {
            URL_SAFE_NO_PAD
                .decode(part)
                .map_err(|_| Refusal(format!("the {what} is not base64url")))
        };
        let head: Header = serde_json::from_slice(&decode(header, "header")?)
            .map_err(|_| Refusal("unreadable header".into()))?;
        if head.alg != "ES256" {
            return refuse(format!("alg {} is not ES256", head.alg));
        }
        let body: serde_json::Value = serde_json::from_slice(&decode(payload, "payload")?)
            .map_err(|_| Refusal("unreadable payload".into()))?;
        let at = body
            .get("signedDate")
            .and_then(serde_json::Value::as_i64)
            .map(|ms| ms.div_euclid(1000))
            .unwrap_or_else(|| chrono::Utc::now().timestamp());
        let leaf = self.chain(&head.x5c, at)?;
        let key = leaf
            .tbs_certificate
            .subject_public_key_info
            .subject_public_key
            .as_bytes()
            .ok_or_else(|| Refusal("the leaf has no key".into()))?;
        let signed = format!("{header}.{payload}");
        UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_FIXED, key)
            .verify(signed.as_bytes(), &decode(signature, "signature")?)
            .map_err(|_| Refusal("the signature does not verify".into()))?;
        Ok(body)
    }

    /// The leaf of `x5c` once the chain holds at `at` (unix seconds).
    fn chain(&self, x5c: &[String], at: i64) -> Result<Certificate, Refusal> {
        let [leaf, intermediate, top] = x5c else {
            return refuse(format!("x5c has {} certificates, not 3", x5c.len()));
        };
        let read = |b64: &str| -> Result<(Vec<u8>, Certificate), Refusal> {
            let der = STANDARD
                .decode(b64)
                .map_err(|_| Refusal("a certificate is not base64".into()))?;
            let certificate = Certificate::from_der(&der)
                .map_err(|_| Refusal("a certificate does not parse".into()))?;
            Ok((der, certificate))
        };
        let (_, leaf) = read(leaf)?;
        let (_, intermediate) = read(intermediate)?;
        let (top_der, top) = read(top)?;
        if top_der != self.der {
            signed_by(&top, &self.certificate)?;
            valid_at(&self.certificate, at, "the root")?;
        }
        signed_by(&intermediate, &top)?;
        signed_by(&leaf, &intermediate)?;
        valid_at(&top, at, "the chain's root")?;
        valid_at(&intermediate, at, "the intermediate")?;
        valid_at(&leaf, at, "the leaf")?;
        if !marked(&intermediate, INTERMEDIATE_MARKER) {
            return refuse("the intermediate is not Apple's");
        }
        if !marked(&leaf, LEAF_MARKER) {
            return refuse("the leaf is not the App Store's");
        }
        Ok(leaf)
    }
}

/// Whether `certificate` carries the extension `oid`.
fn marked(certificate: &Certificate, oid: ObjectIdentifier) -> bool {
    certificate
        .tbs_certificate
        .extensions
        .as_ref()
        .is_some_and(|extensions| extensions.iter().any(|e| e.extn_id == oid))
}

fn valid_at(certificate: &Certificate, at: i64, what: &str) -> Result<(), Refusal> {
    let validity = &certificate.tbs_certificate.validity;
    let seconds = |t: x509_cert::time::Time| {
        i64::try_from(t.to_unix_duration().as_secs()).unwrap_or(i64::MAX)
    };
    if at < seconds(validity.not_before) || at > seconds(validity.not_after) {
        return refuse(format!("{what} is not valid at {at}"));
    }
    Ok(())
}

/// Checks that `issuer`'s key signed `certificate`: ECDSA with SHA-256 or SHA-384, by a P-256
/// or P-384 key.
fn signed_by(certificate: &Certificate, issuer: &Certificate) -> Result<(), Refusal> {
    let algorithm = &certificate.signature_algorithm;
    let spki = &issuer.tbs_certificate.subject_public_key_info;
    let curve = (spki.algorithm.oid == ID_EC_PUBLIC_KEY)
        .then_some(spki.algorithm.parameters.as_ref())
        .flatten()
        .and_then(|p| p.decode_as::<ObjectIdentifier>().ok());
    let verification: &'static dyn VerificationAlgorithm = match (curve, algorithm.oid) {
        (Some(SECP_256_R_1), ECDSA_WITH_SHA_256) => &signature::ECDSA_P256_SHA256_ASN1,
        (Some(SECP_256_R_1), ECDSA_WITH_SHA_384) => &signature::ECDSA_P256_SHA384_ASN1,
        (Some(SECP_384_R_1), ECDSA_WITH_SHA_256) => &signature::ECDSA_P384_SHA256_ASN1,
        (Some(SECP_384_R_1), ECDSA_WITH_SHA_384) => &signature::ECDSA_P384_SHA384_ASN1,
        _ => {
            return refuse(format!(
                "signature algorithm {} not accepted",
                algorithm.oid
            ))
        }
    };
    let tbs = certificate
        .tbs_certificate
        .to_der()
        .map_err(|_| Refusal("the certificate does not encode".into()))?;
    let (Some(key), Some(sig)) = (
        spki.subject_public_key.as_bytes(),
        certificate.signature.as_bytes(),
    ) else {
        return refuse("a key or signature is not whole bytes");
    };
    UnparsedPublicKey::new(verification, key)
        .verify(&tbs, sig)
        .map_err(|_| Refusal("a certificate is not signed by the next".into()))
}
