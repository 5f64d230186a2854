"""Unit tests of the reset's reading of the binary log. Run where PyMySQL is (the image, or its tree):
    python3 -m unittest reset_test   (from docker/sql)"""
import unittest

from reset import WHOLE, touched

PRISTINE = {
    "concert_singer": {
        "create": "",
        "tables": [["singer", ""], ["concert", ""], ["singer_in_concert", "CONSTRAINT `f` FOREIGN KEY (`concert_ID`) REFERENCES `concert` (`concert_ID`)"]],
    },
    "singer": {"create": "", "tables": [["singer", ""]]},
    "car_1": {"create": "", "tables": [["cars_data", ""]]},
}


def q(sql, db="concert_singer"):
    return ("Query", f"use `{db}`; {sql}")


class TouchedTest(unittest.TestCase):
    def test_rows_come_from_table_maps(self):
        self.assertEqual(
            touched([("Query", "BEGIN"), ("Table_map", "table_id: 42 (concert_singer.singer_in_concert)"), ("Query", "COMMIT")], PRISTINE),
            {"concert_singer": {"rows": {"singer_in_concert"}, "ddl": set()}},
        )

    def test_a_new_table_or_view_only_lists_the_database(self):
        for sql in ("CREATE TABLE scratch (x int)", "CREATE TABLE singer2 LIKE singer", "CREATE OR REPLACE VIEW v AS SELECT * FROM singer"):
            self.assertEqual(touched([q(sql)], PRISTINE), {"concert_singer": {"rows": set(), "ddl": set()}}, sql)

    def test_ddl_remakes_the_tables_it_names(self):
        self.assertEqual(touched([q("ALTER TABLE singer ADD COLUMN z int")], PRISTINE)["concert_singer"]["ddl"], {"singer"})
        # and the tables whose foreign keys reference them (a RENAME rewrites those)
        self.assertEqual(touched([q("RENAME TABLE `Concert` TO c2")], PRISTINE)["concert_singer"]["ddl"], {"concert", "singer_in_concert"})
        self.assertEqual(touched([q("TRUNCATE singer_in_concert")], PRISTINE)["concert_singer"]["ddl"], {"singer_in_concert"})
        self.assertEqual(touched([q("CREATE OR REPLACE TABLE singer (x int)")], PRISTINE)["concert_singer"]["ddl"], {"singer"})
        # a player's own table dropped: nothing pristine changed
        self.assertEqual(touched([q("DROP TABLE scratch")], PRISTINE)["concert_singer"]["ddl"], set())

    def test_a_table_named_as_a_database_is_not_that_database(self):
        self.assertEqual(touched([q("ALTER TABLE singer ADD COLUMN z int")], PRISTINE), {"concert_singer": {"rows": set(), "ddl": {"singer"}}})

    def test_ddl_of_another_database_names_it(self):
        self.assertEqual(
            touched([q("DROP TABLE car_1.cars_data")], PRISTINE),
            {"concert_singer": {"rows": set(), "ddl": set()}, "car_1": {"rows": set(), "ddl": {"cars_data"}}},
        )

    def test_ddl_of_the_database_itself_remakes_all_of_it(self):
        self.assertEqual(touched([q("DROP DATABASE car_1", "car_1")], PRISTINE)["car_1"]["ddl"], {WHOLE})
        self.assertEqual(touched([q("ALTER SCHEMA concert_singer CHARACTER SET latin1")], PRISTINE)["concert_singer"]["ddl"], {WHOLE})

    def test_other_databases_are_not_the_resets(self):
        self.assertEqual(touched([("Table_map", "table_id: 7 (mysql.user)"), q("CREATE TABLE t (x int)", "test")], PRISTINE), {})


if __name__ == "__main__":
    unittest.main()
