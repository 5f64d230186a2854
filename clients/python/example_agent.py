#!/usr/bin/env python3
"""An example agent loop on Plateau's session API (standard library only).

    python3 clients/python/example_agent.py --task fs1:0 [--url http://127.0.0.1:3000] [--token plt_...]
    python3 clients/python/example_agent.py --task fs1:0 --base-url http://127.0.0.1:8000/v1 --model M

Without --base-url it plays a fixed demo (look around, then submit). With --base-url it asks any
OpenAI-compatible chat endpoint for one bash command per turn, shows it the output, and submits when
the model says so or the turn limit is reached. Open the printed URL to watch it type.
"""
import argparse
import json
import os
import re
import sys
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plateau_env import PlateauEnv  # noqa: E402

SYSTEM = (
    "You work in a Bash terminal on Linux to do a task. Reply with exactly one bash command in a "
    "```bash code block. You will see its output. When your last output answers the task, reply ```submit```."
)


def demo_policy(history):
    script = ["pwd", "ls", "submit"]
    return script[min(len(history), len(script) - 1)]


def llm_policy(base_url, model, api_key, query):
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "Task: " + query}]

    def next_action(history):
        if history:
            action, observation = history[-1]
            messages.append({"role": "assistant", "content": "```bash\n%s\n```" % action})
            messages.append({"role": "user", "content": "Output:\n" + (observation[:1000] or "(no output)")})
        req = urllib.request.Request(base_url.rstrip("/") + "/chat/completions", method="POST",
                                     data=json.dumps({"model": model, "messages": messages, "temperature": 0}).encode())
        req.add_header("Content-Type", "application/json")
        if api_key:
            req.add_header("Authorization", "Bearer " + api_key)
        with urllib.request.urlopen(req, timeout=120) as res:
            reply = json.loads(res.read().decode())["choices"][0]["message"]["content"] or ""
        m = re.search(r"```[\w-]*\n(.*?)```", reply, re.S)
        if m:
            return m.group(1).strip() or "submit"
        return "submit" if "submit" in reply.lower() else "echo 'no command in the reply'"

    return next_action


def play(env, task, policy_for, log=print):
    observation, info = env.reset(task)
    log("task %s: %s" % (task, observation))
    if env.watch_url:
        log("watch it live: %s" % env.watch_url)
    policy = policy_for(observation)
    history, reward, done = [], None, False
    while not done:
        action = policy(history)
        observation, reward, done, info = env.step(action)
        log("$ %s\n%s" % (action, observation.rstrip()))
        history.append((action, observation))
    log("done: status %s, reward %s" % (info.get("status"), reward))
    return reward, info


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", default=os.environ.get("PLATEAU_URL", "http://127.0.0.1:3000"))
    ap.add_argument("--token", default=os.environ.get("PLATEAU_TOKEN"))
    ap.add_argument("--task", default="fs1:0")
    ap.add_argument("--turns", type=int, default=10)
    ap.add_argument("--base-url", default=os.environ.get("PLATEAU_LLM_BASE_URL"))
    ap.add_argument("--model", default=os.environ.get("PLATEAU_LLM_MODEL"))
    args = ap.parse_args(argv)
    strategy = "example-llm" if args.base_url else "example-demo"
    with PlateauEnv(args.url, args.token, env="bash", turn_limit=args.turns, model=args.model, strategy=strategy) as env:
        if args.base_url:
            key = os.environ.get("PLATEAU_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY")
            policy_for = lambda query: llm_policy(args.base_url, args.model, key, query)  # noqa: E731
        else:
            policy_for = lambda query: demo_policy  # noqa: E731
        reward, _ = play(env, args.task, policy_for)
    return 0 if reward is not None else 1


if __name__ == "__main__":
    sys.exit(main())
