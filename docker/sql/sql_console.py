"""Plateau's SQL console: the terminal's program in a SQL sandbox (docker/CONSOLE-PROTOCOL.md).

  plateau-console            interactive, on the TTY: readline prompt with history, statements
                             ended by ';' (several lines, or several on one line), result tables
                             like the mysql client's, starts in $PLATEAU_DB. One step per statement.
  plateau-console --exec     one statement from stdin's JSON {"db", "sql", "timeoutMs"}: the SQL
                             run verbatim as one query after USE db, as InterCode's sql_env ran an
                             action; prints {"result": <the step's result>, "db": <the db after>}.

A step's result (the 633;R JSON, and --exec's "result"):
  {"columns": [..], "rows": [[..]], "text": "[(1, 'a')]"}   a result set; text is InterCode's
                                         observation: Python's str() of the list of row tuples
  {"affected": n, "text": "None"}        a statement without a result set (InterCode: None)
  {"error": "..", "code": 1146, "text": "Error executing query: .."}
"""
import datetime, decimal, json, os, re, signal, sys, threading, time

import pymysql

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plateau_marks import Marks, fit_result  # noqa: E402

SOCKET = "/run/mysqld/mysqld.sock"
INTERRUPTED = 130


# ---------------------------------------------------------------- statements

def split_statements(text):
    """(complete statements, the rest): ';' ends a statement outside quotes and comments."""
    out, start, i, n = [], 0, 0, len(text)
    quote = None
    while i < n:
        c = text[i]
        if quote:
            if c == "\\" and quote != "`":
                i += 2
                continue
            if c == quote:
                if i + 1 < n and text[i + 1] == quote:  # '' inside ''
                    i += 2
                    continue
                quote = None
        elif c in "'\"`":
            quote = c
        elif c == "#" or (c == "-" and text.startswith("-- ", i)) or (c == "-" and text[i:i + 3] in ("--\n", "--")):
            j = text.find("\n", i)
            if j < 0:
                break
            i = j
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                break
            i = j + 1
        elif c == ";":
            stmt = text[start:i + 1].strip()
            if stmt != ";":
                out.append(stmt)
            start = i + 1
        i += 1
    return out, text[start:]


SUBMIT = re.compile(r"^\s*submit\b", re.I)
EXIT = re.compile(r"^\s*(exit|quit|\\q)\s*;?\s*$", re.I)
USE = re.compile(r"^\s*use\s+`?([^`;\s]+)`?\s*;?\s*$", re.I)


# ---------------------------------------------------------------- values

def json_value(v):
    """A cell as JSON: numbers as numbers (DECIMAL too), text as text, dates and times as text."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):
        return v if abs(v) < 2 ** 53 else str(v)
    if isinstance(v, float):
        return v if v == v and v not in (float("inf"), float("-inf")) else str(v)
    if isinstance(v, decimal.Decimal):
        return float(v)
    if isinstance(v, (bytes, bytearray)):
        return v.decode("utf-8", "replace")
    return str(v)


def cell_text(v):
    """A cell as the mysql client shows it."""
    if v is None:
        return "NULL"
    if isinstance(v, (bytes, bytearray)):
        return v.decode("utf-8", "replace")
    if isinstance(v, float):
        return repr(v) if v != int(v) or abs(v) >= 1e15 else str(int(v))
    return str(v)


def result_of(cur, error=None):
    if error is not None:
        code, msg = (error.args + (None, None))[:2] if error.args else (None, str(error))
        if not isinstance(code, int):
            code, msg = None, str(error)
        return {"error": msg, "code": code, "text": f"Error executing query: {msg}"}
    if cur.description is None:
        return {"affected": max(cur.rowcount, 0), "text": "None"}
    rows = list(cur.fetchall())
    return {
        "columns": [d[0] for d in cur.description],
        "rows": [[json_value(v) for v in r] for r in rows],
        "text": str(rows),
    }


# ---------------------------------------------------------------- the mysql client's display

def is_number_column(cur, i):
    return cur.description[i][1] in NUMERIC_TYPES


NUMERIC_TYPES = {pymysql.constants.FIELD_TYPE.DECIMAL, pymysql.constants.FIELD_TYPE.NEWDECIMAL,
                 pymysql.constants.FIELD_TYPE.TINY, pymysql.constants.FIELD_TYPE.SHORT,
                 pymysql.constants.FIELD_TYPE.LONG, pymysql.constants.FIELD_TYPE.FLOAT,
                 pymysql.constants.FIELD_TYPE.DOUBLE, pymysql.constants.FIELD_TYPE.LONGLONG,
                 pymysql.constants.FIELD_TYPE.INT24, pymysql.constants.FIELD_TYPE.YEAR}


def table_text(columns, rows, numeric):
    cells = [[cell_text(v) for v in r] for r in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    line = "+" + "+".join("-" * (w + 2) for w in widths) + "+"

    def fmt(vals, align):
        return "|" + "|".join(f" {v.rjust(w) if a else v.ljust(w)} " for v, w, a in zip(vals, widths, align)) + "|"
    out = [line, fmt(columns, [False] * len(columns)), line]
    out += [fmt(r, numeric) for r in cells]
    out.append(line)
    return "\n".join(out)


def elapsed(t):
    return f"({time.monotonic() - t:.2f} sec)"


def show(result, cur, t0):
    if "error" in result:
        code = result["code"]
        print(f"ERROR {code}: {result['error']}" if code else f"ERROR: {result['error']}")
        return
    if "affected" in result:
        n = result["affected"]
        print(f"Query OK, {n} row{'s' if n != 1 else ''} affected {elapsed(t0)}\n")
        return
    rows = result["rows"]
    if not rows:
        print(f"Empty set {elapsed(t0)}\n")
        return
    print(table_text(result["columns"], cur._plateau_rows, [is_number_column(cur, i) for i in range(len(result["columns"]))]))
    print(f"{len(rows)} row{'s' if len(rows) != 1 else ''} in set {elapsed(t0)}\n")


# ---------------------------------------------------------------- the connection

class Db:
    def __init__(self, db):
        self.db = db or None
        self.cx = None

    def connect(self):
        self.cx = pymysql.connect(unix_socket=SOCKET, user=os.environ.get("USER") or "player", autocommit=True, charset="utf8mb4")
        if self.db:
            try:
                self.cx.select_db(self.db)
            except pymysql.Error:
                self.db = None  # the database is gone (dropped): start without one

    def ensure(self):
        """The connection, made again when it was lost (a reset ends the player's connections)."""
        if self.cx is None or not self.cx.open:
            self.connect()
            return
        try:
            self.cx.ping(reconnect=False)
        except pymysql.Error:
            self.connect()

    def run(self, sql):
        """(cursor, result) of one statement."""
        self.ensure()
        cur = self.cx.cursor()
        try:
            cur.execute(sql)
        except pymysql.Error as e:
            return cur, result_of(cur, e)
        rows_cur = cur
        result = result_of(cur)
        rows_cur._plateau_rows = [tuple(r) for r in (cur._rows or ())]
        if USE.match(sql) or re.match(r"^\s*drop\s+(database|schema)\b", sql, re.I):
            c = self.cx.cursor()
            c.execute("SELECT DATABASE()")
            self.db = c.fetchone()[0]
        return rows_cur, result

    def kill_running(self):
        """Ctrl-C: stop the running statement with KILL QUERY from a second connection, and drop the
        first (it is waiting on the statement)."""
        tid = self.cx.thread_id()

        def kill():
            try:
                k = pymysql.connect(unix_socket=SOCKET, user=os.environ.get("USER") or "player", connect_timeout=5)
                k.cursor().execute(f"KILL QUERY {int(tid)}")
                k.close()
            except Exception:
                pass  # the statement may have ended meanwhile
        threading.Thread(target=kill, daemon=True).start()
        # and drop the connection: the console is back at once, and makes a new one for the next statement
        try:
            self.cx._sock.shutdown(2)
        except Exception:
            pass


# ---------------------------------------------------------------- interactive

def run_interruptibly(db, stmt):
    """(db.run's answer, whether Ctrl-C stopped it). The statement runs in a thread; the main
    thread waits in short joins, where Ctrl-C's KeyboardInterrupt arrives, and stops it with
    KILL QUERY from a second connection."""
    box = {}

    def work():
        try:
            box["r"] = db.run(stmt)
        except BaseException as e:  # noqa: B036 (handed to the main thread)
            box["e"] = e
    th = threading.Thread(target=work, daemon=True)
    th.start()
    interrupted = False
    while th.is_alive():
        try:
            th.join(0.05)
        except KeyboardInterrupt:
            if not interrupted:
                interrupted = True
                print("^C -- query killed")
                db.kill_running()
    if "e" in box and not interrupted:
        raise box["e"]
    if interrupted:  # whatever the dropped connection made of it
        return (None, {"error": "Query execution was interrupted", "code": 1317, "text": "Error executing query: Query execution was interrupted"}), True
    return box["r"], False


def interactive():
    marks = Marks()
    import readline  # noqa: F401  (input() gets line editing and history)
    readline.set_history_length(10000)
    db = Db(os.environ.get("PLATEAU_DB"))
    try:
        db.connect()
    except pymysql.Error as e:
        print(f"ERROR: cannot reach the database server: {e}")
        return 1
    print("Plateau SQL console (MariaDB). End each statement with ';'. `submit` ends the episode.")
    if db.db:
        print(f"Database: {db.db}\n")
    buf = ""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    while True:
        prompt = marks.prompt(f"MariaDB [{db.db or '(none)'}]> ") if not buf.strip() else marks.continuation("    -> ")
        try:
            line = input(prompt)
        except KeyboardInterrupt:
            print("^C")
            buf = ""
            continue
        except EOFError:
            print("Bye")
            return 0
        text = (buf + "\n" + line) if buf else line
        if not buf and (SUBMIT.match(line) or EXIT.match(line) or not line.strip()):
            if not line.strip():
                continue
            stmt = line.strip()
            marks.start(stmt)
            if EXIT.match(line):
                print("Bye")
                marks.end(0)
                return 0
            marks.end(0)  # submit: the session scores the episode; the console does nothing
            continue
        stmts, buf = split_statements(text)
        if not buf.strip():
            buf = ""
        for stmt in stmts:
            marks.start(stmt)
            t0 = time.monotonic()
            (cur, result), interrupted = run_interruptibly(db, stmt)
            code = 0
            if interrupted or ("error" in result and result["code"] == 1317):
                code = INTERRUPTED
            elif "error" in result:
                code = 1
            # the result before the table: a long table can be slowed by the session's flow
            # control, and the mark should not be waiting behind it
            marks.result(fit_result(result, "rows") if "rows" in result else result)
            if code == 0 and USE.match(stmt):
                print("Database changed")
            else:
                show(result, cur, t0)
            sys.stdout.flush()
            marks.end(code)
            if code == INTERRUPTED:
                buf = ""  # the rest of the line is dropped, as after ^C in bash
                break


# ---------------------------------------------------------------- --exec

def exec_one():
    req = json.loads(sys.stdin.read())
    db = Db(req.get("db"))
    db.connect()
    timeout = req.get("timeoutMs")
    if timeout:
        db.cx.cursor().execute(f"SET SESSION max_statement_time = {float(timeout) / 1000:.3f}")
    cur, result = db.run(req["sql"])
    c = db.cx.cursor()
    c.execute("SELECT DATABASE()")
    json.dump({"result": fit_result(result, "rows") if "rows" in result else result, "db": c.fetchone()[0]}, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(exec_one() if sys.argv[1:2] == ["--exec"] else interactive())
