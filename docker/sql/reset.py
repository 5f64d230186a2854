"""The SQL sandbox's reset (docker/bash/helper.py imports this file as /etc/plateau/reset.py and calls
reset() after its own): every connection of the player is ended (its open transaction rolls back,
its temporary tables go), then every database the player's committed writes touched is rebuilt
from its pristine copy: a table whose rows changed gets its rows back (DELETE, INSERT … SELECT
and its AUTO_INCREMENT counter), a table or view the player added is dropped, and a database
whose schema changed otherwise (ALTER, DROP, RENAME, TRUNCATE, CREATE INDEX) is rebuilt whole.
What was written comes from the server's binary log (ROW format): a reset after an episode that
only read costs one status query. The player cannot write the log's
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


TABLE_MAP = re.compile(r"\(`?([^`.()]+)`?\.`?([^`()]+?)`?\)")
USE_DB = re.compile(r"^use `([^`]+)`; ", re.I)
# DDL whose only trace is a new object, which the table list shows (the reset drops it)
ADDS_ONLY = re.compile(r"^\s*create\s+(or\s+replace\s+)?(table|view|algorithm|definer|sql\s+security)\b", re.I)


def touched(events, known):
    """What the logged writes may have changed, more rather than less: {db: "rows" | "schema"}
    and the (db, table) pairs whose rows changed. "schema": rebuild the whole database."""
    words = re.compile(r"\b(" + "|".join(re.escape(d) for d in sorted(known, key=len, reverse=True)) + r")\b", re.I)
    dbs, tables = {}, set()
    for kind, info in events:
        if kind == "Table_map":
            m = TABLE_MAP.search(info)
            if m and m.group(1).lower() in known:
                dbs.setdefault(m.group(1).lower(), "rows")
                tables.add((m.group(1).lower(), m.group(2).lower()))
        elif kind == "Query" and info not in ("BEGIN", "COMMIT"):
            m = USE_DB.match(info)
            stmt = info[m.end():] if m else info
            named = {w.lower() for w in words.findall(stmt)} | ({m.group(1).lower()} if m else set())
            how = "rows" if ADDS_ONLY.match(stmt) else "schema"
            for d in named & known:
                if how == "schema" or dbs.get(d) != "schema":
                    dbs[d] = how
    return dbs, tables


def rebuild(cur, db):
    spec = _pristine[db]
    cur.execute(f"DROP DATABASE IF EXISTS `{db}`")
    cur.execute(spec["create"])
    cur.execute(f"USE `{db}`")
    for table, ddl in spec["tables"]:
        cur.execute(ddl)
        cur.execute(f"INSERT INTO `{db}`.`{table}` SELECT * FROM `{PRISTINE_PREFIX}{db}`.`{table}`")


def restore_rows(cur, db, table):
    ddl = dict(_pristine[db]["tables"]).get(table)
    if ddl is None:
        return  # not a pristine table: restore_objects drops it
    cur.execute(f"DELETE FROM `{db}`.`{table}`")
    cur.execute(f"INSERT INTO `{db}`.`{table}` SELECT * FROM `{PRISTINE_PREFIX}{db}`.`{table}`")
    auto = re.search(r"AUTO_INCREMENT=(\d+)", ddl)
    if auto:  # the counter as it was (a DELETE leaves it where the player's inserts took it)
        cur.execute("SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = %s AND TABLE_NAME = %s", (db, table))
        now = cur.fetchone()
        if not now or now[0] != int(auto.group(1)):  # an ALTER costs more than the look
            cur.execute(f"ALTER TABLE `{db}`.`{table}` AUTO_INCREMENT = {int(auto.group(1))}")


def restore_objects(cur, db):
    """Drop what the player added to the database (tables, views); False: something is missing."""
    cur.execute("SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = %s", (db,))
    now = {r[0].lower(): r[1] for r in cur.fetchall()}
    want = {t.lower() for t, _ in _pristine[db]["tables"]}
    for name, kind in now.items():
        if name not in want:
            cur.execute(f"DROP {'VIEW' if kind == 'VIEW' else 'TABLE'} IF EXISTS `{db}`.`{name}`")
    return want <= set(now)


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
    dbs, tables = touched(_events_since(cur, _clean_at), set(_pristine))
    for db, how in sorted(dbs.items()):
        if how == "rows" and restore_objects(cur, db):
            for d, t in sorted(tables):
                if d == db:
                    restore_rows(cur, d, t)
        else:
            rebuild(cur, db)
    _clean_at = _position(cur)  # our own writes are not logged (sql_log_bin = 0)
    return sorted(dbs.items())
