import { describe, expect, it } from "vitest";
import { observationCause } from "./observationCause";

describe("observationCause", () => {
  it.each([
    ["ls", "a\n", "a\n", null],
    ["sleep 20", "Command timed out", "", "timeout"],
    ['echo "a', "Malformed command", "a\n", "malformed"],
    ["date +%s", "1686000000\n", "1796000000\n", "clock"],
    ["df -h | tail -1", "overlay 59G 20G\n", "overlay 20G 1G\n", "clock"],
    ["wc -c /testbed/x", "120 /testbed/x\n", "118 /testbed/x\n", "numbers"],
    ["cat a", "a  b\n", "a b", "whitespace"],
    ["find /testbed -name '*.txt'", "/t/a.txt\n/t/b.txt\n", "/t/b.txt\n/t/a.txt\n", "ordering"],
    ["cat /nope", "cat: /nope: No such file or directory\n", "x\n", "missingFile"],
    ["cat /root/x", "cat: /root/x: Permission denied\n", "x\n", "permission"],
    ["tree", "bash: tree: command not found\n", ".\n", "missingCommand"],
    [
      "md5sum -c x",
      "md5sum: x: no properly formatted MD5 checksum lines found\n",
      "md5sum: x: no properly formatted checksum lines found\n",
      "wording",
    ],
    ["awk -f . x", "awk: read error (Is a directory)\n0\n", "/usr/bin/awk: .:1: error: cannot read source file\n0\n", "wording"],
    ["md5sum /t/a", "f32a3a97638afeb2ee2a15cfe335ab72  /t/a\n", "8fa272101f70c07283e58a09b91d144d  /t/a\n", "contents"],
    ["find /var/log -type f", "/var/log/a.log\n", "/var/log/apt/\n", "clock"],
    ["cat a", "one\n", "two\n", "other"],
    // SQL: InterCode's observations (the rows list, or the error), as its MySQL 8 and Plateau's MariaDB give them
    [
      "SELECT nationality, COUNT(*) FROM people GROUP BY nationality",
      "[('Russia', 6), ('Bulgaria', 1)]",
      "[('Bulgaria', 1), ('Russia', 6)]",
      "ordering",
    ],
    ["SELECT a FROM t", "[('x), (y',), ('z',)]", "[('z',), ('x), (y',)]", "ordering"],
    [
      "SELECT name FROM poker_players",
      "Error executing query: Unknown column 'name' in 'field list'",
      "Error executing query: Table 'poker_player.poker_players' doesn't exist",
      "missingTable",
    ],
    [
      "SELECT COUNT(*) FROM poker_players",
      "[(5,)]",
      "Error executing query: Table 'poker_player.poker_players' doesn't exist",
      "missingTable",
    ],
    [
      "SELECT * FROM singers JOIN songs ON singers.id = songs.singer_id",
      "Error executing query: Table 'concert_singer.songs' doesn't exist",
      "Error executing query: Table 'concert_singer.singers' doesn't exist",
      "missingTable",
    ],
    ["SHOW TABLES", "[('people',), ('players',), ('poker_player',)]", "[('people',), ('poker_player',)]", "missingTable"],
    ["SHOW TABLES", "[('people',)]", "[('people',), ('poker_player',)]", "other"],
    [
      "SELECT * FROM information_schema.tables WHERE table_schema = 'car_1'",
      "[('def', 'car_1', 'car_makers', 'BASE TABLE', 'InnoDB', 10, 'Dynamic', 23, 712, 16384, 0, 16384, 0)]",
      "[('def', 'car_1', 'car_makers', 'BASE TABLE', 'InnoDB', 10, 'Dynamic', 23, 712, 16384, 0, 16384, 61865984, 0, 'N')]",
      "catalog",
    ],
    [
      "SELECT a, b FROM t GROUP BY a",
      "Error executing query: Expression #2 of SELECT list is not in GROUP BY clause and contains nonaggregated column 't.b' which is not functionally dependent on columns in GROUP BY clause; this is incompatible with sql_mode=only_full_group_by",
      "[(1, 2)]",
      "groupBy",
    ],
    [
      "SELECT MAX(rank) FROM players",
      "Error executing query: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near ') FROM players' at line 1",
      "Error executing query: Unknown column 'rank' in 'field list'",
      "sqlServer",
    ],
    ["SELECT date FROM t", "[('2020-01-01',)]", "[('2021-01-01',)]", "numbers"],
    ["SELECT w FROM t", "[('a',)]", "[('b',)]", "other"],
  ])("%s: %j vs %j → %s", (action, logged, now, cause) => {
    expect(observationCause(action, logged, now)).toBe(cause);
  });

  it("does not take a file named like a clock command for one", () => {
    expect(observationCause("cat dated.txt", "x\n", "y\n")).toBe("other");
  });
});
