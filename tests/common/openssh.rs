//! OpenSSH's own `ssh` in an 80x24 pseudo-terminal, as a person runs it,
//! its screen read back through a terminal emulator.

use std::io::{Read, Write};
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

use super::serve::PATIENCE;

/// A running `ssh` in a pseudo-terminal.
pub struct Ssh {
    pub screen: Arc<Mutex<vt100::Parser>>,
    /// Everything it wrote to its terminal.
    pub output: Arc<Mutex<Vec<u8>>>,
    /// Kept open: a closed pty master would end ssh's input.
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Ssh {
    /// `ssh -t` to port `port` of 127.0.0.1 as `user` running `command`
    /// (empty: none), with `options` (`-o` settings, `-i` ...) and `home`
    /// as its home; none of the machine's configuration, agent or known
    /// hosts; `askpass` answers any prompt.
    pub fn run(port: u16, home: &Path, user: &str, options: &[&str], askpass: Option<&Path>, command: &str) -> Ssh {
        let found = std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("ssh").is_file()));
        assert!(found, "this test needs OpenSSH's ssh on the PATH (Debian: apt-get install openssh-client)");
        let pair =
            native_pty_system().openpty(PtySize { rows: 24, cols: 80, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut ssh = CommandBuilder::new("ssh");
        ssh.args(["-F", "/dev/null", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]);
        ssh.args(["-o", "LogLevel=ERROR", "-t", "-p", &port.to_string()]);
        ssh.args(options);
        ssh.arg(format!("{user}@127.0.0.1"));
        if !command.is_empty() {
            ssh.arg(command);
        }
        ssh.env_clear();
        ssh.env("HOME", home);
        ssh.env("PATH", std::env::var_os("PATH").unwrap_or_default());
        ssh.env("TERM", "xterm-256color");
        if let Some(script) = askpass {
            ssh.env("SSH_ASKPASS", script);
            ssh.env("SSH_ASKPASS_REQUIRE", "force");
        }
        let child = pair.slave.spawn_command(ssh).unwrap();
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let size = |n: u16| std::num::NonZero::new(n).unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(size(24), size(80), 0)));
        let output = Arc::new(Mutex::new(Vec::new()));
        let (screen_in, output_in) = (Arc::clone(&screen), Arc::clone(&output));
        std::thread::spawn(move || {
            let _master = pair.master;
            let mut chunk = [0u8; 8192];
            while let Ok(read @ 1..) = reader.read(&mut chunk) {
                screen_in.lock().unwrap().process(&chunk[..read]);
                output_in.lock().unwrap().extend_from_slice(&chunk[..read]);
            }
        });
        Ssh { screen, output, writer, child }
    }

    pub fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Types `keys` at its terminal.
    pub fn press(&mut self, keys: &[u8]) {
        self.writer.write_all(keys).unwrap();
        self.writer.flush().unwrap();
    }

    /// Everything it wrote, escape sequences and all, as text.
    pub fn said(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }

    /// Waits until the screen shows `text`, or panics saying what it showed.
    pub fn shows(&self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while !self.text().contains(text) {
            assert!(Instant::now() < deadline, "the screen never showed {text:?}:\n{}\n{:?}", self.text(), self.said());
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.process_id().expect("ssh runs")
    }

    /// Waits for ssh to end; its exit code.
    pub fn exit_code(&mut self) -> u32 {
        let deadline = Instant::now() + PATIENCE;
        while self.child.try_wait().unwrap().is_none() {
            assert!(Instant::now() < deadline, "ssh did not end:\n{}", self.said());
            std::thread::sleep(Duration::from_millis(25));
        }
        // The reader thread takes the last bytes a moment later.
        std::thread::sleep(Duration::from_millis(200));
        self.child.try_wait().unwrap().map(|status| status.exit_code()).unwrap_or_default()
    }

    /// Sends ssh a signal (`-STOP`, `-CONT`).
    pub fn signal(&self, signal: &str) {
        let sent = Command::new("kill").args([signal, &self.pid().to_string()]).status().unwrap();
        assert!(sent.success());
    }

    /// The state of its TCP connection (/proc/net/tcp's `st`: 01 is
    /// established, 08 close-wait: the server closed its side); `None`
    /// once the socket is gone.
    pub fn tcp_state(&self) -> Option<String> {
        let fds = std::fs::read_dir(format!("/proc/{}/fd", self.pid())).ok()?;
        let inodes: Vec<String> = fds
            .filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
            .filter_map(|link| link.to_str()?.strip_prefix("socket:[")?.strip_suffix(']').map(str::to_string))
            .collect();
        let table = std::fs::read_to_string("/proc/net/tcp").ok()?;
        table.lines().skip(1).find_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let inode = fields.get(9)?;
            inodes.iter().any(|ours| ours == inode).then(|| fields[3].to_string())
        })
    }

    fn signal_quietly(&self, signal: &str) -> Option<()> {
        let pid = self.child.process_id()?;
        Command::new("kill").args([signal, &pid.to_string()]).status().ok().map(drop)
    }
}

impl Drop for Ssh {
    /// A stopped ssh is woken first, so that it can be killed and waited for.
    fn drop(&mut self) {
        let _ = self.signal_quietly("-CONT");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
