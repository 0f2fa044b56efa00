//! Who may come in: the holders of listed keys, whoever knows a shared
//! password, or anyone (by choice, or on loopback where only this machine
//! reaches the port). An `authorized_keys` line's options are honoured as
//! OpenSSH's sshd honours them, or the line is refused at start.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use russh::keys::PublicKey;

use super::ServeError;
use super::command::{SessionRequest, known_command};

/// The access flag given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccessChoice {
    /// None: allowed on loopback only, where it lets anyone on this machine in.
    Unchosen,
    /// `--authorized-keys FILE`.
    AuthorizedKeys(PathBuf),
    /// `--password-file FILE`.
    PasswordFile(PathBuf),
    /// `--open`.
    Open,
}

/// Who the server lets in.
#[derive(Debug)]
pub(super) enum Access {
    /// Anyone who reaches the port, with no prompt.
    Anyone,
    /// The holders of these keys, as their lines allow.
    Keys(Vec<Authorized>),
    /// Whoever gives this password.
    Password(String),
}

/// One line of an `authorized_keys` file: a key and what its options allow.
#[derive(Debug)]
pub(super) struct Authorized {
    key: PublicKey,
    limits: Limits,
}

/// What a line's options allow its key.
#[derive(Debug, Default)]
struct Limits {
    /// `from=`: the client addresses it may come from.
    from: Option<Vec<AddressPattern>>,
    /// `expiry-time=`: the last second it is accepted, since 1970 (UTC).
    expires: Option<i64>,
    /// `command=`: where its sessions go, whatever the client asks.
    command: Option<SessionRequest>,
    /// `no-pty` or `restrict` (without a later `pty`).
    no_pty: bool,
}

/// What a key's line lets its holder do once in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Grant {
    /// Where every session of theirs goes (`command=`).
    pub(super) command: Option<SessionRequest>,
    /// They may not have a terminal (`no-pty`).
    pub(super) no_pty: bool,
}

impl Access {
    /// The access `choice` gives at `listen`, its file read; refused
    /// without a choice on an address other than loopback.
    pub(super) fn choose(choice: &AccessChoice, listen: SocketAddr) -> Result<Access, ServeError> {
        match choice {
            AccessChoice::Unchosen if !listen.ip().is_loopback() => Err(ServeError::NoAccessChoice(listen)),
            AccessChoice::Unchosen | AccessChoice::Open => Ok(Access::Anyone),
            AccessChoice::AuthorizedKeys(path) => read_keys(path).map(Access::Keys),
            AccessChoice::PasswordFile(path) => read_password(path).map(Access::Password),
        }
    }

    /// What this key may do when it comes from `peer` at `now`; `None`
    /// when it may not come in (by key alone: a password server takes a
    /// key only beside the password).
    pub(super) fn key_grant(&self, key: &PublicKey, peer: IpAddr, now: SystemTime) -> Option<Grant> {
        match self {
            Access::Anyone => Some(Grant::default()),
            // The first line of this key that lets it in now, as sshd reads the file.
            Access::Keys(lines) => lines.iter().find_map(|line| line.grant(key, peer, now)),
            Access::Password(_) => None,
        }
    }

    /// Whether this password lets one in.
    pub(super) fn admits_password(&self, given: &str) -> bool {
        match self {
            Access::Anyone => true,
            Access::Keys(_) => false,
            Access::Password(password) => same_in_constant_time(password.as_bytes(), given.as_bytes()),
        }
    }

    /// Whether one comes in without a key or a password.
    pub(super) fn admits_anyone(&self) -> bool {
        matches!(self, Access::Anyone)
    }
}

impl Authorized {
    fn grant(&self, key: &PublicKey, peer: IpAddr, now: SystemTime) -> Option<Grant> {
        if self.key.key_data() != key.key_data() {
            return None;
        }
        let limits = &self.limits;
        if let Some(patterns) = &limits.from
            && !from_allows(patterns, peer)
        {
            return None;
        }
        let now = now.duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs() as i64);
        if limits.expires.is_some_and(|last| now > last) {
            return None;
        }
        Some(Grant { command: limits.command.clone(), no_pty: limits.no_pty })
    }
}

/// Compares without stopping at the first difference, so the time taken
/// does not tell how much of a guess was right.
fn same_in_constant_time(a: &[u8], b: &[u8]) -> bool {
    let differences = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    a.len() == b.len() && differences == 0
}

/// What is wrong with an access file (an `authorized_keys` file or a
/// password file).
#[derive(Debug, thiserror::Error)]
pub enum AccessProblem {
    /// It could not be read.
    #[error("{0}")]
    Unreadable(#[from] std::io::Error),
    /// An `authorized_keys` file without a key.
    #[error("holds no key")]
    NoKey,
    /// A password file whose first line is empty.
    #[error("the first line is empty")]
    NoPassword,
    /// A line the server cannot honour.
    #[error("line {number}: {problem}")]
    Line {
        /// Its number, from 1.
        number: usize,
        /// What is wrong with it.
        problem: LineProblem,
    },
}

/// What is wrong with a line of an `authorized_keys` file: each names the
/// option at fault, as sshd would.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    /// No key the server reads, with the reader's words.
    #[error("not a public key this server reads ({0})")]
    NotAKey(String),
    /// `name=` without a quoted value.
    #[error("option {0}=: the value needs quotes")]
    Unquoted(String),
    /// A comma with nothing after it.
    #[error("the options end with a comma")]
    TrailingComma,
    /// Something after an option's value but a comma.
    #[error("option {name}: unexpected {rest:?} after it")]
    AfterOption {
        /// The option.
        name: String,
        /// What follows it.
        rest: String,
    },
    /// A flag given a value.
    #[error("option {0}: takes no value")]
    TakesNoValue(String),
    /// An option without the value it needs.
    #[error("option {0}: needs a value, as {0}=\"...\"")]
    NeedsValue(String),
    /// A `from=` list the server cannot read.
    #[error("option from=: {0}")]
    From(PatternProblem),
    /// `from=` or `command=` given twice.
    #[error("option {0}: given twice")]
    Twice(&'static str),
    /// An `expiry-time=` that is no time.
    #[error("option expiry-time=\"{0}\": not a time as YYYYMMDD[HHMM[SS]][Z] (read in UTC)")]
    NotATime(String),
    /// A forced command other than one of the server's own.
    #[error(
        "option command=\"{0}\": the server runs no program; \
         a forced command may only be one of its own, join CODE or watch CODE"
    )]
    ForeignCommand(String),
    /// `cert-authority`.
    #[error("option cert-authority: certificates are not supported; list the users' own keys")]
    CertAuthority,
    /// `principals=`.
    #[error("option principals=: it names certificate principals, and certificates are not supported")]
    Principals,
    /// `environment=`.
    #[error("option environment=: it sets a program's environment, and the server runs no program")]
    Environment,
    /// Any other option.
    #[error("option {0}: not an option this server knows, so it cannot honour it")]
    Unknown(String),
}

/// What is wrong with an entry of a `from=` list.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternProblem {
    /// An empty entry in the list given.
    #[error("an empty entry in \"{0}\"")]
    Empty(String),
    /// `x/n` whose `x` is no address.
    #[error("{0}: not an address/length")]
    NotAnAddress(String),
    /// A length past the address's bits.
    #[error("{entry}: the length is 0 to {most}")]
    Length {
        /// The entry.
        entry: String,
        /// The address's bits.
        most: u8,
    },
    /// An address with bits set past its network's length.
    #[error("{0}: the address has bits set past the length")]
    BitsPastLength(String),
    /// A host name, which would need DNS.
    #[error("{0}: host names are not looked up (no DNS); give addresses")]
    HostName(String),
}

fn read_file(path: &Path) -> Result<String, ServeError> {
    std::fs::read_to_string(path)
        .map_err(|source| ServeError::AccessFile { path: path.to_path_buf(), problem: source.into() })
}

/// The lines of an OpenSSH `authorized_keys` file; at least one. A line
/// the server cannot honour is refused with its number.
fn read_keys(path: &Path) -> Result<Vec<Authorized>, ServeError> {
    let text = read_file(path)?;
    let problem = |problem: AccessProblem| ServeError::AccessFile { path: path.to_path_buf(), problem };
    let mut lines = Vec::new();
    for (number, line) in (1..).zip(text.lines()) {
        match parse_line(line) {
            Ok(Some(line)) => lines.push(line),
            Ok(None) => {}
            Err(why) => return Err(problem(AccessProblem::Line { number, problem: why })),
        }
    }
    if lines.is_empty() {
        return Err(problem(AccessProblem::NoKey));
    }
    Ok(lines)
}

/// One line: `None` for a blank line or a comment. As sshd reads it, the
/// line is a key, else options and then a key.
fn parse_line(line: &str) -> Result<Option<Authorized>, LineProblem> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    if let Ok(key) = PublicKey::from_openssh(line) {
        return Ok(Some(Authorized { key, limits: Limits::default() }));
    }
    let (options, rest) = split_options(line);
    let key = PublicKey::from_openssh(rest.trim_start()).map_err(|error| LineProblem::NotAKey(error.to_string()))?;
    let limits = limits_of(options)?;
    Ok(Some(Authorized { key, limits }))
}

/// The options field (up to the first blank outside quotes; `\"` is a
/// quote inside them) and the rest of the line.
fn split_options(line: &str) -> (&str, &str) {
    let mut quoted = false;
    let mut escaped = false;
    for (at, c) in line.char_indices() {
        match c {
            '"' if escaped => {}
            '"' => quoted = !quoted,
            ' ' | '\t' if !quoted => return line.split_at(at),
            _ => {}
        }
        escaped = c == '\\' && !escaped;
    }
    (line, "")
}

/// The options of a line, each honoured or refused (naming it).
fn limits_of(field: &str) -> Result<Limits, LineProblem> {
    let mut limits = Limits::default();
    let mut rest = field;
    while !rest.is_empty() {
        let end = rest.find(['=', ',']).unwrap_or(rest.len());
        let name = rest[..end].to_ascii_lowercase();
        rest = &rest[end..];
        let value = match rest.strip_prefix('=') {
            Some(quoted) => {
                let (value, after) = dequote(quoted).ok_or_else(|| LineProblem::Unquoted(name.clone()))?;
                rest = after;
                Some(value)
            }
            None => None,
        };
        option(&mut limits, &name, value)?;
        rest = match rest.strip_prefix(',') {
            Some(next) if !next.is_empty() => next,
            Some(_) => return Err(LineProblem::TrailingComma),
            None if rest.is_empty() => rest,
            None => return Err(LineProblem::AfterOption { name, rest: rest.to_string() }),
        };
    }
    Ok(limits)
}

/// A quoted value (`\"` a quote within it) and what follows its end quote.
fn dequote(text: &str) -> Option<(String, &str)> {
    let inner = text.strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = inner.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Some((value, &inner[at + 1..])),
            '\\' if inner[at + 1..].starts_with('"') => {
                chars.next();
                value.push('"');
            }
            _ => value.push(c),
        }
    }
    None
}

/// Honours one option, or says why the line is refused.
fn option(limits: &mut Limits, name: &str, value: Option<String>) -> Result<(), LineProblem> {
    let flag = |limits: &mut Limits, change: fn(&mut Limits)| match &value {
        None => {
            change(limits);
            Ok(())
        }
        Some(_) => Err(LineProblem::TakesNoValue(name.to_string())),
    };
    let valued = || value.clone().ok_or_else(|| LineProblem::NeedsValue(name.to_string()));
    match name {
        // The server never forwards anything, nor runs ~/.ssh/rc: these are honoured as they are.
        "no-port-forwarding"
        | "no-agent-forwarding"
        | "no-x11-forwarding"
        | "no-user-rc"
        | "port-forwarding"
        | "agent-forwarding"
        | "x11-forwarding"
        | "user-rc" => flag(limits, |_| {}),
        "restrict" | "no-pty" => flag(limits, |limits| limits.no_pty = true),
        "pty" => flag(limits, |limits| limits.no_pty = false),
        // Forwarding limited to some ports: none is forwarded anyway.
        "permitopen" | "permitlisten" => valued().map(drop),
        "from" => {
            let patterns = address_patterns(&valued()?).map_err(LineProblem::From)?;
            match limits.from.replace(patterns) {
                None => Ok(()),
                Some(_) => Err(LineProblem::Twice("from=")),
            }
        }
        "expiry-time" => {
            let value = valued()?;
            let last = expiry_time(&value).ok_or_else(|| LineProblem::NotATime(value.clone()))?;
            // Given twice, the earlier holds, as in sshd.
            limits.expires = Some(limits.expires.map_or(last, |other| other.min(last)));
            Ok(())
        }
        "command" => {
            let value = valued()?;
            let Some(request) = known_command(value.as_bytes()) else {
                return Err(LineProblem::ForeignCommand(value));
            };
            match limits.command.replace(request) {
                None => Ok(()),
                Some(_) => Err(LineProblem::Twice("command=")),
            }
        }
        "cert-authority" => Err(LineProblem::CertAuthority),
        "principals" => Err(LineProblem::Principals),
        "environment" => Err(LineProblem::Environment),
        _ => Err(LineProblem::Unknown(name.to_string())),
    }
}

/// One entry of a `from=` pattern-list.
#[derive(Clone, Debug, PartialEq, Eq)]
enum AddressPattern {
    /// `10.0.0.0/8` (a plain address is one with the full length); `!` before it negates.
    Network { negated: bool, address: IpAddr, bits: u8 },
    /// `192.168.1.*`, `?` one character, `*` any; `!` before it negates.
    Wildcard { negated: bool, pattern: String },
}

/// A `from=` pattern-list: comma-separated addresses, CIDR networks and
/// wildcards, each perhaps negated. Host names would need DNS, which the
/// server never asks: they are refused.
fn address_patterns(list: &str) -> Result<Vec<AddressPattern>, PatternProblem> {
    list.split(',')
        .map(|entry| {
            let (negated, entry) = match entry.strip_prefix('!') {
                Some(entry) => (true, entry),
                None => (false, entry),
            };
            if entry.is_empty() {
                return Err(PatternProblem::Empty(list.to_string()));
            }
            if let Some((address, bits)) = entry.split_once('/') {
                let address: IpAddr = address.parse().map_err(|_| PatternProblem::NotAnAddress(entry.to_string()))?;
                let most = if address.is_ipv4() { 32 } else { 128 };
                let bits = bits.parse::<u8>().ok().filter(|&bits| bits <= most);
                let bits = bits.ok_or_else(|| PatternProblem::Length { entry: entry.to_string(), most })?;
                if network(address, bits) != address {
                    return Err(PatternProblem::BitsPastLength(entry.to_string()));
                }
                return Ok(AddressPattern::Network { negated, address, bits });
            }
            if let Ok(address) = entry.parse::<IpAddr>() {
                let bits = if address.is_ipv4() { 32 } else { 128 };
                return Ok(AddressPattern::Network { negated, address, bits });
            }
            if !entry.chars().all(|c| c.is_ascii_hexdigit() || ".:*?".contains(c)) {
                return Err(PatternProblem::HostName(entry.to_string()));
            }
            Ok(AddressPattern::Wildcard { negated, pattern: entry.to_ascii_lowercase() })
        })
        .collect()
}

/// Whether a client at `peer` may come: some entry matches it and no
/// negated one does (as sshd's `from=`).
fn from_allows(patterns: &[AddressPattern], peer: IpAddr) -> bool {
    // An IPv4 client seen on an IPv6 socket is its IPv4 address, as sshd reads it.
    let peer = peer.to_canonical();
    let text = peer.to_string();
    let mut allowed = false;
    for pattern in patterns {
        let (negated, matches) = match pattern {
            AddressPattern::Network { negated, address, bits } => {
                (*negated, address.is_ipv4() == peer.is_ipv4() && network(peer, *bits) == *address)
            }
            AddressPattern::Wildcard { negated, pattern } => (*negated, wildcard(pattern, &text)),
        };
        if matches && negated {
            return false;
        }
        allowed |= matches;
    }
    allowed
}

/// `address` with the bits past `bits` cleared.
fn network(address: IpAddr, bits: u8) -> IpAddr {
    match address {
        IpAddr::V4(v4) => {
            let mask = u32::MAX.checked_shl(32 - u32::from(bits)).unwrap_or(0);
            IpAddr::V4((u32::from(v4) & mask).into())
        }
        IpAddr::V6(v6) => {
            let mask = u128::MAX.checked_shl(128 - u32::from(bits)).unwrap_or(0);
            IpAddr::V6((u128::from(v6) & mask).into())
        }
    }
}

/// Whether `text` matches `pattern`: `*` any run of characters, `?` one.
fn wildcard(pattern: &str, text: &str) -> bool {
    let (pattern, text): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut p, mut t) = (0, 0);
    // Where the last `*` was, and the text it was tried against: one pass, no blow-up.
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '?' || c == text[t] => (p, t) = (p + 1, t + 1),
            _ => match star {
                Some((at, from)) => {
                    (p, t) = (at + 1, from + 1);
                    star = Some((at, from + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

/// The last second of an `expiry-time=`: `YYYYMMDD`, `YYYYMMDDHHMM` or
/// `YYYYMMDDHHMMSS`, a trailing `Z` allowed; read in UTC, with or without
/// the `Z`. (sshd reads one without `Z` in its local time zone.)
fn expiry_time(value: &str) -> Option<i64> {
    let digits = value.strip_suffix('Z').unwrap_or(value);
    if !digits.bytes().all(|b| b.is_ascii_digit()) || ![8, 12, 14].contains(&digits.len()) {
        return None;
    }
    let field = |range: std::ops::Range<usize>| digits.get(range).and_then(|text| text.parse::<i64>().ok());
    let (year, month, day) = (field(0..4)?, field(4..6)?, field(6..8)?);
    let (hour, minute, second) = (field(8..10).unwrap_or(0), field(10..12).unwrap_or(0), field(12..14).unwrap_or(0));
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        1..=12 => 31,
        _ => return None,
    };
    if !(1..=days_in_month).contains(&day) || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    Some(days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second)
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let doy = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The password: the file's first line; not empty.
fn read_password(path: &Path) -> Result<String, ServeError> {
    let text = read_file(path)?;
    let password = text.lines().next().unwrap_or_default().to_string();
    if password.is_empty() {
        return Err(ServeError::AccessFile { path: path.to_path_buf(), problem: AccessProblem::NoPassword });
    }
    Ok(password)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use russh::keys::PrivateKey;
    use russh::keys::ssh_key::private::Ed25519Keypair;

    use super::super::command::Going;
    use super::*;
    use crate::testing::Scratch;

    fn key(seed: u8) -> PublicKey {
        PrivateKey::from(Ed25519Keypair::from_seed(&[seed; 32])).public_key().clone()
    }

    fn line(options: &str, seed: u8) -> String {
        let key = key(seed).to_openssh().unwrap();
        if options.is_empty() { format!("{key} alice@laptop") } else { format!("{options} {key} alice@laptop") }
    }

    fn access(lines: &[String]) -> Access {
        let lines = lines.iter().map(|line| parse_line(line).unwrap().unwrap()).collect();
        Access::Keys(lines)
    }

    fn at(address: &str) -> IpAddr {
        address.parse().unwrap()
    }

    /// 2030-06-15 12:00:00 UTC.
    fn now() -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(1_907_755_200)
    }

    #[test]
    fn only_loopback_may_leave_the_choice_out() {
        let local: SocketAddr = "127.0.0.1:2222".parse().unwrap();
        let everywhere: SocketAddr = "0.0.0.0:2222".parse().unwrap();
        assert!(Access::choose(&AccessChoice::Unchosen, local).unwrap().admits_anyone());
        assert!(matches!(Access::choose(&AccessChoice::Unchosen, everywhere), Err(ServeError::NoAccessChoice(_))));
        assert!(Access::choose(&AccessChoice::Open, everywhere).unwrap().admits_anyone());
    }

    #[test]
    fn a_password_must_match_whole() {
        let access = Access::Password("hunter2".into());
        assert!(access.admits_password("hunter2"));
        assert!(!access.admits_password("hunter"));
        assert!(!access.admits_password("hunter22"));
        assert!(!access.admits_password(""));
        assert!(!access.admits_anyone());
        assert_eq!(access.key_grant(&key(1), at("127.0.0.1"), now()), None, "a key alone is not the password");
    }

    #[test]
    fn a_plain_line_admits_its_key_only() {
        let access = access(&[line("", 1)]);
        assert_eq!(access.key_grant(&key(1), at("203.0.113.9"), now()), Some(Grant::default()));
        assert_eq!(access.key_grant(&key(2), at("203.0.113.9"), now()), None);
    }

    #[test]
    fn from_matches_the_client_address_as_sshd_does() {
        let cases = [
            ("10.0.0.0/8", "10.1.2.3", true),
            ("10.0.0.0/8", "127.0.0.1", false),
            ("10.0.0.0/8", "::ffff:10.1.2.3", true),
            ("192.168.1.*", "192.168.1.77", true),
            ("192.168.1.?", "192.168.1.77", false),
            ("192.168.1.??", "192.168.1.77", true),
            ("*,!10.0.0.5", "10.0.0.5", false),
            ("*,!10.0.0.5", "10.0.0.6", true),
            ("!10.0.0.5,*", "10.0.0.5", false),
            ("!10.0.0.5", "10.0.0.6", false),
            ("127.0.0.1", "127.0.0.1", true),
            ("2001:db8::/32", "2001:db8::1", true),
            ("2001:db8::/32", "2001:db9::1", false),
            ("2001:DB8::*", "2001:db8::1", true),
            ("0.0.0.0/0", "198.51.100.1", true),
            ("0.0.0.0/0", "::1", false),
        ];
        for (patterns, peer, allowed) in cases {
            let access = access(&[line(&format!("from=\"{patterns}\""), 1)]);
            assert_eq!(access.key_grant(&key(1), at(peer), now()).is_some(), allowed, "from=\"{patterns}\" at {peer}");
        }
    }

    #[test]
    fn a_wildcard_takes_any_run_and_one_character() {
        assert!(wildcard("*", ""));
        assert!(wildcard("a*b*c", "axxbyyc"));
        assert!(!wildcard("a*b*c", "axxbyy"));
        assert!(wildcard("*.*.*.1", "10.20.30.1"));
        assert!(!wildcard(&"*a".repeat(30), &"a".repeat(29)), "no blow-up on a hostile pattern");
    }

    #[test]
    fn expiry_time_is_read_in_utc_and_the_last_second_still_counts() {
        assert_eq!(expiry_time("19700101"), Some(0));
        assert_eq!(expiry_time("20300615120000Z"), Some(1_907_755_200));
        assert_eq!(expiry_time("203006151200"), Some(1_907_755_200));
        assert_eq!(expiry_time("20000229"), Some(951_782_400), "a leap day");
        for wrong in
            ["2030061", "20300230", "20301301", "2030061524", "203006151260", "20300615120060", "2030-06-15", ""]
        {
            assert_eq!(expiry_time(wrong), None, "{wrong}");
        }
        let expiring = access(&[line("expiry-time=\"20300615120000Z\"", 1)]);
        assert!(expiring.key_grant(&key(1), at("127.0.0.1"), now()).is_some());
        let later = now() + Duration::from_secs(1);
        assert!(expiring.key_grant(&key(1), at("127.0.0.1"), later).is_none(), "expired");
        let earliest = access(&[line("expiry-time=\"20400101\",expiry-time=\"20200101\"", 1)]);
        assert!(earliest.key_grant(&key(1), at("127.0.0.1"), now()).is_none(), "the earlier of two holds");
    }

    #[test]
    fn a_forced_command_is_one_of_the_servers_own_and_restrict_takes_the_terminal() {
        let forced = access(&[line("restrict,command=\"watch 7q4k\"", 1)]);
        let grant = forced.key_grant(&key(1), at("127.0.0.1"), now()).unwrap();
        assert_eq!(grant.command.map(|request| request.going), Some(Going::Watch("7Q4K".into())));
        assert!(grant.no_pty);
        let with_pty = access(&[line("restrict,pty,command=\"join AB12\"", 1)]);
        assert!(!with_pty.key_grant(&key(1), at("127.0.0.1"), now()).unwrap().no_pty);
    }

    #[test]
    fn the_first_line_of_a_key_that_lets_it_in_is_the_one_used() {
        let access = access(&[line("from=\"10.0.0.0/8\",command=\"watch AAAA\"", 1), line("command=\"join BBBB\"", 1)]);
        let going = |peer| access.key_grant(&key(1), at(peer), now()).unwrap().command.unwrap().going;
        assert_eq!(going("10.9.9.9"), Going::Watch("AAAA".into()));
        assert_eq!(going("127.0.0.1"), Going::Join("BBBB".into()));
    }

    #[test]
    fn options_are_read_as_sshd_reads_them() {
        assert_eq!(split_options("a=\"x y\",b z w"), ("a=\"x y\",b", " z w"));
        assert_eq!(split_options("a=\"x \\\" y\" key"), ("a=\"x \\\" y\"", " key"));
        assert_eq!(dequote("\"say \\\"hi\\\"\",next"), Some(("say \"hi\"".to_string(), ",next")));
        assert_eq!(dequote("\"open"), None);
        let upper = parse_line(&line("NO-PTY,From=\"127.0.0.1\"", 1)).unwrap().unwrap();
        assert!(upper.limits.no_pty && upper.limits.from.is_some(), "option names are any case");
        assert!(parse_line("").unwrap().is_none());
        assert!(parse_line("   # a comment").unwrap().is_none());
    }

    #[test]
    fn a_line_the_server_cannot_honour_is_refused_naming_the_option() {
        let refused = [
            ("cert-authority", "cert-authority: certificates are not supported"),
            ("command=\"/bin/sh\"", "command=\"/bin/sh\": the server runs no program"),
            ("command=\"join AB12; rm -rf /\"", "the server runs no program"),
            ("command=\"join A\",command=\"join B\"", "command=: given twice"),
            ("from=\"10.0.0.1/8\"", "from=: 10.0.0.1/8: the address has bits set past the length"),
            ("from=\"10.0.0.0/33\"", "from=: 10.0.0.0/33: the length is 0 to 32"),
            ("from=\"*.example.com\"", "host names are not looked up"),
            ("from=\"10.0.0.1,\"", "an empty entry"),
            ("from=10.0.0.1", "from=: the value needs quotes"),
            ("expiry-time=\"tomorrow\"", "expiry-time=\"tomorrow\": not a time"),
            ("principals=\"alice\"", "principals=: it names certificate principals"),
            ("environment=\"A=b\"", "environment=: it sets a program's environment"),
            ("tunnel=\"1\"", "tunnel: not an option this server knows"),
            ("verify-required", "verify-required: not an option this server knows"),
            ("frobnicate", "frobnicate: not an option this server knows"),
            ("no-pty=\"yes\"", "no-pty: takes no value"),
            ("from", "from: needs a value"),
        ];
        for (options, said) in refused {
            let error = parse_line(&line(options, 1)).err().unwrap_or_else(|| panic!("{options} was taken"));
            assert!(error.to_string().contains(said), "{options}: {error}");
        }
        assert!(matches!(parse_line("ssh-ed25519 AAAAnotbase64"), Err(LineProblem::NotAKey(_))));
    }

    #[test]
    fn a_file_is_refused_at_its_first_bad_line_with_file_and_number() {
        let dir = Scratch::made("access");
        let file = dir.join("authorized_keys");
        std::fs::write(&file, format!("# friends\n{}\n\n{}\n", line("", 1), line("cert-authority", 2))).unwrap();
        let error = Access::choose(&AccessChoice::AuthorizedKeys(file.clone()), "0.0.0.0:22".parse().unwrap());
        let said = error.unwrap_err().to_string();
        assert!(said.contains(&file.display().to_string()) && said.contains("line 4: option cert-authority"), "{said}");
    }
}
