"""Build step: the player's account, a pristine copy of every Spider database, and what the reset
restores a database from (/etc/plateau/sql-pristine.json: each table's CREATE TABLE)."""
import json
import pymysql

from reset import PRISTINE_FILE, PRISTINE_PREFIX, PLAYER_PRIVILEGES, SYSTEM_DBS, connect

cx = connect()
cur = cx.cursor()
cur.execute("SHOW DATABASES")
dbs = sorted(r[0] for r in cur.fetchall() if r[0] not in SYSTEM_DBS)
assert len(dbs) == 20, dbs
cur.execute("CREATE USER 'player'@'localhost' IDENTIFIED VIA unix_socket")
pristine = {}
for db in dbs:
    cur.execute(f"GRANT {PLAYER_PRIVILEGES} ON `{db}`.* TO 'player'@'localhost'")
    cur.execute(f"SHOW CREATE DATABASE `{db}`")
    create_db = cur.fetchone()[1]
    cur.execute(f"SHOW FULL TABLES FROM `{db}`")
    tables = [r[0] for r in cur.fetchall()]
    copy = PRISTINE_PREFIX + db
    cur.execute(f"CREATE DATABASE `{copy}`")
    ddl = []
    for t in tables:
        cur.execute(f"SHOW CREATE TABLE `{db}`.`{t}`")
        ddl.append([t, cur.fetchone()[1]])
        cur.execute(f"CREATE TABLE `{copy}`.`{t}` LIKE `{db}`.`{t}`")
        cur.execute(f"INSERT INTO `{copy}`.`{t}` SELECT * FROM `{db}`.`{t}`")
    pristine[db] = {"create": create_db, "tables": ddl}
cx.commit()
cur.execute("RESET MASTER")  # the binary log starts empty: anything in it is the player's
with open(PRISTINE_FILE, "w") as f:
    json.dump(pristine, f, indent=1)
print(f"prepared {len(dbs)} databases, {sum(len(p['tables']) for p in pristine.values())} tables")
