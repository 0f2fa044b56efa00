"""Startup, idle CPU and peak memory of the terminal table, in a pseudo-terminal.

Run after `cargo build --release`:  python3 tools/measure-table.py [BOT LEVEL] [COLSxROWS]
(default: normal bots at 80x24; 200x60 measures the big layout).
"""
import os, pty, time, sys, select, statistics, tempfile
BIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "hearts")
HOME = tempfile.mkdtemp(prefix="hearts-measure-")
env = dict(os.environ, HOME=HOME, TERM="xterm-256color")
COLS, ROWS = map(int, (sys.argv[2] if len(sys.argv) > 2 else "80x24").split("x"))

def spawn(args):
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(HOME)
        os.execve(BIN, [BIN] + args, env)
    import fcntl, termios, struct
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    return pid, fd

def read_until(fd, needle, timeout=10):
    buf = b""
    end = time.time() + timeout
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                buf += os.read(fd, 65536)
            except OSError:
                break
            if needle in buf:
                return buf
    return buf

def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")

def stop(pid, fd):
    os.write(fd, b"\x03")
    read_until(fd, b"zzz", 1)
    try: os.waitpid(pid, 0)
    except ChildProcessError: pass

# first frame
times = []
for i in range(21):
    t0 = time.perf_counter()
    pid, fd = spawn(["--seed", "42", "--new"])
    read_until(fd, b"Choose 3")
    times.append((time.perf_counter() - t0) * 1000)
    stop(pid, fd)
print("first frame ms: median %.1f min %.1f max %.1f" % (statistics.median(times), min(times), max(times)))

# idle CPU at the pass prompt
pid, fd = spawn(["--seed", "42", "--new"])
read_until(fd, b"Choose 3")
time.sleep(1)
c0, t0 = cpu(pid), time.time()
time.sleep(10)
c1, t1 = cpu(pid), time.time()
print("idle CPU waiting for your pass: %.3f%% over %.0f s" % (100 * (c1 - c0) / (t1 - t0), t1 - t0))
stop(pid, fd)

# a whole game at instant speed, then peak memory
pid, fd = spawn(["--seed", "7", "--new", "--speed", "instant", "--bots", sys.argv[1] if len(sys.argv) > 1 else "normal"])
read_until(fd, b"Choose 3")
end = time.time() + 300
buf = b""
while time.time() < end:
    os.write(fd, b"i\r")
    chunk = read_until(fd, b"Game over", 0.05)
    buf = (buf + chunk)[-20000:]
    if b"Game over" in buf:
        break
hwm = [l for l in open(f"/proc/{pid}/status") if l.startswith("VmHWM")][0].strip()
print("after a whole game:", hwm, "game over seen:", b"Game over" in buf)
stop(pid, fd)
