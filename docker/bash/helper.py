#!/usr/bin/env python3
"""Plateau's in-container helper (runs as root; installed at /usr/local/lib/plateau/helper.py).

  helper.py --serve       JSON lines on stdin/stdout, requests handled concurrently:
                          {"id":1,"op":"exec","argv":[..],"user":"player","cwd":"/","env":{},
                           "stdin":<base64|null>,"timeoutMs":10000,"maxBytes":1048576}
                          {"id":2,"op":"reset"}   {"id":3,"op":"ping"}   {"id":4,"op":"kill-tty"}
                          {"id":5,"op":"start-service"}  (the image's service, see below)
                          -> {"id":1,"ok":true,"exitCode":0,"stdout":<b64>,"stderr":<b64>,
                              "timedOut":false,"truncated":false}  |  {"id":..,"ok":false,"error":".."}
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
import base64, importlib.util, json, os, pwd, selectors, shutil, signal, subprocess, sys, threading, time

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


def signal_all_of_player(sig):
    """kill(-1, sig) with the player's uid: one syscall reaches every process of the player's,
    atomically (a process being forked gets it too). Saved uid 0 lets the helper be root again."""
    with spawn_lock:
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
    """Every process of the player's but the exec roots (ppid 0 in the container: the TTY shell)."""
    return freeze_and_kill(lambda pid, ppid: ppid == 0)


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


def kill_tty():
    """Kill the TTY login shells (player exec roots on a terminal) with their sessions."""
    def stat_fields(p):
        with open(f"/proc/{p}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()  # state ppid pgrp session tty_nr ...

    roots = set()
    for p, ppid, _ in player_procs():
        try:
            if ppid == 0 and int(stat_fields(p)[4]) != 0:
                roots.add(p)
        except (OSError, ValueError, IndexError):
            pass
    if not roots:
        return 0

    def keep(pid, ppid):
        try:
            return pid not in roots and int(stat_fields(pid)[3]) not in roots
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
            elif op == "kill-tty":
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
    elif sys.argv[1:2] == ["--reset"]:
        reset()
    elif sys.argv[1:2] == ["--seal"]:
        seal(float(sys.argv[2]), float(sys.argv[3]))
    else:
        sys.exit(__doc__)
