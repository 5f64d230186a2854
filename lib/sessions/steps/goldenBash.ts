import { encodeCommandLine } from "../marks/decodeCommandLine";
// Test data: a Bash session byte for byte as the image's bash (docker/bash/bashrc) writes it to the
// TTY — readline's bracketed-paste toggles, the terminal echo of what is typed, the DEBUG trap's 633;E + 133;C,
// PROMPT_COMMAND's 133;D, a coloured PS1 with a window title. Used by the marks and steps tests.

const ESC = "\x1b";
const BEL = "\x07";
/** The secret the golden shell signs its marks with (a real one is random per shell: Tty.markNonce). */
export const GOLDEN_NONCE = "5e1f0c2ab7d94e3f8a61c0d2b9e7f413";
/** A mark as the shell writes it: `body` (e.g. "133;D;0"), signed with the nonce as its last field. */
export const mark = (body: string, nonce = GOLDEN_NONCE) => `${ESC}]${body};${nonce}${BEL}`;
const D = (code: number) => mark(`133;D;${code}`);
const E = (line: string) => mark(`633;E;${encodeCommandLine(line)}`);
const C = mark("133;C");
const PROMPT =
  `${ESC}]0;player@plateau: ~${BEL}${mark("133;A")}` +
  `${ESC}[01;32mplayer@plateau${ESC}[00m:${ESC}[01;34m~${ESC}[00m$ ${mark("133;B")}`;
/** What the prompt looks like on screen once the marks are gone. */
export const PROMPT_DISPLAY = `${ESC}]0;player@plateau: ~${BEL}${ESC}[01;32mplayer@plateau${ESC}[00m:${ESC}[01;34m~${ESC}[00m$ `;
const READY = `${ESC}[?2004h${PROMPT}`;
/** Enter: the echoed newline, then readline turns bracketed paste off. */
const ENTER = `\r\n${ESC}[?2004l\r`;

export const goldenBash = {
  startup: `Welcome to Plateau.\r\n${D(0)}${READY}`,
  /** echo "a b" */
  echo: `echo "a b"${ENTER}${E('echo "a b"')}${C}a b\r\n${D(0)}${READY}`,
  /** printf 'one\ntwo\nthree\n' */
  threeLines: `printf 'one\\ntwo\\nthree\\n'${ENTER}${E("printf 'one\\ntwo\\nthree\\n'")}${C}one\r\ntwo\r\nthree\r\n${D(0)}${READY}`,
  /** ls /nope, exit 2 */
  failing: `ls /nope${ENTER}${E("ls /nope")}${C}ls: cannot access '/nope': No such file or directory\r\n${D(2)}${READY}`,
  /** typed "ech", then Ctrl-C at the prompt: no command, a 133;D;130 and a new prompt */
  ctrlCAtPrompt: `ech^C${ESC}[?2004l\r${ESC}[?2004h\r\n${D(130)}${READY}`,
  /** Enter on an empty line: bash runs nothing (no 633;E), PROMPT_COMMAND repeats $? */
  emptyEnter: `${ENTER}${D(130)}${READY}`,
  /** a for loop typed over three lines (PS2 "> "); lithist keeps the newlines in the history entry */
  multiLine:
    `for i in 1 2${ENTER}${ESC}[?2004h> do echo $i${ENTER}${ESC}[?2004h> done${ENTER}` +
    `${E("for i in 1 2\ndo echo $i\ndone")}${C}1\r\n2\r\n${D(0)}${READY}`,
  /** echo "héllo wörld 世界 🎉" */
  unicode: `echo "héllo wörld 世界 🎉"${ENTER}${E('echo "h\u00e9llo w\u00f6rld \u4e16\u754c \ud83c\udf89"')}${C}héllo wörld 世界 🎉\r\n${D(0)}${READY}`,
  /** ls --color=auto: coloured output */
  colours: `ls --color=auto${ENTER}${E("ls --color=auto")}${C}${ESC}[0m${ESC}[01;34mdir${ESC}[0m  file.txt\r\n${D(0)}${READY}`,
  /** ./progress.sh: a progress bar redrawn with \r, ending without a newline */
  progress: `./progress.sh${ENTER}${E("./progress.sh")}${C}[#   ] 10%\r[##  ] 50%\r[####] 100%${D(0)}${READY}`,
  /** sleep 10, interrupted with Ctrl-C while it runs */
  interrupted: `sleep 10${ENTER}${E("sleep 10")}${C}^C\r\n${D(130)}${READY}`,
};

/** The whole session in order. */
export const goldenBashSession = Object.values(goldenBash).join("");

/** What each command of the session should become, in order. */
export const goldenBashSteps = [
  { action: 'echo "a b"', observation: "a b\n", exitCode: 0 },
  { action: "printf 'one\\ntwo\\nthree\\n'", observation: "one\ntwo\nthree\n", exitCode: 0 },
  { action: "ls /nope", observation: "ls: cannot access '/nope': No such file or directory\n", exitCode: 2 },
  { action: "for i in 1 2\ndo echo $i\ndone", observation: "1\n2\n", exitCode: 0 },
  { action: 'echo "héllo wörld 世界 🎉"', observation: "héllo wörld 世界 🎉\n", exitCode: 0 },
  { action: "ls --color=auto", observation: "dir  file.txt\n", exitCode: 0 },
  { action: "./progress.sh", observation: "[####] 100%", exitCode: 0 },
  { action: "sleep 10", observation: "^C\n", exitCode: 130 },
];
