//! `hearts serve` against hostile clients: the real binary on a free port
//! of 127.0.0.1, russh clients and raw sockets that flood, stall, send
//! garbage or never read, each beside a well-behaved player whose screen
//! must still answer its keys. (Each joins the table opened at start, so
//! the hostile client and the player share a table.)

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use russh::client::{self, Handle};
use russh::keys::PublicKeyOrCertificate;
use russh::{ChannelMsg, ChannelReadHalf, ChannelWriteHalf, Disconnect};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};

use common::serve::{Launch, Server};

/// The bound on anything a test waits for; only a broken server reaches it.
const PATIENCE: Duration = Duration::from_secs(60);
/// Connections the server takes from one address (docs/server.md).
const MAX_PER_ADDRESS: usize = 8;
/// The widest and tallest screen the server draws (docs/server.md).
const MAX_COLUMNS: u16 = 320;
const MAX_ROWS: u16 = 120;
/// Far above what a server with a few sessions needs, far below what a
/// flood kept in memory would take.
const RESIDENT_BOUND_KIB: u64 = 64 * 1024;

/// Where the well-behaved players come from.
const HOME: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
/// Another address of this machine, for hostile connections that must not
/// use up the well-behaved players' place.
const ELSEWHERE: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

/// The binary started for one test, stopped when dropped.
fn measured(name: &str) -> Server {
    Server::launch("serve_limits", name, &Launch::default())
}

/// The binary's resident memory in KiB.
fn resident_kib(server: &Server) -> u64 {
    server.status("VmRSS")
}

/// A client that trusts any host key (the test has just seen it made).
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A TCP connection to the server from `source`, one of this machine's addresses.
async fn tcp_from(source: IpAddr, server: &Server) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(source, 0))?;
    socket.connect(server.address()).await
}

/// SSH over `stream`, logged in as `user` (the server is open to anyone).
async fn log_in(stream: TcpStream, user: &str) -> Result<Handle<Trusting>, russh::Error> {
    let mut session = client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await?;
    let login = session.authenticate_keyboard_interactive_start(user, None).await?;
    assert!(matches!(login, client::KeyboardInteractiveAuthResponse::Success), "an open server lets anyone in");
    Ok(session)
}

fn shows_the_table(screen: &vt100::Screen) -> bool {
    let text = screen.contents();
    text.contains("Hand 1") && text.contains("Welcome")
}

fn shows_help(screen: &vt100::Screen) -> bool {
    screen.contents().contains("Keys")
}

/// What a client has been sent on its channel, read back through a
/// terminal emulator.
struct Screen {
    reader: ChannelReadHalf,
    emulator: vt100::Parser,
    /// Every byte the server sent on the channel.
    sent: Vec<u8>,
    closed: bool,
}

impl Screen {
    fn new(reader: ChannelReadHalf, columns: u16, rows: u16) -> Screen {
        let size = |n: u16| std::num::NonZero::new(n).expect("a screen has a size");
        Screen { reader, emulator: vt100::Parser::new(size(rows), size(columns), 0), sent: Vec::new(), closed: false }
    }

    async fn read_one(&mut self) {
        match self.reader.wait().await {
            Some(ChannelMsg::Data { data }) => {
                self.sent.extend_from_slice(&data);
                self.emulator.process(&data);
            }
            Some(ChannelMsg::Close) | None => self.closed = true,
            Some(_) => {}
        }
    }

    /// Reads until `done` holds for the screen; false if the channel
    /// closed first (or the server never got there).
    async fn read_until(&mut self, done: impl Fn(&vt100::Screen) -> bool) -> bool {
        let reading = async {
            while !done(self.emulator.screen()) && !self.closed {
                self.read_one().await;
            }
        };
        let _ = tokio::time::timeout(PATIENCE, reading).await;
        done(self.emulator.screen())
    }

    /// `work`'s result, the screen read meanwhile (a client that reads
    /// while it sends).
    async fn while_reading<T>(&mut self, work: impl Future<Output = T>) -> T {
        tokio::pin!(work);
        loop {
            tokio::select! {
                done = &mut work => return done,
                () = self.read_one(), if !self.closed => {}
            }
        }
    }

    fn text(&self) -> String {
        self.emulator.screen().contents()
    }
}

/// One person at a table: the channel they type into, and their screen.
struct Player {
    session: Handle<Trusting>,
    keys: ChannelWriteHalf<client::Msg>,
    screen: Screen,
}

impl Player {
    /// `user` from 127.0.0.1 at a table of `columns` x `rows`, once it is drawn.
    async fn sit(server: &Server, user: &str, columns: u16, rows: u16) -> Player {
        Player::sit_from(HOME, server, user, columns, rows).await
    }

    async fn sit_from(source: IpAddr, server: &Server, user: &str, columns: u16, rows: u16) -> Player {
        let stream = tcp_from(source, server).await.expect("connects");
        let session = log_in(stream, user).await.expect("logs in");
        Player::sit_over(session, &server.code, (columns.into(), rows.into()), (columns, rows)).await
    }

    /// At a table over `session`, claiming a terminal of `claimed` columns
    /// and rows and reading the screen in one of `seen`.
    async fn sit_over(session: Handle<Trusting>, code: &str, claimed: (u32, u32), seen: (u16, u16)) -> Player {
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(false, "xterm-256color", claimed.0, claimed.1, 0, 0, &[]).await.unwrap();
        channel.exec(false, format!("join {code}")).await.unwrap();
        let (reader, keys) = channel.split();
        let mut player = Player { session, keys, screen: Screen::new(reader, seen.0, seen.1) };
        assert!(player.screen.read_until(shows_the_table).await, "{}", player.screen.text());
        player
    }

    async fn press(&self, keys: &[u8]) {
        self.keys.data(keys).await.expect("the channel takes keys");
    }

    /// Keys still reach the table and its screen still changes: `?` opens
    /// the help window and Esc closes it.
    async fn is_served(&mut self) -> bool {
        self.press(b"?").await;
        if !self.screen.read_until(shows_help).await {
            return false;
        }
        self.press(b"\x1b").await;
        self.screen.read_until(|screen| !shows_help(screen)).await
    }

    /// As [`Player::is_served`], after Esc has closed any window earlier
    /// keys opened, pressing again while a key may have been dropped
    /// (beyond the input rate, or while the input queue was full), at a
    /// person's pace so that each key stands alone.
    async fn is_served_again(&mut self) -> bool {
        let pace = Duration::from_millis(100);
        let pressing = async {
            for (keys, open) in [(&[&b"\x1b"[..], b"?"][..], true), (&[b"\x1b"], false)] {
                loop {
                    for key in keys {
                        self.press(key).await;
                        tokio::time::sleep(pace).await;
                    }
                    let shown = self.screen.read_until(|screen| shows_help(screen) == open);
                    if tokio::time::timeout(Duration::from_secs(1), shown).await.unwrap_or(false) {
                        break;
                    }
                    if self.screen.closed {
                        return false;
                    }
                }
            }
            true
        };
        tokio::time::timeout(PATIENCE, pressing).await.unwrap_or(false)
    }
}

/// `served` run over and over until `done` is set, at least once; false as
/// soon as one run is.
async fn served_throughout(done: &AtomicBool, mut served: impl AsyncFnMut() -> bool) -> bool {
    loop {
        if !served().await {
            return false;
        }
        if done.load(Ordering::SeqCst) {
            return true;
        }
    }
}

/// The highest of the values seen.
#[derive(Default)]
struct Most(AtomicU64);

impl Most {
    fn see(&self, value: u64) {
        self.0.fetch_max(value, Ordering::SeqCst);
    }

    fn get(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

#[tokio::test]
async fn a_flood_of_keys_leaves_the_other_player_served_and_memory_bounded() {
    let mut server = measured("flood");
    let mut alice = Player::sit(&server, "alice", 80, 24).await;
    let mut flooder = Player::sit(&server, "flooder", 80, 24).await;
    // Megabytes of cursor keys and keys the table ignores, as fast as SSH carries them.
    let flood: Vec<u8> = b"\x1b[D\x1b[Cxz".iter().copied().cycle().take(16 << 20).collect();
    let (done, resident) = (AtomicBool::new(false), Most::default());
    let Player { keys, screen, .. } = &mut flooder;
    let flooding = screen.while_reading(async {
        for chunk in flood.chunks(32 * 1024) {
            keys.data(chunk).await.expect("the flooding session stays open");
        }
        done.store(true, Ordering::SeqCst);
    });
    let others = served_throughout(&done, async || {
        resident.see(resident_kib(&server));
        alice.is_served().await
    });
    let ((), served) = tokio::join!(flooding, others);
    assert!(served, "alice's table stopped answering during the flood:\n{}", alice.screen.text());
    assert!(flooder.is_served_again().await, "the flooder's own table stopped:\n{}", flooder.screen.text());
    assert!(resident.get() < RESIDENT_BOUND_KIB, "the server held {} KiB during the flood", resident.get());
    server.assert_unhurt();
}

#[tokio::test]
async fn a_flood_of_window_changes_leaves_the_other_player_served_and_the_server_bounded() {
    let mut server = measured("resize-flood");
    let mut alice = Player::sit(&server, "alice", 80, 24).await;
    let mut resizer = Player::sit(&server, "resizer", 80, 24).await;
    let threads_before = server.status("Threads");
    let (done, resident, threads) = (AtomicBool::new(false), Most::default(), Most::default());
    let Player { keys, screen, .. } = &mut resizer;
    let flooding = screen.while_reading(async {
        // Tiny screens, so the table draws fast and little, and only the flood costs.
        for i in 0..200_000 {
            keys.window_change(1 + i % 2, 1, 0, 0).await.expect("the resizing session stays open");
        }
        keys.window_change(80, 24, 0, 0).await.unwrap();
        done.store(true, Ordering::SeqCst);
    });
    let others = served_throughout(&done, async || {
        resident.see(resident_kib(&server));
        threads.see(server.status("Threads"));
        alice.is_served().await
    });
    let ((), served) = tokio::join!(flooding, others);
    assert!(served, "alice's table stopped answering during the flood:\n{}", alice.screen.text());
    assert!(threads.get() < threads_before + 16, "{threads_before} threads became {}", threads.get());
    assert!(resident.get() < RESIDENT_BOUND_KIB, "the server held {} KiB during the flood", resident.get());
    // The last size counts: the table is drawn whole at 80x24 again.
    assert!(resizer.is_served_again().await, "{}", resizer.screen.text());
    let text = resizer.screen.text();
    assert!(text.contains("Hand 1") && text.contains("North ·") && text.contains("You ·"), "{text}");
    server.assert_unhurt();
}

/// Hints are searches, worked out off the table's thread on a bounded
/// pool, one at a time for a person: a flood of `i` neither holds up the
/// table nor starts threads.
#[tokio::test]
async fn a_flood_of_hint_keys_leaves_the_other_player_at_the_table_served_and_the_threads_bounded() {
    let mut server = measured("hint-flood");
    let mut alice = Player::sit(&server, "alice", 80, 24).await;
    let mut asker = Player::sit(&server, "asker", 80, 24).await;
    let threads_before = server.status("Threads");
    let flood = vec![b'i'; 1 << 20];
    let (done, threads) = (AtomicBool::new(false), Most::default());
    let Player { keys, screen, .. } = &mut asker;
    let flooding = screen.while_reading(async {
        for chunk in flood.chunks(32 * 1024) {
            keys.data(chunk).await.expect("the asking session stays open");
        }
        done.store(true, Ordering::SeqCst);
    });
    let others = served_throughout(&done, async || {
        threads.see(server.status("Threads"));
        alice.is_served().await
    });
    let ((), served) = tokio::join!(flooding, others);
    assert!(served, "alice's table stopped answering during the flood:\n{}", alice.screen.text());
    assert!(threads.get() < threads_before + 16, "{threads_before} threads became {}", threads.get());
    assert!(asker.is_served_again().await, "the asker's own table stopped:\n{}", asker.screen.text());
    server.assert_unhurt();
}

/// Pseudo-random bytes (xorshift), the same every run.
fn garbage(length: usize) -> Vec<u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    std::iter::repeat_with(|| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state.to_le_bytes()[0]
    })
    .take(length)
    .collect()
}

/// Reads until the server closes (or resets) the connection.
async fn closed_by_the_server(stream: &mut (impl AsyncRead + Unpin)) -> bool {
    let mut buffer = [0; 4096];
    let reading = async { while stream.read(&mut buffer).await.is_ok_and(|n| n > 0) {} };
    tokio::time::timeout(PATIENCE, reading).await.is_ok()
}

#[tokio::test]
async fn stalled_handshakes_leave_the_other_player_served() {
    let mut server = measured("stalled");
    // A whole address's worth: some say nothing, some stop after the
    // version line, some in the middle of the first packet.
    let stops: [&[u8]; 3] = [b"", b"SSH-2.0-stalled\r\n", b"SSH-2.0-stalled\r\n\x00\x00\x01"];
    let mut stalled = Vec::new();
    for stop in stops.iter().cycle().take(MAX_PER_ADDRESS) {
        let mut stream = tcp_from(ELSEWHERE, &server).await.unwrap();
        stream.write_all(stop).await.unwrap();
        stalled.push(stream);
    }
    // The server took each of them: it greets each with its version line.
    for stream in &mut stalled {
        let mut greeting = [0; 8];
        stream.read_exact(&mut greeting).await.unwrap();
        assert_eq!(&greeting, b"SSH-2.0-");
    }
    let mut alice = Player::sit(&server, "alice", 80, 24).await;
    assert!(alice.is_served().await, "{}", alice.screen.text());
    let mut bob = Player::sit(&server, "bob", 80, 24).await;
    assert!(bob.is_served().await, "{}", bob.screen.text());
    assert!(alice.is_served().await, "{}", alice.screen.text());
    server.assert_unhurt();
}

#[tokio::test]
async fn garbage_instead_of_a_handshake_is_closed_and_the_other_player_served() {
    let mut server = measured("garbage");
    let mut alice = Player::sit(&server, "alice", 80, 24).await;
    for version in [&b""[..], b"SSH-2.0-garbage\r\n"] {
        // (A few bytes and then nothing is a stalled handshake, closed at the login time.)
        for length in [4096, 1 << 20] {
            let mut stream = tcp_from(ELSEWHERE, &server).await.unwrap();
            let (mut from_server, mut to_server) = stream.split();
            let sending = [version, &garbage(length)].concat();
            // The server may close before it has taken it all.
            let writing = tokio::time::timeout(PATIENCE, to_server.write_all(&sending));
            let (_, closed) = tokio::join!(writing, closed_by_the_server(&mut from_server));
            assert!(closed, "{length} bytes of garbage after {version:?} were kept open");
            assert!(alice.is_served().await, "{}", alice.screen.text());
        }
    }
    server.assert_unhurt();
}

#[tokio::test]
async fn a_huge_window_is_clamped_and_the_other_player_served() {
    let mut server = measured("huge");
    let mut alice = Player::sit(&server, "alice", 80, 24).await;
    let session = log_in(tcp_from(HOME, &server).await.unwrap(), "huge").await.unwrap();
    // One row and column more than the clamp, to see that nothing is drawn there.
    let seen = (MAX_COLUMNS + 1, MAX_ROWS + 1);
    let mut huge = Player::sit_over(session, &server.code, (65535, 65535), seen).await;
    assert!(alice.is_served().await, "{}", alice.screen.text());
    // Window changes as huge and as empty as can be said, the last one huge.
    let Player { keys, screen, .. } = &mut huge;
    screen
        .while_reading(async {
            for (columns, rows) in [(u32::MAX, u32::MAX), (0, 0)].into_iter().cycle().take(20) {
                keys.window_change(columns, rows, 0, 0).await.unwrap();
            }
            keys.window_change(65535, 65535, 0, 0).await.unwrap();
        })
        .await;
    assert!(alice.is_served().await, "{}", alice.screen.text());
    assert!(huge.is_served_again().await, "{}", huge.screen.text());
    let screen = huge.screen.emulator.screen();
    let drawn = |row: u16, column: u16| screen.cell(row, column).is_some_and(|cell| !cell.contents().trim().is_empty());
    assert!((0..=MAX_COLUMNS).all(|column| !drawn(MAX_ROWS, column)), "a row beyond the clamp was drawn");
    assert!((0..=MAX_ROWS).all(|row| !drawn(row, MAX_COLUMNS)), "a column beyond the clamp was drawn");
    assert!((0..MAX_COLUMNS).any(|column| drawn(MAX_ROWS - 1, column)), "the last row is the table's");
    assert!(resident_kib(&server) < RESIDENT_BOUND_KIB);
    server.assert_unhurt();
}

/// Carries one connection to the server and back until told to hold; from
/// then on it takes what the server sends and delivers none of it, as a
/// client that stopped reading.
struct Relay {
    address: SocketAddr,
    holding: Arc<AtomicBool>,
    held: Arc<AtomicUsize>,
    /// The server closed its side.
    ended: Arc<AtomicBool>,
}

impl Relay {
    async fn start(server: &Server) -> Relay {
        let listener = TcpListener::bind((HOME, 0)).await.unwrap();
        let relay = Relay {
            address: listener.local_addr().unwrap(),
            holding: Arc::default(),
            held: Arc::default(),
            ended: Arc::default(),
        };
        let (holding, held, ended, upstream) =
            (Arc::clone(&relay.holding), Arc::clone(&relay.held), Arc::clone(&relay.ended), server.address());
        tokio::spawn(async move {
            let (client, _) = listener.accept().await.unwrap();
            let (mut client_read, mut client_write) = client.into_split();
            let (mut server_read, mut server_write) = TcpStream::connect(upstream).await.unwrap().into_split();
            tokio::spawn(async move { tokio::io::copy(&mut client_read, &mut server_write).await });
            let mut buffer = vec![0; 64 * 1024];
            while let Ok(read @ 1..) = server_read.read(&mut buffer).await {
                if holding.load(Ordering::SeqCst) {
                    held.fetch_add(read, Ordering::SeqCst);
                } else if client_write.write_all(&buffer[..read]).await.is_err() {
                    break;
                }
            }
            ended.store(true, Ordering::SeqCst);
        });
        relay
    }
}

#[tokio::test]
async fn a_client_that_never_reads_is_disconnected_and_the_other_player_goes_on() {
    let mut server = measured("never-reads");
    let mut alice = Player::sit(&server, "alice", 80, 24).await;
    let relay = Relay::start(&server).await;
    let session = log_in(TcpStream::connect(relay.address).await.unwrap(), "sleeper").await.unwrap();
    // The largest screen, so each redraw is large.
    let sleeper =
        Player::sit_over(session, &server.code, (MAX_COLUMNS.into(), MAX_ROWS.into()), (MAX_COLUMNS, MAX_ROWS)).await;
    relay.holding.store(true, Ordering::SeqCst);
    // It keeps asking for whole redraws, its terminal a column narrower
    // and wider again, and reads none of them. (Keys would do too, but a
    // client that reads nothing also never learns it may send more keys.)
    let resident = Most::default();
    let resizing = async {
        let mut changes = 0;
        while !relay.ended.load(Ordering::SeqCst) {
            let columns = u32::from(MAX_COLUMNS) - changes % 2;
            let _ = sleeper.keys.window_change(columns, MAX_ROWS.into(), 0, 0).await;
            changes += 1;
            tokio::task::yield_now().await;
        }
        changes
    };
    let others = served_throughout(&relay.ended, async || {
        resident.see(resident_kib(&server));
        alice.is_served().await
    });
    let Ok((_, served)) = tokio::time::timeout(PATIENCE, async { tokio::join!(resizing, others) }).await else {
        panic!("the client that never reads was never disconnected ({} bytes held)", relay.held.load(Ordering::SeqCst));
    };
    assert!(served, "alice's table stopped answering:\n{}", alice.screen.text());
    assert!(alice.is_served().await, "{}", alice.screen.text());
    assert!(resident.get() < RESIDENT_BOUND_KIB, "the server held {} KiB", resident.get());
    server.assert_unhurt();
}

#[tokio::test]
async fn the_ninth_connection_from_one_address_is_refused_and_the_first_eight_keep_working() {
    let mut server = measured("ninth");
    let mut players = Vec::new();
    for n in 0..MAX_PER_ADDRESS {
        players.push(Player::sit(&server, &format!("p{n}"), 80, 24).await);
    }
    let ninth = log_in(tcp_from(HOME, &server).await.unwrap(), "ninth");
    let refused = tokio::time::timeout(PATIENCE, ninth).await.expect("the ninth is answered");
    assert!(refused.is_err(), "a ninth connection from one address got in");
    // Another address has places of its own.
    let mut elsewhere = Player::sit_from(ELSEWHERE, &server, "elsewhere", 80, 24).await;
    assert!(elsewhere.is_served().await, "{}", elsewhere.screen.text());
    for player in &mut players {
        assert!(player.is_served().await, "{}", player.screen.text());
    }
    // One leaves, and its place is given back.
    let first = players.remove(0);
    first.session.disconnect(Disconnect::ByApplication, "", "").await.unwrap();
    drop(first);
    let coming_back = async {
        loop {
            if let Ok(session) = log_in(tcp_from(HOME, &server).await.unwrap(), "again").await {
                return Player::sit_over(session, &server.code, (80, 24), (80, 24)).await;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    let mut again = tokio::time::timeout(PATIENCE, coming_back).await.expect("the place is given back");
    assert!(again.is_served().await, "{}", again.screen.text());
    server.assert_unhurt();
}

#[tokio::test]
async fn typed_escape_sequences_never_come_back_raw_and_keys_after_them_still_work() {
    let mut server = measured("typed");
    let mut alice = Player::sit(&server, "alice", 80, 24).await;
    let mut mallory = Player::sit(&server, "mallory", 80, 24).await;
    let typed: [&[u8]; 8] = [
        b"\x1b]0;pwned\x07",                              // OSC: the window title
        b"\x1b]52;c;cHduZWQ=\x1b\\",                      // OSC 52: the clipboard
        b"\x1b[200~\x1b]0;pasted\x07rm -rf ~\r\x1b[201~", // a bracketed paste
        b"\x1bP+q544e\x1b\\",                             // DCS: a termcap query
        "\u{9b}6n\u{9d}0;c1\u{7}".as_bytes(),             // C1 controls, as UTF-8
        b"\x1b[6n\x1b[c\x05\x00\x7f\x1b[999;999H\x1b[2J", // reports, ENQ, NUL, moves
        b"\xff\xfe\xc0\xaf\xed\xa0\x80",                  // not UTF-8 at all
        b"\x1b]2;never ends",                             // an OSC without its end
    ];
    for bytes in typed {
        mallory.press(bytes).await;
    }
    assert!(mallory.is_served_again().await, "keys after the garbage were lost:\n{}", mallory.screen.text());
    assert!(alice.is_served().await, "{}", alice.screen.text());
    for (who, sent) in [("mallory", &mallory.screen.sent), ("alice", &alice.screen.sent)] {
        let sent = String::from_utf8_lossy(sent);
        for raw in [
            "pwned",
            "cHduZWQ",
            "pasted",
            "rm -rf",
            "+q544e",
            "never ends",
            "0;c1",
            "\u{7}",
            "\u{5}",
            "\u{9b}",
            "\u{9d}",
        ] {
            assert!(!sent.contains(raw), "{raw:?} reached {who}'s terminal");
        }
    }
    server.assert_unhurt();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_takes_32_watchers_and_the_next_is_sent_to_the_lobby_told_why() {
    let server = Server::start("serve_limits", "watchers", &[]);
    /// A watcher of the server's table, from a network of their own (`n`), with their screen.
    async fn watcher(server: &Server, n: u8) -> (Handle<Trusting>, Screen) {
        let stream = tcp_from(IpAddr::V4(Ipv4Addr::new(127, 40, n, 1)), server).await.unwrap();
        let session = log_in(stream, &format!("w{n}")).await.unwrap();
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(false, "xterm-256color", 80, 24, 0, 0, &[]).await.unwrap();
        channel.exec(false, format!("watch {}", server.code)).await.unwrap();
        let (reader, _keys) = channel.split();
        (session, Screen::new(reader, 80, 24))
    }
    let mut watching = Vec::new();
    for n in 0..32 {
        let (session, mut screen) = watcher(&server, n).await;
        assert!(screen.read_until(|screen| screen.contents().contains("you are watching")).await, "{}", screen.text());
        watching.push(session);
    }
    let (_session, mut late) = watcher(&server, 32).await;
    let told = format!("Table {} has 32 people watching, the most it takes", server.code);
    assert!(late.read_until(|screen| screen.contents().contains(&told)).await, "{}", late.text());
    assert!(late.text().contains("Tables (1)"), "not in the lobby: {}", late.text());
    // One watcher going makes room for the next.
    drop(watching.pop());
    let (_session, mut next) = watcher(&server, 33).await;
    assert!(next.read_until(|screen| screen.contents().contains("you are watching")).await, "{}", next.text());
}
