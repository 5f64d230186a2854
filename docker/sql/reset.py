"""The SQL sandbox's reset (docker/bash/helper.py imports this file as /etc/plateau/reset.py and calls
reset() after its own): every connection of the player is ended (its open transaction rolls back,
its temporary tables go), then what the player's committed writes touched is put back from the
pristine copies: a table whose rows changed gets its rows back (DELETE, INSERT … SELECT and its
AUTO_INCREMENT counter), the tables and views the player added are dropped (one statement), and
a table that DDL named (ALTER, DROP, RENAME, TRUNCATE, CREATE INDEX, CREATE OR REPLACE) or that is
missing is made again from its CREATE TABLE and pristine rows; DDL of a database itself (ALTER
DATABASE, DROP DATABASE) rebuilds the whole database. Only what changed is
touched: DDL costs a few ms each, rows of a small table well under one.
What was written comes from the server's binary log (ROW format): a reset after an episode that
only read costs one status query. The player cannot write the log's
settings, the pristine copies (plateau_pristine_<db>) or any other database (PLAYER_PRIVILEGES).
"""
import json, re

import pymysql
from pymysql.constants import CLIENT

SOCKET = "/run/mysqld/mysqld.sock"
PRISTINE_FILE = "/etc/plateau/sql-pristine.json"
PRISTINE_PREFIX = "plateau_pristine_"
SYSTEM_DBS = {"information_schema", "mysql", "performance_schema", "sys"}
# on each of the 20 task databases only: no other database, no account, no file, no server setting
PLAYER_PRIVILEGES = ("SELECT, INSERT, UPDATE, DELETE, CREATE, DROP, ALTER, INDEX, REFERENCES, "
                     "CREATE VIEW, SHOW VIEW, CREATE TEMPORARY TABLES, LOCK TABLES")

_cx = None
_pristine = None
_clean_at = None  # the binary log's position when the databases were last known pristine


def connect():
    # several statements a round trip: under load each one waits for the CPU twice (ours, the server's)
    return pymysql.connect(unix_socket=SOCKET, user="root", autocommit=True, client_flag=CLIENT.MULTI_STATEMENTS)


def _cursor():
    global _cx
    if _cx is None or not _cx.open:
        _cx = connect()
        _cx.cursor().execute("SET SESSION sql_log_bin = 0, SESSION foreign_key_checks = 0")
    return _cx.cursor()


def results(cur, statements):
    """Run statements in one round trip; the rows of each (a statement without a result set: ())."""
    cur.execute(";\n".join(statements))
    out = [cur.fetchall()]
    while cur.nextset():
        out.append(cur.fetchall())
    return out


PLAYER_IDS = "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = 'player'"


def _end_player_connections(cur, ids):
    """KILL each connection; KILL returns before the thread has rolled back, so look again until
    none is left (a write in flight would otherwise reach the log after we read it)."""
    for i in ids:
        try:
            cur.execute(f"KILL CONNECTION {int(i)}")
        except pymysql.Error:
            pass  # already gone
    for _ in range(5000 if ids else 0):  # each look is a fraction of a ms
        cur.execute("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = 'player'")
        if cur.fetchone()[0] == 0:
            return


def _events_since(cur, since):
    """(type, info) of every event after `since`, or of the whole log when since is None."""
    cur.execute("SHOW BINARY LOGS")
    logs = [r[0] for r in cur.fetchall() if not since or r[0] >= since[0]]
    rows = results(cur, [f"SHOW BINLOG EVENTS IN '{n}'" + (f" FROM {since[1]}" if since and n == since[0] else "") for n in logs])
    return [(r[2], r[5] or "") for rs in rows for r in rs]


TABLE_MAP = re.compile(r"\(`?([^`.()]+)`?\.`?([^`()]+?)`?\)")
USE_DB = re.compile(r"^use `([^`]+)`; ", re.I)
# DDL whose only trace is a new object, which the table list shows (the reset drops it). Not
# CREATE OR REPLACE TABLE: it may replace a pristine table (so it names one, below).
ADDS_ONLY = re.compile(r"^\s*create\s+((or\s+replace\s+)?(view|algorithm|definer|sql\s+security)|table)\b", re.I)
# DDL of a database itself (ALTER DATABASE, DROP DATABASE): the whole database is made again
DB_LEVEL = re.compile(r"\b(database|schema)\b", re.I)
WHOLE = "*"  # in a database's set of tables to make again: all of them


def _words(names):
    return re.compile(r"(?<![\w$])(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?![\w$])", re.I)


REFERENCES = re.compile(r"\bREFERENCES\s+`([^`]+)`", re.I)


def _referencing(tables):
    """{table: the tables whose foreign keys reference it}, from their CREATE TABLEs."""
    out = {}
    for t, ddl in tables:
        for parent in REFERENCES.findall(ddl):
            out.setdefault(parent.lower(), set()).add(t.lower())
    return out


def touched(events, pristine):
    """What the logged writes may have changed, more rather than less: {db: {"rows": {table…},
    "ddl": {table…} or {WHOLE}}}. "rows": put its rows back; "ddl": make it again (its schema
    may differ); WHOLE: DDL of the database itself, all of them. A database in the result with
    neither may hold objects the player added (restore_db drops them)."""
    known = set(pristine)
    db_words = _words(known)
    db_refs = re.compile(db_words.pattern + r"`?\s*\.", re.I)  # db.table: a database's name is also a table's (singer)
    table_words = {db: _words(t for t, _ in spec["tables"]) for db, spec in pristine.items() if spec["tables"]}
    children = {db: _referencing(spec["tables"]) for db, spec in pristine.items()}
    out = {}
    entry = lambda db: out.setdefault(db, {"rows": set(), "ddl": set()})
    for kind, info in events:
        if kind == "Table_map":
            m = TABLE_MAP.search(info)
            if m and m.group(1).lower() in known:
                entry(m.group(1).lower())["rows"].add(m.group(2).lower())
        elif kind == "Query" and info not in ("BEGIN", "COMMIT"):
            m = USE_DB.match(info)
            stmt = info[m.end():] if m else info
            db_level = DB_LEVEL.search(stmt)
            named = {w.lower() for w in (db_words if db_level else db_refs).findall(stmt)} | ({m.group(1).lower()} if m else set())
            for db in named & known:
                e = entry(db)
                if ADDS_ONLY.match(stmt):
                    continue  # the new object shows in the table list
                if db_level:
                    e["ddl"].add(WHOLE)
                elif db in table_words:
                    # DDL of a table changes only the tables it names, and the foreign keys that
                    # reference them (a RENAME rewrites them)
                    for t in {w.lower() for w in table_words[db].findall(stmt)}:
                        e["ddl"] |= {t} | children[db].get(t, set())
    return out


def remake(db, table, ddl, kind):
    """Statements that make a pristine table again: its CREATE TABLE and its rows (foreign keys are
    not checked). kind: what holds its name now (SHOW FULL TABLES' "BASE TABLE" or "VIEW"), or None."""
    drop = [f"DROP {'VIEW' if kind == 'VIEW' else 'TABLE'} IF EXISTS `{db}`.`{table}`"] if kind else []
    return drop + [f"USE `{db}`", ddl, f"INSERT INTO `{db}`.`{table}` SELECT * FROM `{PRISTINE_PREFIX}{db}`.`{table}`"]


def restore_rows(db, table, ddl, counter):
    """Statements that put a table's rows back; counter: its AUTO_INCREMENT now."""
    out = [f"DELETE FROM `{db}`.`{table}`", f"INSERT INTO `{db}`.`{table}` SELECT * FROM `{PRISTINE_PREFIX}{db}`.`{table}`"]
    auto = re.search(r"AUTO_INCREMENT=(\d+)", ddl)
    if auto and counter != int(auto.group(1)):  # where the player's inserts took it (a DELETE leaves it)
        out.append(f"ALTER TABLE `{db}`.`{table}` AUTO_INCREMENT = {int(auto.group(1))}")
    return out


def restore_db(cur, db, what):
    """Put one database back: added objects dropped, DDL'd or missing tables made again, rows
    restored. Two round trips: what is there now, then every statement."""
    spec = _pristine[db]
    ddl = {t.lower(): d for t, d in spec["tables"]}
    todo = []
    if WHOLE in what["ddl"]:
        todo += [f"DROP DATABASE IF EXISTS `{db}`", spec["create"]]
        now = {}
    else:
        cur.execute("SELECT TABLE_NAME, TABLE_TYPE, AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = %s", (db,))
        now = {r[0].lower(): (r[1], r[2]) for r in cur.fetchall()}
    added = [n for n in now if n not in ddl]
    for sql in ("TABLE", "VIEW"):  # one statement each (a temporary table has gone with its connection)
        names = [n for n in added if (now[n][0] == "VIEW") == (sql == "VIEW")]
        if names:
            todo.append(f"DROP {sql} IF EXISTS " + ", ".join(f"`{db}`.`{n}`" for n in names))
    again = {t for t in ddl if t not in now or t in what["ddl"]}
    for t in sorted(again):
        todo += remake(db, t, ddl[t], now[t][0] if t in now else None)
    for t in sorted(what["rows"] - again):
        if t in ddl:  # not a table the player added (dropped above)
            todo += restore_rows(db, t, ddl[t], now[t][1])
    if todo:
        results(cur, todo)


def reset():
    global _cx, _pristine, _clean_at
    if _pristine is None:
        with open(PRISTINE_FILE) as f:
            _pristine = json.load(f)
    cur = _cursor()
    try:
        ids, status = results(cur, [PLAYER_IDS, "SHOW MASTER STATUS"])
    except pymysql.OperationalError:  # the server restarted since: a new connection
        _cx = None
        cur = _cursor()
        ids, status = results(cur, [PLAYER_IDS, "SHOW MASTER STATUS"])
    _end_player_connections(cur, [r[0] for r in ids])
    now = (status[0][0], int(status[0][1]))
    if ids:  # a write of a connection just ended may have reached the log after the status
        cur.execute("SHOW MASTER STATUS")
        r = cur.fetchone()
        now = (r[0], int(r[1]))
    if now == _clean_at:
        return []
    changed = touched(_events_since(cur, _clean_at), _pristine)
    for db, what in sorted(changed.items()):
        restore_db(cur, db, what)
    _clean_at = now  # our own writes are not logged (sql_log_bin = 0)
    return sorted(changed)
