//! `hearts serve` behind HAProxy: the PROXY protocol v2 header from the
//! load balancer named by `--proxy-from` gives the client's address, which
//! the per-address limits count; a PROXY header from anywhere else is
//! refused. HAProxy is Debian's package (`.ci/run` installs it), started
//! on loopback with the configuration docs/server.md gives.

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::serve::{PATIENCE, Server};
use russh::client::{self, Handle};
use russh::keys::PublicKeyOrCertificate;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The configuration docs/server.md gives, listening on `front` and
/// passing to the server on `back`.
fn configuration(front: u16, back: u16) -> String {
    format!(
        "global
    maxconn 4096

defaults
    mode tcp
    timeout connect 5s
    timeout client 2h
    timeout server 2h

frontend ssh
    bind 127.0.0.1:{front}
    default_backend hearts

backend hearts
    server hearts 127.0.0.1:{back} send-proxy-v2
"
    )
}

/// HAProxy in the foreground; killed when dropped.
struct Haproxy {
    child: Child,
    port: u16,
}

impl Haproxy {
    async fn start(server: &Server) -> Haproxy {
        // Debian puts it in /usr/sbin, which a user's PATH may lack.
        let program = ["haproxy", "/usr/sbin/haproxy"]
            .into_iter()
            .find(|program| Command::new(program).arg("-v").stdout(Stdio::null()).status().is_ok_and(|s| s.success()))
            .expect("this test needs HAProxy (Debian: apt-get install haproxy; .ci/run installs it)");
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let path = server.dir.join("haproxy.cfg");
        std::fs::write(&path, configuration(port, server.port)).unwrap();
        let child = Command::new(program)
            .args(["-db", "-f"])
            .arg(&path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            assert!(started.elapsed() < PATIENCE, "HAProxy did not start listening");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Haproxy { child, port }
    }

    fn address(&self) -> SocketAddr {
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), self.port)
    }
}

impl Drop for Haproxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// 127.A.B.1: each in a network of its own.
fn loopback(a: u8, b: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, a, b, 1))
}

async fn tcp_from(source: IpAddr, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(source, 0)).unwrap();
    socket.connect(to).await.unwrap()
}

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A person logged in from `source` through `to`.
async fn logged_in(source: IpAddr, to: SocketAddr, user: &str) -> Handle<Trusting> {
    let stream = tcp_from(source, to).await;
    let mut session = client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await.unwrap();
    let answer = session.authenticate_keyboard_interactive_start(user, None).await.unwrap();
    assert!(matches!(answer, client::KeyboardInteractiveAuthResponse::Success), "{user} was not let in");
    session
}

/// Everything the server says to a connection until it closes it.
async fn all_said(stream: &mut TcpStream) -> String {
    let mut said = Vec::new();
    let read = tokio::time::timeout(PATIENCE, stream.read_to_end(&mut said)).await;
    assert!(read.is_ok(), "the connection was kept open");
    String::from_utf8_lossy(&said).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_haproxy_the_limits_count_each_clients_own_address() {
    let server = Server::start("serve_proxy", "limits", &["--proxy-from", "127.0.0.1"]);
    let haproxy = Haproxy::start(&server).await;
    // Eight people from one address, through HAProxy: the most one address may have.
    let mut here = Vec::new();
    for n in 0..8 {
        here.push(logged_in(loopback(8, 0), haproxy.address(), &format!("p{n}")).await);
    }
    let mut ninth = tcp_from(loopback(8, 0), haproxy.address()).await;
    let said = all_said(&mut ninth).await;
    assert!(said.contains("your address has 8 connections here"), "the ninth was not refused: {said:?}");
    // Everyone reaches the server from HAProxy's address, but another client's address is its own.
    let _elsewhere = logged_in(loopback(8, 1), haproxy.address(), "elsewhere").await;
}

/// Whether an SSH client gets in on `stream`, which has had `first` written to it.
async fn gets_in(mut stream: TcpStream, first: &[u8]) -> bool {
    stream.write_all(first).await.unwrap();
    let config = Arc::new(client::Config::default());
    let Ok(Ok(mut session)) = tokio::time::timeout(PATIENCE, client::connect_stream(config, stream, Trusting)).await
    else {
        return false;
    };
    let answer = session.authenticate_keyboard_interactive_start("forger", None).await;
    answer.is_ok_and(|answer| matches!(answer, client::KeyboardInteractiveAuthResponse::Success))
}

#[tokio::test]
async fn a_proxy_header_from_an_address_not_named_is_refused() {
    let server = Server::start("serve_proxy", "forged", &["--proxy-from", "127.0.0.2"]);
    // A header naming 203.0.113.9, straight to the server from elsewhere, before an SSH client.
    let mut header = b"\r\n\r\n\0\r\nQUIT\n\x21\x11\x00\x0c".to_vec();
    header.extend([203, 0, 113, 9, 127, 0, 0, 1, 0xC7, 0x38, 0, 22]);
    assert!(!gets_in(tcp_from(loopback(9, 0), server.address()).await, &header).await, "a forged header let it in");
    // The balancer's own address without a header is refused too: it would count as everyone behind it.
    let balancer = tcp_from("127.0.0.2".parse().unwrap(), server.address()).await;
    assert!(!gets_in(balancer, b"").await, "a connection from the balancer without a header got in");
    // Anyone else gets in as before.
    assert!(gets_in(tcp_from(loopback(9, 1), server.address()).await, b"").await);
}
