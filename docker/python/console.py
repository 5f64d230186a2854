"""Plateau's Python console: the program on a Python sandbox's terminal (docker/CONSOLE-PROTOCOL.md).

A REPL that keeps one namespace for the whole episode, as InterCode's exec server did. Each input is
one step: a line, a block (a line that opens one, `def f(x):`, goes on at `... ` until an empty
line) or a pasted block (bracketed paste: the whole text at once). Its observation is what the
input printed and its error, as InterCode gave them (intercode_exec.py); the step's structured
result (633;R) carries InterCode's dict. `test` runs the task's public tests in the episode's
namespace; `submit [name]` is left to the session.

Environment: PLATEAU_MARK_NONCE (signs the marks; removed before anything of the player's runs),
PLATEAU_PYTHON_TASK (base64 of JSON {query, functionName, publicTests, setupCode}: nothing private).
"""
import base64
import codeop
import json
import os
import readline
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from intercode_exec import execute, failed, fresh_namespace, wrap_with_print  # noqa: E402
from plateau_marks import Marks, fit_result  # noqa: E402

MARKS = Marks()  # takes the nonce out of the environment before anything else runs
TASK = json.loads(base64.b64decode(os.environ.pop("PLATEAU_PYTHON_TASK", "") or "e30=") or "{}")


def emit(text):
    sys.stdout.write(text)
    sys.stdout.flush()


# readline: a paste arrives whole (the marks' own wrapping keeps them out of readline's columns)
readline.parse_and_bind("set enable-bracketed-paste on")
readline.parse_and_bind("set enable-active-region off")
PS1 = MARKS.prompt(">>> ")
PS2 = MARKS.continuation("... ")


def read_input():
    """One input, or None for an empty line or Ctrl-C at the prompt (no step)."""
    try:
        text = input(PS1).replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
        if "\n" not in text and opens_block(text):
            lines = [text]
            while True:
                line = input(PS2)
                if line == "":
                    break
                lines.append(line)
            text = "\n".join(lines)
    except KeyboardInterrupt:
        emit("\n")
        return None
    return text if text.strip() else None


def opens_block(line):
    try:
        return codeop.compile_command(line, "<input>", "exec") is None
    except (SyntaxError, ValueError, OverflowError):
        return False


def run_tests(namespace):
    if TASK.get("setupCode"):
        execute(TASK["setupCode"], namespace)
    rows = []
    for test in TASK.get("publicTests", []):
        result, _ = execute(test, namespace)
        rows.append({"test": test, "result": result, "passed": not failed(result)})
        emit(("PASS " if rows[-1]["passed"] else "FAIL ") + test + ("" if rows[-1]["passed"] else f"\n     {result['error']}") + "\n")
    passed = sum(r["passed"] for r in rows)
    emit(f"{passed}/{len(rows)} public tests passed\n")
    return {"kind": "test", "passed": passed, "total": len(rows), "tests": rows}, 0 if passed == len(rows) else 1


def run_code(text, namespace):
    result, cut = execute(wrap_with_print(text), namespace)
    shown = "\n".join(s for s in (result.get("output", ""), result.get("error", "")) if s)
    if shown:
        emit(shown + "\n")
    return {"kind": "code", "result": result, "observation": repr(result), "cut": cut}, 1 if failed(result) else 0


def banner():
    lines = ["Python 3 (InterCode's MBPP). State is kept between inputs; a block ends with an empty line."]
    if TASK.get("query"):
        lines += ["", f"Task: {TASK['query']}"]
    if TASK.get("functionName"):
        lines.append(f"Function: {TASK['functionName']}")
    for test in TASK.get("publicTests", []):
        lines.append(f"Public test: {test}")
    lines += ["", "`test` runs the public tests; `submit` (or `submit NAME`) ends the episode.", ""]
    emit("\n".join(lines) + "\n")


def take_terminal():
    """Own the terminal's foreground, as a shell with job control does: Ctrl-C then reaches this
    process group only, never a wrapper that started it (the local driver's nsenter)."""
    try:
        if os.getpid() != os.getsid(0):
            os.setpgid(0, 0)
        old = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
        os.tcsetpgrp(0, os.getpgrp())
        signal.signal(signal.SIGTTOU, old)
    except OSError:
        pass


def main():
    take_terminal()
    namespace = fresh_namespace()
    banner()
    while True:
        try:
            text = read_input()
        except EOFError:
            emit("\n")
            return
        if text is None:
            continue
        MARKS.start(text)
        command = text.strip()
        try:
            if command == "test":
                result, code = run_tests(namespace)
            elif command == "submit" or command.startswith("submit "):
                result, code = None, 0
            else:
                result, code = run_code(text, namespace)
        except KeyboardInterrupt:
            emit("KeyboardInterrupt\n")
            result, code = None, 130
        if result is not None:
            MARKS.result(fit_result(result, "tests") if result["kind"] == "test" else result)
        MARKS.end(code)


if __name__ == "__main__":
    main()
