import type { Console } from "../../sessions/console";
import { isInterCodeSubmit } from "../isSubmit";

// Bash's console: the login shell of the Bash images with its shell integration
// (docker/bash/SHELL-INTEGRATION.md).

export const bashConsole: Console = {
  // Bracketed paste keeps a multi-line action one command line, as a person pasting it would.
  typeAction: (action) => (action.includes("\n") ? `\x1b[200~${action}\x1b[201~\r` : `${action}\r`),
  isSubmit: isInterCodeSubmit,
  // What an incomplete action "outputs": it never ran, as `bash -c` would refuse it (exit code 2).
  incomplete: {
    observation:
      "bash: syntax error: unexpected end of file\n(the action is incomplete — an unclosed quote, bracket, `do`/`fi` or here-document — so it did not run)",
    exitCode: 2,
    notice: "incomplete action: bash waits for the rest of it (an unclosed quote, bracket or here-document?); cancelled",
  },
  // Every process of the player's but the login shell: what Ctrl-C could not stop.
  forceStop: async (sandbox) => {
    await sandbox.exec(["pkill", "-KILL", "--parent", "1", "--inverse", "-u", "player", "-x", "bash"], {
      timeoutMs: 2000,
      user: "root",
    });
  },
  onExit: "restart",
};
