// A one-line progress bar on stderr (no dependency). On a terminal it redraws in place; otherwise it
// prints a line at most every 10 %, so logs stay readable.

export interface ProgressBar {
  update(done: number, total: number, label?: string): void;
  done(message?: string): void;
}

export function progressBar(stream: NodeJS.WriteStream = process.stderr, width = 30): ProgressBar {
  const tty = Boolean(stream.isTTY);
  let lastDecile = -1;
  let drawn = false;
  const started = Date.now();
  return {
    update(done, total, label = "") {
      const frac = total > 0 ? Math.min(1, done / total) : 1;
      const secs = (Date.now() - started) / 1000;
      // Slow work (a rescore replays an episode in seconds) reads better per minute.
      const rate =
        secs <= 0 ? "" : done / secs >= 1 ? ` ${Math.round(done / secs)}/s` : ` ${((60 * done) / secs).toFixed(1)}/min`;
      const line = `[${"#".repeat(Math.round(frac * width)).padEnd(width, "-")}] ${String(Math.round(frac * 100)).padStart(3)}% ${done}/${total} episodes${rate} ${label}`;
      if (tty) {
        const cols = stream.columns ?? 100;
        stream.write(`\r\x1b[2K${line.slice(0, cols - 1)}`);
        drawn = true;
      } else {
        const decile = Math.floor(frac * 10);
        if (decile !== lastDecile) {
          lastDecile = decile;
          stream.write(`${line}\n`);
        }
      }
    },
    done(message) {
      if (tty && drawn) stream.write("\r\x1b[2K");
      if (message) stream.write(`${message}\n`);
    },
  };
}
