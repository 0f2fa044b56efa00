//! Who is who at `hearts serve`, from the outside: a server in the
//! test's process (the binary where it must refuse to start), and
//! OpenSSH's own `ssh` (in a pseudo-terminal, as a person runs it) or
//! russh's client. A key is asked for first in every access mode and the
//! person known by it; `authorized_keys` options are honoured or refused
//! at start; names are cleaned and told apart by how they look; a second
//! connection of the same person takes over the first, even a frozen one;
//! and a person's games are found by who they are, not by their name.
//!
//! These tests need OpenSSH's client: `ssh` and `ssh-keygen` on the PATH
//! (Debian: `apt-get install openssh-client`). Without them they fail
//! saying so.

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::openssh::Ssh;
use common::serve::{Server, keys_for};
use hearts::serve::store::Store;
use russh::ChannelMsg;
use russh::client::{self, Handle, KeyboardInteractiveAuthResponse};
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};

/// The bound on anything a test waits for; only a broken server reaches it.
const PATIENCE: Duration = Duration::from_secs(60);

/// A scratch directory of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("serve_identity").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Waits until `done` holds, or panics with `what` once [`PATIENCE`] is up.
fn wait_until(what: impl FnOnce() -> String, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done() {
        if Instant::now() >= deadline {
            panic!("{}", what());
        }
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// Who holds each seat of the table `code`, as the server saved it: (name, holder).
fn seated(server: &Server, code: &str) -> Vec<(String, Option<String>)> {
    let tables = Store::open_in(&server.dir.join("hearts")).and_then(|mut store| store.tables()).unwrap();
    let table = tables.into_iter().find(|table| table.code == code).expect("the table is saved");
    table.seated.into_iter().map(|seated| (seated.name, seated.key)).collect()
}

/// Waits until someone called `name` holds a seat at the first table; who holds it.
fn holder_of(server: &Server, name: &str) -> Option<String> {
    let found = || seated(server, &server.code).into_iter().find(|(held, _)| held == name);
    wait_until(|| format!("{name} never sat: {:?}", seated(server, &server.code)), || found().is_some());
    found().and_then(|(_, holder)| holder)
}

/// Runs OpenSSH's `what` (`ssh-keygen`), failing clearly when it is missing.
fn openssh(program: &str) -> Command {
    let found = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()));
    assert!(found, "this test needs OpenSSH's {program} on the PATH (Debian: apt-get install openssh-client)");
    Command::new(program)
}

/// A new ed25519 key pair in `dir`: its private key file and SHA256 fingerprint.
fn make_key(dir: &Path, name: &str) -> (PathBuf, String) {
    let file = dir.join(name);
    let made = openssh("ssh-keygen").args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"]).arg(&file).output();
    assert!(made.unwrap().status.success());
    let listed = openssh("ssh-keygen").args(["-l", "-E", "sha256", "-f"]).arg(file.with_extension("pub")).output();
    // "256 SHA256:... alice (ED25519)"
    let text = String::from_utf8(listed.unwrap().stdout).unwrap();
    let fingerprint = text.split_whitespace().nth(1).expect("a fingerprint").to_string();
    (file, fingerprint)
}

/// An askpass program that answers `answer` and notes each prompt in `log`.
fn askpass(dir: &Path, answer: &str) -> (PathBuf, PathBuf) {
    let (script, log) = (dir.join("askpass.sh"), dir.join("askpass.log"));
    let _ = std::fs::remove_file(&log);
    std::fs::write(&script, format!("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '{}'\necho '{answer}'\n", log.display()))
        .unwrap();
    let made = Command::new("chmod").arg("700").arg(&script).status().unwrap();
    assert!(made.success());
    (script, log)
}

/// The prompts the askpass program was asked.
fn prompts(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log).unwrap_or_default().lines().map(str::to_string).collect()
}

/// OpenSSH's `ssh` to `server` as `user` running `command`, offering only
/// the keys `options` name; `askpass` answers any prompt.
fn run_ssh(server: &Server, user: &str, options: &[&str], askpass: Option<&Path>, command: &str) -> Ssh {
    let options = [&["-o", "IdentitiesOnly=yes"], options].concat();
    Ssh::run(server.port, &server.dir, user, &options, askpass, command)
}

/// The `-i KEY` options of a key file.
fn with_key(key: &Path) -> Vec<&str> {
    vec!["-i", key.to_str().unwrap()]
}

const NO_KEY: &[&str] = &["-o", "PubkeyAuthentication=no"];
const BATCH: &[&str] = &["-o", "BatchMode=yes"];

#[test]
fn an_open_server_asks_openssh_for_its_key_and_lets_a_keyless_one_in_without_a_prompt() {
    // --open, and the loopback default that lets anyone on this machine in.
    for (mode, args) in [("open", &["--open"][..]), ("default", &[][..])] {
        let dir = scratch(&format!("open-{mode}"));
        let (key, fingerprint) = make_key(&dir, "alice");
        let (script, log) = askpass(&dir, "anything");
        let server = Server::start_at(&dir, args);
        let join = format!("join {}", server.code);
        let alice = run_ssh(&server, "alice", &[BATCH, &with_key(&key)].concat(), None, &join);
        alice.shows("Welcome, alice: you sit at South");
        assert_eq!(holder_of(&server, "alice"), Some(fingerprint), "{mode}: alice is known by her key");
        // No key at all: in, and asked nothing.
        let bob = run_ssh(&server, "bob", NO_KEY, Some(&script), &join);
        bob.shows("Welcome, bob: you sit at West");
        assert_eq!(holder_of(&server, "bob").as_deref(), Some("name:bob"), "{mode}: bob is known by his name");
        assert_eq!(prompts(&log), Vec::<String>::new(), "{mode}: a keyless client is asked nothing");
    }
}

#[test]
fn a_password_server_records_the_key_beside_the_password_and_a_keyless_client_gets_the_password_prompt() {
    let dir = scratch("password");
    let (key, fingerprint) = make_key(&dir, "carol");
    let file = dir.join("password");
    std::fs::write(&file, "correct horse\n").unwrap();
    let server = Server::start_at(&dir, &["--password-file", file.to_str().unwrap()]);
    let join = format!("join {}", server.code);

    let (script, log) = askpass(&dir, "correct horse");
    let carol = run_ssh(&server, "carol", &with_key(&key), Some(&script), &join);
    carol.shows("Welcome, carol");
    assert_eq!(holder_of(&server, "carol"), Some(fingerprint), "carol's key is hers, recorded beside the password");
    assert_eq!(prompts(&log).len(), 1, "and the password was still asked: {:?}", prompts(&log));

    let (script, log) = askpass(&dir, "correct horse");
    let dave = run_ssh(&server, "dave", NO_KEY, Some(&script), &join);
    dave.shows("Welcome, dave");
    assert_eq!(holder_of(&server, "dave").as_deref(), Some("name:dave"));
    let asked = prompts(&log);
    assert!(asked.len() == 1 && asked[0].contains("password"), "straight to the password: {asked:?}");

    // A key alone, however good, is not the password.
    let (script, _) = askpass(&dir, "battery staple");
    let mut wrong = run_ssh(
        &server,
        "erin",
        &[&with_key(&key)[..], &["-o", "NumberOfPasswordPrompts=1"]].concat(),
        Some(&script),
        &join,
    );
    assert_eq!(wrong.exit_code(), 255, "{}", wrong.said());
    assert!(wrong.said().contains("Permission denied"), "{}", wrong.said());
}

/// An `authorized_keys` line for `key` (a private key file) with `options`.
fn authorized(key: &Path, options: &str) -> String {
    let public = std::fs::read_to_string(key.with_extension("pub")).unwrap();
    if options.is_empty() { public } else { format!("{options} {public}") }
}

#[test]
fn authorized_keys_options_limit_where_when_and_what() {
    let dir = scratch("options");
    // A first run makes the table, so that a forced command can name its code.
    let code = Server::start_at(&dir, &[]).code.clone();
    let (plain, plain_print) = make_key(&dir, "plain");
    let (elsewhere, _) = make_key(&dir, "elsewhere");
    let (expired, _) = make_key(&dir, "expired");
    let (watcher, watcher_print) = make_key(&dir, "watcher");
    let lines = [
        authorized(&plain, ""),
        authorized(&elsewhere, "from=\"10.0.0.0/8\""),
        authorized(&expired, "expiry-time=\"20200101\""),
        authorized(&watcher, &format!("restrict,pty,command=\"watch {code}\"")),
    ];
    let file = dir.join("authorized_keys");
    std::fs::write(&file, lines.concat()).unwrap();
    let server = Server::start_at(&dir, &["--authorized-keys", file.to_str().unwrap()]);
    assert_eq!(server.code, code, "the same table, taken up");
    let join = format!("join {code}");

    let alice = run_ssh(&server, "alice", &[BATCH, &with_key(&plain)].concat(), None, &join);
    alice.shows("Welcome, alice: you sit at South");
    assert_eq!(holder_of(&server, "alice"), Some(plain_print));
    for (refused, why) in [(&elsewhere, "from= 10.0.0.0/8, and this is loopback"), (&expired, "expired in 2020")] {
        let mut ssh = run_ssh(&server, "mallory", &[BATCH, &with_key(refused)].concat(), None, &join);
        assert_eq!(ssh.exit_code(), 255, "{why}: {}", ssh.said());
        assert!(ssh.said().contains("Permission denied"), "{why}: {}", ssh.said());
    }
    // Asked to join, the key whose line forces "watch CODE" watches.
    let mut eve = run_ssh(&server, "eve", &[BATCH, &with_key(&watcher)].concat(), None, &join);
    eve.shows("Welcome, eve: you are watching");
    assert!(eve.text().contains("alice"), "{}", eve.text());
    let seats = seated(&server, &code);
    assert!(!seats.iter().any(|(_, holder)| holder.as_deref() == Some(watcher_print.as_str())), "{seats:?}");
    // The forced command is the whole session, as under sshd: leaving the table ends it, no lobby on the way.
    eve.press(b"q");
    eve.shows("Stop watching");
    eve.press(b"y");
    eve.exit_code();
    assert!(!eve.said().contains("Lobby"), "the key's session went on to the lobby:\n{}", eve.text());
}

#[test]
fn an_authorized_keys_line_the_server_cannot_honour_stops_it_at_start_naming_file_line_and_option() {
    let dir = scratch("refused-lines");
    let (key, _) = make_key(&dir, "key");
    let cases = [
        ("cert-authority", "option cert-authority: certificates are not supported"),
        ("command=\"/bin/sh -c 'rm -rf ~'\"", "option command=\"/bin/sh -c 'rm -rf ~'\": the server runs no program"),
        ("from=\"10.0.0.1/8\"", "option from=: 10.0.0.1/8"),
        ("expiry-time=\"2020-01-01\"", "option expiry-time=\"2020-01-01\": not a time"),
        ("no-such-option", "option no-such-option: not an option this server knows"),
    ];
    for (options, said) in cases {
        let file = dir.join("authorized_keys");
        std::fs::write(&file, format!("# the team\n{}{}", authorized(&key, ""), authorized(&key, options))).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_hearts"))
            .args(["serve", "--listen", "127.0.0.1:0", "--authorized-keys"])
            .arg(&file)
            .env("XDG_DATA_HOME", &dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut child = Stopped(child);
        let child = &mut child.0;
        wait_until(|| format!("{options}: the server started"), || child.try_wait().unwrap().is_some());
        let status = child.wait().unwrap();
        let mut stderr = String::new();
        child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
        let mut stdout = String::new();
        child.stdout.take().unwrap().read_to_string(&mut stdout).unwrap();
        assert_eq!(status.code(), Some(2), "{options}: {stderr}");
        assert!(stdout.is_empty(), "{options}: it listened: {stdout}");
        let named = format!("{}: line 3: {said}", file.display());
        assert!(stderr.contains(&named), "{options}: {stderr}");
    }
}

/// A process killed when the test is done with it, passed or not.
struct Stopped(Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A client that trusts any host key (the test has just seen it made).
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A person through russh's client: any user name bytes, a key or none.
struct Person {
    _session: Handle<Trusting>,
    channel: russh::Channel<client::Msg>,
    screen: vt100::Parser,
}

impl Person {
    /// `user` comes in (with `key`, else without one) and runs `command` (empty: the lobby).
    async fn comes(server: &Server, user: &str, key: Option<&PrivateKey>, command: &str) -> Person {
        let config = Arc::new(client::Config::default());
        let mut session = client::connect(config, ("127.0.0.1", server.port), Trusting).await.expect("connects");
        match key {
            Some(key) => {
                let offer = PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
                assert!(session.authenticate_publickey(user, offer).await.unwrap().success());
            }
            None => {
                let login = session.authenticate_keyboard_interactive_start(user, None).await.unwrap();
                assert!(matches!(login, KeyboardInteractiveAuthResponse::Success));
            }
        }
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(false, "xterm-256color", 80, 24, 0, 0, &[]).await.unwrap();
        if command.is_empty() {
            channel.request_shell(false).await.unwrap();
        } else {
            channel.exec(false, command).await.unwrap();
        }
        let size = |n: u16| std::num::NonZero::new(n).unwrap();
        Person { _session: session, channel, screen: vt100::Parser::new(size(24), size(80), 0) }
    }

    fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads the screen until `done` holds for it; false if the channel
    /// closes or the time is up first.
    async fn until(&mut self, done: impl Fn(&str) -> bool) -> bool {
        let reading = async {
            while !done(&self.text()) {
                match self.channel.wait().await {
                    Some(ChannelMsg::Data { data }) => self.screen.process(&data),
                    Some(_) => {}
                    None => return false,
                }
            }
            true
        };
        tokio::time::timeout(PATIENCE, reading).await.unwrap_or(false)
    }

    async fn press(&mut self, keys: &str) {
        self.channel.data(keys.as_bytes()).await.unwrap();
    }

    /// Plays as a person reading the screen would until the game is over.
    async fn play_game(&mut self) {
        let mut answered = String::new();
        loop {
            let waiting_on = answered.clone();
            let over = |text: &str| text.contains("The game is over");
            let moved = self.until(|text| text != waiting_on && (over(text) || keys_for(text).is_some())).await;
            let text = self.text();
            assert!(moved, "the game stopped:\n{text}");
            if over(&text) {
                return;
            }
            if let Some(keys) = keys_for(&text) {
                self.press(keys).await;
            }
            answered = text;
        }
    }
}

#[tokio::test]
async fn names_are_shown_clean_and_a_name_cleaning_changed_takes_no_ones_seat() {
    let dir = scratch("names");
    let server = Server::start_at(&dir, &[]);
    let join = format!("join {}", server.code);
    // Fillers that show nothing are no name at all.
    let mut blank = Person::comes(&server, "\u{3164}\u{3164}\u{2800}\u{115F}", None, &join).await;
    assert!(blank.until(|text| text.contains("Welcome, guest: you sit at South")).await, "{}", blank.text());
    let mut alice = Person::comes(&server, "alice", None, &join).await;
    assert!(alice.until(|text| text.contains("Welcome, alice: you sit at West")).await, "{}", alice.text());
    // A Cyrillic а looks like alice: shown apart.
    let mut lookalike = Person::comes(&server, "\u{430}lice", None, &join).await;
    assert!(lookalike.until(|text| text.contains("Welcome, \u{430}lice 2")).await, "{}", lookalike.text());
    drop(alice);
    assert!(lookalike.until(|text| text.contains("alice left")).await, "{}", lookalike.text());
    // alice's seat waits for her. A user name cleaned into hers is not her.
    let mut pretender = Person::comes(&server, "alice\u{1b}", None, &join).await;
    assert!(pretender.until(|text| text.contains("Welcome, alice 3")).await, "{}", pretender.text());
    assert!(!pretender.text().contains("Welcome back"), "{}", pretender.text());
    let mut back = Person::comes(&server, "alice", None, &join).await;
    assert!(back.until(|text| text.contains("Welcome back, alice")).await, "{}", back.text());
}

#[tokio::test]
async fn a_person_without_a_key_is_told_what_keeps_their_seat_and_one_with_a_key_is_not() {
    let dir = scratch("seat-kept");
    let server = Server::start_at(&dir, &[]);
    let join = format!("join {}", server.code);
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&[7; 32]));
    let mut alice = Person::comes(&server, "alice", Some(&key), &join).await;
    assert!(alice.until(|text| text.contains("Welcome, alice: you sit at South")).await, "{}", alice.text());
    // Each is told after their welcome has gone (20 s, or a trick).
    let says = |text: &str, words: &str| text.split_whitespace().collect::<Vec<_>>().join(" ").contains(words);
    let mut bob = Person::comes(&server, "bob", None, &join).await;
    // A name cleaning changed is nobody's: the seat is not kept.
    let mut guest = Person::comes(&server, "g\u{7}", None, &join).await;
    let named = "Your name alone keeps this seat; with a key (ssh -i) only you can reclaim it";
    let nobody = "This seat is not kept if you leave; with a key (ssh -i) it waits for you";
    let (bob_told, guest_told) =
        tokio::join!(bob.until(|text| says(text, named)), guest.until(|text| says(text, nobody)));
    assert!(bob_told, "{}", bob.text());
    assert!(guest_told, "{}", guest.text());
    // alice hears the others sit down, and nothing about keys.
    assert!(alice.until(|text| text.contains("sits down at North")).await, "{}", alice.text());
    assert!(!alice.text().contains("keeps this seat") && !alice.text().contains("not kept"), "{}", alice.text());
}

#[test]
fn connecting_again_takes_over_even_a_frozen_client_and_the_seat_comes_back() {
    let dir = scratch("takeover");
    let (key, _) = make_key(&dir, "alice");
    let server = Server::start_at(&dir, &[]);
    let join = format!("join {}", server.code);
    let options = [BATCH, &with_key(&key)].concat();
    // Three more people fill the table, so a second alice could only watch.
    let others: Vec<Ssh> = ["bob", "carol", "dave"]
        .into_iter()
        .map(|name| {
            let ssh = run_ssh(&server, name, NO_KEY, None, &join);
            ssh.shows(&format!("Welcome, {name}"));
            ssh
        })
        .collect();
    let first = run_ssh(&server, "alice", &options, None, &join);
    first.shows("Welcome, alice: you sit at");
    assert_eq!(first.tcp_state().as_deref(), Some("01"), "connected");
    // The first client freezes: it reads nothing any more.
    first.signal("-STOP");
    let mut second = run_ssh(&server, "alice", &options, None, &join);
    second.shows("Welcome back, alice");
    assert!(!second.text().contains("every seat is taken"), "{}", second.text());
    others[0].shows("alice is back");
    // The frozen client's connection is closed by the server.
    wait_until(
        || format!("the frozen client's connection is still open: {:?}", first.tcp_state()),
        || first.tcp_state().is_none_or(|state| state != "01"),
    );
    let mut first = first;
    first.signal("-CONT");
    assert_eq!(first.exit_code(), 255, "{}", first.said());

    // A client that still reads gets its terminal back, then the words.
    let third = run_ssh(&server, "alice", &options, None, &join);
    third.shows("Welcome back, alice");
    assert_eq!(second.exit_code(), 255, "{}", second.said());
    let said = second.said();
    let words = said.rfind("you connected again from elsewhere").unwrap_or_else(|| panic!("{said:?}"));
    assert!(said[..words].rfind("\u{1b}[?1049l").is_some(), "the alternate screen is left first: {said:?}");
    {
        let screen = second.screen.lock().unwrap();
        assert!(!screen.screen().alternate_screen(), "its terminal is given back");
        assert_eq!(screen.screen().mouse_protocol_mode(), vt100::MouseProtocolMode::None, "mouse reports off");
    }

    // A second seat, asked for, takes nothing over.
    let also = run_ssh(&server, "alice", &options, None, &format!("{join} also"));
    also.shows("Welcome, alice 2");
    // Nor does her name without her key.
    let namesake = run_ssh(&server, "alice", NO_KEY, None, &join);
    namesake.shows("Welcome, alice 3");
    std::thread::sleep(Duration::from_secs(1));
    assert!(third.child_alive(), "her session goes on:\n{}", third.said());
    assert!(also.child_alive(), "and so does her second:\n{}", also.said());
    drop(others);
}

impl Ssh {
    fn child_alive(&self) -> bool {
        Command::new("kill").args(["-0", &self.pid().to_string()]).status().is_ok_and(|status| status.success())
    }
}

#[tokio::test]
async fn your_games_are_found_by_your_key_not_by_your_name() {
    let dir = scratch("games");
    let server = Server::start_at(&dir, &["--set", "max-hands=1"]);
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&[5; 32]));
    let mut alice = Person::comes(&server, "alice", Some(&key), &format!("join {}", server.code)).await;
    alice.play_game().await;
    // Whoever takes the name "alice" without her key does not see her games.
    let mut namesake = Person::comes(&server, "alice", None, "").await;
    assert!(namesake.until(|text| text.contains("Your games (0)")).await, "{}", namesake.text());
    let mut lobby = Person::comes(&server, "someone", Some(&key), "").await;
    assert!(lobby.until(|text| text.contains("Your games (1)")).await, "her key finds her game: {}", lobby.text());
}
