"""How InterCode's Python environment ran an input (intercode/envs/python/python_env.py and
docker/utils/python_server.py), shared by the console (console.py) and the scratch runner (run.py).

- State: one namespace for the whole episode, as the exec server's `self.globals`, which began as a
  copy of that server module's globals (so `sys` and `StringIO` are there without an import).
- An input is exec'd whole; what it printed to stdout and stderr is captured and stripped.
- The result is InterCode's dict: {"output": ..., "error": ...} when the input ran, and
  {"error": "Error: <exception>"} when it raised (what it printed first is lost, as there).
- Wrapping: InterCode wrapped an agent's action in print(...) unless it started with `def ` or
  held an assignment, a print call, an import or started with assert. Here the same rule applies
  to an input that is one expression; any other input runs as written (InterCode's print(...)
  around a statement was a syntax error).
"""
import ast
import builtins
import io
import sys

# What InterCode's server module held in its globals when it copied them.
def fresh_namespace():
    return {"__name__": "__main__", "__doc__": None, "__package__": None, "__builtins__": builtins,
            "sys": sys, "StringIO": io.StringIO}


def wrap_with_print(code):
    """InterCode's wrap_with_print, for an input that is a single expression."""
    stripped = code.strip()
    if stripped.startswith("def "):
        return code
    try:
        tree = ast.parse(stripped)
    except SyntaxError:
        return code  # exec reports it
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr):
        return code
    nodes = list(ast.walk(tree))
    has_print = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print" for n in nodes)
    return code if has_print else f"print({stripped})"


class Capped(io.TextIOBase):
    """A capture that keeps the first `limit` characters (an endless print loop must not fill memory)."""

    def __init__(self, limit):
        self.parts, self.size, self.limit, self.cut = [], 0, limit, False

    def writable(self):
        return True

    def write(self, s):
        room = self.limit - self.size
        if len(s) > room:
            self.cut = True
            s = s[:max(room, 0)]
        if s:
            self.parts.append(s)
            self.size += len(s)
        return len(s)

    def getvalue(self):
        return "".join(self.parts)


def execute(code, namespace, limit=65536):
    """exec as the InterCode server did; returns (InterCode's dict, whether output was cut)."""
    out, err = Capped(limit), Capped(limit)
    sys.stdout, sys.stderr = out, err
    try:
        exec(code, namespace)
        result = {"output": out.getvalue().strip(), "error": err.getvalue().strip()}
    except Exception as e:  # as InterCode: KeyboardInterrupt and SystemExit go on up
        result = {"error": f"Error: {e}"}
    finally:
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    return result, out.cut or err.cut


def failed(result):
    """InterCode's ACTION_EXEC test, the right way round: the input raised or wrote to stderr."""
    return len(result.get("error", "")) > 0
