"""The marks of docker/CONSOLE-PROTOCOL.md, for a console program written in Python (SQL, Python).

    marks = Marks()                  # takes PLATEAU_MARK_NONCE out of the environment (call it first)
    line = input(marks.prompt("sql> "))          # A ... B around the prompt, for readline
    marks.start(statement)                       # E (the input, escaped) then C
    ...output...; marks.result({"rows": ...})    # R: base64 JSON, once, optional
    marks.end(exit_code)                         # D
Every mark is signed with the nonce as its last field (bash/SHELL-INTEGRATION.md § Signed marks).
"""
import base64, json, os, sys

ESC, BEL = "\x1b", "\x07"
# readline counts what lies between these as taking no room on the screen
RL_IGNORE_START, RL_IGNORE_END = "\x01", "\x02"
RESULT_MAX_BYTES = 1 << 20  # the session drops a longer R mark


def escape(text):
    """633;E's escaping (VS Code's): backslash doubled, ';' and control characters as \\xHH."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == ";" or ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return "".join(out)


class Marks:
    def __init__(self, out=None, environ=os.environ):
        # removed before anything of the player's runs: no process started later inherits it
        nonce = environ.pop("PLATEAU_MARK_NONCE", "")
        self._sig = f";{nonce}" if nonce else ""
        self.out = out or sys.stdout

    def mark(self, body):
        return f"{ESC}]{body}{self._sig}{BEL}"

    def _write(self, s):
        self.out.write(s)
        self.out.flush()

    def prompt(self, text):
        """A prompt for input(): A, the text, B (wrapped so that readline does not count them)."""
        return f"{RL_IGNORE_START}{self.mark('133;A')}{RL_IGNORE_END}{text}{RL_IGNORE_START}{self.mark('133;B')}{RL_IGNORE_END}"

    def continuation(self, text):
        """The prompt while an input is incomplete: it starts with F."""
        return f"{RL_IGNORE_START}{self.mark('633;F')}{RL_IGNORE_END}{text}"

    def start(self, text):
        self._write(self.mark(f"633;E;{escape(text)}") + self.mark("133;C"))

    def result(self, obj):
        """The step's structured result; the caller keeps it under RESULT_MAX_BYTES (see fit_result)."""
        data = base64.b64encode(json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")).decode("ascii")
        self._write(self.mark(f"633;R;{data}"))

    def end(self, code):
        self._write(self.mark(f"133;D;{int(code)}"))


def fit_result(obj, list_key):
    """Drop trailing items of obj[list_key] until the mark fits; says so with "cut": true."""
    def size(o):
        return len(json.dumps(o, separators=(",", ":"), ensure_ascii=False).encode("utf-8")) * 4 // 3 + 200
    if size(obj) <= RESULT_MAX_BYTES:
        return obj
    items = obj[list_key]
    lo, hi = 0, len(items)
    while lo < hi:  # the longest prefix that fits
        mid = (lo + hi + 1) // 2
        if size({**obj, list_key: items[:mid], "cut": True}) <= RESULT_MAX_BYTES:
            lo = mid
        else:
            hi = mid - 1
    return {**obj, list_key: items[:lo], "cut": True}
