//! Attacks on `hearts serve`, and what a person sees meanwhile: starts a
//! server (and, with `--before`, an older one after it, under the same
//! attack), runs each attack from many loopback addresses, bounded in
//! count and time, and reports OpenSSH logins, a seated person's key
//! presses, and the server's CPU, memory and disk.
//!
//! ```sh
//! cargo build --release
//! cargo run --release --example attack -- --before OLD/hearts
//! ```
//!
//! Loopback only: every address is in 127.0.0.0/8. docs/server.md
//! ("Attacks") gives the figures and how each is taken.

#![forbid(unsafe_code)]

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::PublicKeyOrCertificate;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The password of the servers started here.
const PASSWORD: &str = "hearts-attack";
/// The most connections any one attack opens at once.
const MOST_CONNECTIONS: usize = 1100;
/// A connection not made in this long is given up (and tried again).
const CONNECT_TIME: Duration = Duration::from_secs(3);
/// How long a flood's connection waits to connect again once cut or
/// refused: ten times a second per address, as fast as loopback's ports
/// allow for minutes (each closed connection waits a minute in TIME_WAIT).
const RECONNECT: Duration = Duration::from_millis(100);
/// A key press unanswered this long counts at this long.
const NO_ANSWER: Duration = Duration::from_secs(5);

/// Runs attacks on `hearts serve` and reports what a person sees meanwhile.
#[derive(Parser, Debug)]
struct Options {
    /// The hearts binary to serve with.
    #[arg(long, default_value = "target/release/hearts")]
    server: PathBuf,
    /// An older hearts binary, attacked the same way after the first.
    #[arg(long)]
    before: Option<PathBuf>,
    /// The attacks to run (repeat it); all of them by default.
    #[arg(long = "attack", value_enum)]
    attacks: Vec<Attack>,
    /// Seconds each attack runs, once begun.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// OpenSSH logins tried of each kind during an attack.
    #[arg(long, default_value_t = 8)]
    trials: usize,
}

/// One attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Attack {
    /// 140 addresses of one /24, each with one connection that sends its
    /// version line and a key exchange packet claiming 32 KB (its first
    /// 300 bytes at once), then a byte every 20 ms, and connects again
    /// 100 ms after it is cut.
    Handshake,
    /// 1,024 connections from 128 addresses of one /24 (eight each), each
    /// asking for the lobby on a 320x120 terminal and then idle.
    Lobby,
    /// 128 people from 128 networks, each in the lobby on a 320x120
    /// terminal, who then leave: the memory a crowd holds and gives back.
    Crowd,
    /// 31 addresses of one /24 opening tables as fast as they can, under
    /// a new name each time.
    Tables,
    /// Nearly the server's every connection: 960 watchers of its table on
    /// 320x120 terminals, eight from each of eight addresses in each of
    /// 15 networks (16 would fill the server, and the person measuring
    /// would be told it is full). The memory the server holds near its
    /// connection limit, and its CPU.
    Watchers,
}

impl Attack {
    const ALL: [Attack; 5] = [Attack::Handshake, Attack::Lobby, Attack::Crowd, Attack::Tables, Attack::Watchers];
}

/// Who the server lets in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    Password,
    Open,
}

fn main() -> ExitCode {
    let options = Options::parse();
    let attacks = if options.attacks.is_empty() { Attack::ALL.to_vec() } else { options.attacks.clone() };
    let scratch = std::env::temp_dir().join(format!("hearts-attack-{}", std::process::id()));
    if let Err(error) = prepare(&scratch) {
        eprintln!("attack: {error}");
        return ExitCode::FAILURE;
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("attack: no runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut servers = vec![("now", options.server.clone())];
    servers.extend(options.before.clone().map(|before| ("before", before)));
    println!(
        "| attack | server | password logins, 1 s typing | 3 s typing | key logins | key press p50 / p99 | attackers in | server CPU | RSS before / peak / after | disk |"
    );
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut failed = false;
    for &attack in &attacks {
        for (label, binary) in &servers {
            match runtime.block_on(run(attack, binary, &scratch, &options)) {
                Ok(row) => println!("| {attack:?} | {label} | {row}"),
                Err(error) => {
                    eprintln!("attack: {attack:?} on {}: {error}", binary.display());
                    failed = true;
                }
            }
        }
    }
    runtime.shutdown_timeout(Duration::from_secs(2));
    let _ = std::fs::remove_dir_all(&scratch);
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// The password file, the ssh client's key and the script that types the
/// password after a wait.
fn prepare(scratch: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::remove_dir_all(scratch);
    std::fs::create_dir_all(scratch).map_err(|error| format!("{}: {error}", scratch.display()))?;
    let write = |name: &str, text: &str, mode: u32| -> Result<(), String> {
        let path = scratch.join(name);
        std::fs::write(&path, text).map_err(|error| format!("{}: {error}", path.display()))?;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).map_err(|error| error.to_string())
    };
    write("password", &format!("{PASSWORD}\n"), 0o600)?;
    // OpenSSH asks this program for the password; it answers after HEARTS_TYPING seconds, as a person would.
    write("askpass", &format!("#!/bin/sh\nsleep \"$HEARTS_TYPING\"\necho {PASSWORD}\n"), 0o700)?;
    let key = scratch.join("key");
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&key)
        .stdin(Stdio::null())
        .status()
        .map_err(|error| format!("ssh-keygen: {error}"))?;
    made.success().then_some(()).ok_or_else(|| "ssh-keygen failed".to_string())
}

/// One attack on one server: its row of the table. Password logins are
/// tried at a password server under the attack; the rest at an open one.
async fn run(attack: Attack, binary: &Path, scratch: &Path, options: &Options) -> Result<String, String> {
    let trials = options.trials;
    let passwords = if attack == Attack::Handshake {
        let (_server, attacking) = Attacked::start(attack, binary, scratch, Access::Password).await?;
        let person = Person { port: attacking.port, scratch: scratch.to_path_buf() };
        let (one, three) = tokio::join!(person.password_logins(trials, 1), person.password_logins(trials, 3));
        attacking.stop().await;
        format!("{one} of {trials} | {three} of {trials}")
    } else {
        "- | -".to_string()
    };
    let (server, attacking) = Attacked::start(attack, binary, scratch, Access::Open).await?;
    let person = Person { port: attacking.port, scratch: scratch.to_path_buf() };
    let keys = person.key_logins(trials).await;
    let left = Duration::from_secs(options.seconds).saturating_sub(attacking.started.elapsed());
    let code = server.code.clone().unwrap_or_default();
    let presses = seated_presses(server.address, &code, left.max(Duration::from_secs(10))).await;
    let cpu = (server.cpu_seconds() - attacking.cpu_before) / attacking.started.elapsed().as_secs_f64();
    let (before, held) = (attacking.rss_before, attacking.attackers.load(Ordering::SeqCst));
    let peak = attacking.stop().await;
    // What the attackers held is given back, or not, once they have gone.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let after = server.rss_kib();
    Ok(format!(
        "{passwords} | {keys} of {trials} | {} | {held} | {:.0}% | {} / {} / {} MiB | {} KiB |",
        percentiles(presses),
        cpu * 100.0,
        before / 1024,
        peak / 1024,
        after / 1024,
        server.disk_kib()
    ))
}

/// An attack under way on a server.
struct Attacked {
    port: u16,
    started: Instant,
    cpu_before: f64,
    rss_before: usize,
    stop: Arc<AtomicBool>,
    peak: Arc<AtomicUsize>,
    attackers: Arc<AtomicUsize>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Attacked {
    /// Starts a server and the attack on it, and gives the attack 3 s to take hold.
    async fn start(
        attack: Attack,
        binary: &Path,
        scratch: &Path,
        access: Access,
    ) -> Result<(Server, Attacked), String> {
        let server = Server::start(binary, scratch, access)?;
        let (stop, attackers) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicUsize::new(0)));
        let rss_before = server.rss_kib();
        let peak = Arc::new(AtomicUsize::new(rss_before));
        let tasks = vec![
            tokio::spawn(sample_peak(server.pid, Arc::clone(&stop), Arc::clone(&peak))),
            tokio::spawn(attack_with(
                attack,
                (server.address, server.code.clone().unwrap_or_default()),
                Arc::clone(&stop),
                Arc::clone(&attackers),
            )),
        ];
        let attacked = Attacked {
            port: server.address.port(),
            started: Instant::now(),
            cpu_before: server.cpu_seconds(),
            rss_before,
            stop,
            peak,
            attackers,
            tasks,
        };
        tokio::time::sleep(Duration::from_secs(3)).await;
        Ok((server, attacked))
    }

    /// Ends the attack; the server's highest RSS meanwhile, in KiB.
    async fn stop(self) -> usize {
        self.stop.store(true, Ordering::SeqCst);
        for task in self.tasks {
            let _ = task.await;
        }
        self.peak.load(Ordering::SeqCst)
    }
}

/// The server's highest RSS, read every 100 ms until `stop`.
async fn sample_peak(pid: u32, stop: Arc<AtomicBool>, peak: Arc<AtomicUsize>) {
    while !stop.load(Ordering::SeqCst) {
        peak.fetch_max(rss_of(pid), Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Runs `attack` until `stop`, counting in `attackers` the connections it
/// got what it asked for with.
async fn attack_with(
    attack: Attack,
    (server, code): (SocketAddr, String),
    stop: Arc<AtomicBool>,
    attackers: Arc<AtomicUsize>,
) {
    let mut tasks = Vec::new();
    match attack {
        Attack::Handshake => {
            for n in 1..=140u8 {
                tasks.push(tokio::spawn(chatty_handshakes(
                    server,
                    address(2, 0, n),
                    Arc::clone(&stop),
                    Arc::clone(&attackers),
                )));
            }
        }
        Attack::Lobby | Attack::Crowd | Attack::Watchers => {
            let (sources, command, again): (Vec<IpAddr>, _, _) = match attack {
                Attack::Lobby => ((0..1024usize).map(|n| address(5, 0, 1 + (n / 8) as u8)).collect(), None, false),
                Attack::Crowd => ((0..128u8).map(|n| address(6, n, 1)).collect(), None, false),
                _ => {
                    let source = |n: usize| address(8, (n / 64) as u8, 1 + (n % 64 / 8) as u8);
                    ((0..960).map(source).collect(), Some(format!("watch {code}")), true)
                }
            };
            for source in sources {
                let held =
                    held_screen(server, source, (command.clone(), again), Arc::clone(&stop), Arc::clone(&attackers));
                tasks.push(tokio::spawn(held));
            }
        }
        Attack::Tables => {
            for n in 1..=31u8 {
                tasks.push(tokio::spawn(open_tables(
                    server,
                    address(7, 0, n),
                    Arc::clone(&stop),
                    Arc::clone(&attackers),
                )));
            }
        }
    }
    debug_assert!(tasks.len() <= MOST_CONNECTIONS);
    for task in tasks {
        let _ = task.await;
    }
}

/// 127.A.B.C.
fn address(a: u8, b: u8, c: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, a, b, c))
}

/// A connection from `source`, or an error within [`CONNECT_TIME`].
async fn tcp_from(source: IpAddr, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(source, 0))?;
    let stream = tokio::time::timeout(CONNECT_TIME, socket.connect(server)).await??;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// A version line, a key exchange packet that claims 32 KB, then a byte
/// every 20 ms; again when cut.
async fn chatty_handshakes(server: SocketAddr, source: IpAddr, stop: Arc<AtomicBool>, held: Arc<AtomicUsize>) {
    while !stop.load(Ordering::SeqCst) {
        if let Ok(mut stream) = tcp_from(source, server).await {
            held.fetch_add(1, Ordering::SeqCst);
            let mut start = b"SSH-2.0-chatty\r\n".to_vec();
            // Packet length 32 KB, 4 bytes of padding, SSH_MSG_KEXINIT, and its first 300 bytes at once:
            // past a version line's length, the server takes it for a client in its key exchange.
            start.extend(32_768u32.to_be_bytes());
            start.extend([4, 20]);
            start.extend([0u8; 300]);
            if stream.write_all(&start).await.is_ok() {
                let mut unread = [0u8; 4096];
                while !stop.load(Ordering::SeqCst) {
                    tokio::select! {
                        read = stream.read(&mut unread) => if read.map_or(true, |n| n == 0) { break },
                        () = tokio::time::sleep(Duration::from_millis(20)) => {
                            if stream.write_all(&[0]).await.is_err() {
                                break;
                            }
                        }
                    }
                }
            }
            held.fetch_sub(1, Ordering::SeqCst);
        }
        tokio::time::sleep(RECONNECT).await;
    }
}

/// A client that trusts the host key of the server started here.
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// An SSH session from `source` logged in as `name` (the servers here are open).
async fn logged_in(server: SocketAddr, source: IpAddr, name: &str) -> Option<Handle<Trusting>> {
    let stream = tcp_from(source, server).await.ok()?;
    let mut handle = client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await.ok()?;
    let answer = handle.authenticate_keyboard_interactive_start(name, None).await.ok()?;
    matches!(answer, client::KeyboardInteractiveAuthResponse::Success).then_some(handle)
}

/// Reads what comes on `channel` for `wait`: its text, and whether it is still open.
async fn read_for(channel: &mut russh::Channel<client::Msg>, wait: Duration) -> (String, bool) {
    let mut text = Vec::new();
    let until = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(until, channel.wait()).await {
            Err(_) => return (String::from_utf8_lossy(&text).into_owned(), true),
            Ok(Some(ChannelMsg::Data { data })) => text.extend_from_slice(&data),
            Ok(Some(ChannelMsg::Eof | ChannelMsg::Close) | None) => {
                return (String::from_utf8_lossy(&text).into_owned(), false);
            }
            Ok(Some(_)) => {}
        }
    }
}

/// A session on a 320x120 terminal running `command` (the lobby when
/// `None`), held and read until `stop`; with `again`, tried again every
/// 200 ms until it is in.
async fn held_screen(
    server: SocketAddr,
    source: IpAddr,
    (command, again): (Option<String>, bool),
    stop: Arc<AtomicBool>,
    attackers: Arc<AtomicUsize>,
) {
    let open = async || {
        let handle = logged_in(server, source, &format!("s{}", rand_part())).await?;
        let mut channel = handle.channel_open_session().await.ok()?;
        channel.request_pty(false, "xterm-256color", 320, 120, 0, 0, &[]).await.ok()?;
        match &command {
            Some(command) => channel.exec(false, command.clone()).await.ok()?,
            None => channel.request_shell(false).await.ok()?,
        }
        let (_, open) = read_for(&mut channel, Duration::from_secs(2)).await;
        open.then_some((handle, channel))
    };
    let (_handle, mut channel) = loop {
        if stop.load(Ordering::SeqCst) {
            return;
        }
        match open().await {
            Some(held) => break held,
            None if again => tokio::time::sleep(Duration::from_millis(200)).await,
            None => return,
        }
    };
    attackers.fetch_add(1, Ordering::SeqCst);
    while !stop.load(Ordering::SeqCst) {
        let (_, open) = read_for(&mut channel, Duration::from_millis(200)).await;
        if !open {
            attackers.fetch_sub(1, Ordering::SeqCst);
            return;
        }
    }
}

/// A few bits that differ between calls, so names do not repeat.
fn rand_part() -> u32 {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::SeqCst) as u32
}

/// Opens tables in the line-mode lobby, eight connections at once, a new
/// name each time, until `stop`; each table opened counts.
async fn open_tables(server: SocketAddr, source: IpAddr, stop: Arc<AtomicBool>, opened: Arc<AtomicUsize>) {
    let mut held = Vec::new();
    while !stop.load(Ordering::SeqCst) {
        if held.len() >= 8 {
            held.remove(0);
        }
        let name = format!("t{}", rand_part());
        let Some(handle) = logged_in(server, source, &name).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let Ok(mut channel) = handle.channel_open_session().await else { continue };
        if channel.request_shell(false).await.is_err() {
            continue;
        }
        let _ = read_for(&mut channel, Duration::from_millis(500)).await;
        if channel.data(&b"new\n"[..]).await.is_err() {
            continue;
        }
        let (text, open) = read_for(&mut channel, Duration::from_secs(1)).await;
        let refused = text.contains("the most one") || text.contains("tables; try again");
        if open && !refused && !text.is_empty() {
            opened.fetch_add(1, Ordering::SeqCst);
        }
        held.push((handle, channel));
    }
}

/// A person seated at `code` for `time`, pressing Right every 200 ms:
/// the time from each press to the next screen bytes.
async fn seated_presses(server: SocketAddr, code: &str, time: Duration) -> Vec<Duration> {
    let mut presses = Vec::new();
    let Some(handle) = logged_in(server, address(4, 0, 1), "seated").await else { return presses };
    let Ok(mut channel) = handle.channel_open_session().await else { return presses };
    if channel.request_pty(false, "xterm-256color", 80, 24, 0, 0, &[]).await.is_err()
        || channel.exec(false, format!("join {code}")).await.is_err()
    {
        return presses;
    }
    let _ = read_for(&mut channel, Duration::from_secs(2)).await;
    let until = Instant::now() + time;
    while Instant::now() < until {
        if channel.data(&b"\x1b[C"[..]).await.is_err() {
            break;
        }
        let sent = Instant::now();
        let answered = loop {
            match tokio::time::timeout(NO_ANSWER, channel.wait()).await {
                Ok(Some(ChannelMsg::Data { .. })) => break true,
                Ok(Some(ChannelMsg::Eof | ChannelMsg::Close) | None) => break false,
                Ok(Some(_)) => {}
                Err(_) => break true,
            }
        };
        presses.push(sent.elapsed().min(NO_ANSWER));
        if !answered {
            break;
        }
        let _ = read_for(&mut channel, Duration::from_millis(200)).await;
    }
    presses
}

/// "p50 / p99" of `presses`, or "none".
fn percentiles(mut presses: Vec<Duration>) -> String {
    if presses.is_empty() {
        return "none".to_string();
    }
    presses.sort();
    let at = |fraction: f64| presses[((presses.len() - 1) as f64 * fraction).round() as usize];
    format!(
        "{:.1} / {:.1} ms ({} presses)",
        at(0.5).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
        presses.len()
    )
}

/// A person with OpenSSH, each try from a network of their own.
struct Person {
    port: u16,
    scratch: PathBuf,
}

impl Person {
    fn ssh(&self, source: IpAddr) -> Command {
        let mut ssh = Command::new("ssh");
        ssh.args(["-T", "-p", &self.port.to_string(), "-b", &source.to_string()])
            .args(["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"])
            .args(["-o", "ConnectTimeout=40", "-o", "ServerAliveInterval=0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        ssh
    }

    /// How many of `trials` password logins get in, each typed after `typing` seconds.
    async fn password_logins(&self, trials: usize, typing: u64) -> usize {
        let tries = (0..trials).map(|n| {
            let mut ssh = self.ssh(address(3, typing as u8, 1 + n as u8));
            ssh.args(["-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password"])
                .args(["-o", "NumberOfPasswordPrompts=1"])
                .env("SSH_ASKPASS", self.scratch.join("askpass"))
                .env("SSH_ASKPASS_REQUIRE", "force")
                .env("DISPLAY", ":0")
                .env("HEARTS_TYPING", typing.to_string())
                .args([&format!("p{typing}x{n}@127.0.0.1"), "help"]);
            ssh
        });
        got_in(tries).await
    }

    /// How many of `trials` key logins get in, each through a round trip
    /// of [`ROUND_TRIP`] (a relay that holds each byte half of it each way).
    async fn key_logins(&self, trials: usize) -> usize {
        let server = SocketAddr::from(([127, 0, 0, 1], self.port));
        let Ok(relay) = far_away(server, trials).await else { return 0 };
        let far = Person { port: relay, scratch: self.scratch.clone() };
        let tries = (0..trials).map(|n| {
            let mut ssh = far.ssh(address(3, 9, 1 + n as u8));
            ssh.args(["-o", "IdentitiesOnly=yes", "-o", "PreferredAuthentications=publickey", "-o", "BatchMode=yes"])
                .arg("-i")
                .arg(self.scratch.join("key"))
                .args([&format!("k{n}@127.0.0.1"), "help"]);
            ssh
        });
        got_in(tries).await
    }
}

/// The round trip of a person far away.
const ROUND_TRIP: Duration = Duration::from_millis(80);

/// A relay on loopback for `people` connections, each to `server` from
/// a network of its own (127.3.10.1, 127.3.11.1, ...), every byte held
/// half of [`ROUND_TRIP`] each way; its port.
async fn far_away(server: SocketAddr, people: usize) -> std::io::Result<u16> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
    let port = listener.local_addr()?.port();
    tokio::spawn(async move {
        for n in 0..people {
            let Ok((client, _)) = listener.accept().await else { return };
            let Ok(upstream) = tcp_from(address(3, 10 + n as u8, 1), server).await else { continue };
            let (client_read, client_write) = client.into_split();
            let (server_read, server_write) = upstream.into_split();
            tokio::spawn(held(client_read, server_write));
            tokio::spawn(held(server_read, client_write));
        }
    });
    Ok(port)
}

/// Copies `from` to `to`, each piece sent half a round trip after it came.
async fn held(mut from: tokio::net::tcp::OwnedReadHalf, mut to: tokio::net::tcp::OwnedWriteHalf) {
    let (pieces, mut coming) = tokio::sync::mpsc::unbounded_channel::<(tokio::time::Instant, Vec<u8>)>();
    tokio::spawn(async move {
        while let Some((due, piece)) = coming.recv().await {
            tokio::time::sleep_until(due).await;
            if to.write_all(&piece).await.is_err() {
                return;
            }
        }
    });
    let mut buffer = vec![0u8; 16 * 1024];
    while let Ok(read @ 1..) = from.read(&mut buffer).await {
        let due = tokio::time::Instant::now() + ROUND_TRIP / 2;
        if pieces.send((due, buffer[..read].to_vec())).is_err() {
            return;
        }
    }
}

/// How many of the `tries` (ssh commands, run at once) reached the server's help.
async fn got_in(tries: impl Iterator<Item = Command>) -> usize {
    let running: Vec<_> = tries
        .map(|mut ssh| {
            tokio::task::spawn_blocking(move || {
                ssh.output().is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("hearts over ssh"))
            })
        })
        .collect();
    let mut got = 0;
    for ssh in running {
        got += usize::from(ssh.await.unwrap_or(false));
    }
    got
}

/// A `hearts serve` on loopback, pinned to CPU 0, with a data directory
/// of its own; killed when dropped.
struct Server {
    child: Child,
    pid: u32,
    data: PathBuf,
    address: SocketAddr,
    /// The first table's code, as the server printed it.
    code: Option<String>,
}

impl Server {
    fn start(binary: &Path, scratch: &Path, access: Access) -> Result<Server, String> {
        use std::io::BufRead;
        let data = scratch.join(format!("data-{}", rand_part()));
        std::fs::create_dir_all(&data).map_err(|error| format!("{}: {error}", data.display()))?;
        let mut command = Command::new("taskset");
        command.args(["-c", "0"]).arg(binary).args(["serve", "--listen", "127.0.0.1:0"]);
        match access {
            Access::Password => command.arg("--password-file").arg(scratch.join("password")),
            Access::Open => command.arg("--open"),
        };
        command.env("XDG_DATA_HOME", &data).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::null());
        let mut child = command.spawn().map_err(|error| format!("cannot start {}: {error}", binary.display()))?;
        let pid = child.id();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let mut server = Server { child, pid, data, address: SocketAddr::from(([127, 0, 0, 1], 0)), code: None };
        let mut lines = std::io::BufReader::new(stdout).lines();
        let first = lines.next().and_then(Result::ok).ok_or("the server said nothing")?;
        server.address = first
            .split("listening on ")
            .nth(1)
            .and_then(|rest| rest.split(',').next())
            .and_then(|address| address.parse().ok())
            .ok_or_else(|| format!("no address in {first:?}"))?;
        for line in lines.map_while(Result::ok) {
            if let Some(code) = line.split("join ").nth(1) {
                server.code = Some(code.trim().to_string());
            }
            if line.starts_with("play:") {
                break;
            }
        }
        Ok(server)
    }

    fn rss_kib(&self) -> usize {
        rss_of(self.pid)
    }

    /// CPU time the server has used, in seconds.
    fn cpu_seconds(&self) -> f64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid)).unwrap_or_default();
        // Past the command's name in parentheses: utime and stime are fields 14 and 15.
        let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
        let ticks = |n: usize| fields.get(n - 3).and_then(|field| field.parse::<f64>().ok()).unwrap_or(0.0);
        (ticks(14) + ticks(15)) / 100.0
    }

    /// The data directory's size.
    fn disk_kib(&self) -> u64 {
        fn size(path: &Path) -> u64 {
            match std::fs::read_dir(path) {
                Ok(entries) => entries.filter_map(Result::ok).map(|entry| size(&entry.path())).sum(),
                Err(_) => std::fs::metadata(path).map_or(0, |meta| meta.len()),
            }
        }
        size(&self.data) / 1024
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A process's resident memory, in KiB.
fn rss_of(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())
        .unwrap_or(0)
}
