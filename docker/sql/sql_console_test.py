"""Unit tests of the SQL console's pure parts. Run where PyMySQL is (the image, or its tree):
    python3 -m unittest sql_console_test   (from docker/sql, with docker/console on PYTHONPATH)"""
import decimal, unittest

from sql_console import json_value, split_statements, table_text


class SplitTest(unittest.TestCase):
    def test_cuts_at_semicolons_outside_quotes_and_comments(self):
        self.assertEqual(split_statements("SELECT 1; SELECT 'a;b';"), (["SELECT 1;", "SELECT 'a;b';"], ""))
        self.assertEqual(split_statements('SELECT "x;" -- c;\n, `t;`;'), (['SELECT "x;" -- c;\n, `t;`;'], ""))
        self.assertEqual(split_statements("SELECT /* ; */ 1; SELECT"), (["SELECT /* ; */ 1;"], " SELECT"))
        self.assertEqual(split_statements("SELECT 'it''s;'; x"), (["SELECT 'it''s;';"], " x"))
        self.assertEqual(split_statements("SELECT 'a\\';'"), ([], "SELECT 'a\\';'"))  # the quote is still open

    def test_an_unfinished_statement_waits(self):
        self.assertEqual(split_statements("SELECT count(*)\nFROM t"), ([], "SELECT count(*)\nFROM t"))
        self.assertEqual(split_statements(";"), ([], ""))


class ValueTest(unittest.TestCase):
    def test_cells_as_json(self):
        self.assertEqual([json_value(v) for v in (None, 3, 2 ** 60, 2.5, decimal.Decimal("12.3333"), b"ab", "é")],
                         [None, 3, str(2 ** 60), 2.5, 12.3333, "ab", "é"])

    def test_a_table_like_the_mysql_client(self):
        self.assertEqual(table_text(["Name", "Age"], [("Joe", 52), (None, 3)], [False, True]),
                         "+------+-----+\n| Name | Age |\n+------+-----+\n| Joe  |  52 |\n| NULL |   3 |\n+------+-----+")


if __name__ == "__main__":
    unittest.main()
