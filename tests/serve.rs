//! `hearts serve` from the outside: the real binary listening on a free
//! port of 127.0.0.1, and russh's client speaking to it in-process.

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use common::serve::{Server, Trusting};

use russh::client::{self, Handle};
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, Disconnect};

/// The widest and tallest screen the server draws (docs/server.md).
const MAX_COLUMNS: u16 = 320;
const MAX_ROWS: u16 = 120;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hearts-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn connect(server: &Server) -> Handle<Trusting> {
    let config = Arc::new(client::Config::default());
    client::connect(config, ("127.0.0.1", server.port), Trusting).await.expect("connects")
}

/// Connected and in, as `user`, on a server open to anyone.
async fn logged_in(server: &Server, user: &str) -> Handle<Trusting> {
    let mut session = connect(server).await;
    let login = session.authenticate_keyboard_interactive_start(user, None).await.unwrap();
    assert!(matches!(login, client::KeyboardInteractiveAuthResponse::Success), "an open server lets anyone in");
    session
}

/// Everything the channel sends until `done` holds for the screen it draws
/// (read back through a terminal emulator of `rows` x `columns`), or the
/// channel closes.
async fn read_screen(
    channel: &mut russh::Channel<client::Msg>,
    rows: u16,
    columns: u16,
    done: impl Fn(&vt100::Screen) -> bool,
) -> (Vec<u8>, vt100::Parser) {
    let mut bytes = Vec::new();
    let size = |n: u16| std::num::NonZero::new(n).expect("a screen has a size");
    let mut screen = vt100::Parser::new(size(rows), size(columns), 0);
    // A bound so a broken server fails the test rather than hanging it.
    let reading = async {
        while let Some(message) = channel.wait().await {
            if let ChannelMsg::Data { data } = message {
                bytes.extend_from_slice(&data);
                screen.process(&data);
                if done(screen.screen()) {
                    return;
                }
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(60), reading).await;
    (bytes, screen)
}

/// The messages a channel gets until it closes.
async fn until_closed(channel: &mut russh::Channel<client::Msg>) -> Vec<ChannelMsg> {
    let mut messages = Vec::new();
    let reading = async {
        while let Some(message) = channel.wait().await {
            let closed = matches!(message, ChannelMsg::Close);
            messages.push(message);
            if closed {
                return;
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(60), reading).await;
    messages
}

fn text_of(messages: &[ChannelMsg]) -> String {
    let bytes: Vec<u8> = messages
        .iter()
        .filter_map(|message| if let ChannelMsg::Data { data } = message { Some(data.to_vec()) } else { None })
        .flatten()
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The answer to the last request that wanted one.
async fn reply(channel: &mut russh::Channel<client::Msg>) -> Option<ChannelMsg> {
    let reading = async {
        while let Some(message) = channel.wait().await {
            if matches!(message, ChannelMsg::Success | ChannelMsg::Failure) {
                return Some(message);
            }
        }
        None
    };
    tokio::time::timeout(Duration::from_secs(60), reading).await.ok().flatten()
}

fn shows_the_table(screen: &vt100::Screen) -> bool {
    let text = screen.contents();
    text.contains("Hand 1") && text.contains("Welcome")
}

#[tokio::test]
async fn a_client_with_a_terminal_gets_the_lobby_and_join_code_the_table() {
    let server = Server::start("serve", "drawn", &[]);
    let session = logged_in(&server, "alice").await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.request_pty(true, "xterm-256color", 80, 24, 0, 0, &[]).await.unwrap();
    channel.request_shell(true).await.unwrap();
    let in_lobby = |screen: &vt100::Screen| screen.contents().contains(&server.code);
    let (_, screen) = read_screen(&mut channel, 24, 80, in_lobby).await;
    assert!(in_lobby(screen.screen()), "the lobby lists the table: {}", screen.screen().contents());
    // Enter sits at the table under the cursor.
    channel.data(&b"\r"[..]).await.unwrap();
    let (_, screen) = read_screen(&mut channel, 24, 80, shows_the_table).await;
    let text = screen.screen().contents();
    assert!(shows_the_table(screen.screen()), "{text}");
    assert!(text.contains("Welcome, alice"), "{text}");
    // Keys reach the table: `?` opens the help window.
    channel.data(&b"?"[..]).await.unwrap();
    let (_, screen) = read_screen(&mut channel, 24, 80, |screen| screen.contents().contains("Keys")).await;
    assert!(screen.screen().contents().contains("Keys"), "{}", screen.screen().contents());
}

#[tokio::test]
async fn a_session_without_a_terminal_gets_the_lobby_in_lines() {
    let server = Server::start("serve", "no-pty", &[]);
    let session = logged_in(&server, "alice").await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.request_shell(true).await.unwrap();
    channel.data(&b"quit\n"[..]).await.unwrap();
    let messages = until_closed(&mut channel).await;
    let text = text_of(&messages);
    assert!(text.starts_with("Welcome to the hearts lobby, alice.\n"), "{text}");
    assert!(text.contains(&format!("Table {}: black-lady", server.code)), "{text}");
    assert!(text.ends_with("Goodbye.\n") && !text.contains('\u{1b}'), "{text}");
    assert!(messages.iter().any(|m| matches!(m, ChannelMsg::ExitStatus { exit_status: 0 })), "{messages:?}");
    assert!(matches!(messages.last(), Some(ChannelMsg::Close)), "{messages:?}");
}

#[tokio::test]
async fn a_name_without_a_key_does_not_throw_out_a_session_of_that_name_that_answers() {
    let server = Server::start("serve", "namesake", &[]);
    let carol = logged_in(&server, "carol").await;
    let mut first = carol.channel_open_session().await.unwrap();
    first.request_pty(true, "xterm-256color", 80, 24, 0, 0, &[]).await.unwrap();
    first.exec(true, format!("join {}", server.code)).await.unwrap();
    let (_, screen) = read_screen(&mut first, 24, 80, shows_the_table).await;
    assert!(screen.screen().contents().contains("Welcome, carol"), "{}", screen.screen().contents());

    let mallory = logged_in(&server, "carol").await;
    let mut second = mallory.channel_open_session().await.unwrap();
    second.exec(true, format!("join {}", server.code)).await.unwrap();
    let messages = until_closed(&mut second).await;
    let text = text_of(&messages);
    assert!(text.starts_with("hearts: carol is here already, in a session that answers"), "{text}");
    assert!(messages.iter().any(|m| matches!(m, ChannelMsg::ExitStatus { exit_status: 1 })), "{messages:?}");
    // The first session still plays: `?` opens its help.
    first.data(&b"?"[..]).await.unwrap();
    let (_, screen) = read_screen(&mut first, 24, 80, |screen| screen.contents().contains("Keys")).await;
    assert!(screen.screen().contents().contains("Keys"), "{}", screen.screen().contents());
}

#[tokio::test]
async fn a_command_other_than_join_or_watch_is_refused() {
    let server = Server::start("serve", "exec", &[]);
    let session = logged_in(&server, "alice").await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.request_pty(true, "xterm", 80, 24, 0, 0, &[]).await.unwrap();
    assert!(matches!(reply(&mut channel).await, Some(ChannelMsg::Success)));
    channel.exec(true, "ls").await.unwrap();
    // Accepted, so that the client shows the sentence rather than its own "exec request failed".
    assert!(matches!(reply(&mut channel).await, Some(ChannelMsg::Success)));
    let messages = until_closed(&mut channel).await;
    assert_eq!(
        text_of(&messages),
        "hearts: unknown command `ls`; the commands are join CODE, watch CODE, plain (the line mode) and help\r\n"
    );
    assert!(messages.iter().any(|m| matches!(m, ChannelMsg::ExitStatus { exit_status: 2 })), "{messages:?}");
}

#[tokio::test]
async fn plain_help_says_what_may_be_run_and_ends() {
    let server = Server::start("serve", "help", &[]);
    let session = logged_in(&server, "alice").await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.exec(true, "plain help").await.unwrap();
    assert!(matches!(reply(&mut channel).await, Some(ChannelMsg::Success)));
    let messages = until_closed(&mut channel).await;
    let text = text_of(&messages);
    assert!(text.starts_with("hearts over ssh:") && text.contains("plain join CODE"), "{text}");
    assert!(messages.iter().any(|m| matches!(m, ChannelMsg::ExitStatus { exit_status: 0 })), "{messages:?}");
}

#[tokio::test]
async fn a_subsystem_such_as_sftp_is_refused() {
    let server = Server::start("serve", "sftp", &[]);
    let session = logged_in(&server, "alice").await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.request_subsystem(true, "sftp").await.unwrap();
    assert!(matches!(reply(&mut channel).await, Some(ChannelMsg::Failure)));
}

#[tokio::test]
async fn x11_forwarding_is_refused() {
    let server = Server::start("serve", "x11", &[]);
    let session = logged_in(&server, "alice").await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.request_x11(true, false, "MIT-MAGIC-COOKIE-1", "00112233445566778899aabbccddeeff", 0).await.unwrap();
    assert!(matches!(reply(&mut channel).await, Some(ChannelMsg::Failure)));
}

#[tokio::test]
async fn agent_forwarding_is_refused() {
    let server = Server::start("serve", "agent", &[]);
    let session = logged_in(&server, "alice").await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.agent_forward(true).await.unwrap();
    assert!(matches!(reply(&mut channel).await, Some(ChannelMsg::Failure)));
}

#[tokio::test]
async fn port_forwarding_is_refused() {
    let server = Server::start("serve", "forward", &[]);
    let session = logged_in(&server, "alice").await;
    let opened = session.channel_open_direct_tcpip("127.0.0.1", u32::from(server.port), "127.0.0.1", 40000).await;
    assert!(opened.is_err(), "a direct-tcpip channel was opened");
    assert!(!session.tcpip_forward("127.0.0.1", 0).await.is_ok_and(|port| port != 0), "a remote forward was granted");
}

#[tokio::test]
async fn a_huge_window_gets_a_clamped_screen() {
    let server = Server::start("serve", "huge", &[]);
    let session = logged_in(&server, "alice").await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.request_pty(true, "xterm", 65535, 65535, 0, 0, &[]).await.unwrap();
    channel.exec(true, format!("join {}", server.code)).await.unwrap();
    // One row and column more than the clamp, to see that nothing is drawn there.
    let (bytes, screen) = read_screen(&mut channel, MAX_ROWS + 1, MAX_COLUMNS + 1, shows_the_table).await;
    let screen = screen.screen();
    assert!(shows_the_table(screen), "{}", screen.contents());
    let drawn = |row: u16, column: u16| screen.cell(row, column).is_some_and(|cell| !cell.contents().trim().is_empty());
    assert!((0..=MAX_COLUMNS).all(|column| !drawn(MAX_ROWS, column)), "a row beyond the clamp was drawn");
    assert!((0..=MAX_ROWS).all(|row| !drawn(row, MAX_COLUMNS)), "a column beyond the clamp was drawn");
    assert!((0..MAX_COLUMNS).any(|column| drawn(MAX_ROWS - 1, column)), "the last row is the table's");
    assert!(bytes.len() < 1 << 20, "{} bytes for one screen", bytes.len());
}

#[tokio::test]
async fn a_hostile_user_name_never_reaches_the_screen_raw() {
    let server = Server::start("serve", "hostile", &[]);
    let hostile = "\u{1b}[31mevil\u{1b}]0;pwned\u{7}\u{9b}2J";
    let session = logged_in(&server, hostile).await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.request_pty(true, "xterm", 80, 24, 0, 0, &[]).await.unwrap();
    channel.exec(true, format!("join {}", server.code)).await.unwrap();
    let (bytes, screen) = read_screen(&mut channel, 24, 80, shows_the_table).await;
    let text = screen.screen().contents();
    assert!(text.contains("Welcome, [31mevil]0;pwned"), "{text}");
    let sent = String::from_utf8_lossy(&bytes);
    for raw in ["\u{1b}[31mevil", "\u{1b}]0;pwned", "\u{7}", "\u{9b}"] {
        assert!(!sent.contains(raw), "{raw:?} was sent as it came");
    }
}

#[tokio::test]
async fn a_password_file_refuses_a_wrong_password_and_admits_the_right_one() {
    let dir = scratch("password-file");
    let file = dir.join("password");
    std::fs::write(&file, "correct horse\n").unwrap();
    let server = Server::start("serve", "password", &["--password-file", file.to_str().unwrap()]);
    let mut session = connect(&server).await;
    assert!(!session.authenticate_none("bob").await.unwrap().success(), "no password is no entry");
    assert!(!session.authenticate_password("bob", "battery staple").await.unwrap().success());
    assert!(!session.authenticate_password("bob", "correct horse\n").await.unwrap().success());
    assert!(session.authenticate_password("bob", "correct horse").await.unwrap().success());
    let _ = session.disconnect(Disconnect::ByApplication, "", "").await;
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn authorized_keys_admit_their_holders_only() {
    let dir = scratch("keys-file");
    let known = PrivateKey::from(Ed25519Keypair::from_seed(&[7; 32]));
    let stranger = PrivateKey::from(Ed25519Keypair::from_seed(&[9; 32]));
    let file = dir.join("authorized_keys");
    std::fs::write(&file, format!("{}\n", known.public_key().to_openssh().unwrap())).unwrap();
    let server = Server::start("serve", "keys", &["--authorized-keys", file.to_str().unwrap()]);
    let mut session = connect(&server).await;
    assert!(!session.authenticate_none("carol").await.unwrap().success());
    assert!(!session.authenticate_password("carol", "anything").await.unwrap().success());
    let offer = |key: PrivateKey| PrivateKeyWithHashAlg::new(Arc::new(key), None);
    assert!(!session.authenticate_publickey("carol", offer(stranger)).await.unwrap().success());
    assert!(session.authenticate_publickey("carol", offer(known)).await.unwrap().success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn listening_beyond_loopback_without_an_access_choice_is_refused() {
    let dir = scratch("unchosen");
    let output = Command::new(env!("CARGO_BIN_EXE_hearts"))
        .args(["serve", "--listen", "0.0.0.0:0"])
        .env("XDG_DATA_HOME", &dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "it listened: {}", String::from_utf8_lossy(&output.stdout));
    let said = String::from_utf8_lossy(&output.stderr);
    for choice in ["--authorized-keys FILE", "--password-file FILE", "--open"] {
        assert!(said.contains(choice), "{said}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
