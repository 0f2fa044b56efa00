//! Helpers for the tests of `hearts serve` from the outside: a server in
//! the test's process (or the real binary, for a test that kills it) on a
//! scratch data directory, and people through russh's client
//! on 80x24 terminals whose bytes go through a terminal emulator.

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use clap::Parser as _;
use hearts::cli::Cli;
use hearts_bots::config::SearchPaths;
use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::PublicKeyOrCertificate;

/// The bound on anything a test waits for; only a broken server reaches it.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A server started for one test (`--speed instant`), stopped and its
/// data directory removed when dropped: in this process, or the binary
/// for a test that kills it.
pub struct Server {
    running: Running,
    pub port: u16,
    /// The code of the first table opened at start.
    pub code: String,
    /// Every table's code, as opened at start.
    pub codes: Vec<String>,
    /// The scratch directory; the server's data is its `hearts` folder.
    pub dir: PathBuf,
    /// Whether the directory is removed with the server (a test's own
    /// directory, given to [`Server::start_at`], is not).
    remove: bool,
}

enum Running {
    /// `hearts::serve::Server` in this process; `None` once stopped.
    InProcess(Option<hearts::serve::Server>),
    /// The binary, whose start the test reads from what it prints.
    Process(Child),
}

/// How a test starts the binary.
#[derive(Default)]
pub struct Launch<'a> {
    /// Flags after `serve --listen 127.0.0.1:0`.
    pub args: &'a [&'a str],
    /// In a session of its own, with no terminal (as `setsid` starts a daemon).
    pub setsid: bool,
    /// A directory put first on its PATH.
    pub path_first: Option<PathBuf>,
}

/// The binary on the directory `dir`, as `launch` says.
fn spawn(dir: &std::path::Path, launch: &Launch) -> Child {
    let binary = env!("CARGO_BIN_EXE_hearts");
    let mut command = if launch.setsid {
        let mut command = Command::new("setsid");
        command.arg(binary);
        command
    } else {
        Command::new(binary)
    };
    command
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(launch.args)
        .env("XDG_DATA_HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(dir.join("stderr")).unwrap());
    if let Some(first) = &launch.path_first {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![first.clone()];
        paths.extend(std::env::split_paths(&path));
        command.env("PATH", std::env::join_paths(paths).unwrap());
    }
    command.spawn().expect("the binary starts")
}

/// What a binary on `dir` wrote on its standard error.
fn said_in(dir: &std::path::Path) -> String {
    std::fs::read_to_string(dir.join("stderr")).unwrap_or_default()
}

/// A fresh data directory named after the test `group` and `name`.
fn fresh_dir(group: &str, name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(group).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

impl Server {
    /// A server in this process on a fresh data directory named after the
    /// test `group` and `name`, with `args` after `serve`.
    pub fn start(group: &str, name: &str, args: &[&str]) -> Server {
        Server::in_process(fresh_dir(group, name), args, true)
    }

    /// A server in this process on the test's own directory `dir` (its
    /// data in `dir/hearts`), left in place when the server stops: a test
    /// may start another on it.
    pub fn start_at(dir: &std::path::Path, args: &[&str]) -> Server {
        Server::in_process(dir.to_path_buf(), args, false)
    }

    fn in_process(dir: PathBuf, args: &[&str], remove: bool) -> Server {
        let mut line = vec!["hearts", "serve", "--listen", "127.0.0.1:0", "--speed", "instant"];
        line.extend_from_slice(args);
        let cli = Cli::try_parse_from(line).expect("the test's flags parse");
        let Some(hearts::cli::Command::Serve(serve)) = &cli.command else { unreachable!("a serve command") };
        let search = SearchPaths { local: dir.join("rules.toml"), user: None };
        let options = hearts::commands::serve_options(&cli, serve, &search).expect("the test's rules load");
        let data = dir.join("hearts");
        // Out of the test's async runtime: the server runs one of its own.
        let server = std::thread::scope(|scope| {
            scope.spawn(|| hearts::serve::Server::start(options, data)).join().expect("starting does not panic")
        })
        .expect("the server starts");
        let codes: Vec<String> = server.opened().iter().map(|table| table.code.clone()).collect();
        assert!(server.fingerprint().starts_with("SHA256:"), "{}", server.fingerprint());
        let code = codes.first().cloned().expect("a table is opened at start");
        let port = server.address().port();
        Server { running: Running::InProcess(Some(server)), port, code, codes, dir, remove }
    }

    /// The binary on a fresh data directory, with `args` after `serve`.
    pub fn start_process(group: &str, name: &str, args: &[&str]) -> Server {
        Server::start_in(fresh_dir(group, name), args)
    }

    /// The binary on the data directory `dir` (`--speed instant`, then
    /// `args`).
    pub fn start_in(dir: PathBuf, args: &[&str]) -> Server {
        let args: Vec<&str> = ["--speed", "instant"].into_iter().chain(args.iter().copied()).collect();
        Server::launch_in(dir, &Launch { args: &args, ..Launch::default() })
    }

    /// The binary as `launch` says, on a fresh directory named after the
    /// test `group` and `name`.
    pub fn launch(group: &str, name: &str, launch: &Launch) -> Server {
        Server::launch_in(fresh_dir(group, name), launch)
    }

    /// The binary as `launch` says, on the directory `dir` (its data in
    /// `dir/hearts`, what it says on its standard error in `dir/stderr`);
    /// the codes of the tables it opens (or takes up) are read from what it
    /// prints.
    pub fn launch_in(dir: PathBuf, launch: &Launch) -> Server {
        let mut child = spawn(&dir, launch);
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines().map_while(Result::ok);
        let first = lines.next().unwrap_or_default();
        let port = first
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split(',').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no port in {first:?}: {}", said_in(&dir)));
        assert!(first.contains("host key SHA256:"), "the first line names the host key: {first}");
        let mut codes = Vec::new();
        for line in lines {
            if line.starts_with("play:") {
                break;
            }
            if let Some(code) = line.strip_prefix("join: ").and_then(|join| join.rsplit(' ').next()) {
                assert!(line.contains(&format!("join {code}")) && code.len() == 4, "{line}");
                codes.push(code.to_string());
            } else {
                assert!(line.starts_with("table "), "{line}");
            }
        }
        let code = codes.first().cloned().expect("a table is opened at start");
        Server { running: Running::Process(child), port, code, codes, dir, remove: true }
    }

    /// Kills the binary and starts it again on the same directory.
    pub fn relaunched(self, launch: &Launch) -> Server {
        Server::launch_in(self.killed(), launch)
    }

    /// Kills the binary at once (no chance to save); its directory, kept.
    fn killed(mut self) -> PathBuf {
        self.child().kill().unwrap();
        self.child().wait().unwrap();
        std::mem::replace(&mut self.dir, PathBuf::new())
    }

    /// Where it listens.
    pub fn address(&self) -> SocketAddr {
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), self.port)
    }

    /// The data directory.
    pub fn data(&self) -> PathBuf {
        self.dir.join("hearts")
    }

    /// What the binary wrote on its standard error.
    pub fn said(&self) -> String {
        said_in(&self.dir)
    }

    /// A line of the binary's /proc/PID/status, such as `VmRSS` or `VmHWM`
    /// (in KiB) or `Threads`.
    pub fn status(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap();
        let line = status.lines().find(|line| line.starts_with(&format!("{field}:"))).unwrap();
        line.split_whitespace().nth(1).and_then(|value| value.parse().ok()).unwrap()
    }

    /// The binary still runs, and never said it panicked.
    pub fn assert_unhurt(&mut self) {
        assert!(self.child().try_wait().unwrap().is_none(), "the server exited: {}", self.said());
        let said = self.said();
        assert!(!said.contains("panicked"), "{said}");
    }

    /// The binary's process id.
    pub fn pid(&self) -> u32 {
        match &self.running {
            Running::Process(child) => child.id(),
            Running::InProcess(_) => panic!("the server runs in the test's process"),
        }
    }

    /// The binary's process (a server started with [`Server::start_process`]).
    pub fn child(&mut self) -> &mut Child {
        match &mut self.running {
            Running::Process(child) => child,
            Running::InProcess(_) => panic!("the server runs in the test's process"),
        }
    }

    /// Kills the server's process at once (no chance to save), then
    /// starts it again on the same data directory.
    pub fn killed_and_started_again(self, args: &[&str]) -> Server {
        Server::start_in(self.killed(), args)
    }

    /// Stops the server as its host would (SIGTERM: every table saved),
    /// then starts it again on the same data directory.
    pub fn terminated_and_started_again(mut self, args: &[&str]) -> Server {
        assert!(self.terminate(), "a stopped server exits cleanly");
        Server::start_in(std::mem::take(&mut self.dir), args)
    }

    /// Stops the server: SIGTERM to its process, whether it exited
    /// cleanly; in this process, [`hearts::serve::Server::stop`].
    pub fn terminate(&mut self) -> bool {
        match &mut self.running {
            Running::Process(child) => {
                let sent = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
                assert!(sent.success());
                child.wait().unwrap().success()
            }
            Running::InProcess(server) => {
                let server = server.take();
                std::thread::scope(|scope| scope.spawn(|| server.map(hearts::serve::Server::stop)).join().is_ok())
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        match &mut self.running {
            Running::Process(child) => {
                let _ = child.kill();
                let _ = child.wait();
            }
            Running::InProcess(server) => {
                let server = server.take();
                let _ = std::thread::scope(|scope| scope.spawn(|| drop(server)).join());
            }
        }
        if self.remove && !self.dir.as_os_str().is_empty() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A client that trusts any host key (the test has just seen it made).
pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A person through russh's client on an 80x24 terminal: every byte the
/// server sends goes through a terminal emulator.
pub struct Person {
    pub session: Handle<Trusting>,
    pub channel: russh::Channel<client::Msg>,
    pub screen: vt100::Parser,
    /// Every byte the server sent.
    pub bytes: Vec<u8>,
}

impl Person {
    /// `user` comes in, without a key, and runs `command` (empty: the lobby).
    pub async fn comes(server: &Server, user: &str, command: &str) -> Person {
        let config = Arc::new(client::Config::default());
        let mut session = client::connect(config, ("127.0.0.1", server.port), Trusting).await.expect("connects");
        // An open server asks for a key first, then lets a client without one in with no prompt.
        let login = session.authenticate_keyboard_interactive_start(user, None).await.unwrap();
        assert!(matches!(login, client::KeyboardInteractiveAuthResponse::Success));
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(false, "xterm-256color", 80, 24, 0, 0, &[]).await.unwrap();
        if command.is_empty() {
            channel.request_shell(false).await.unwrap();
        } else {
            channel.exec(false, command).await.unwrap();
        }
        let size = |n: u16| std::num::NonZero::new(n).unwrap();
        Person { session, channel, screen: vt100::Parser::new(size(24), size(80), 0), bytes: Vec::new() }
    }

    pub fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads until `done` holds for the screen; false if the channel
    /// closes or `patience` passes first.
    pub async fn until_within(&mut self, patience: Duration, done: impl Fn(&str) -> bool) -> bool {
        let reading = async {
            while !done(&self.text()) {
                match self.channel.wait().await {
                    Some(ChannelMsg::Data { data }) => {
                        self.screen.process(&data);
                        self.bytes.extend_from_slice(&data);
                    }
                    Some(_) => {}
                    None => return false,
                }
            }
            true
        };
        tokio::time::timeout(patience, reading).await.unwrap_or(false)
    }

    /// Reads until `done` holds for the screen; false if the channel
    /// closes or [`PATIENCE`] passes first.
    pub async fn until(&mut self, done: impl Fn(&str) -> bool) -> bool {
        self.until_within(PATIENCE, done).await
    }

    /// Takes in what the server sends for `time`.
    pub async fn read_for(&mut self, time: Duration) {
        let _ = self.until_within(time, |_| false).await;
    }

    /// Reads everything until the server ends the session.
    pub async fn until_closed(&mut self) {
        assert!(!self.until(|_| false).await, "the session ends");
    }

    pub async fn press(&mut self, keys: &str) {
        self.channel.data(keys.as_bytes()).await.unwrap();
    }

    /// Plays as a person reading the screen would, until the game is
    /// over: marks the first three cards to pass, plays the card under
    /// the cursor (a turn starts on a card that may be played), closes
    /// each hand's summary. What the last screen showed; it is not over
    /// if the game stopped.
    pub async fn play_game(&mut self) -> String {
        let mut answered = String::new();
        loop {
            let waiting_on = answered.clone();
            let moved = self.until(|text| text != waiting_on && (over(text) || keys_for(text).is_some())).await;
            let text = self.text();
            if !moved || over(&text) {
                return text;
            }
            if let Some(keys) = keys_for(&text) {
                self.press(keys).await;
            }
            answered = text;
        }
    }

    /// Whether the terminal was given back: the alternate screen left,
    /// mouse reports off, the cursor shown.
    pub fn given_back(&self) -> bool {
        terminal_given_back(self.screen.screen())
    }
}

/// Whether a terminal is as it was before the server drew on it.
pub fn terminal_given_back(screen: &vt100::Screen) -> bool {
    !screen.alternate_screen()
        && screen.mouse_protocol_mode() == vt100::MouseProtocolMode::None
        && !screen.hide_cursor()
}

/// The game-over window is up.
pub fn over(text: &str) -> bool {
    text.contains("The game is over")
}

/// What a person presses on this screen, if it waits on them.
pub fn keys_for(text: &str) -> Option<&'static str> {
    if text.contains("(0 of 3)") {
        return Some(" \u{1b}[C \u{1b}[C ");
    }
    // A card pressed before the turn that turned out not to be allowed: Home is the first card allowed.
    if text.contains("Dropped the queued") {
        return Some("\u{1b}[H\r");
    }
    let ours = [
        "Enter or click PASS",
        "Your lead",
        "Follow ",
        "play any card",
        "Enter next hand",
        "Enter final standings",
        "shot the moon",
    ];
    ours.iter().any(|cue| text.contains(cue)).then_some("\r")
}
