//! The PROXY protocol, version 2 (HAProxy's proxy-protocol.txt, section
//! 2.2): the header a load balancer such as HAProxy (`send-proxy-v2`)
//! sends before the client's bytes, naming the client's address. It is
//! read only on connections from the addresses `--proxy-from` names; a
//! connection from anywhere else that starts with one is refused, so that
//! nobody else can choose the address the server counts them by.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use tokio::io::{AsyncRead, AsyncReadExt};

/// The twelve bytes every version 2 header starts with.
pub(super) const SIGNATURE: [u8; 12] = *b"\r\n\r\n\0\r\nQUIT\n";
/// The header's fixed part: the signature, version and command, family, length.
const FIXED: usize = 16;
/// The most address bytes taken after the fixed part: the two addresses
/// of the longest family and the TLVs a load balancer adds (HAProxy sends
/// a few tens of bytes).
const MOST_AFTER: usize = 512;

/// Why a connection's PROXY header was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum ProxyError {
    /// The connection did not start with a version 2 signature.
    #[error("no PROXY protocol version 2 header")]
    NoHeader,
    /// A version or command this server does not know.
    #[error("a PROXY header of an unknown version or command")]
    Unknown,
    /// The header says it is longer than any this server takes.
    #[error("a PROXY header longer than {MOST_AFTER} bytes")]
    TooLong,
    /// The header names a family without an address (a socket path, or none) on a PROXY command.
    #[error("a PROXY header without a TCP address")]
    NoAddress,
    /// The stream ended inside the header.
    #[error("the connection ended inside its PROXY header")]
    Ended,
}

/// What a PROXY header says about the connection.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Origin {
    /// The client's address, as the load balancer saw it.
    Client(IpAddr),
    /// The load balancer's own connection (a health check): its own address counts.
    Local,
}

/// Reads a PROXY header off the front of `stream`, and nothing past it.
pub(super) async fn read_header<S: AsyncRead + Unpin>(stream: &mut S) -> Result<Origin, ProxyError> {
    let mut fixed = [0u8; FIXED];
    stream.read_exact(&mut fixed).await.map_err(|_| ProxyError::Ended)?;
    let length = after_fixed(&fixed)?;
    let mut rest = vec![0u8; length];
    stream.read_exact(&mut rest).await.map_err(|_| ProxyError::Ended)?;
    origin(&fixed, &rest)
}

/// The number of bytes that follow the fixed part `fixed`.
fn after_fixed(fixed: &[u8; FIXED]) -> Result<usize, ProxyError> {
    if fixed[..12] != SIGNATURE {
        return Err(ProxyError::NoHeader);
    }
    let length = usize::from(u16::from_be_bytes([fixed[14], fixed[15]]));
    if length > MOST_AFTER {
        return Err(ProxyError::TooLong);
    }
    Ok(length)
}

/// The origin a whole header names: its fixed part and what follows.
fn origin(fixed: &[u8; FIXED], rest: &[u8]) -> Result<Origin, ProxyError> {
    /// Version 2, and the command: LOCAL or PROXY.
    const LOCAL: u8 = 0x20;
    const PROXY: u8 = 0x21;
    /// The family and transport: TCP over IPv4, TCP over IPv6.
    const TCP4: u8 = 0x11;
    const TCP6: u8 = 0x21;
    match fixed[12] {
        LOCAL => Ok(Origin::Local),
        PROXY => match fixed[13] {
            TCP4 if rest.len() >= 12 => {
                let source: [u8; 4] = rest[..4].try_into().map_err(|_| ProxyError::NoAddress)?;
                Ok(Origin::Client(IpAddr::V4(Ipv4Addr::from(source))))
            }
            TCP6 if rest.len() >= 36 => {
                let source: [u8; 16] = rest[..16].try_into().map_err(|_| ProxyError::NoAddress)?;
                Ok(Origin::Client(IpAddr::V6(Ipv6Addr::from(source))))
            }
            _ => Err(ProxyError::NoAddress),
        },
        _ => Err(ProxyError::Unknown),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header written byte by byte from the specification (section 2.2).
    fn header(command: u8, family: u8, addresses: &[u8]) -> Vec<u8> {
        let mut bytes = b"\x0D\x0A\x0D\x0A\x00\x0D\x0A\x51\x55\x49\x54\x0A".to_vec();
        bytes.extend([command, family]);
        bytes.extend((addresses.len() as u16).to_be_bytes());
        bytes.extend(addresses);
        bytes
    }

    async fn read(bytes: &[u8]) -> Result<Origin, ProxyError> {
        let mut stream = bytes;
        read_header(&mut stream).await
    }

    #[tokio::test]
    async fn a_tcp4_header_names_the_clients_address_and_leaves_the_ssh_bytes() {
        // 203.0.113.7:51000 to 192.0.2.1:22.
        let mut bytes = header(0x21, 0x11, &[203, 0, 113, 7, 192, 0, 2, 1, 0xC7, 0x38, 0, 22]);
        bytes.extend(b"SSH-2.0-OpenSSH_9.2\r\n");
        let mut stream = &bytes[..];
        let origin = read_header(&mut stream).await.unwrap();
        assert_eq!(origin, Origin::Client("203.0.113.7".parse().unwrap()));
        assert_eq!(stream, b"SSH-2.0-OpenSSH_9.2\r\n", "the client's own bytes are left for SSH");
    }

    #[tokio::test]
    async fn a_tcp6_header_with_tlvs_names_the_clients_address() {
        let mut addresses = Vec::new();
        addresses.extend("2001:db8::42".parse::<Ipv6Addr>().unwrap().octets());
        addresses.extend("2001:db8::1".parse::<Ipv6Addr>().unwrap().octets());
        addresses.extend([0xC7, 0x38, 0, 22]);
        // A TLV after the addresses (PP2_TYPE_UNIQUE_ID, 3 bytes) is skipped.
        addresses.extend([0x05, 0, 3, 1, 2, 3]);
        let origin = read(&header(0x21, 0x21, &addresses)).await.unwrap();
        assert_eq!(origin, Origin::Client("2001:db8::42".parse().unwrap()));
    }

    #[tokio::test]
    async fn a_local_header_is_the_balancers_own_connection() {
        assert_eq!(read(&header(0x20, 0x00, &[])).await.unwrap(), Origin::Local);
    }

    #[tokio::test]
    async fn anything_else_is_refused() {
        assert_eq!(read(b"SSH-2.0-OpenSSH_9.2\r\nmore bytes").await.unwrap_err(), ProxyError::NoHeader);
        assert_eq!(read(b"PROXY TCP4 203.0.113.7 192.0.2.1 51000 22\r\n").await.unwrap_err(), ProxyError::NoHeader);
        assert_eq!(read(&header(0x11, 0x11, &[0; 12])).await.unwrap_err(), ProxyError::Unknown, "version 1");
        assert_eq!(read(&header(0x21, 0x31, &[0; 216])).await.unwrap_err(), ProxyError::NoAddress, "a unix socket");
        assert_eq!(read(&header(0x21, 0x11, &[0; 8])).await.unwrap_err(), ProxyError::NoAddress, "too short");
        assert_eq!(read(&header(0x21, 0x11, &[0; 600])).await.unwrap_err(), ProxyError::TooLong);
        let whole = header(0x21, 0x11, &[203, 0, 113, 7, 192, 0, 2, 1, 0xC7, 0x38, 0, 22]);
        assert_eq!(read(&whole[..20]).await.unwrap_err(), ProxyError::Ended);
    }
}
