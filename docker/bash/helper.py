#!/usr/bin/env python3
"""Plateau's in-container helper (runs as root; installed at /usr/local/lib/plateau/helper.py).

  helper.py --serve       JSON lines on stdin/stdout, requests handled concurrently:
                          {"id":1,"op":"exec","argv":[..],"user":"player","cwd":"/","env":{},
                           "stdin":<base64|null>,"timeoutMs":10000,"maxBytes":1048576}
                          {"id":2,"op":"reset"}   {"id":3,"op":"ping"}   {"id":4,"op":"kill-tty"}
                          {"id":5,"op":"start-service"}  (the image's service, see below)
                          {"id":6,"op":"tty","name":<hex>,"token":..,"argv":[..],"user":..,"env":[..],
                           "cols":80,"rows":24}  (a terminal on a socket, see the section below)
                          -> {"id":1,"ok":true,"exitCode":0,"stdout":<b64>,"stderr":<b64>,
                              "timedOut":false,"truncated":false}  |  {"id":..,"ok":false,"error":".."}
  helper.py --tty-relay   one terminal's relay (started by the tty op, its request on stdin)
  helper.py --reset       one reset, then exit (for plain `docker exec` or a root TTY)
  helper.py --seal START T0  image build time: normalise owners and times, write the manifest

One long-lived `docker exec` of --serve replaces a `docker exec` per action (~55 ms each), so the
scorer's commands and resets cost a few ms. Reset, all in-process (no process start: a fork+exec
of git costs tens of ms on a loaded machine): stop the player's processes, remove what the initial
state lacks (as `git clean -fd`, FIFOs included), put back folders, files and symlinks whose kind or
content differs from the manifest (what `git reset --hard` does; the manifest holds the content of
the few KB of task files), empty the player's scratch folders, then exact modes, owners, mtimes.
The result is the image's state: `git status` is empty.

An image may declare a service (SQL: MariaDB), which the drivers start through this helper when a
sandbox is created, before it is handed out: /etc/plateau/service is started as root in a session of
its own (it keeps running: it execs the daemon), and the op returns once /etc/plateau/service-ready
exits 0. /etc/plateau/reset.py, when present, is imported here and its reset() called at the end of
every reset, in-process (it can keep a connection open: the SQL database's reset costs a few ms).
"""
import base64, fcntl, hmac, importlib.util, json, os, pwd, select, selectors, shutil, signal, socket, struct
import subprocess, sys, termios, threading, time

MANIFEST = "/etc/plateau/manifest.json"
STARTED = "/run/plateau-helper.started"  # /run is root's: the player cannot fake it
PLAYER_UID = 1000
# Top-level names of / that are not task state (same as /.gitignore).
IGNORED = {"bin", "boot", "dev", "etc", "home", "media", "mnt", "opt", "proc", "root", "run",
           "sbin", "srv", "sys", "tmp", "usr", "var", ".git", ".dockerenv"}
# Writable places outside git's view that reset empties (the image has nothing of the player's there).
SCRATCH = ["/home/player", "/tmp", "/var/tmp", "/dev/shm", "/run/lock"]
SERVICE = "/etc/plateau/service"
SERVICE_READY = "/etc/plateau/service-ready"
SERVICE_LOG = "/run/plateau-service.log"
SERVICE_TIMEOUT = 60
RESET_HOOK = "/etc/plateau/reset.py"


def ignored(name):
    return name in IGNORED or name.startswith("lib")


# ---------------------------------------------------------------- manifest (build time)

def walk_task_tree():
    """Every path of the task state: '/', then each non-ignored entry below it (lstat)."""
    out = [("/", os.lstat("/"))]
    for name in sorted(os.listdir("/")):
        if ignored(name):
            continue
        top = "/" + name
        out.append((top, os.lstat(top)))
        if os.path.isdir(top) and not os.path.islink(top):
            for root, dirs, files in os.walk(top):
                dirs.sort()
                for n in sorted(dirs) + sorted(files):
                    p = os.path.join(root, n)
                    out.append((p, os.lstat(p)))
    return out


def kind(st):
    import stat
    if stat.S_ISDIR(st.st_mode):
        return "d"
    if stat.S_ISLNK(st.st_mode):
        return "l"
    return "f"


def initial_content(path, k):
    """What reset writes back: a file's bytes (base64), a symlink's target, nothing for a folder."""
    if k == "f":
        with open(path, "rb") as f:
            return b64(f.read())
    return os.readlink(path) if k == "l" else None


def seal(start, t0):
    """Owners -> player (except / and /.gitignore), times not set by the fs script -> T0."""
    for path, st in walk_task_tree():
        if path not in ("/", "/.gitignore"):
            os.lchown(path, PLAYER_UID, PLAYER_UID)
        if st.st_mtime >= start:
            os.utime(path, (t0, t0), follow_symlinks=False)
        elif st.st_atime != st.st_mtime:
            os.utime(path, ns=(st.st_mtime_ns, st.st_mtime_ns), follow_symlinks=False)
    entries = []
    for path, st in walk_task_tree():
        k = kind(st)
        entries.append([path, k, st.st_mode & 0o7777, st.st_uid, st.st_gid, st.st_mtime_ns, initial_content(path, k)])
    top = sorted(os.listdir("/")) + [".dockerenv"]  # the runtime adds /.dockerenv
    os.makedirs(os.path.dirname(MANIFEST), exist_ok=True)
    with open(MANIFEST, "w") as f:
        json.dump({"top": top, "entries": entries}, f, separators=(",", ":"))
    print(f"sealed {len(entries)} paths")


# ---------------------------------------------------------------- reset

def proc_info(pid):
    uid = ppid = state = None
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("State:"):
                state = line.split()[1]
            elif line.startswith("PPid:"):
                ppid = int(line.split()[1])
            elif line.startswith("Uid:"):
                uid = int(line.split()[1])
                break
    return uid, ppid, state


def player_procs():
    """(pid, ppid, state) of every process of the player's."""
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            uid, ppid, state = proc_info(int(d))
        except (OSError, ValueError):
            continue
        if uid == PLAYER_UID:
            out.append((int(d), ppid, state))
    return out


def wait_until(cond, seconds):
    end = time.monotonic() + seconds
    while not cond() and time.monotonic() < end:
        time.sleep(0.002)
    return cond()


spawn_lock = threading.Lock()  # no process is spawned while the helper wears the player's uid
SIGNAL_LOCK = "/run/plateau-signal.lock"  # root's, in root's /run: the player cannot open it
_signal_lock_fd = None


class signal_lock:
    """Held by one helper process of the sandbox at a time (an flock: the serving helper and each
    terminal relay are processes of their own) while it wears the player's uid. Meanwhile it is one
    of the player's processes to any other kill(-1) as the player: the serving helper (kill-tty,
    reset) and a relay ending its terminal, stopping the player's processes at the same moment,
    SIGSTOPped each other and stayed stopped for good (a reset that never answered: seen when two
    test files shared a 2-core machine, each process preempted between its two setresuid calls).
    Without the file (a /run it cannot write), no lock: as before."""

    def __enter__(self):
        global _signal_lock_fd
        if _signal_lock_fd is None:
            try:
                _signal_lock_fd = os.open(SIGNAL_LOCK, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            except OSError:
                _signal_lock_fd = -1
        if _signal_lock_fd >= 0:
            fcntl.flock(_signal_lock_fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        if _signal_lock_fd >= 0:
            fcntl.flock(_signal_lock_fd, fcntl.LOCK_UN)
        return False


def signal_all_of_player(sig):
    """kill(-1, sig) with the player's uid: one syscall reaches every process of the player's,
    atomically (a process being forked gets it too). Saved uid 0 lets the helper be root again.
    signal_lock: no other helper process wears the player's uid meanwhile (or it would get sig)."""
    with spawn_lock, signal_lock():
        os.setresuid(PLAYER_UID, PLAYER_UID, 0)
        try:
            os.kill(-1, sig)
        except ProcessLookupError:
            pass
        finally:
            os.setresuid(0, 0, 0)


def freeze_and_kill(keep):
    """SIGSTOP everything of the player's at once (then nothing can fork, a fork bomb included),
    SIGKILL what keep() rejects, SIGCONT the rest. Returns how many were killed. Again until a
    look finds none: a fork bomb's process could be missed by one look (seen stopped, never killed)."""
    killed = set()
    kept = set()
    for _ in range(20):
        signal_all_of_player(signal.SIGSTOP)
        procs = player_procs()
        kept = {p for p, ppid, state in procs if keep(p, ppid)}
        victims = [p for p, _, state in procs if p not in kept and state != "Z"]
        if not victims:
            break
        for p in victims:
            try:
                os.kill(p, signal.SIGKILL)
                killed.add(p)
            except OSError:
                pass
    for p in kept:
        try:
            os.kill(p, signal.SIGCONT)
        except OSError:
            pass
    # until init has reaped them: their pids count against the pids limit
    wait_until(lambda: all(p in kept for p, _, _ in player_procs()), 5)
    return len(killed)


def stop_player_processes():
    """Every process of the player's but the terminal's shell: an exec root (ppid 0 in the
    container) or a terminal relay's child."""
    roots = {0} | tty_relays()
    return freeze_and_kill(lambda pid, ppid: ppid in roots)


def clear_path(p):
    try:
        if os.path.isdir(p) and not os.path.islink(p):
            shutil.rmtree(p, ignore_errors=True)
        else:
            os.unlink(p)
    except OSError:
        pass


def clear_dir(d):
    try:
        names = os.listdir(d)
    except OSError:
        return
    for n in names:
        clear_path(os.path.join(d, n))


_manifest = None


def load_manifest():
    """Read once: the file is root's and sealed at build time."""
    global _manifest
    if _manifest is None:
        with open(MANIFEST) as f:
            m = json.load(f)
        m["known"] = {e[0] for e in m["entries"]}
        for e in m["entries"]:
            if e[1] == "f":
                e[6] = base64.b64decode(e[6])
        _manifest = m
    return _manifest


def clean_untracked(manifest):
    """What `git clean -fd` does at / (remove every path the initial state does not have), and
    also FIFOs, sockets and devices, which git does not see, and new top-level names that
    /.gitignore covers (/lib-x). System folders are left alone."""
    known = manifest["known"]
    top = set(manifest["top"])
    stack = []
    for name in os.listdir("/"):
        p = "/" + name
        if p in known:
            stack.append(p)
        elif name not in top and not os.path.ismount(p):
            clear_path(p)
    while stack:
        d = stack.pop()
        if os.path.islink(d) or not os.path.isdir(d):
            continue
        for name in os.listdir(d):
            p = os.path.join(d, name)
            if p in known:
                stack.append(p)
            else:
                clear_path(p)


def same_content(path, st, k, content):
    if kind(st) != k:
        return False
    if k == "l":
        return os.readlink(path) == content
    if k == "f":
        if st.st_size != len(content):
            return False
        with open(path, "rb") as f:
            return f.read() == content
    return True


def restore_content(manifest):
    """What `git reset --hard` does, from the manifest: parents first, so a removed folder comes
    back before its files. A changed file is replaced, not rewritten, as git does (a hard link the
    player made to it keeps the player's bytes)."""
    for path, k, mode, uid, gid, mtime, content in manifest["entries"]:
        try:
            st = os.lstat(path)
            if same_content(path, st, k, content):
                continue
            clear_path(path)
        except FileNotFoundError:
            pass
        if k == "d":
            os.mkdir(path, mode)
        elif k == "l":
            os.symlink(content, path)
        else:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
            with os.fdopen(fd, "wb") as f:
                f.write(content)


def restore_metadata(manifest):
    entries = manifest["entries"]
    for path, k, mode, uid, gid, mtime, _ in reversed(entries):  # children first: parents' mtimes last
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue
        if kind(st) != k:
            continue  # git owns file content and type; never chmod through a symlink
        if (st.st_uid, st.st_gid) != (uid, gid):
            os.lchown(path, uid, gid)
        if k != "l" and st.st_mode & 0o7777 != mode:
            os.chmod(path, mode)
        if st.st_mtime_ns != mtime:
            os.utime(path, ns=(mtime, mtime), follow_symlinks=False)


def reset():
    stop_player_processes()
    manifest = load_manifest()
    clean_untracked(manifest)
    restore_content(manifest)
    for d in SCRATCH:
        clear_dir(d)
    restore_metadata(manifest)
    hook = reset_hook()
    if hook:
        hook()


_reset_hook = None


def reset_hook():
    """The image's own reset (its service's state), loaded once."""
    global _reset_hook
    if _reset_hook is None:
        _reset_hook = False
        if os.path.exists(RESET_HOOK):
            spec = importlib.util.spec_from_file_location("plateau_image_reset", RESET_HOOK)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            _reset_hook = mod.reset
    return _reset_hook


# ---------------------------------------------------------------- the image's service

def service_ready():
    return subprocess.run([SERVICE_READY], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, close_fds=True).returncode == 0


def start_service():
    """Start the image's service once per sandbox and wait until it is ready; False: none declared."""
    if not os.path.exists(SERVICE):
        return False
    if os.path.exists(SERVICE_READY) and service_ready():
        return True  # a helper restarted mid-episode: the service runs already
    with open(SERVICE_LOG, "ab") as log:
        p = subprocess.Popen([SERVICE], cwd="/", stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                             start_new_session=True, close_fds=True)
    deadline = time.monotonic() + SERVICE_TIMEOUT
    while time.monotonic() < deadline:
        if p.poll() is not None:
            raise RuntimeError(f"the service exited ({p.returncode}): {service_log_tail()}")
        if not os.path.exists(SERVICE_READY) or service_ready():
            return True
        time.sleep(0.02)
    raise RuntimeError(f"the service was not ready within {SERVICE_TIMEOUT} s: {service_log_tail()}")


def service_log_tail():
    try:
        with open(SERVICE_LOG, "rb") as f:
            return f.read()[-1500:].decode("utf-8", "replace").strip()
    except OSError:
        return ""


def proc_stat(p):
    """/proc/<p>/stat after the command: state ppid pgrp session tty_nr ..."""
    with open(f"/proc/{p}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()


def kill_tty():
    """Kill the TTY login shells (player exec roots or relays' children, on a terminal) with their
    sessions."""
    roots = set()
    parents = {0} | tty_relays()
    for p, ppid, _ in player_procs():
        try:
            if ppid in parents and int(proc_stat(p)[4]) != 0:
                roots.add(p)
        except (OSError, ValueError, IndexError):
            pass
    return kill_sessions(roots) if roots else 0


def kill_sessions(leaders):
    """Kill the player's processes that are, or are in the session of, one of these leaders."""
    def keep(pid, ppid):
        try:
            return pid not in leaders and int(proc_stat(pid)[3]) not in leaders
        except (OSError, ValueError, IndexError):
            return True
    return freeze_and_kill(keep)


# ---------------------------------------------------------------- exec

def credentials(user):
    if user in (None, "", "root", "0"):
        return None
    pw = pwd.getpwnam(user) if not user.isdigit() else pwd.getpwuid(int(user))
    return pw


def run(req):
    argv = req["argv"]
    timeout = (req.get("timeoutMs") or 10000) / 1000.0
    cap = req.get("maxBytes") or (1 << 20)
    pw = credentials(req.get("user"))
    env = dict(os.environ)
    if pw:
        env.update(HOME=pw.pw_dir, USER=pw.pw_name, LOGNAME=pw.pw_name, SHELL=pw.pw_shell)
    env.update(req.get("env") or {})
    stdin_data = base64.b64decode(req["stdin"]) if req.get("stdin") is not None else None
    kw = {}
    if pw:
        kw = dict(user=pw.pw_uid, group=pw.pw_gid, extra_groups=[])
    try:
        with spawn_lock:
            p = subprocess.Popen(argv, cwd=req.get("cwd") or "/", env=env,
                                 stdin=subprocess.PIPE if stdin_data is not None else subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 start_new_session=True, close_fds=True, **kw)
    except BlockingIOError as e:  # the pids limit is reached
        return dict(exitCode=126, stdout="", stderr=b64(f"{argv[0]}: cannot start: {e}\n".encode()),
                    timedOut=False, truncated=False)
    except (OSError, subprocess.SubprocessError) as e:
        # like bash: 127 not found, 126 cannot execute
        code = 127 if isinstance(e, FileNotFoundError) else 126
        return dict(exitCode=code, stdout="", stderr=b64(f"{argv[0] if argv else ''}: {e}\n".encode()),
                    timedOut=False, truncated=False)
    if stdin_data is not None:
        def feed():
            try:
                p.stdin.write(stdin_data)
            except OSError:
                pass
            finally:
                try:
                    p.stdin.close()
                except OSError:
                    pass
        threading.Thread(target=feed, daemon=True).start()
    bufs = {p.stdout.fileno(): bytearray(), p.stderr.fileno(): bytearray()}
    truncated = timed_out = False
    sel = selectors.DefaultSelector()
    for fobj in (p.stdout, p.stderr):
        os.set_blocking(fobj.fileno(), False)
        sel.register(fobj.fileno(), selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    exited_at = None
    while sel.get_map():
        now = time.monotonic()
        if now >= deadline:
            timed_out = p.poll() is None
            break
        if exited_at is None and p.poll() is not None:
            exited_at = now
        # a background job may hold the pipes after the command itself exits: wait 200 ms at most
        if exited_at is not None and now - exited_at > 0.2:
            break
        wait = min(deadline - now, 0.05 if exited_at is None else 0.2 - (now - exited_at))
        for key, _ in sel.select(max(wait, 0.001)):
            try:
                chunk = os.read(key.fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                sel.unregister(key.fd)
                continue
            buf = bufs[key.fd]
            room = cap - len(buf)
            if room > 0:
                buf += chunk[:room]
            if len(chunk) > room:
                truncated = True
    sel.close()
    if not timed_out:
        try:  # the pipes can close a moment before the exit status is there
            p.wait(timeout=max(deadline - time.monotonic(), 0))
        except subprocess.TimeoutExpired:
            timed_out = True
    if timed_out:
        kill_group(p)  # with whatever it started in its process group
    code = p.wait()
    out, err = bufs[p.stdout.fileno()], bufs[p.stderr.fileno()]
    p.stdout.close(); p.stderr.close()
    if timed_out:
        code = 124
    elif code < 0:
        code = 128 - code
    return dict(exitCode=code, stdout=b64(out), stderr=b64(err), timedOut=timed_out, truncated=truncated)


def kill_group(p):
    end = time.monotonic() + 2
    while time.monotonic() < end:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        p.poll()  # reap our child; orphans go to init, which reaps them
        time.sleep(0.002)


def b64(b):
    return base64.b64encode(bytes(b)).decode()


# ---------------------------------------------------------------- the terminal over a socket

# The docker driver's terminal without the engine in the way: a `docker exec` stream passes every
# key and echo through dockerd and containerd's shim, whose wakeups cost ~4 ms of CPU a key on
# these machines. The driver bind-mounts a folder of its own (root's, mode 0700: the player cannot
# enter it) at TTY_DIR; `--tty-relay` listens there, lets in the one connection that first sends
# the request's token, and carries bytes between it and the shell's PTY. Frames both ways:
# kind (1 byte), length (4, big-endian), payload.
TTY_DIR = "/run/plateau-tty"
FRAME_TOKEN, FRAME_DATA, FRAME_RESIZE, FRAME_EXIT = 0, 1, 2, 3
TTY_ACCEPT_SECONDS = 15
TTY_HELD_BYTES = 256 * 1024  # output the driver has not read yet: past this the PTY is not read


def frame(kind, payload):
    return struct.pack(">BI", kind, len(payload)) + payload


def set_size(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def tty_relays():
    """Pids of this container's relays (root processes started as `helper.py --tty-relay`)."""
    out = set()
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
            if b"--tty-relay" in argv and os.stat(f"/proc/{d}").st_uid == 0:
                out.add(int(d))
        except OSError:
            continue
    return out


def open_tty(req):
    """Start a relay for one terminal; returns once it listens."""
    name = req.get("name") or ""
    if not (8 <= len(name) <= 64 and all(c in "0123456789abcdef" for c in name)):
        raise ValueError("bad terminal socket name")
    if not os.path.isdir(TTY_DIR):
        raise RuntimeError(f"{TTY_DIR} is not mounted")
    with spawn_lock:  # not born with the player's uid, were a kill-tty thread wearing it
        p = subprocess.Popen([sys.executable, "-u", os.path.abspath(__file__), "--tty-relay"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True, close_fds=True, cwd="/")
    p.stdin.write(json.dumps(req).encode())
    p.stdin.close()
    line = p.stdout.readline().decode("utf8", "replace").strip()
    if line != "listening":
        err = p.stderr.read(2000).decode("utf8", "replace").strip()
        p.wait()
        raise RuntimeError(f"the terminal relay did not start: {err or line or 'no answer'}")
    def reap():
        p.wait()
        p.stdout.close()
        p.stderr.close()
    threading.Thread(target=reap, daemon=True).start()
    return {"pid": p.pid}


def read_exact(conn, n):
    buf = bytearray()
    while len(buf) < n:
        chunk = conn.recv(n - len(buf))
        if not chunk:
            raise EOFError
        buf += chunk
    return bytes(buf)


def accept_with_token(srv, token):
    """The first connection that sends FRAME_TOKEN with the token; None after TTY_ACCEPT_SECONDS."""
    deadline = time.monotonic() + TTY_ACCEPT_SECONDS
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        srv.settimeout(left)
        try:
            conn, _ = srv.accept()
        except socket.timeout:
            return None
        try:
            conn.settimeout(2)
            kind, n = struct.unpack(">BI", read_exact(conn, 5))
            if kind == FRAME_TOKEN and n == len(token) and hmac.compare_digest(read_exact(conn, n), token):
                conn.settimeout(None)
                return conn
        except (OSError, EOFError, struct.error):
            pass
        conn.close()


def spawn_on_pty(req):
    """The terminal's program as the player, on a new PTY of the given size: (pid, master fd)."""
    pw = credentials(req.get("user"))
    env = dict(os.environ)
    env.pop("HOME", None)
    if pw:
        env["HOME"] = pw.pw_dir
    for kv in req.get("env") or []:
        k, _, v = kv.partition("=")
        env[k] = v
    master, slave = os.openpty()
    set_size(slave, int(req["cols"]), int(req["rows"]))
    if pw:
        os.fchown(slave, pw.pw_uid, -1)
    pid = os.fork()
    if pid == 0:
        try:
            os.close(master)
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for fd in (0, 1, 2):
                os.dup2(slave, fd)
            if slave > 2:
                os.close(slave)
            for sig in (signal.SIGPIPE, signal.SIGXFSZ):  # Python ignores these; a shell must not
                signal.signal(sig, signal.SIG_DFL)
            if pw:
                os.setgroups([])
                os.setgid(pw.pw_gid)
                os.setuid(pw.pw_uid)
            os.chdir(req.get("cwd") or "/")
            os.execvpe(req["argv"][0], req["argv"], env)
        finally:
            os._exit(127)
    os.close(slave)
    return pid, master


def tty_relay():
    req = json.loads(sys.stdin.buffer.read())
    token = req["token"].encode()
    path = os.path.join(TTY_DIR, req["name"] + ".sock")
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o077)
    try:
        srv.bind(path)
    finally:
        os.umask(old)
    srv.listen(8)
    print("listening", flush=True)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 1)
    conn = accept_with_token(srv, token)
    srv.close()
    os.unlink(path)
    if conn is None:
        sys.exit(1)
    os.dup2(devnull, 2)
    wake_r, wake_w = os.pipe()  # SIGCHLD wakes the poll: the shell ended
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    pid, master = spawn_on_pty(req)
    reaped = False
    try:
        reaped = relay(conn, master, pid, wake_r)
    except OSError:  # the driver is gone
        pass
    # The terminal has ended: its shell, if the driver hung up first, and whatever it started.
    if not reaped:  # (a reaped pid may be another process's by now)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    kill_sessions({pid})


def relay(conn, master, pid, wake_r):
    """Bytes both ways, each sent as soon as it is read; a side that cannot take more is waited
    for, and the other side is not read meanwhile (back-pressure, up to TTY_HELD_BYTES). True once
    the shell has ended and been reaped, False when the driver hung up first."""
    conn.setblocking(False)
    os.set_blocking(master, False)
    to_pty, to_conn, frames = bytearray(), bytearray(), bytearray()
    pty_open = True
    poll = select.poll()
    poll.register(wake_r, select.POLLIN)
    masks = {}

    def want(fd, mask):
        if masks.get(fd) != mask:
            poll.register(fd, mask)
            masks[fd] = mask

    def flush_pty():
        if to_pty:
            try:
                del to_pty[:os.write(master, to_pty)]
            except BlockingIOError:
                pass
            except OSError:
                to_pty.clear()

    def flush_conn():
        if to_conn:
            try:
                del to_conn[:conn.send(to_conn)]
            except BlockingIOError:
                pass

    def take_frames():
        while len(frames) >= 5:
            kind, n = struct.unpack_from(">BI", frames)
            if len(frames) < 5 + n:
                return
            body = bytes(frames[5:5 + n])
            del frames[:5 + n]
            if kind == FRAME_DATA:
                to_pty.extend(body)
            elif kind == FRAME_RESIZE and n == 4:
                try:
                    set_size(master, *struct.unpack(">HH", body))
                except OSError:
                    pass

    status = None
    while status is None:
        want(conn.fileno(), (select.POLLIN if len(to_pty) < TTY_HELD_BYTES else 0) | (select.POLLOUT if to_conn else 0))
        if pty_open:
            want(master, (select.POLLIN if len(to_conn) < TTY_HELD_BYTES else 0) | (select.POLLOUT if to_pty else 0))
        for fd, ev in poll.poll():
            if fd == wake_r:
                os.read(wake_r, 512)
                try:
                    done, st = os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    done, st = pid, 0
                if done == pid:
                    status = st
            elif fd == master:
                if not pty_open:
                    continue
                if ev & select.POLLOUT:
                    flush_pty()
                if ev & (select.POLLIN | select.POLLHUP | select.POLLERR):
                    data = read_pty(master)
                    if data:
                        to_conn.extend(frame(FRAME_DATA, data))
                        flush_conn()
                    elif data == b"":
                        pty_open = False
                        poll.unregister(master)
            else:
                if ev & select.POLLOUT:
                    flush_conn()
                if ev & (select.POLLIN | select.POLLHUP | select.POLLERR):
                    try:
                        chunk = conn.recv(65536)
                    except BlockingIOError:
                        continue
                    if not chunk:
                        return False  # the driver hung up
                    frames.extend(chunk)
                    take_frames()
                    if pty_open:
                        flush_pty()
    # The shell ended (as a `docker exec` ends with its process, whoever else holds the PTY): what
    # it wrote last, then its exit code.
    left = 1 << 20
    while pty_open and left > 0:
        data = read_pty(master)
        if not data:
            break
        left -= len(data)
        to_conn.extend(frame(FRAME_DATA, data))
    code = os.waitstatus_to_exitcode(status)
    to_conn.extend(frame(FRAME_EXIT, struct.pack(">i", 128 - code if code < 0 else code)))
    try:
        conn.settimeout(10)
        conn.sendall(to_conn)
        conn.shutdown(socket.SHUT_WR)
        while conn.recv(65536):  # until the driver closes its end
            pass
    except OSError:
        pass
    return True


def read_pty(master):
    """Bytes, b"" once no process has the terminal open (EIO), None when there is nothing now."""
    try:
        return os.read(master, 65536)
    except BlockingIOError:
        return None
    except OSError:
        return b""


# ---------------------------------------------------------------- server

def serve():
    out_lock = threading.Lock()
    reset_lock = threading.Lock()

    def reply(msg):
        data = (json.dumps(msg, separators=(",", ":")) + "\n").encode()
        with out_lock:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()

    def handle(req):
        rid = req.get("id")
        try:
            op = req.get("op")
            if op == "exec":
                res = run(req)
            elif op == "reset":
                with reset_lock:
                    reset()
                res = {}
            elif op == "tty":
                res = open_tty(req)
            elif op == "kill-tty":
                # not during a reset: the uid this thread wears a moment (setresuid is the whole
                # process's) would make the reset's chown and utime of root's files fail
                with reset_lock:
                    res = {"killed": kill_tty()}
            elif op == "start-service":
                res = {"started": start_service()}
            elif op == "ping":
                res = {"pid": os.getpid()}
            else:
                raise ValueError(f"unknown op {op!r}")
            reply({"id": rid, "ok": True, **res})
        except Exception as e:  # report every failure to the caller, keep serving
            reply({"id": rid, "ok": False, "error": f"{type(e).__name__}: {e}"})

    # First start in this container: the runtime gave / mode 755 and a new mtime (/.dockerenv).
    # Not on a restart mid-episode, which must not undo the player's changes.
    if os.path.exists(MANIFEST) and not os.path.exists(STARTED):
        try:
            restore_metadata(load_manifest())
        except OSError as e:
            print(f"helper: restore at start: {e}", file=sys.stderr)
        try:
            open(STARTED, "w").close()
        except OSError:
            pass
    reply({"id": 0, "ok": True, "ready": True, "pid": os.getpid()})
    for line in sys.stdin.buffer:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except ValueError:
            reply({"id": None, "ok": False, "error": "bad request line"})
            continue
        if req.get("op") in ("ping", "reset"):
            handle(req)  # cheap or serialised anyway: skip the thread
        else:
            threading.Thread(target=handle, args=(req,), daemon=True).start()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        serve()
    elif sys.argv[1:2] == ["--tty-relay"]:
        tty_relay()
    elif sys.argv[1:2] == ["--reset"]:
        reset()
    elif sys.argv[1:2] == ["--seal"]:
        seal(float(sys.argv[2]), float(sys.argv[3]))
    else:
        sys.exit(__doc__)
