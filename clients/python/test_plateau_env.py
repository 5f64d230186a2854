"""The Python client against a running Plateau (PLATEAU_URL, PLATEAU_TOKEN): plays tasks end to end.

    PLATEAU_URL=http://127.0.0.1:3000 PLATEAU_TOKEN=plt_... python3 -m unittest -v clients/python/test_plateau_env.py
"""
import io
import os
import sys
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plateau_env import PlateauEnv, PlateauError  # noqa: E402
import example_agent  # noqa: E402

URL = os.environ.get("PLATEAU_URL", "http://127.0.0.1:3000")
TOKEN = os.environ.get("PLATEAU_TOKEN")


class PlaysAgainstTheServer(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # Like every Plateau test: missing parts are a failure, never a skip.
        if not TOKEN:
            raise RuntimeError("set PLATEAU_TOKEN (and PLATEAU_URL) to an API token of a running Plateau")

    def test_reset_step_submit_close(self):
        with PlateauEnv(URL, TOKEN, env="bash", turn_limit=10, model="python-client", strategy="unittest") as env:
            tasks = env.tasks(dataset="nl2bash_fs_1")
            self.assertEqual(len(tasks), 60)
            self.assertNotIn("gold", tasks[0])
            obs, info = env.reset("fs1:1")
            self.assertEqual(obs, [t for t in tasks if t["index"] == 1][0]["query"])
            self.assertEqual(info["turn"], 0)
            self.assertTrue(env.watch_url.startswith(URL + "/play/"))

            obs, reward, done, info = env.step("cd /testbed")
            self.assertEqual((obs, reward, done), ("", None, False))
            self.assertEqual(info["exitCode"], 0)
            self.assertTrue(info["admissible"])

            obs, reward, done, info = env.step("ls")
            self.assertIn("dir1", obs)
            self.assertEqual(info["turn"], 2)

            obs, reward, done, info = env.step("ls /nope")
            self.assertFalse(info["admissible"])
            self.assertEqual(info["exitCode"], 2)

            obs, reward, done, info = env.step("find /testbed/dir2/subdir2 -type f -print0 | sort -z | xargs -r0 md5sum | md5sum")
            self.assertRegex(obs, r"^[0-9a-f]{32}  -")

            obs, reward, done, info = env.submit()
            self.assertTrue(done)
            self.assertEqual(reward, 1.0)
            self.assertEqual(info["status"], "submitted")
            self.assertTrue(info["success"])

            with self.assertRaises(PlateauError) as e:
                env.step("ls")
            self.assertEqual(e.exception.status, 409)
            self.assertEqual(env.state()["status"], "submitted")

    def test_turn_limit_ends_the_episode_with_a_reward(self):
        with PlateauEnv(URL, TOKEN, turn_limit=2) as env:
            env.reset({"dataset": "nl2bash_fs_4", "index": 0})
            self.assertFalse(env.step("echo 1")[2])
            obs, reward, done, info = env.step("echo 2")
            self.assertTrue(done)
            self.assertTrue(info["forcedSubmit"])
            self.assertIsInstance(reward, float)

    def test_intercode_execution_keeps_only_the_directory(self):
        with PlateauEnv(URL, TOKEN, execution="intercode") as env:
            _, info = env.reset("fs1:0")
            self.assertEqual(info["execution"], "intercode")
            env.step("cd /testbed")
            env.step("X=1")
            self.assertEqual(env.step("echo $X")[0], "\n")
            self.assertEqual(env.step("pwd")[0], "/testbed\n")

    def test_close_skips_an_open_episode(self):
        env = PlateauEnv(URL, TOKEN)
        env.reset("fs4:1")
        self.assertEqual(env.close()["status"], "skipped")
        self.assertEqual(env.close()["status"], "skipped")

    def test_errors_are_clear(self):
        with self.assertRaises(PlateauError) as e:
            PlateauEnv(URL, "plt_wrong").reset("fs1:0")
        self.assertEqual(e.exception.status, 401)
        env = PlateauEnv(URL, TOKEN)
        with self.assertRaises(PlateauError) as e:
            env.reset("fs1:9999")
        self.assertEqual(e.exception.status, 404)
        with self.assertRaises(PlateauError) as e:
            env.reset("not a task")
        self.assertEqual(e.exception.status, 400)
        with self.assertRaises(PlateauError) as e:
            env.step("ls")
        self.assertIn("reset(task) first", str(e.exception))

    def test_the_example_agent_plays_a_task(self):
        out = io.StringIO()
        with redirect_stdout(out):
            code = example_agent.main(["--url", URL, "--token", TOKEN, "--task", "fs1:0", "--turns", "5"])
        self.assertEqual(code, 0)
        self.assertIn("$ ls", out.getvalue())
        self.assertIn("done: status submitted, reward", out.getvalue())


class WithoutAServer(unittest.TestCase):
    def test_needs_a_token(self):
        saved = os.environ.pop("PLATEAU_TOKEN", None)
        try:
            with self.assertRaises(PlateauError):
                PlateauEnv("http://127.0.0.1:1")
        finally:
            if saved is not None:
                os.environ["PLATEAU_TOKEN"] = saved

    def test_says_when_the_server_is_down(self):
        with self.assertRaises(PlateauError) as e:
            PlateauEnv("http://127.0.0.1:9", "plt_x").reset("fs1:0")
        self.assertEqual(e.exception.status, 0)
        self.assertIn("cannot reach Plateau", str(e.exception))


if __name__ == "__main__":
    unittest.main()
