//! `hearts serve` at its edge, as an attacker finds it: the real binary,
//! started as a daemon would be, met by russh clients, OpenSSH's `ssh` and
//! raw sockets from many loopback addresses (Linux routes all of
//! 127.0.0.0/8 to `lo`).

mod common;

use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::PublicKeyOrCertificate;
use tokio::net::{TcpSocket, TcpStream};

use common::serve::{Launch, Server};

/// The bound on anything a test waits for; only a broken server reaches it.
const PATIENCE: Duration = Duration::from_secs(60);

/// The binary started for one test, stopped when dropped.
fn measured(name: &str) -> Server {
    Server::launch("serve_edge", name, &Launch::default())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hearts-serve-edge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A client that trusts any host key (the test has just seen it made).
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Logs in to an open server as `user`: it asks for a key first, then lets
/// a client without one in with no prompt.
async fn let_in(session: &mut Handle<Trusting>, user: &str) -> Result<bool, russh::Error> {
    let login = session.authenticate_keyboard_interactive_start(user, None).await?;
    Ok(matches!(login, client::KeyboardInteractiveAuthResponse::Success))
}

/// Loopback address 127.N.M.1, one of many this machine has: each in a
/// /24 of its own, as people on the internet are in networks of their own.
fn loopback(n: u8, m: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, n, m, 1))
}

/// A TCP connection to the server from `source`.
async fn tcp_from(source: IpAddr, server: &Server) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(source, 0))?;
    socket.connect(server.address()).await
}

/// SSH from `source`, logged in as `user` (the server is open to anyone).
async fn log_in_from(source: IpAddr, server: &Server, user: &str) -> Result<Handle<Trusting>, russh::Error> {
    let stream = tcp_from(source, server).await?;
    let mut session = client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await?;
    assert!(let_in(&mut session, user).await?, "an open server lets anyone in");
    Ok(session)
}

/// A person's channel and what it has shown them.
struct Screen {
    channel: russh::Channel<client::Msg>,
    emulator: vt100::Parser,
    closed: bool,
    exit_status: Option<u32>,
}

impl Screen {
    /// A session channel on `session` with an 80x24 terminal running
    /// `command` (the lobby when `None`).
    async fn open(session: &Handle<Trusting>, command: Option<&str>) -> Screen {
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(false, "xterm-256color", 80, 24, 0, 0, &[]).await.unwrap();
        match command {
            Some(command) => channel.exec(false, command).await.unwrap(),
            None => channel.request_shell(false).await.unwrap(),
        }
        let size = |n: u16| std::num::NonZero::new(n).unwrap();
        Screen { channel, emulator: vt100::Parser::new(size(24), size(80), 0), closed: false, exit_status: None }
    }

    fn text(&self) -> String {
        self.emulator.screen().contents()
    }

    /// Reads until `done` holds for the screen's text; false if the
    /// channel closed first.
    async fn until(&mut self, done: impl Fn(&str) -> bool) -> bool {
        let reading = async {
            while !done(&self.text()) && !self.closed {
                match self.channel.wait().await {
                    Some(ChannelMsg::Data { data }) => self.emulator.process(&data),
                    Some(ChannelMsg::ExitStatus { exit_status }) => self.exit_status = Some(exit_status),
                    Some(ChannelMsg::Close) | None => self.closed = true,
                    Some(_) => {}
                }
            }
        };
        let _ = tokio::time::timeout(PATIENCE, reading).await;
        done(&self.text())
    }

    async fn press(&self, keys: &str) {
        self.channel.data(keys.as_bytes()).await.expect("the channel takes keys");
    }

    async fn resize(&mut self, columns: u16, rows: u16) {
        self.channel.window_change(columns.into(), rows.into(), 0, 0).await.unwrap();
        let size = |n: u16| std::num::NonZero::new(n).unwrap();
        self.emulator.screen_mut().set_size(size(rows), size(columns));
    }
}

fn in_lobby(text: &str) -> bool {
    text.contains("Tables (")
}

fn at_table(text: &str) -> bool {
    text.contains("Hand 1")
}

#[tokio::test]
async fn a_daemon_without_a_terminal_runs_no_program_on_resizes_and_moves() {
    let bin = scratch("fake-tput-bin");
    let calls = bin.join("calls");
    let tput = bin.join("tput");
    let mut script = std::fs::File::create(&tput).unwrap();
    writeln!(script, "#!/bin/sh\necho \"tput $*\" >> '{}'\necho 80", calls.display()).unwrap();
    drop(script);
    std::fs::set_permissions(&tput, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let launch = Launch { setsid: true, path_first: Some(bin.clone()), ..Launch::default() };
    let mut server = Server::launch("serve_edge", "no-program", &launch);
    let session = log_in_from(loopback(0, 1), &server, "daemon").await.unwrap();
    let mut screen = Screen::open(&session, None).await;
    for round in 0..6u16 {
        assert!(screen.until(in_lobby).await, "round {round}: {}", screen.text());
        screen.resize(80 + round, 24 + round).await;
        // Enter sits at the table under the cursor, the one opened at start.
        screen.press("\r").await;
        assert!(screen.until(at_table).await, "round {round}: {}", screen.text());
        screen.resize(100 + round, 30).await;
        screen.resize(81, 25).await;
        assert!(screen.until(at_table).await, "{}", screen.text());
        // Ctrl-C leaves the table for the lobby.
        screen.press("\x03").await;
    }
    assert!(screen.until(in_lobby).await, "{}", screen.text());
    let ran = std::fs::read_to_string(&calls).unwrap_or_default();
    assert_eq!(ran, "", "the server ran programs");
    server.assert_unhurt();
    let _ = std::fs::remove_dir_all(&bin);
}

/// The permission bits of a file.
fn mode(path: &Path) -> u32 {
    std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(path).unwrap().permissions()) & 0o777
}

#[tokio::test]
async fn the_data_directory_and_every_file_in_it_are_the_owners_only() {
    // A data directory from an older server, open to everyone.
    let dir = scratch("modes");
    let data = dir.join("hearts");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("games.jsonl"), "").unwrap();
    for (path, open) in [(&data, 0o755), (&data.join("games.jsonl"), 0o644)] {
        std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(open)).unwrap();
    }
    let mut server = Server::launch_in(dir, &Launch::default());
    // A person sits down, so the tables and seats are written through the WAL.
    let session = log_in_from(loopback(0, 1), &server, "alice").await.unwrap();
    let mut screen = Screen::open(&session, Some(&format!("join {}", server.code))).await;
    assert!(screen.until(at_table).await, "{}", screen.text());
    let files: Vec<PathBuf> = std::fs::read_dir(server.data()).unwrap().map(|entry| entry.unwrap().path()).collect();
    let names: Vec<String> =
        files.iter().map(|file| file.file_name().unwrap().to_string_lossy().into_owned()).collect();
    for expected in ["server.sqlite3", "server.sqlite3-wal", "server.sqlite3-shm", "ssh_host_ed25519_key", "serve.lock"]
    {
        assert!(names.iter().any(|name| name == expected), "no {expected} among {names:?}");
    }
    assert_eq!(mode(&server.data()), 0o700, "the data directory");
    for file in &files {
        assert_eq!(mode(file), 0o600, "{}", file.display());
    }
    server.assert_unhurt();
}

#[test]
fn a_second_server_on_the_same_data_directory_is_refused_and_the_first_serves_on() {
    let mut first = measured("two");
    let mut second = Command::new(env!("CARGO_BIN_EXE_hearts"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .env("XDG_DATA_HOME", &first.dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while second.try_wait().unwrap().is_none() && started.elapsed() < PATIENCE {
        std::thread::sleep(Duration::from_millis(20));
    }
    // A second server still serving is stopped, and fails the test below.
    let _ = second.kill();
    let second = second.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&second.stderr);
    let expected = format!("another hearts serve uses {} (process {})", first.data().display(), first.pid());
    assert!(said.contains(&expected), "{said}");
    assert_eq!(second.status.code(), Some(2), "{said}");
    assert!(String::from_utf8_lossy(&second.stdout).is_empty(), "the second server said it listens");
    first.assert_unhurt();
    // Once the first is gone, even killed, the directory is free: the lock went with it.
    let mut first = first.relaunched(&Launch::default());
    assert_ne!(first.port, 0);
    first.assert_unhurt();
}

/// OpenSSH's `ssh` as a person runs it, from `source` to the server on
/// `port`, trusting the new host key: `ssh -tt -p PORT USER@127.0.0.1 COMMAND...`. Its exit status,
/// standard output and standard error.
fn openssh(port: u16, source: IpAddr, user: &str, command: &[&str]) -> std::process::Output {
    let port = port.to_string();
    let source = source.to_string();
    // Not BatchMode nor NumberOfPasswordPrompts=0: either makes OpenSSH skip keyboard-interactive, by which an open server lets in a client without a key.
    let options = ["StrictHostKeyChecking=no", "UserKnownHostsFile=/dev/null", "ConnectTimeout=60"];
    let mut ssh = Command::new("ssh");
    ssh.args(["-F", "/dev/null", "-tt", "-p", &port, "-b", &source]);
    for option in options {
        ssh.args(["-o", option]);
    }
    ssh.arg(format!("{user}@127.0.0.1")).args(command).stdin(Stdio::null()).output().expect("ssh runs")
}

#[test]
fn a_mistyped_command_gets_one_sentence_and_status_2_through_openssh() {
    let mut server = measured("mistyped");
    let out = openssh(server.port, loopback(0, 1), "joni", &["joni", "W6HZ"]);
    let (said, complained) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let sentence = "hearts: unknown command `joni`; the commands are join CODE, watch CODE, plain (the line mode) and help (did you mean join?)";
    assert_eq!(said.trim_end(), sentence, "stderr: {complained}");
    assert!(!complained.contains("request failed"), "{complained}");
    assert_eq!(out.status.code(), Some(2), "{said} {complained}");
    server.assert_unhurt();
}

/// Codes that name no table: the alphabet's letters, none of them digits,
/// where the server's codes are four or ten letters and digits.
fn wrong_code(n: usize) -> String {
    format!("ZZZ{}", char::from(b'A' + (n % 26) as u8))
}

#[tokio::test]
async fn codes_typed_in_the_lobby_are_answered_a_few_at_a_time() {
    let mut server = measured("lobby-codes");
    let session = log_in_from(loopback(0, 1), &server, "guesser").await.unwrap();
    let mut screen = Screen::open(&session, None).await;
    assert!(screen.until(in_lobby).await, "{}", screen.text());
    let mut answered = 0;
    let told_to_wait = |text: &str| text.contains("Too many wrong codes: wait");
    // As fast as the lobby answers: each code typed in the code field.
    for n in 0..20 {
        screen.press("j").await;
        assert!(screen.until(|text| text.contains("Join a table")).await, "{}", screen.text());
        screen.press(&format!("{}\r", wrong_code(n))).await;
        let code = wrong_code(n);
        let answer = |text: &str| text.contains(&format!("There is no table {code}")) || told_to_wait(text);
        assert!(screen.until(answer).await, "{}", screen.text());
        if told_to_wait(&screen.text()) {
            break;
        }
        answered += 1;
    }
    assert_eq!(answered, 5, "wrong codes answered before the wait");
    // While it waits, even the right code is not looked up.
    screen.press(&format!("j{}\r", server.code)).await;
    assert!(screen.until(told_to_wait).await, "{}", screen.text());
    assert!(in_lobby(&screen.text()), "{}", screen.text());
    server.assert_unhurt();
}

#[tokio::test]
async fn codes_on_the_command_line_are_answered_a_few_at_a_time_per_address() {
    let mut server = measured("command-codes");
    let guesser = loopback(0, 7);
    let mut answers = Vec::new();
    for n in 0..12 {
        let session = log_in_from(guesser, &server, "guesser").await.unwrap();
        let mut screen = Screen::open(&session, Some(&format!("join {}", wrong_code(n)))).await;
        assert!(screen.until(|text| text.contains("hearts: ")).await, "{}", screen.text());
        answers.push(screen.text());
    }
    let wrong = answers.iter().filter(|text| text.contains("there is no table")).count();
    assert_eq!(wrong, 10, "{answers:#?}");
    assert!(
        answers[10..].iter().all(|text| text.contains("too many wrong table codes from here; wait")),
        "{answers:#?}"
    );
    // The right code from there waits too; from elsewhere it is taken.
    let session = log_in_from(guesser, &server, "guesser").await.unwrap();
    let mut waiting = Screen::open(&session, Some(&format!("join {}", server.code))).await;
    assert!(waiting.until(|text| text.contains("too many wrong table codes")).await, "{}", waiting.text());
    let session = log_in_from(loopback(0, 8), &server, "friend").await.unwrap();
    let mut friend = Screen::open(&session, Some(&format!("join {}", server.code))).await;
    assert!(friend.until(at_table).await, "{}", friend.text());
    server.assert_unhurt();
}

#[tokio::test]
async fn a_private_table_has_a_long_code_that_lets_people_join() {
    let mut server = measured("private");
    let session = log_in_from(loopback(0, 1), &server, "host").await.unwrap();
    let mut screen = Screen::open(&session, None).await;
    assert!(screen.until(in_lobby).await, "{}", screen.text());
    // The new-table window: up five lines from the first is "Lobby: listed"; Right makes it private.
    screen.press("n").await;
    assert!(screen.until(|text| text.contains("New table")).await, "{}", screen.text());
    screen.press("\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A\x1b[C").await;
    assert!(screen.until(|text| text.contains("private: join by code")).await, "{}", screen.text());
    screen.press("\r").await;
    assert!(screen.until(at_table).await, "{}", screen.text());
    let tables = hearts::serve::store::Store::open_in(&server.data()).unwrap().tables().unwrap();
    let private: Vec<&str> = tables.iter().filter(|table| !table.listed).map(|table| table.code.as_str()).collect();
    let [code] = private[..] else { panic!("private tables: {private:?}") };
    let alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    assert!(code.len() == 10 && code.chars().all(|c| alphabet.contains(c)), "{code}");
    let session = log_in_from(loopback(0, 2), &server, "friend").await.unwrap();
    let mut friend = Screen::open(&session, Some(&format!("join {code}"))).await;
    assert!(friend.until(|text| text.contains("Welcome, friend")).await, "{}", friend.text());
    server.assert_unhurt();
}

/// Carries one client's connection to the server, from `source`; while
/// paused it takes what the server sends and keeps it, delivering none:
/// a client that has stopped reading, as the server sees it (its SSH
/// window fills). Unpaused, it delivers what it kept, and goes on.
struct Relay {
    address: SocketAddr,
    paused: Arc<std::sync::atomic::AtomicBool>,
    /// The server closed its side.
    ended: Arc<std::sync::atomic::AtomicBool>,
    /// Bytes the server sent through it.
    carried: Arc<std::sync::atomic::AtomicUsize>,
}

impl Relay {
    async fn start(server: &Server, source: IpAddr) -> Relay {
        use std::sync::atomic::Ordering::SeqCst;
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await.unwrap();
        let relay = Relay {
            address: listener.local_addr().unwrap(),
            paused: Arc::default(),
            ended: Arc::default(),
            carried: Arc::default(),
        };
        let (paused, ended, carried) =
            (Arc::clone(&relay.paused), Arc::clone(&relay.ended), Arc::clone(&relay.carried));
        let upstream = tcp_from(source, server).await.unwrap();
        tokio::spawn(async move {
            let (client, _) = listener.accept().await.unwrap();
            let (mut client_read, mut client_write) = client.into_split();
            let (mut server_read, mut server_write) = upstream.into_split();
            tokio::spawn(async move { tokio::io::copy(&mut client_read, &mut server_write).await });
            let (mut buffer, mut kept) = (vec![0; 64 * 1024], Vec::new());
            loop {
                // Waking now and then, so that what was kept goes once unpaused.
                match tokio::time::timeout(Duration::from_millis(20), server_read.read(&mut buffer)).await {
                    Ok(Ok(0) | Err(_)) => break,
                    Ok(Ok(read)) => {
                        carried.fetch_add(read, SeqCst);
                        kept.extend_from_slice(&buffer[..read]);
                    }
                    Err(_) => {}
                }
                if !paused.load(SeqCst)
                    && !kept.is_empty()
                    && client_write.write_all(&std::mem::take(&mut kept)).await.is_err()
                {
                    break;
                }
            }
            ended.store(true, SeqCst);
        });
        relay
    }

    fn pause(&self, paused: bool) {
        self.paused.store(paused, std::sync::atomic::Ordering::SeqCst);
    }

    fn ended(&self) -> bool {
        self.ended.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Logs in as `user` through `relay` and opens `command` on a terminal of
/// `columns` x `rows`, taking at most `window` bytes unread (russh's
/// default, as OpenSSH's, is 2 MiB).
async fn through(
    relay: &Relay,
    user: &str,
    command: &str,
    (columns, rows): (u16, u16),
    window: u32,
) -> (Handle<Trusting>, Screen) {
    let stream = TcpStream::connect(relay.address).await.unwrap();
    let config = client::Config { window_size: window, ..client::Config::default() };
    let mut session = client::connect_stream(Arc::new(config), stream, Trusting).await.unwrap();
    assert!(let_in(&mut session, user).await.unwrap());
    let channel = session.channel_open_session().await.unwrap();
    channel.request_pty(false, "xterm-256color", columns.into(), rows.into(), 0, 0, &[]).await.unwrap();
    channel.exec(false, command).await.unwrap();
    let size = |n: u16| std::num::NonZero::new(n).unwrap();
    let screen = Screen {
        channel,
        emulator: vt100::Parser::new(size(rows), size(columns), 0),
        closed: false,
        exit_status: None,
    };
    (session, screen)
}

/// The help window is open (`?` opens it, Esc closes it).
fn shows_help(text: &str) -> bool {
    text.contains("Keys")
}

#[tokio::test]
async fn a_slow_reader_is_kept_and_sees_the_current_screen_when_it_reads_again() {
    let mut server = measured("slow-reader");
    let relay = Relay::start(&server, loopback(0, 3)).await;
    let (_session, mut slow) = through(&relay, "slow", &format!("join {}", server.code), (320, 120), 2 << 20).await;
    assert!(slow.until(at_table).await, "{}", slow.text());
    relay.pause(true);
    // Whole redraws, a column narrower and wider again, none of them read:
    // far more than its SSH window and the old 4 MiB of queued screens.
    for change in 0..400u32 {
        slow.channel.window_change(320 - change % 2, 120, 0, 0).await.unwrap();
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // The last size is one the screen has not had.
    slow.channel.window_change(200, 50, 0, 0).await.unwrap();
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(!relay.ended(), "the slow reader was let go");
    let sent_while_paused = relay.carried.load(std::sync::atomic::Ordering::SeqCst);
    relay.pause(false);
    slow.emulator.screen_mut().set_size(std::num::NonZero::new(50).unwrap(), std::num::NonZero::new(200).unwrap());
    // What it reads now ends on the table drawn whole at its last size, and its keys work.
    assert!(slow.until(|text| at_table(text) && text.contains("You ·")).await, "{}", slow.text());
    slow.press("?").await;
    assert!(slow.until(shows_help).await, "{}", slow.text());
    let after = relay.carried.load(std::sync::atomic::Ordering::SeqCst) - sent_while_paused;
    println!("sent while paused: {sent_while_paused} bytes; after: {after} bytes");
    // The newest screen, not every screen it missed (a whole 320x120 frame is about 16 KB).
    assert!(after < 256 * 1024, "{after} bytes were sent once it read again");
    server.assert_unhurt();
}

/// How many sessions stop reading in the memory test; more with
/// `HEARTS_NON_READERS` (the figures in docs/server.md are for 64).
fn non_readers() -> usize {
    std::env::var("HEARTS_NON_READERS").ok().and_then(|n| n.parse().ok()).unwrap_or(16)
}

#[tokio::test]
async fn watchers_that_stop_reading_hold_little_memory_and_stay() {
    let mut server = measured("non-readers");
    let count = non_readers();
    let mut watchers = Vec::new();
    for n in 0..count {
        // Eight from an address, the most it may have.
        let relay = Relay::start(&server, loopback(1, 1 + (n / 8) as u8)).await;
        // A small window: what the server sends past it waits in the server.
        let watch = format!("watch {}", server.code);
        let (session, mut screen) = through(&relay, &format!("w{n}"), &watch, (320, 120), 64 * 1024).await;
        assert!(screen.until(at_table).await, "{}", screen.text());
        watchers.push((relay, session, screen));
    }
    let before = server.status("VmRSS");
    for (relay, _, _) in &watchers {
        relay.pause(true);
    }
    // Each asks for whole redraws of the largest screen and reads none.
    // As many redraws in all whatever the count, well within the 30 s a stalled client is given.
    let rounds = (4800 / count).max(20) as u32;
    for change in 0..rounds {
        for (_, _, screen) in &watchers {
            screen.channel.window_change(320 - change % 2, 120, 0, 0).await.unwrap();
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (after, peak) = (server.status("VmRSS"), server.status("VmHWM"));
    let carried = |relay: &Relay| relay.carried.load(std::sync::atomic::Ordering::SeqCst);
    let held: usize = watchers.iter().map(|(relay, _, _)| carried(relay)).sum();
    println!(
        "{count} watchers that stopped reading: server RSS {before} KiB before, {after} KiB after, peak {peak} KiB; \
         {} KiB sent to them in all",
        held / 1024
    );
    assert!(watchers.iter().all(|(relay, _, _)| !relay.ended()), "a watcher that stopped reading was let go");
    let per_watcher = peak.saturating_sub(before) / count as u64;
    assert!(per_watcher < 512, "{per_watcher} KiB more per watcher that stopped reading");
    // Reading again, each is sent its current screen, not the ones it missed:
    // once the help window it asks for shows, everything before it has come.
    let paused_at: Vec<usize> = watchers.iter().map(|(relay, _, _)| carried(relay)).collect();
    for (relay, _, _) in &watchers {
        relay.pause(false);
    }
    let reading = watchers.into_iter().zip(paused_at).map(|((relay, session, mut screen), paused_at)| {
        tokio::spawn(async move {
            screen.press("?").await;
            let shown = screen.until(shows_help).await;
            let sent = relay.carried.load(std::sync::atomic::Ordering::SeqCst) - paused_at;
            drop(session);
            (shown, sent, screen.text())
        })
    });
    for read in reading.collect::<Vec<_>>() {
        let (shown, sent, text) = read.await.unwrap();
        assert!(shown, "{text}");
        assert!(sent < 128 * 1024, "{sent} bytes came after a watcher read again");
    }
    server.assert_unhurt();
}

/// A slow handshake, over and over until `done`: from `source`, the
/// version line and then nothing, until the server closes; then again.
async fn slow_handshakes(server_address: SocketAddr, source: IpAddr, done: Arc<std::sync::atomic::AtomicBool>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    while !done.load(std::sync::atomic::Ordering::SeqCst) {
        let socket = TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::new(source, 0)).unwrap();
        if let Ok(mut stream) = socket.connect(server_address).await {
            let _ = stream.write_all(b"SSH-2.0-slow\r\n").await;
            let mut unread = [0; 1024];
            let held = async { while stream.read(&mut unread).await.is_ok_and(|n| n > 0) {} };
            let _ = tokio::time::timeout(Duration::from_secs(5), held).await;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_logins_get_in_through_a_flood_of_slow_handshakes_from_many_addresses() {
    let mut server = measured("slow-flood");
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // 128 addresses, eight at a time each: as many connections as the server takes in all.
    let mut flood = Vec::new();
    for address in 1..=128 {
        for _ in 0..8 {
            flood.push(tokio::spawn(slow_handshakes(server.address(), loopback(2, address), Arc::clone(&done))));
        }
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    // 32 people, each from an address of their own, and three with OpenSSH.
    let people = (1..=32).map(|n| {
        let address = server.address();
        tokio::spawn(async move {
            let started = Instant::now();
            let stream = {
                let socket = TcpSocket::new_v4().unwrap();
                socket.bind(SocketAddr::new(loopback(3, n), 0)).unwrap();
                socket.connect(address).await
            };
            let config = Arc::new(client::Config::default());
            let session = match stream {
                Ok(stream) => client::connect_stream(config, stream, Trusting).await,
                Err(error) => Err(error.into()),
            };
            let logged_in = match session {
                Ok(mut session) => let_in(&mut session, &format!("p{n}")).await,
                Err(error) => Err(error),
            };
            (logged_in.unwrap_or(false), started.elapsed())
        })
    });
    let people: Vec<_> = people.collect();
    let with_openssh = (1..=3).map(|n| {
        let (port, address) = (server.port, loopback(4, n));
        tokio::task::spawn_blocking(move || openssh(port, address, "person", &["joni"]))
    });
    let with_openssh: Vec<_> = with_openssh.collect();
    let mut slowest = Duration::ZERO;
    for (n, person) in people.into_iter().enumerate() {
        let (logged_in, took) = person.await.unwrap();
        assert!(logged_in, "person {n} was kept out ({took:?})");
        slowest = slowest.max(took);
    }
    for out in with_openssh {
        let out = out.await.unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.contains("unknown command `joni`"), "{said} {}", String::from_utf8_lossy(&out.stderr));
    }
    println!("32 logins through the flood, the slowest in {slowest:?}");
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    for task in flood {
        task.abort();
    }
    server.assert_unhurt();
}

/// OpenSSH's words for a refusal before the key exchange.
fn disconnected(server: &Server, sentence: &str) -> String {
    format!("Received disconnect from 127.0.0.1 port {}:12: {sentence}", server.port)
}

#[tokio::test]
async fn a_full_address_is_told_so_through_openssh() {
    let mut server = measured("full-address");
    let here = loopback(0, 9);
    let mut sessions = Vec::new();
    for n in 0..8 {
        sessions.push(log_in_from(here, &server, &format!("p{n}")).await.unwrap());
    }
    let (port, code) = (server.port, server.code.clone());
    let out = tokio::task::spawn_blocking(move || openssh(port, here, "ninth", &["watch", &code])).await.unwrap();
    let complained = String::from_utf8_lossy(&out.stderr);
    let sentence = "hearts: your address has 8 connections here, the most it may; close one and try again";
    assert!(complained.contains(&disconnected(&server, sentence)), "{complained}");
    assert_eq!(out.status.code(), Some(255));
    server.assert_unhurt();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_is_told_so_through_openssh() {
    let mut server = measured("full-server");
    let address = server.address();
    // 1,024 logged in: eight from each of 128 addresses.
    let filling = (1..=128u8).map(|n| {
        tokio::spawn(async move {
            let mut sessions = Vec::new();
            for m in 0..8 {
                let socket = TcpSocket::new_v4().unwrap();
                socket.bind(SocketAddr::new(loopback(5, n), 0)).unwrap();
                let stream = socket.connect(address).await.unwrap();
                let config = Arc::new(client::Config::default());
                let mut session = client::connect_stream(config, stream, Trusting).await.unwrap();
                assert!(let_in(&mut session, &format!("p{n}-{m}")).await.unwrap());
                sessions.push(session);
            }
            sessions
        })
    });
    let mut everyone = Vec::new();
    for filled in filling.collect::<Vec<_>>() {
        everyone.extend(filled.await.unwrap());
    }
    let port = server.port;
    let out = tokio::task::spawn_blocking(move || openssh(port, loopback(6, 1), "late", &["joni"])).await.unwrap();
    let complained = String::from_utf8_lossy(&out.stderr);
    let sentence = "hearts: the server is full (1024 connections); try again in a few minutes";
    assert!(complained.contains(&disconnected(&server, sentence)), "{complained}");
    assert_eq!(out.status.code(), Some(255));
    drop(everyone);
    server.assert_unhurt();
}

#[tokio::test]
async fn refusals_are_said_a_few_at_a_time_so_a_flood_of_them_costs_little() {
    use tokio::io::AsyncReadExt;
    let mut server = measured("refusal-budget");
    let here = loopback(0, 10);
    let mut sessions = Vec::new();
    for n in 0..8 {
        sessions.push(log_in_from(here, &server, &format!("p{n}")).await.unwrap());
    }
    // Refused connections that neither read nor close, as fast as they open.
    let started = Instant::now();
    let mut refused = Vec::new();
    for _ in 0..200 {
        refused.push(tcp_from(here, &server).await.unwrap());
    }
    let opening = started.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut said = 0;
    for stream in &mut refused {
        let mut first = [0; 14];
        if tokio::time::timeout(PATIENCE, stream.read_exact(&mut first)).await.unwrap().is_ok() {
            assert_eq!(&first, b"SSH-2.0-hearts");
            said += 1;
        }
    }
    // Sixteen at once, each given two seconds at most to close.
    let bound = 16 * (1 + opening.as_secs() as usize / 2);
    assert!((1..=bound).contains(&said), "{said} of 200 refusals said in {opening:?}");
    let alice = log_in_from(loopback(0, 11), &server, "alice").await.unwrap();
    let mut served = Screen::open(&alice, None).await;
    assert!(served.until(in_lobby).await, "{}", served.text());
    server.assert_unhurt();
}

#[tokio::test]
async fn a_frozen_client_is_let_go_within_about_30_s_and_the_table_says_its_seat_waits() {
    let mut server = measured("frozen");
    let join = format!("join {}", server.code);
    let (frozen, watching) =
        (Relay::start(&server, loopback(0, 12)).await, Relay::start(&server, loopback(0, 13)).await);
    let (_bob, mut bob) = through(&frozen, "bob", &join, (80, 24), 2 << 20).await;
    assert!(bob.until(at_table).await, "{}", bob.text());
    let (_alice, mut alice) = through(&watching, "alice", &join, (80, 24), 2 << 20).await;
    assert!(alice.until(|text| text.contains("Welcome, alice")).await, "{}", alice.text());
    // A laptop shut: nothing reaches bob's client, so nothing comes back from it, keepalive answers included.
    frozen.pause(true);
    let frozen_at = Instant::now();
    assert!(alice.until(|text| text.contains("bob left")).await, "bob's frozen connection was kept: {}", alice.text());
    println!("bob was let go {:?} after his client froze", frozen_at.elapsed());
    assert!(frozen.ended(), "the server did not close the frozen connection");
    server.assert_unhurt();
}
