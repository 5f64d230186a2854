"""Plateau's session API as a gym-like environment. Standard library only; Python 3.8+.

    from plateau_env import PlateauEnv

    env = PlateauEnv("http://127.0.0.1:3000", token="plt_...", env="bash")
    observation, info = env.reset("fs1:0")          # the task's query
    observation, reward, done, info = env.step("ls /testbed")
    observation, reward, done, info = env.step("submit")   # done, with the reward
    env.close()

Each action is typed into the episode's live terminal on the server, so the episode can be watched
in a browser (info["watchUrl"]) while it runs, and is recorded and scored like a person's.
A task is a task id, "dataset:index" ("nl2bash_fs_1:0", or "fs1:0"), or {"dataset": ..., "index": ...}.
The token comes from the Agent runs page or `npx plateau token create NAME` (or PLATEAU_TOKEN).
"""
import json
import os
import urllib.error
import urllib.parse
import urllib.request

__all__ = ["PlateauEnv", "PlateauError"]


class PlateauError(Exception):
    """The server refused a request (status is its HTTP status) or could not be reached (status 0)."""

    def __init__(self, status, message):
        super().__init__("%s (HTTP %s)" % (message, status) if status else message)
        self.status = status
        self.message = message


class PlateauEnv:
    def __init__(self, url=None, token=None, env="bash", turn_limit=10, timeout_ms=10000, model=None, strategy=None, player_name=None, execution=None):
        self.url = (url or os.environ.get("PLATEAU_URL") or "http://127.0.0.1:3000").rstrip("/")
        self.token = token or os.environ.get("PLATEAU_TOKEN")
        if not self.token:
            raise PlateauError(0, "an API token is needed: pass token=... or set PLATEAU_TOKEN")
        self.env = env
        self.turn_limit = turn_limit
        self.timeout_ms = timeout_ms
        self.model = model
        self.strategy = strategy
        self.player_name = player_name
        # "terminal" (the server's default) or "intercode": each action run as InterCode ran it
        self.execution = execution
        self.episode_id = None
        self.info = {}
        self.done = False

    # -- the InterCode / gym interface ---------------------------------------------------------

    def reset(self, task):
        """Start an episode of `task`; close the previous one if it is still open. Returns (observation, info)."""
        if self.episode_id and not self.done:
            self.close()
        body = {"env": self.env, "task": task, "turnLimit": self.turn_limit, "timeoutMs": self.timeout_ms}
        for key, value in (("model", self.model), ("strategy", self.strategy), ("playerName", self.player_name), ("execution", self.execution)):
            if value is not None:
                body[key] = value
        out = self._request("POST", "/api/v1/episodes", body)
        self.episode_id = out["episodeId"]
        self.info = out["info"]
        self.done = False
        return out["observation"], out["info"]

    def step(self, action):
        """Run one action (a shell command line, or "submit"). Returns (observation, reward, done, info)."""
        self._need_episode()
        out = self._request("POST", "/api/v1/episodes/%s/step" % self.episode_id, {"action": action})
        self.done = out["done"]
        return out["observation"], out["reward"], out["done"], out["info"]

    def submit(self):
        """Score the episode as it stands. Returns (observation, reward, done, info)."""
        self._need_episode()
        out = self._request("POST", "/api/v1/episodes/%s/submit" % self.episode_id, {})
        self.done = True
        return out["observation"], out["reward"], out["done"], out["info"]

    def close(self):
        """End the episode (skipped when it was not submitted). Safe to call more than once."""
        if not self.episode_id:
            return None
        out = self._request("DELETE", "/api/v1/episodes/%s" % self.episode_id)
        self.done = True
        return out

    # -- extras ---------------------------------------------------------------------------------

    def state(self):
        """The episode as the server sees it: status, turns, reward when scored."""
        self._need_episode()
        return self._request("GET", "/api/v1/episodes/%s" % self.episode_id)

    def tasks(self, dataset=None, q=None, page=1, page_size=200):
        """Tasks of this environment (never the gold): a list of {id, dataset, index, query, ...}."""
        params = {"env": self.env, "page": page, "pageSize": page_size}
        if dataset:
            params["dataset"] = dataset
        if q:
            params["q"] = q
        return self._request("GET", "/api/v1/tasks?" + urllib.parse.urlencode(params))["tasks"]

    @property
    def watch_url(self):
        return self.url + self.info["watchUrl"] if self.info.get("watchUrl") else None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        try:
            self.close()
        except PlateauError:
            pass

    # -- HTTP -----------------------------------------------------------------------------------

    def _need_episode(self):
        if not self.episode_id:
            raise PlateauError(0, "no episode: call reset(task) first")

    def _request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Authorization", "Bearer " + self.token)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        # A step may take the whole per-action timeout, then the server's Ctrl-C and kill.
        timeout = self.timeout_ms / 1000.0 + 60
        try:
            with urllib.request.urlopen(req, timeout=timeout) as res:
                return json.loads(res.read().decode("utf-8"))
        except urllib.error.HTTPError as e:
            text = e.read().decode("utf-8", "replace")
            try:
                message = json.loads(text).get("error") or text
            except ValueError:
                message = text or e.reason
            raise PlateauError(e.code, message) from None
        except urllib.error.URLError as e:
            raise PlateauError(0, "cannot reach Plateau at %s: %s" % (self.url, e.reason)) from None
