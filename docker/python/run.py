"""Runs programs in fresh Python processes, for the scorer and Best-of-N (never on the terminal).

stdin: JSON {"programs": [[{"code": str, "wrap": bool}, ...], ...], "timeoutS": float}
stdout: JSON {"programs": [[result | null, ...], ...]}: per step InterCode's dict (intercode_exec.py);
null for a step that never ran (the program was stopped at its time limit: timeoutS per step).

Each program runs in a child forked from here with a fresh namespace, so neither its state nor
anything it does to the interpreter (sys.setrecursionlimit, a patched builtin) reaches another.
A step with "wrap" runs as a console input does (wrap_with_print); without, as written.
"""
import json
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from intercode_exec import execute, fresh_namespace, wrap_with_print  # noqa: E402


class StepTimeout(Exception):
    pass


def on_alarm(signum, frame):
    raise StepTimeout("timed out")


def child(steps, timeout, out):
    signal.signal(signal.SIGALRM, on_alarm)
    namespace = fresh_namespace()
    for step in steps:
        code = wrap_with_print(step["code"]) if step.get("wrap") else step["code"]
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            result, _ = execute(code, namespace)
        except BaseException as e:  # SystemExit, KeyboardInterrupt: the step raised
            result = {"error": f"Error: {e}"}
        signal.setitimer(signal.ITIMER_REAL, 0)
        out.write(json.dumps(result) + "\n")
        out.flush()


def run_program(steps, timeout):
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            child(steps, timeout, os.fdopen(write_end, "w"))
        finally:
            os._exit(0)
    os.close(write_end)
    results = []
    # the child's own alarm stops each step; this bounds a step that swallows it
    signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
    signal.setitimer(signal.ITIMER_REAL, timeout * len(steps) + 2)
    with os.fdopen(read_end) as lines:
        for line in lines:
            results.append(json.loads(line))
    signal.setitimer(signal.ITIMER_REAL, 0)
    os.waitpid(pid, 0)
    return results + [None] * (len(steps) - len(results))


def main():
    request = json.load(sys.stdin)
    timeout = float(request.get("timeoutS", 10))
    print(json.dumps({"programs": [run_program(p, timeout) for p in request["programs"]]}))


if __name__ == "__main__":
    main()
