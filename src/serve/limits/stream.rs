//! A connection's stream, failing at whatever step its client stopped,
//! and the cut that ends it from outside its session.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::oneshot;
use tokio::time::Sleep;

use super::Login;

/// Cuts a connection from outside its session: a client that takes none
/// of its screen, or a login pushed out by newer ones ([`Connections`]).
/// Dropping the stream is the only sure way: russh's own disconnect waits
/// behind what the client does not read.
#[derive(Clone, Debug)]
pub(in crate::serve) struct Cut(pub(super) Arc<Mutex<Option<oneshot::Sender<()>>>>);

impl Cut {
    /// A cut, and what the connection's stream hears it by.
    pub(in crate::serve) fn new() -> (Cut, oneshot::Receiver<()>) {
        let (sender, receiver) = oneshot::channel();
        (Cut(Arc::new(Mutex::new(Some(sender)))), receiver)
    }

    /// Cuts the connection: its stream fails from now on.
    pub(in crate::serve) fn cut(&self) {
        if let Some(sender) = self.0.lock().ok().and_then(|mut sender| sender.take()) {
            let _ = sender.send(());
        }
    }
}

/// A connection's stream, failing at whatever step the client stopped:
/// once [`VERSION_TIME`] has passed without the client's version line,
/// or [`LOGIN_TIME`] without a login, or once it is [`Cut`]. (russh's own
/// disconnect waits for a key exchange that a stalled client never ends.)
/// It also fails a stream that starts with a PROXY header: one from a
/// load balancer named by `--proxy-from` has been read before, so this
/// one comes from someone choosing their own address.
pub(in crate::serve) struct Guarded<S> {
    stream: S,
    /// The stream's first bytes, up to a PROXY signature's length.
    opening: Vec<u8>,
    /// The version line's deadline, then the login's.
    deadline: Pin<Box<Sleep>>,
    login_by: tokio::time::Instant,
    version_seen: bool,
    login: Login,
    /// `None` once it can no longer come.
    cut: Option<oneshot::Receiver<()>>,
    was_cut: bool,
}

impl<S> Guarded<S> {
    /// `stream`, failing unless its version line comes within `times.0` and
    /// its `login` is done within `times.1`, or once cut (heard on `cut`).
    pub(in crate::serve) fn new(
        stream: S,
        times: (Duration, Duration),
        login: Login,
        cut: oneshot::Receiver<()>,
    ) -> Guarded<S> {
        let now = tokio::time::Instant::now();
        Guarded {
            stream,
            opening: Vec::new(),
            deadline: Box::pin(tokio::time::sleep_until(now + times.0.min(times.1))),
            login_by: now + times.1,
            version_seen: false,
            login,
            cut: Some(cut),
            was_cut: false,
        }
    }

    /// An error once the stream is done for; until then, wakes the task when it is.
    fn check(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        if let Some(cut) = &mut self.cut {
            match Pin::new(cut).poll(cx) {
                Poll::Ready(Ok(())) => (self.cut, self.was_cut) = (None, true),
                Poll::Ready(Err(_)) => self.cut = None,
                Poll::Pending => {}
            }
        }
        if self.was_cut {
            return Err(io::Error::new(io::ErrorKind::ConnectionAborted, "cut off"));
        }
        if self.login.under_way() && self.deadline.as_mut().poll(cx).is_ready() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "too slow to log in"));
        }
        Ok(())
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        self.check(cx)?;
        let before = buf.filled().len();
        let read = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before && self.login.under_way() {
            self.login.heard(buf.filled().len() - before);
        }
        let signature = &crate::serve::proxy::SIGNATURE;
        if self.opening.len() < signature.len() {
            let wanted = signature.len() - self.opening.len();
            let new = &buf.filled()[before..];
            let opening = &new[..new.len().min(wanted)];
            self.opening.extend_from_slice(opening);
            if self.opening == signature {
                return Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "a PROXY header not from --proxy-from",
                )));
            }
        }
        if !self.version_seen && buf.filled()[before..].contains(&b'\n') {
            // The version line is in: the login's deadline from now on.
            self.version_seen = true;
            let login_by = self.login_by;
            self.deadline.as_mut().reset(login_by);
        }
        read
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, bytes: &[u8]) -> Poll<io::Result<usize>> {
        self.check(cx)?;
        Pin::new(&mut self.stream).poll_write(cx, bytes)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.check(cx)?;
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use russh::keys::PrivateKey;
    use russh::keys::ssh_key::private::Ed25519Keypair;
    use russh::server::Config;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};

    use std::sync::atomic::Ordering;

    use super::*;
    use crate::serve::limits::{LOGIN_TIME, config};

    /// A server that lets nobody in: enough to hold a handshake.
    struct Nobody;

    impl russh::server::Handler for Nobody {
        type Error = russh::Error;
    }

    fn server_config() -> Arc<Config> {
        Arc::new(config(PrivateKey::from(Ed25519Keypair::from_seed(&[7; 32]))))
    }

    /// Both ends of a TCP connection on loopback.
    async fn pair() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).await.unwrap();
        (client, listener.accept().await.unwrap().0)
    }

    /// Reads until the other end closes (or resets) the connection.
    async fn closed(stream: &mut TcpStream) -> bool {
        let mut buffer = [0; 4096];
        let reading = async { while stream.read(&mut buffer).await.is_ok_and(|n| n > 0) {} };
        tokio::time::timeout(Duration::from_secs(30), reading).await.is_ok()
    }

    /// `stream` guarded by the version and login times given, never cut.
    fn guarded(stream: TcpStream, times: (Duration, Duration), logged_in: bool) -> Guarded<TcpStream> {
        let (login, heard_cut) = Login::new();
        login.done.store(logged_in, Ordering::SeqCst);
        Guarded::new(stream, times, login, heard_cut)
    }

    #[tokio::test]
    async fn a_handshake_stalled_after_the_version_line_is_closed_at_the_login_deadline() {
        let (mut client, server) = pair().await;
        // The idle limit is an hour, so only the deadline can close it.
        let server = guarded(server, (Duration::from_secs(3600), Duration::from_millis(200)), false);
        let serving =
            tokio::spawn(async move { russh::server::run_stream(server_config(), server, Nobody).await?.await });
        client.write_all(b"SSH-2.0-stalled\r\n").await.unwrap();
        assert!(closed(&mut client).await, "the stalled handshake is still open");
        assert!(serving.await.unwrap().is_err(), "the session ended as if it were done");
    }

    #[tokio::test]
    async fn a_client_without_its_version_line_is_closed_at_the_version_deadline() {
        for sent in [&b""[..], b"SSH-2.0-never ends"] {
            let (mut client, server) = pair().await;
            let server = guarded(server, (Duration::from_millis(100), Duration::from_secs(3600)), false);
            let serving =
                tokio::spawn(async move { russh::server::run_stream(server_config(), server, Nobody).await?.await });
            client.write_all(sent).await.unwrap();
            assert!(closed(&mut client).await, "{sent:?} kept the connection");
            assert!(serving.await.unwrap().is_err());
        }
    }

    #[tokio::test]
    async fn a_proxy_header_not_from_a_named_balancer_fails_the_stream_and_a_version_line_does_not() {
        let times = (Duration::from_secs(5), Duration::from_secs(30));
        for (sent, refused) in
            [(&b"\r\n\r\n\0\r\nQUIT\n\x21\x11\x00\x0c"[..], true), (b"SSH-2.0-OpenSSH_9.2\r\n", false)]
        {
            let (mut client, server) = pair().await;
            let mut server = guarded(server, times, false);
            // A byte at a time: the signature is told however it is split.
            for byte in sent {
                client.write_all(&[*byte]).await.unwrap();
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            let mut read = vec![0u8; sent.len()];
            let got = tokio::time::timeout(Duration::from_secs(5), server.read_exact(&mut read)).await.unwrap();
            assert_eq!(got.is_err(), refused, "{sent:?}");
        }
    }

    #[tokio::test]
    async fn the_deadline_cuts_a_connection_not_logged_in_and_spares_one_that_is() {
        for logged_in in [false, true] {
            let (mut client, server) = pair().await;
            let mut server = guarded(server, (Duration::from_millis(1), Duration::from_millis(1)), logged_in);
            // Past the deadline: this sleep ends after the connection's.
            tokio::time::sleep(Duration::from_millis(20)).await;
            client.write_all(b"hello").await.unwrap();
            let mut read = [0; 5];
            let reading = server.read_exact(&mut read).await;
            let writing = server.write_all(b"again").await;
            if logged_in {
                assert_eq!((reading.unwrap(), &read, writing.unwrap()), (5, b"hello", ()));
            } else {
                assert_eq!(reading.unwrap_err().kind(), io::ErrorKind::TimedOut);
                assert_eq!(writing.unwrap_err().kind(), io::ErrorKind::TimedOut);
            }
        }
    }

    #[tokio::test]
    async fn a_cut_connection_fails_at_once_even_while_it_waits() {
        let (_client, server) = pair().await;
        let (login, heard_cut) = Login::new();
        let cut = login.cut.clone();
        let mut server = Guarded::new(server, (LOGIN_TIME, LOGIN_TIME), login, heard_cut);
        let reading = tokio::spawn(async move {
            let mut read = [0; 1];
            let first = server.read(&mut read).await.map_err(|error| error.kind());
            let again = server.write_all(b"x").await.map_err(|error| error.kind());
            (first, again)
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        cut.cut();
        let aborted = Err(io::ErrorKind::ConnectionAborted);
        assert_eq!(reading.await.unwrap(), (aborted, Err(io::ErrorKind::ConnectionAborted)));
    }
}
