//! Seat tokens: random, URL-safe, stored only as SHA-256 hashes and compared
//! in constant time.

use std::fmt;

use sha2::{Digest, Sha256};

use crate::error::StoreError;

/// Random bytes in a token: 256 bits, twice the 128 the hall requires, so a
/// token cannot be guessed even with many tries per second for years.
const TOKEN_BYTES: usize = 32;
/// Longest token text [`token_hash`] will hash; longer text cannot be one of
/// ours, and refusing it bounds the work an attacker can cause.
const TOKEN_MAX: usize = 256;

/// A seat's secret: 43 characters of URL-safe base64 (256 random bits).
///
/// `Debug` does not show it, so a token never lands in a log by accident.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A new token from the operating system's CSPRNG.
    pub fn generate() -> Result<Token, StoreError> {
        let bytes = random_bytes::<TOKEN_BYTES>()?;
        Ok(Token(base64url(&bytes)))
    }

    /// Wraps a token the caller already has (for example one read from an
    /// `Authorization` header, to pass to tests or to `create_game`).
    pub fn new(text: impl Into<String>) -> Token {
        Token(text.into())
    }

    /// The token's text, to hand to its player once.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Its SHA-256, the only form the store keeps.
    pub(crate) fn hash(&self) -> [u8; 32] {
        sha256(self.0.as_bytes())
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

/// The hash to compare a presented token with, or `None` when the text is
/// too long to be a token.
pub(crate) fn token_hash(text: &str) -> Option<[u8; 32]> {
    (text.len() <= TOKEN_MAX).then(|| sha256(text.as_bytes()))
}

/// The first `n` hex digits (at most 64) of the SHA-256 of `text`: a short
/// name derived from it that does not reveal it.
pub fn short_digest(text: &str, n: usize) -> String {
    let hex: String = sha256(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    hex[..n.min(hex.len())].to_owned()
}

fn sha256(bytes: &[u8]) -> [u8; 32] {
    let digest = Sha256::digest(bytes);
    let mut out = [0u8; 32];
    out.copy_from_slice(&digest);
    out
}

/// Whether two byte strings are equal, taking the same time wherever they
/// differ. We compare hashes, so even a leak would reveal nothing about a
/// token; comparing in constant time anyway keeps that argument unneeded.
pub(crate) fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// `N` bytes from the operating system's CSPRNG.
pub(crate) fn random_bytes<const N: usize>() -> Result<[u8; N], StoreError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| StoreError::Random(e.to_string()))?;
    Ok(bytes)
}

/// URL-safe base64 without padding (RFC 4648 §5).
pub(crate) fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &b)| acc | u32::from(b) << (16 - 8 * i));
        // A chunk of k bytes carries 8k bits: k + 1 characters of 6 bits.
        for i in 0..=chunk.len() {
            let index = (n >> (18 - 6 * i)) & 63;
            out.push(char::from(ALPHABET[index as usize]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648 §10 test vectors, written in the URL-safe alphabet and
    /// without the padding.
    #[test]
    fn base64url_matches_rfc_4648_vectors() {
        let cases = [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (input, want) in cases {
            assert_eq!(base64url(input.as_bytes()), want, "{input:?}");
        }
        // The two characters where the URL-safe alphabet differs (§5).
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    /// The SHA-256 test vector of FIPS 180-2 appendix B.1.
    #[test]
    fn sha256_matches_fips_vector() {
        let want = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        let got: String = sha256(b"abc").iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn tokens_are_long_url_safe_and_distinct() {
        let a = Token::generate().expect("CSPRNG");
        let b = Token::generate().expect("CSPRNG");
        assert_eq!(a.as_str().len(), 43, "256 bits in base64url");
        assert!(
            a.as_str()
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
        );
        assert_ne!(a, b);
        assert!(
            !format!("{a:?}").contains(a.as_str()),
            "Debug must hide the token"
        );
    }

    #[test]
    fn ct_eq_compares_whole_strings() {
        assert!(ct_eq(b"abc", b"abc"));
        assert!(!ct_eq(b"abc", b"abd"));
        assert!(!ct_eq(b"abc", b"xbc"));
        assert!(!ct_eq(b"abc", b"ab"));
        assert!(token_hash(&"x".repeat(TOKEN_MAX + 1)).is_none());
        assert!(token_hash("x").is_some());
    }
}
