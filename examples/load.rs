//! Load test for `hearts serve`: starts the release server, drives many
//! real SSH sessions at it with russh's client, and reports the sessions
//! held, keypress-to-updated-screen latency, the server's resident memory
//! and the bytes each person receives.
//!
//! ```sh
//! cargo build --release
//! cargo run --release --example load -- --sessions 400 --duration 60
//! ```
//!
//! Each session is an 80x24 terminal that presses a key every half second
//! (Right, Space, Right, Enter, over and over: the cursor moves, cards are
//! marked, passed and played, so the game goes on as a player's would) and
//! reads its screen back through a terminal emulator. The method behind
//! each figure is printed with it, and docs/server.md ("Figures") explains
//! it at length.

#![forbid(unsafe_code)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use clap::Parser;
use russh::ChannelMsg;
use russh::client::{self, Handle};
use russh::keys::PublicKeyOrCertificate;
use tokio::net::TcpSocket;
use tokio::signal::unix::SignalKind;
use tokio::sync::watch;

const COLUMNS: u16 = 80;
const ROWS: u16 = 24;
/// Presses awaiting their screen, per session; more means the server has
/// stopped answering, and the oldest are counted as lost.
const MAX_WAITING: usize = 64;
/// A press unanswered this long is counted as lost.
const GIVE_UP: Duration = Duration::from_secs(10);
/// A session answered a press this recently, at the end, to count as held.
const HELD_WITHIN: Duration = Duration::from_secs(5);
/// The first session's source address. The server allows 8 connections
/// from one address and 64 from one /24, so each session gets a loopback
/// network of its own, as each person has their own machine and home.
const FIRST_SOURCE: Ipv4Addr = Ipv4Addr::new(127, 1, 0, 1);

/// Drives real SSH sessions at a `hearts serve` it starts, and reports.
#[derive(Parser, Debug, Clone)]
struct Options {
    /// The hearts binary to serve with.
    #[arg(long, default_value = "target/release/hearts")]
    server: PathBuf,
    /// Sessions to open.
    #[arg(long, default_value_t = 400)]
    sessions: usize,
    /// Seconds to measure for, once every session is open.
    #[arg(long, default_value_t = 60)]
    duration: u64,
    /// Sessions opened per second while ramping up.
    #[arg(long, default_value_t = 40)]
    ramp: u32,
    /// Milliseconds between one session's key presses.
    #[arg(long, default_value_t = 500)]
    interval: u64,
    /// Tricks in a hand of the served rules (the default preset: 52 cards, four players).
    #[arg(long, default_value_t = 13)]
    tricks_per_hand: u64,
    /// Give the server a scheduling group of its own at nice -10, and this
    /// tool's group too (root only), so other work on the machine yields to them.
    #[arg(long)]
    boost: bool,
    /// Do not pin the server to CPU 0 and this tool to CPU 1.
    #[arg(long)]
    no_pin: bool,
    /// A table code to join, four sessions to a table (repeat it); the codes
    /// the server prints at start (`join CODE`) are joined too.
    #[arg(long = "code")]
    codes: Vec<String>,
    /// Print the first session's screen as it was at the end.
    #[arg(long)]
    show: bool,
    /// An argument for `hearts serve` (repeat it), e.g. `--server-arg=--speed --server-arg=fast`.
    #[arg(long = "server-arg", allow_hyphen_values = true)]
    server_args: Vec<String>,
}

fn main() -> ExitCode {
    let options = Options::parse();
    let pinned_here = !options.no_pin && pin_this_process(1);
    let own_group = options.boost.then(OwnGroup::boost);
    let boosted_here = own_group.as_ref().is_some_and(|group| group.boosted);
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("load: no runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        // Caught before the server starts, so none of them ends this tool with the server left running.
        let signal = |kind| tokio::signal::unix::signal(kind).map_err(|error| format!("no signal handler: {error}"));
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        let mut hangup = signal(SignalKind::hangup())?;
        // The server is owned here, outside the select, so every way out drops (kills) it.
        let server = Server::start(&options)?;
        tokio::select! {
            report = run(&options, &server, pinned_here, boosted_here) => report,
            _ = interrupt.recv() => Err("interrupted".to_string()),
            _ = terminate.recv() => Err("terminated".to_string()),
            _ = hangup.recv() => Err("hung up".to_string()),
        }
    });
    runtime.shutdown_timeout(Duration::from_secs(2));
    drop(own_group);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("load: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Pins this process (and the threads it will start) to `cpu` with taskset.
fn pin_this_process(cpu: usize) -> bool {
    let pid = std::process::id().to_string();
    let cpu = cpu.to_string();
    Command::new("taskset")
        .args(["-a", "-cp", &cpu, &pid])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
        && cpus_allowed(Path::new("/proc/self/status")).as_deref() == Some(cpu.as_str())
}

/// This tool's scheduling group, boosted; it holds the shell that started
/// the tool too, so its nice is given back when dropped.
struct OwnGroup {
    nice: Option<String>,
    boosted: bool,
}

impl OwnGroup {
    const PATH: &str = "/proc/self/autogroup";

    fn boost() -> OwnGroup {
        let group = std::fs::read_to_string(Self::PATH).unwrap_or_default();
        let nice = group.rsplit_once("nice ").map(|(_, nice)| nice.trim().to_string());
        OwnGroup { nice, boosted: boost(Path::new(Self::PATH)) }
    }
}

impl Drop for OwnGroup {
    fn drop(&mut self) {
        if let Some(nice) = self.nice.as_ref().filter(|_| self.boosted) {
            let _ = std::fs::write(Self::PATH, nice);
        }
    }
}

/// Sets a scheduling group's nice to -10; whether it took.
fn boost(autogroup: &Path) -> bool {
    std::fs::write(autogroup, "-10").is_ok()
        && std::fs::read_to_string(autogroup).is_ok_and(|group| group.trim_end().ends_with("nice -10"))
}

fn cpus_allowed(status: &Path) -> Option<String> {
    status_field(status, "Cpus_allowed_list:")
}

fn status_field(status: &Path, field: &str) -> Option<String> {
    let text = std::fs::read_to_string(status).ok()?;
    text.lines().find_map(|line| line.strip_prefix(field)).map(|value| value.trim().to_string())
}

/// The server this run started; killed and its scratch directory removed when dropped.
struct Server {
    child: Child,
    pid: u32,
    dir: PathBuf,
    address: SocketAddr,
    /// Table codes the server printed (`join CODE`), if any.
    codes: Vec<String>,
    pinned: bool,
    boosted: bool,
}

impl Server {
    fn start(options: &Options) -> Result<Server, String> {
        let dir = std::env::temp_dir().join(format!("hearts-load-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("data")).map_err(|error| format!("{}: {error}", dir.display()))?;
        let errors = std::fs::File::create(dir.join("server.err")).map_err(|error| error.to_string())?;
        // setsid and taskset each run the next program in their own place, so the pid is the server's.
        let mut line: Vec<std::ffi::OsString> = vec![];
        if options.boost {
            line.push("setsid".into());
        }
        if !options.no_pin {
            line.extend(["taskset".into(), "-c".into(), "0".into()]);
        }
        line.push(options.server.clone().into_os_string());
        let mut command = Command::new(&line[0]);
        command
            .args(&line[1..])
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(&options.server_args)
            .env("XDG_DATA_HOME", dir.join("data"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(errors);
        // A plain ssh opens the lobby: the server opens a table for each four sessions to join by code.
        if !options.server_args.iter().any(|arg| arg == "--tables") {
            command.args(["--tables", &options.sessions.div_ceil(4).clamp(1, 256).to_string()]);
        }
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(error) => {
                let _ = std::fs::remove_dir_all(&dir);
                return Err(format!("cannot start {}: {error}", options.server.display()));
            }
        };
        let pid = child.id();
        let stdout = child.stdout.take();
        let mut server = Server {
            child,
            pid,
            dir,
            address: SocketAddr::from(([127, 0, 0, 1], 0)),
            codes: vec![],
            pinned: false,
            boosted: false,
        };
        let lines = read_lines(stdout);
        let first = lines.recv_timeout(Duration::from_secs(30)).map_err(|_| server.failed("no first line"))?;
        // "hearts serve: listening on ADDR, host key SHA256:..."
        server.address = first
            .split("listening on ")
            .nth(1)
            .and_then(|rest| rest.split(',').next())
            .and_then(|address| address.parse().ok())
            .ok_or_else(|| server.failed(&format!("no address in {first:?}")))?;
        // The lines naming tables follow at once; a quiet moment ends them.
        while let Ok(line) = lines.recv_timeout(Duration::from_millis(500)) {
            if let Some(code) = join_code(&line) {
                server.codes.push(code);
            }
        }
        server.codes.extend(options.codes.iter().cloned());
        if status_field(&server.status_path(), "Name:").as_deref() != Some("hearts") {
            return Err(server.failed("the started process is not hearts itself"));
        }
        server.pinned = !options.no_pin && cpus_allowed(&server.status_path()).as_deref() == Some("0");
        server.boosted = options.boost && boost(&PathBuf::from(format!("/proc/{pid}/autogroup")));
        Ok(server)
    }

    fn status_path(&self) -> PathBuf {
        PathBuf::from(format!("/proc/{}/status", self.pid))
    }

    fn stat_path(&self) -> PathBuf {
        PathBuf::from(format!("/proc/{}/stat", self.pid))
    }

    /// What went wrong, with the end of the server's standard error.
    fn failed(&self, what: &str) -> String {
        let errors = std::fs::read_to_string(self.dir.join("server.err")).unwrap_or_default();
        let tail: Vec<&str> = errors.lines().rev().take(5).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        format!("the server: {what}; it said: {}", tail.join(" / "))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The server's standard output, line by line; drained to its end so the
/// server never blocks on a full pipe.
fn read_lines(stdout: Option<std::process::ChildStdout>) -> mpsc::Receiver<String> {
    let (send, lines) = mpsc::channel();
    if let Some(stdout) = stdout {
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                // Nobody listens after the start: the rest is read only to keep the pipe open.
                let _ = send.send(line);
            }
        });
    }
    lines
}

/// The CODE of a line such as `join: ssh -t -p 2222 NAME@HOST join 7Q4K`.
fn join_code(line: &str) -> Option<String> {
    let (_, after) = line.rsplit_once("join ")?;
    let code = after.split_whitespace().next()?;
    code.chars().all(|c| c.is_ascii_alphanumeric()).then(|| code.to_string())
}

/// Latencies in microseconds, to about 1.5%: values below 128 exactly,
/// above that 64 buckets per power of two.
#[derive(Debug, Clone)]
struct Histogram {
    counts: Vec<u64>,
    total: u64,
    max: u64,
}

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram { counts: vec![0; 64 * 60], total: 0, max: 0 }
    }
}

impl Histogram {
    fn record(&mut self, elapsed: Duration) {
        let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
        let shift = (64 - micros.leading_zeros()).saturating_sub(7);
        let index = (64 * shift as usize + (micros >> shift) as usize).min(self.counts.len() - 1);
        self.counts[index] += 1;
        self.total += 1;
        self.max = self.max.max(micros);
    }

    /// The smallest bucket bound at or below which `fraction` of the samples lie.
    fn quantile(&self, fraction: f64) -> Duration {
        let wanted = ((self.total as f64 * fraction).ceil() as u64).max(1);
        let mut seen = 0;
        for (index, count) in self.counts.iter().enumerate() {
            seen += count;
            if seen >= wanted {
                let shift = (index / 64).saturating_sub(1);
                let top = ((index - 64 * shift + 1) << shift) as u64 - 1;
                return Duration::from_micros(top.min(self.max));
            }
        }
        Duration::from_micros(self.max)
    }

    fn summary(&self) -> String {
        if self.total == 0 {
            return "no samples".to_string();
        }
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        format!(
            "median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
            ms(self.quantile(0.5)),
            ms(self.quantile(0.9)),
            ms(self.quantile(0.99)),
            self.max as f64 / 1000.0,
            self.total
        )
    }
}

/// What the sessions found, gathered as they go.
#[derive(Debug, Default)]
struct Findings {
    /// Press to the next screen message (another person's move at the
    /// table can come first, so this is a lower bound there).
    first_bytes: Histogram,
    /// Right presses: to the screen that shows the cursor moved for them,
    /// however many presses later that screen comes; a press still waiting
    /// at [`GIVE_UP`] is recorded at that wait, never dropped.
    cursor_moved: Histogram,
    /// Right presses the server never answered within [`GIVE_UP`] (in `cursor_moved` at that wait).
    cursor_lost: u64,
    /// Right presses after which the hand changed before the cursor moved
    /// (one card to stop on, a window open): nothing to time.
    cursor_ambiguous: u64,
    /// Screen messages, all of them.
    messages: u64,
    /// Tricks seen: a card gone from the session's own hand.
    tricks: u64,
    presses: u64,
    /// Presses that got no screen within [`GIVE_UP`] or behind [`MAX_WAITING`] others.
    lost: u64,
    /// Screen messages that came when no press waited (bots, the pace,
    /// other people at the table).
    unasked: u64,
    /// Screen messages that change no cell, and their bytes.
    empty: u64,
    empty_bytes: u64,
    bytes: u64,
    /// Bytes over whole hands seen from start to end, and how many hands.
    hand_bytes: u64,
    hands: u64,
    held: u64,
    failures: Vec<String>,
    failed: usize,
    /// The first session's screen at the end.
    first_screen: Option<String>,
}

/// The measured stretch: after the ramp, for the duration.
#[derive(Debug, Clone, Copy)]
struct Window {
    from: Instant,
    until: Instant,
}

impl Window {
    fn contains(self, at: Instant) -> bool {
        self.from <= at && at < self.until
    }
}

/// Everything the sessions share.
struct Shared {
    findings: Mutex<Findings>,
    open: AtomicUsize,
    window: Mutex<Option<Window>>,
}

impl Shared {
    fn window(&self) -> Option<Window> {
        self.window.lock().ok().and_then(|window| *window)
    }

    fn note(&self, change: impl FnOnce(&mut Findings)) {
        if let Ok(mut findings) = self.findings.lock() {
            change(&mut findings);
        }
    }
}

async fn run(options: &Options, server: &Server, pinned_here: bool, boosted_here: bool) -> Result<(), String> {
    let pinning = match (options.no_pin, server.pinned, pinned_here) {
        (true, _, _) => "not asked for".to_string(),
        (false, true, true) => "server on CPU 0, this tool on CPU 1".to_string(),
        (false, server, here) => format!("FAILED (server pinned: {server}, this tool pinned: {here})"),
    };
    let mode = if server.codes.is_empty() {
        "a shell each (no table codes, from the server or --code)".to_string()
    } else {
        let joining = server.codes.len() * 4;
        format!(
            "exec `join CODE`, four to a table, for {} codes; a shell for sessions past the first {joining}",
            server.codes.len()
        )
    };
    println!("hearts load: server {} pid {} at {}", options.server.display(), server.pid, server.address);
    println!("pinning: {pinning}");
    if options.boost {
        println!("boost (own scheduling groups at nice -10): server {}, this tool {}", server.boosted, boosted_here);
    }
    println!(
        "sessions: {} at {}/s, {}x{} ptys, one key per {} ms; {mode}",
        options.sessions, options.ramp, COLUMNS, ROWS, options.interval
    );
    let shared = Arc::new(Shared { findings: Mutex::default(), open: AtomicUsize::new(0), window: Mutex::new(None) });
    let (stop, stopped) = watch::channel(false);
    let watcher = Watcher::new(server);
    let started = Instant::now();
    let mut sessions = Vec::with_capacity(options.sessions);
    let gap = Duration::from_secs_f64(1.0 / f64::from(options.ramp.max(1)));
    let every = Duration::from_secs(5);
    let mut ramp = tokio::time::interval(gap);
    let mut last_line = Instant::now();
    for index in 0..options.sessions {
        ramp.tick().await;
        let code = server.codes.get(index / 4).cloned();
        let session = Session::new(index, options, Arc::clone(&shared), stopped.clone());
        sessions.push(tokio::spawn(session.run(server.address, code)));
        if last_line.elapsed() >= every {
            last_line = Instant::now();
            watcher.line(started, &shared);
        }
    }
    // Sessions still logging in settle before the window opens.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let opened = shared.open.load(Ordering::SeqCst);
    let window_start = Instant::now();
    let window = Window { from: window_start, until: window_start + Duration::from_secs(options.duration) };
    if let Ok(mut slot) = shared.window.lock() {
        *slot = Some(window);
    }
    println!(
        "ramp (and 3 s to settle) done in {:.1} s: {opened} sessions open; measuring for {} s",
        started.elapsed().as_secs_f64(),
        options.duration
    );
    let lag = tokio::spawn(own_lag(stopped.clone()));
    let cores_from = core_times();
    let server_cpu_from = watcher.cpu_seconds();
    let own_cpu_from = watcher.own_cpu_seconds();
    let mut peak_rss = watcher.memory().rss_kib;
    while Instant::now() < window.until {
        tokio::time::sleep_until((Instant::now() + every).min(window.until).into()).await;
        peak_rss = peak_rss.max(watcher.memory().rss_kib);
        watcher.line(started, &shared);
    }
    let memory = watcher.memory();
    let measured = window_start.elapsed().as_secs_f64();
    let server_cpu = (watcher.cpu_seconds() - server_cpu_from) / measured;
    let own_cpu = (watcher.own_cpu_seconds() - own_cpu_from) / measured;
    let alive = watcher.alive();
    let cores: Vec<String> = core_times()
        .iter()
        .zip(&cores_from)
        .enumerate()
        .map(|(core, (now, then))| {
            let (busy, total) = (now.0 - then.0, now.1 - then.1);
            format!("CPU {core} {:.0}% busy", 100.0 * busy as f64 / total.max(1) as f64)
        })
        .collect();
    let _ = stop.send(true);
    let lag = lag.await.unwrap_or_default();
    for session in sessions {
        let _ = tokio::time::timeout(Duration::from_secs(5), session).await;
    }
    let findings = shared.findings.lock().map_err(|_| "a session panicked".to_string())?;
    if let Some(screen) = findings.first_screen.as_ref().filter(|_| options.show) {
        println!("the first session's screen at the end:\n{screen}");
    }
    report(options, &findings, opened, peak_rss.max(memory.rss_kib), &memory, server_cpu, own_cpu);
    println!("  this tool's own lateness (a 10 ms sleep's overshoot, part of every latency above): {}", lag.summary());
    println!("  the machine over the window, everyone's work included: {}", cores.join(", "));
    if !alive {
        return Err(server.failed("it exited before the end"));
    }
    Ok(())
}

/// How late this tool's own timers fire: the share of each latency that is
/// the tool's, not the server's.
async fn own_lag(mut stop: watch::Receiver<bool>) -> Histogram {
    let mut lag = Histogram::default();
    let nap = Duration::from_millis(10);
    loop {
        let asleep = Instant::now();
        tokio::select! {
            _ = tokio::time::sleep(nap) => lag.record(asleep.elapsed().saturating_sub(nap)),
            _ = stop.changed() => return lag,
        }
    }
}

/// What the kernel says of the server's memory.
#[derive(Debug, Default)]
struct Memory {
    rss_kib: u64,
    hwm_kib: u64,
    threads: u64,
}

/// Reads the server's memory and CPU time from /proc.
struct Watcher {
    status: PathBuf,
    stat: PathBuf,
    ticks_per_second: f64,
}

impl Watcher {
    fn new(server: &Server) -> Watcher {
        let ticks = Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|output| String::from_utf8_lossy(&output.stdout).trim().parse().ok())
            .unwrap_or(100.0);
        Watcher { status: server.status_path(), stat: server.stat_path(), ticks_per_second: ticks }
    }

    fn memory(&self) -> Memory {
        let kib = |field| {
            status_field(&self.status, field)
                .and_then(|value| value.split_whitespace().next().and_then(|n| n.parse().ok()))
                .unwrap_or(0)
        };
        Memory { rss_kib: kib("VmRSS:"), hwm_kib: kib("VmHWM:"), threads: kib("Threads:") }
    }

    fn cpu_seconds(&self) -> f64 {
        cpu_seconds(&self.stat, self.ticks_per_second)
    }

    fn own_cpu_seconds(&self) -> f64 {
        cpu_seconds(Path::new("/proc/self/stat"), self.ticks_per_second)
    }

    /// Whether the server still runs (a process that has exited is a zombie until reaped).
    fn alive(&self) -> bool {
        status_field(&self.status, "State:").is_some_and(|state| !state.starts_with('Z'))
    }

    fn line(&self, started: Instant, shared: &Shared) {
        let memory = self.memory();
        let gone = if self.alive() { "" } else { " (the server has exited)" };
        println!(
            "  {:>5.0} s: {} sessions open, server RSS {:.1} MiB, {} threads{gone}",
            started.elapsed().as_secs_f64(),
            shared.open.load(Ordering::SeqCst),
            memory.rss_kib as f64 / 1024.0,
            memory.threads
        );
    }
}

/// Each core's (busy, total) time in ticks, from /proc/stat.
fn core_times() -> Vec<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    text.lines()
        .filter(|line| line.starts_with("cpu") && !line.starts_with("cpu "))
        .map(|line| {
            let ticks: Vec<u64> = line.split_whitespace().skip(1).filter_map(|field| field.parse().ok()).collect();
            let total: u64 = ticks.iter().take(8).sum();
            // Idle and waiting for the disk are the 4th and 5th.
            let idle = ticks.get(3).copied().unwrap_or(0) + ticks.get(4).copied().unwrap_or(0);
            (total - idle, total)
        })
        .collect()
}

/// User and system time from a /proc stat file (fields 14 and 15).
fn cpu_seconds(stat: &Path, ticks_per_second: f64) -> f64 {
    let Ok(text) = std::fs::read_to_string(stat) else { return 0.0 };
    // The command name may hold spaces: count the fields after its closing parenthesis.
    let Some((_, rest)) = text.rsplit_once(')') else { return 0.0 };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |at: usize| fields.get(at).and_then(|field| field.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / ticks_per_second
}

fn report(
    options: &Options,
    findings: &Findings,
    opened: usize,
    peak_rss_kib: u64,
    memory: &Memory,
    server_cpu: f64,
    own_cpu: f64,
) {
    let seconds = options.duration as f64;
    let mib = |kib: u64| kib as f64 / 1024.0;
    println!("results over {} s with {} sessions asked for:", options.duration, options.sessions);
    println!(
        "  sessions open after the ramp: {opened}; held at the end (open, and a press answered in the last {} s): {}",
        HELD_WITHIN.as_secs(),
        findings.held
    );
    if findings.failed > 0 {
        println!("  sessions that failed: {} (first reasons: {})", findings.failed, findings.failures.join("; "));
    }
    println!(
        "  presses: {} ({:.2}/s per held session), lost (no screen within {} s): {}",
        findings.presses,
        findings.presses as f64 / seconds / findings.held.max(1) as f64,
        GIVE_UP.as_secs(),
        findings.lost
    );
    println!(
        "  latency, press to the next screen bytes (a lower bound: another's move may come first): {}",
        findings.first_bytes.summary()
    );
    println!(
        "  latency, Right press to the screen showing its cursor move (every press, however late; {} unanswered within {} s are in at that wait): {}; not timed: {} with the hand changed before the cursor moved",
        findings.cursor_lost,
        GIVE_UP.as_secs(),
        findings.cursor_moved.summary(),
        findings.cursor_ambiguous
    );
    println!(
        "  screen messages no press waited for (bots, the pace, the others at the table): {:.2}/s per session",
        findings.unasked as f64 / seconds / opened.max(1) as f64
    );
    println!(
        "  screen messages that change no cell: {} of {} ({:.2}%), {:.2}/s per session, {:.0} bytes/s per session",
        findings.empty,
        findings.messages,
        100.0 * findings.empty as f64 / findings.messages.max(1) as f64,
        findings.empty as f64 / seconds / opened.max(1) as f64,
        findings.empty_bytes as f64 / seconds / opened.max(1) as f64
    );
    println!(
        "  server RSS: {:.1} MiB now, {:.1} MiB peak sampled, VmHWM {:.1} MiB; {} threads",
        mib(memory.rss_kib),
        mib(peak_rss_kib),
        mib(memory.hwm_kib),
        memory.threads
    );
    println!("  server CPU: {:.0}% of one core; this tool: {:.0}% of one core", server_cpu * 100.0, own_cpu * 100.0);
    println!("  bytes received: {:.0} per session per second", findings.bytes as f64 / seconds / opened.max(1) as f64);
    if findings.tricks > 0 {
        println!(
            "  bytes per trick: {:.0} (all bytes received / {} tricks seen, a trick being one card gone from a session's own hand)",
            findings.bytes as f64 / findings.tricks as f64,
            findings.tricks
        );
    }
    if findings.hands > 0 {
        let per_hand = findings.hand_bytes as f64 / findings.hands as f64;
        println!(
            "  bytes per trick, by whole hands: {:.0} ({:.0} per hand over {} whole hands, from one change of the top line's `Hand N` to the next, / {} tricks)",
            per_hand / options.tricks_per_hand as f64,
            per_hand,
            findings.hands,
            options.tricks_per_hand
        );
    } else {
        println!("  bytes per trick, by whole hands: no session saw a whole hand; run longer");
    }
}

/// A client that trusts the host key of the server it has just started.
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// The key presses in turn: move, mark or play, move, pass or play (or
/// close the hand's summary).
const KEYS: [&[u8]; 4] = [b"\x1b[C", b" ", b"\x1b[C", b"\r"];

/// One person at a table.
struct Session {
    index: usize,
    interval: Duration,
    shared: Arc<Shared>,
    stop: watch::Receiver<bool>,
    screen: vt100::Parser,
    /// When each press still waiting for its screen was sent.
    waiting: VecDeque<Instant>,
    /// Right presses whose moved cursor has not been drawn yet: when each
    /// was sent, and how many cursor moves of this hand must be seen to answer it.
    cursor_probes: VecDeque<(Instant, u64)>,
    /// Cursor moves seen on screens of the same hand, since it was dealt.
    cursor_moves: u64,
    /// The session's own hand as last drawn, over screens that hide it (a window open).
    last_seen: Option<HandView>,
    /// The session's own hand as last drawn.
    view: Option<HandView>,
    hand: Option<String>,
    bytes: u64,
    /// Bytes received when the first hand change was seen in the window, and the latest change.
    hands_from: Option<u64>,
    hands_to: u64,
    hands: u64,
    last_answer: Option<Instant>,
}

impl Session {
    fn new(index: usize, options: &Options, shared: Arc<Shared>, stop: watch::Receiver<bool>) -> Session {
        let size = |n: u16| NonZeroU16::new(n).unwrap_or(NonZeroU16::MIN);
        Session {
            index,
            interval: Duration::from_millis(options.interval.max(1)),
            shared,
            stop,
            screen: vt100::Parser::new(size(ROWS), size(COLUMNS), 0),
            waiting: VecDeque::new(),
            cursor_probes: VecDeque::new(),
            cursor_moves: 0,
            last_seen: None,
            view: None,
            hand: None,
            bytes: 0,
            hands_from: None,
            hands_to: 0,
            hands: 0,
            last_answer: None,
        }
    }

    async fn run(mut self, address: SocketAddr, code: Option<String>) {
        let channel = match self.open(address, code).await {
            Ok(channel) => channel,
            Err(why) => {
                self.shared.note(|findings| {
                    findings.failed += 1;
                    if findings.failures.len() < 3 {
                        findings.failures.push(why);
                    }
                });
                return;
            }
        };
        self.shared.open.fetch_add(1, Ordering::SeqCst);
        let open = self.play(channel).await;
        self.shared.open.fetch_sub(1, Ordering::SeqCst);
        let held = open && self.last_answer.is_some_and(|at| at.elapsed() < HELD_WITHIN);
        let (hand_bytes, hands) = (self.hands_to - self.hands_from.unwrap_or(self.hands_to), self.hands);
        let screen = (self.index == 0).then(|| self.screen.screen().contents());
        self.shared.note(|findings| {
            findings.first_screen = findings.first_screen.take().or(screen);
            findings.held += u64::from(held);
            findings.hand_bytes += hand_bytes;
            findings.hands += hands;
        });
    }

    async fn open(
        &self,
        address: SocketAddr,
        code: Option<String>,
    ) -> Result<(Handle<Trusting>, russh::Channel<client::Msg>), String> {
        let socket = TcpSocket::new_v4().map_err(|error| format!("socket: {error}"))?;
        socket.bind(SocketAddr::new(source_address(self.index), 0)).map_err(|error| format!("bind: {error}"))?;
        let stream = socket.connect(address).await.map_err(|error| format!("connect: {error}"))?;
        stream.set_nodelay(true).map_err(|error| format!("nodelay: {error}"))?;
        let config = Arc::new(client::Config::default());
        let mut handle =
            client::connect_stream(config, stream, Trusting).await.map_err(|error| format!("handshake: {error}"))?;
        let name = format!("load{}", self.index);
        // An open server lets a client without a key in by keyboard-interactive with no prompt; older
        // servers took "none", tried first so that they can be measured too.
        let none = handle.authenticate_none(name.clone()).await.map_err(|error| format!("login: {error}"))?;
        if !none.success() {
            let authenticated = handle
                .authenticate_keyboard_interactive_start(name, None)
                .await
                .map_err(|error| format!("login: {error}"))?;
            if !matches!(authenticated, client::KeyboardInteractiveAuthResponse::Success) {
                return Err("login refused".to_string());
            }
        }
        let channel = handle.channel_open_session().await.map_err(|error| format!("channel: {error}"))?;
        channel
            .request_pty(false, "xterm-256color", u32::from(COLUMNS), u32::from(ROWS), 0, 0, &[])
            .await
            .map_err(|error| format!("pty: {error}"))?;
        match code {
            Some(code) => channel.exec(false, format!("join {code}")).await,
            None => channel.request_shell(false).await,
        }
        .map_err(|error| format!("shell: {error}"))?;
        Ok((handle, channel))
    }

    /// Presses keys and reads the screen until told to stop; whether the
    /// channel was still open then.
    async fn play(&mut self, (handle, channel): (Handle<Trusting>, russh::Channel<client::Msg>)) -> bool {
        let (mut read, write) = channel.split();
        // Sessions press at spread-out moments, as people do.
        let phase = self.interval.mul_f64((self.index as f64 * 0.618_034) % 1.0);
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + phase, self.interval);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut next_key = 0;
        let mut stop = self.stop.clone();
        let open = loop {
            tokio::select! {
                message = read.wait() => match message {
                    Some(ChannelMsg::Data { data }) => self.screen_bytes(&data, Instant::now()),
                    Some(ChannelMsg::Eof | ChannelMsg::Close) | None => break false,
                    Some(_) => {}
                },
                _ = ticks.tick() => {
                    let key = KEYS[next_key % KEYS.len()];
                    next_key += 1;
                    let at = Instant::now();
                    if write.data_bytes(key.to_vec()).await.is_err() {
                        break false;
                    }
                    self.pressed(at, key == KEYS[0]);
                }
                _ = stop.changed() => break true,
            }
        };
        let _ = handle.disconnect(russh::Disconnect::ByApplication, "", "").await;
        open
    }

    fn pressed(&mut self, at: Instant, moves_cursor: bool) {
        let window = self.shared.window();
        let counted = window.is_some_and(|window| window.contains(at));
        let mut lost = 0;
        while self.waiting.front().is_some_and(|&pressed| at.duration_since(pressed) > GIVE_UP)
            || self.waiting.len() >= MAX_WAITING
        {
            self.waiting.pop_front();
            lost += 1;
        }
        self.waiting.push_back(at);
        // A Right press waits for its own move: one more than the presses still waiting before it.
        let mut given_up = vec![];
        while let Some(&(pressed, _)) =
            self.cursor_probes.front().filter(|(pressed, _)| at.duration_since(*pressed) > GIVE_UP)
        {
            self.cursor_probes.pop_front();
            given_up.push(at.duration_since(pressed));
        }
        if moves_cursor && self.view.is_some() {
            let needed = self.cursor_moves + self.cursor_probes.len() as u64 + 1;
            self.cursor_probes.push_back((at, needed));
        }
        if counted {
            self.shared.note(|findings| {
                findings.presses += 1;
                findings.lost += lost;
                findings.cursor_lost += given_up.len() as u64;
                for waited in given_up {
                    findings.cursor_moved.record(waited);
                }
            });
        }
    }

    fn screen_bytes(&mut self, data: &[u8], at: Instant) {
        self.screen.process(data);
        self.bytes += data.len() as u64;
        let counted = self.shared.window().is_some_and(|window| window.contains(at));
        // Any message answers every press still waiting, each timed from its own moment.
        let answered: Vec<Duration> = self.waiting.drain(..).map(|pressed| at.duration_since(pressed)).collect();
        if !answered.is_empty() {
            self.last_answer = Some(at);
        }
        let draws = draws_cells(data);
        let (cursor, trick) = if draws { self.redrawn(at, counted) } else { (Probed::default(), false) };
        if counted {
            self.shared.note(|findings| {
                findings.messages += 1;
                findings.bytes += data.len() as u64;
                for latency in &answered {
                    findings.first_bytes.record(*latency);
                }
                if !draws {
                    findings.empty += 1;
                    findings.empty_bytes += data.len() as u64;
                } else if answered.is_empty() {
                    findings.unasked += 1;
                }
                for latency in cursor.moved {
                    findings.cursor_moved.record(latency);
                }
                findings.cursor_ambiguous += cursor.hand_changed;
                findings.tricks += u64::from(trick);
            });
        }
    }

    /// Reads a screen that changed: the cursor probe's outcome, and whether a trick was seen.
    fn redrawn(&mut self, at: Instant, counted: bool) -> (Probed, bool) {
        let screen = self.screen.screen();
        let view = hand_view(screen);
        let mut probed = Probed::default();
        match (&self.last_seen, &view) {
            (Some(before), Some(now)) if before.cards == now.cards => {
                if before.cursor != now.cursor {
                    self.cursor_moves += 1;
                }
                while let Some(&(pressed, _)) =
                    self.cursor_probes.front().filter(|(_, needed)| *needed <= self.cursor_moves)
                {
                    self.cursor_probes.pop_front();
                    probed.moved.push(at.duration_since(pressed));
                }
            }
            (Some(_), Some(_)) => {
                // A card played or passed: the presses still waiting cannot be told apart from it.
                probed.hand_changed = self.cursor_probes.len() as u64;
                self.cursor_probes.clear();
                self.cursor_moves = 0;
            }
            _ => {}
        }
        // One card leaves your hand per trick; passing takes three at once.
        let held = |view: &Option<HandView>| view.as_ref().map(|view| view.cards.len());
        let trick = held(&view).is_some_and(|now| held(&self.view) == Some(now + 1));
        if view.is_some() {
            self.last_seen.clone_from(&view);
        }
        self.view = view;
        let hand = hand_number(screen);
        if hand.is_some() && hand != self.hand {
            if self.hand.is_some() && counted {
                match self.hands_from {
                    None => self.hands_from = Some(self.bytes),
                    Some(_) => self.hands += 1,
                }
                self.hands_to = self.bytes;
            }
            self.hand = hand;
        }
        (probed, trick)
    }
}

/// What became of the Right presses waiting, as far as one screen tells.
#[derive(Default)]
struct Probed {
    /// Presses whose cursor move this screen shows, and how long each waited.
    moved: Vec<Duration>,
    /// Presses given up on because the hand itself changed (a card played or passed) first.
    hand_changed: u64,
}

/// The session's own hand as drawn: each card's label, left to right,
/// and the one under the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
struct HandView {
    cards: Vec<String>,
    cursor: Option<String>,
}

/// The cards drawn below the line that starts with ` You`. A card is a
/// top-left corner with its label on the line below it; the cursor's card
/// has its corner drawn bold yellow.
fn hand_view(screen: &vt100::Screen) -> Option<HandView> {
    let you = screen.rows(0, COLUMNS).position(|row| row.starts_with(" You"))?;
    let mut corners = vec![];
    for row in (you as u16 + 1)..ROWS {
        for column in 0..COLUMNS {
            let Some(cell) = screen.cell(row, column) else { continue };
            if cell.contents() == "┌" {
                let cursor = cell.bold() && cell.fgcolor() == vt100::Color::Idx(3);
                corners.push((column, row, cursor));
            }
        }
    }
    corners.sort_unstable();
    let label = |column: u16, row: u16| -> String {
        (column + 1..column + 4).filter_map(|c| screen.cell(row + 1, c)).map(vt100::Cell::contents).collect()
    };
    let cards: Vec<String> = corners.iter().map(|&(column, row, _)| label(column, row)).collect();
    let cursor = corners.iter().find(|corner| corner.2).map(|&(column, row, _)| label(column, row));
    Some(HandView { cards, cursor })
}

/// Whether screen bytes write any character to a cell: anything outside
/// escape sequences (CSI, OSC and two-byte ones) and control characters.
fn draws_cells(data: &[u8]) -> bool {
    let mut bytes = data.iter().copied();
    while let Some(byte) = bytes.next() {
        match byte {
            0x1b => match bytes.next() {
                // CSI: parameters up to a final byte in @..~.
                Some(b'[') => {
                    let _ = bytes.by_ref().find(|b| (0x40..=0x7e).contains(b));
                }
                // OSC: up to BEL or ESC \.
                Some(b']') => {
                    let _ = bytes.by_ref().find(|&b| b == 0x07 || b == b'\\');
                }
                _ => {}
            },
            byte if byte < 0x20 || byte == 0x7f => {}
            _ => return true,
        }
    }
    false
}

/// Session `index`'s own loopback address, so no address holds more than one session.
fn source_address(index: usize) -> IpAddr {
    // The next /24 for each session: 127.1.0.1, 127.1.1.1, ...
    IpAddr::V4(Ipv4Addr::from(u32::from(FIRST_SOURCE) + (index as u32) * 256))
}

/// The `Hand N` of the top line.
fn hand_number(screen: &vt100::Screen) -> Option<String> {
    let top = screen.rows(0, COLUMNS).next()?;
    let (_, after) = top.split_once("Hand ")?;
    let number: String = after.chars().take_while(char::is_ascii_digit).collect();
    (!number.is_empty()).then_some(number)
}
