import base64, io, json, unittest
from plateau_marks import Marks, escape, fit_result


class MarksTest(unittest.TestCase):
    def test_signs_and_takes_the_nonce_out_of_the_environment(self):
        env = {"PLATEAU_MARK_NONCE": "ab12", "PATH": "/bin"}
        out = io.StringIO()
        m = Marks(out, env)
        self.assertNotIn("PLATEAU_MARK_NONCE", env)
        m.start("select 1;")
        m.end(0)
        self.assertEqual(out.getvalue(), "\x1b]633;E;select 1\\x3b;ab12\x07\x1b]133;C;ab12\x07\x1b]133;D;0;ab12\x07")

    def test_escapes_as_633_E(self):
        self.assertEqual(escape("a\\b;\nc\x7f"), "a\\\\b\\x3b\\x0ac\\x7f")

    def test_result_is_base64_json(self):
        out = io.StringIO()
        Marks(out, {"PLATEAU_MARK_NONCE": "n"}).result({"rows": [["é"]]})
        body = out.getvalue()[len("\x1b]633;R;"):-len(";n\x07")]
        self.assertEqual(json.loads(base64.b64decode(body)), {"rows": [["é"]]})

    def test_a_result_too_long_is_cut_and_says_so(self):
        big = {"rows": [["x" * 1000] for _ in range(2000)]}
        cut = fit_result(big, "rows")
        self.assertTrue(cut["cut"])
        self.assertLess(len(cut["rows"]), 2000)
        self.assertEqual(fit_result({"rows": [[1]]}, "rows"), {"rows": [[1]]})


if __name__ == "__main__":
    unittest.main()
