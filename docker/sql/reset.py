"""The SQL sandbox's reset (docker/bash/agent.py imports this file as /etc/plateau/reset.py and calls
reset() after its own): every connection of the player is ended (its open transaction rolls back,
its temporary tables go), then every database the player's committed writes touched is rebuilt
from its pristine copy. What was written comes from the server's binary log (ROW format): a reset
after an episode that only read costs one status query. The player cannot write the log's
settings, the pristine copies (plateau_pristine_<db>) or any other database (PLAYER_PRIVILEGES).
"""
import json, re, time

import pymysql

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
    return pymysql.connect(unix_socket=SOCKET, user="root", autocommit=True)


def _cursor():
    global _cx
    if _cx is None or not _cx.open:
        _cx = connect()
        c = _cx.cursor()
        c.execute("SET SESSION sql_log_bin = 0, SESSION foreign_key_checks = 0")
        return c
    try:
        _cx.ping(reconnect=False)
    except pymysql.Error:
        _cx = None
        return _cursor()
    return _cx.cursor()


def _end_player_connections(cur):
    cur.execute("SELECT ID FROM information_schema.PROCESSLIST WHERE USER = 'player'")
    ids = [r[0] for r in cur.fetchall()]
    for i in ids:
        try:
            cur.execute(f"KILL CONNECTION {int(i)}")
        except pymysql.Error:
            pass  # already gone
    # KILL returns before the thread has rolled back: wait until none is left (a write in flight
    # would otherwise reach the log after we read it)
    for _ in range(500):
        if not ids:
            return
        cur.execute("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = 'player'")
        if cur.fetchone()[0] == 0:
            return
        time.sleep(0.002)


def _position(cur):
    cur.execute("SHOW MASTER STATUS")
    r = cur.fetchone()
    return (r[0], int(r[1]))


def _events_since(cur, since):
    """(type, info) of every event after `since`, or of the whole log when since is None."""
    cur.execute("SHOW BINARY LOGS")
    logs = [r[0] for r in cur.fetchall()]
    out = []
    for name in logs:
        if since and name < since[0]:
            continue
        if since and name == since[0]:
            cur.execute(f"SHOW BINLOG EVENTS IN '{name}' FROM {since[1]}")
        else:
            cur.execute(f"SHOW BINLOG EVENTS IN '{name}'")
        out += [(r[2], r[5] or "") for r in cur.fetchall()]
    return out


TABLE_MAP = re.compile(r"\(`?([^`.()]+)`?\.")
USE_DB = re.compile(r"^use `([^`]+)`", re.I)


def touched(events, known):
    """The task databases that the logged writes may have changed (more rather than fewer)."""
    words = re.compile(r"\b(" + "|".join(re.escape(d) for d in sorted(known, key=len, reverse=True)) + r")\b", re.I)
    dbs = set()
    for kind, info in events:
        if kind == "Table_map":
            m = TABLE_MAP.search(info)
            if m:
                dbs.add(m.group(1).lower())
        elif kind == "Query" and info not in ("BEGIN", "COMMIT"):
            m = USE_DB.match(info)
            if m:
                dbs.add(m.group(1).lower())
            dbs.update(w.lower() for w in words.findall(info))
    return sorted(d for d in dbs if d in known)


def restore(cur, db):
    spec = _pristine[db]
    cur.execute(f"DROP DATABASE IF EXISTS `{db}`")
    cur.execute(spec["create"])
    cur.execute(f"USE `{db}`")
    for table, ddl in spec["tables"]:
        cur.execute(ddl)
        cur.execute(f"INSERT INTO `{db}`.`{table}` SELECT * FROM `{PRISTINE_PREFIX}{db}`.`{table}`")


def reset():
    global _pristine, _clean_at
    if _pristine is None:
        with open(PRISTINE_FILE) as f:
            _pristine = json.load(f)
    cur = _cursor()
    _end_player_connections(cur)
    now = _position(cur)
    if now == _clean_at:
        return []
    dbs = touched(_events_since(cur, _clean_at), set(_pristine))
    for db in dbs:
        restore(cur, db)
    _clean_at = _position(cur)  # our own writes are not logged (sql_log_bin = 0)
    return dbs
