//! Where a game's deals come from, and what a table shows of it. The deal
//! code (seed and first hand) makes every hand of the game, so a table
//! with other people at it keeps the code to itself until the game is
//! over: before play it shows a commitment instead (the SHA-256 of the
//! code with a random salt), and at the end the code and the salt, so
//! anyone can check that the deals were fixed before the first card.

use sha2::{Digest, Sha256};

use hearts_bots::record::DealCode;

/// A game's deal code and the salt of its commitment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealSecret {
    /// The seed and the first hand.
    pub code: DealCode,
    salt: [u8; 16],
    /// The commitment, worked out once: every screen at the table shows it.
    sha256: [u8; 32],
}

/// What a person sees of the deal code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealShown {
    /// The code itself (a table that is one person's, or a game over).
    Code(DealCode),
    /// Only the commitment, while the game is played.
    Sealed {
        /// The SHA-256 of [`DealSecret::committed_text`], in hex.
        digest: String,
    },
    /// The code, with what checks it against the commitment shown before.
    Opened {
        /// The seed and first hand.
        code: DealCode,
        /// The text whose SHA-256 was shown.
        text: String,
        /// That SHA-256, in hex.
        digest: String,
    },
}

impl DealSecret {
    /// The secret of a game dealt from `code`, with a fresh salt.
    pub fn new(code: DealCode) -> DealSecret {
        let mut salt = [0u8; 16];
        if getrandom::fill(&mut salt).is_err() {
            // Without the system's randomness the clock salts; the commitment still binds the code.
            let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
            salt = nanos.to_le_bytes();
        }
        DealSecret::salted(code, salt)
    }

    /// The secret of a game saved with the salt `salt` (hex), so that its
    /// seal stays the one shown before; a fresh salt where none was kept.
    pub fn restored(code: DealCode, salt: Option<&str>) -> DealSecret {
        match salt.and_then(unhex) {
            Some(salt) => DealSecret::salted(code, salt),
            None => DealSecret::new(code),
        }
    }

    /// The salt, in hex, as a save keeps it.
    pub fn salt(&self) -> String {
        hex(&self.salt)
    }

    fn salted(code: DealCode, salt: [u8; 16]) -> DealSecret {
        let mut secret = DealSecret { code, salt, sha256: [0; 32] };
        secret.sha256 = Sha256::digest(secret.committed_text().as_bytes()).into();
        secret
    }

    /// The text committed to: the code and the salt, as anyone can type it
    /// again to check (`printf '%s' TEXT | sha256sum`).
    pub fn committed_text(&self) -> String {
        format!("hearts deal {} salt {}", self.code, hex(&self.salt))
    }

    /// The commitment: the SHA-256 of the committed text, in hex.
    pub fn digest(&self) -> String {
        hex(&self.sha256)
    }

    /// What a person sees: the code where `open`, else the commitment.
    pub fn shown(&self, open: bool, sealed_before: bool) -> DealShown {
        match (open, sealed_before) {
            (false, _) => DealShown::Sealed { digest: self.digest() },
            (true, false) => DealShown::Code(self.code),
            (true, true) => DealShown::Opened { code: self.code, text: self.committed_text(), digest: self.digest() },
        }
    }
}

/// Bytes in lower-case hex.
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    bytes
        .iter()
        .flat_map(|byte| [DIGITS[usize::from(byte >> 4)], DIGITS[usize::from(byte & 15)]])
        .map(char::from)
        .collect()
}

/// Sixteen bytes from 32 hex digits.
fn unhex(text: &str) -> Option<[u8; 16]> {
    let digits: Vec<u8> = text.chars().map(|c| c.to_digit(16).map(|d| d as u8)).collect::<Option<_>>()?;
    let bytes: Vec<u8> = digits.chunks(2).map(|pair| pair[0] << 4 | pair.get(1).copied().unwrap_or(0)).collect();
    (digits.len() == 32).then(|| bytes.try_into().ok()).flatten()
}

/// A new game: hand 1 of a fresh seed.
pub fn fresh_deal() -> DealCode {
    DealCode { seed: fresh_seed(), hand: 1 }
}

/// A new game where others play: hand 1 of a seed of 64 random bits, so
/// that nobody can search the seeds for the one that dealt their cards;
/// `None` without the system's randomness (the clock could be searched).
pub fn secret_deal() -> Option<DealCode> {
    getrandom::u64().ok().map(|seed| DealCode { seed, hand: 1 })
}

/// A seed for a new game of one person's: small enough to read out and
/// type back in.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let mixed = (nanos ^ (u64::from(std::process::id()) << 32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> 20) % 999_999_999 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_sha256_of_the_text_shown_at_the_end() {
        let secret = DealSecret::salted(DealCode { seed: 1234, hand: 1 }, [0xab; 16]);
        assert_eq!(secret.committed_text(), "hearts deal 1234/1 salt abababababababababababababababab");
        // Worked out with `printf '%s' 'hearts deal 1234/1 salt abab…ab' | sha256sum`.
        assert_eq!(secret.digest(), "da6c31aa3b1243479bab3c2d94971383faa72eca134d8ca4e4d35d8e06afc51c");
    }

    #[test]
    fn secret_deals_are_64_random_bits_and_short_ones_stay_short() {
        let secret: Vec<u64> = (0..4).map(|_| secret_deal().expect("the system's randomness").seed).collect();
        assert!(secret.iter().all(|&seed| seed > u64::from(u32::MAX)), "{secret:?}");
        assert!(secret.windows(2).all(|pair| pair[0] != pair[1]), "{secret:?}");
        let short = fresh_deal();
        assert!((1..=999_999_999).contains(&short.seed) && short.hand == 1, "{short:?}");
    }

    #[test]
    fn two_games_of_one_seed_have_different_commitments() {
        let code = DealCode { seed: 1234, hand: 1 };
        assert_ne!(DealSecret::new(code).digest(), DealSecret::new(code).digest(), "the salt hides the seed");
    }

    #[test]
    fn a_seal_restored_with_its_salt_is_the_seal_shown_before() {
        let code = DealCode { seed: 1234, hand: 1 };
        let before = DealSecret::new(code);
        let salt = before.salt();
        assert_eq!(DealSecret::restored(code, Some(&salt)), before);
        assert_eq!(
            DealSecret::restored(code, Some("abababababababababababababababab")).digest(),
            "da6c31aa3b1243479bab3c2d94971383faa72eca134d8ca4e4d35d8e06afc51c"
        );
        for broken in ["", "ab", "zz", &"ab".repeat(17)] {
            assert_ne!(DealSecret::restored(code, Some(broken)), before, "{broken:?}: a fresh salt");
        }
    }

    #[test]
    fn the_code_is_shown_only_where_open() {
        let secret = DealSecret::new(DealCode { seed: 99, hand: 3 });
        assert!(matches!(secret.shown(false, true), DealShown::Sealed { .. }));
        assert_eq!(secret.shown(true, false), DealShown::Code(DealCode { seed: 99, hand: 3 }));
        assert!(matches!(secret.shown(true, true), DealShown::Opened { code, .. } if code.seed == 99));
    }
}
