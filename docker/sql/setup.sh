#!/usr/bin/env bash
# Build step of plateau/sql (run as root inside the image build, no network): the player, the
# helper, the console, MariaDB's settings, the Spider databases and their pristine copies.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
SOCK=/run/mysqld/mysqld.sock

id player >/dev/null 2>&1 || useradd -m -u 1000 -U -s /bin/sh player
install -d -m 755 /usr/local/lib/plateau /usr/local/lib/plateau/console /etc/plateau
install -m 755 "$HERE/helper.py" /usr/local/lib/plateau/helper.py
install -m 644 "$HERE/console/plateau_marks.py" "$HERE/sql_console.py" /usr/local/lib/plateau/console/
install -m 755 "$HERE/plateau-console" /usr/local/bin/plateau-console
install -m 755 "$HERE/service" "$HERE/service-ready" /etc/plateau/
install -m 644 "$HERE/reset.py" /etc/plateau/reset.py
install -m 644 "$HERE/plateau.cnf" /etc/mysql/mariadb.conf.d/90-plateau.cnf

# A fresh data folder with these settings (lower_case_table_names is fixed at initialisation).
rm -rf /var/lib/mysql/*
mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld
mariadb-install-db --user=mysql --datadir=/var/lib/mysql --skip-test-db --skip-name-resolve --force \
  --auth-root-authentication-method=socket >/tmp/install-db.log 2>&1 || { cat /tmp/install-db.log; exit 1; }
/etc/plateau/service >/tmp/mariadb.log 2>&1 &
for _ in $(seq 300); do /etc/plateau/service-ready && break; sleep 0.1; done
/etc/plateau/service-ready || { cat /tmp/mariadb.log; exit 1; }

# The dump as InterCode loaded it, less what MariaDB cannot read or must not have: MySQL 8's
# DEFAULT ENCRYPTION clause, and the 'admin' account with every privilege (the player gets its own).
# Only the account's two statements: world_1's one-line INSERT INTO country holds "Co-administrated".
sed -e "s#/\*!80016 DEFAULT ENCRYPTION='N' \*/##" -e "/^CREATE USER 'admin'@/d" -e "/^GRANT .* TO 'admin'@/d" "$HERE/ic_spider_dbs.sql" \
  | mariadb --socket="$SOCK" --user=root
python3 "$HERE/prepare_db.py"

mariadb-admin --socket="$SOCK" --user=root shutdown
wait
rm -f /var/lib/mysql/*.err /tmp/*.log
chown -R mysql:mysql /var/lib/mysql

# the helper's manifest (no task files here: the database is the task state, reset by reset.py)
python3 /usr/local/lib/plateau/helper.py --seal "$(date +%s)" "$(date +%s)"
