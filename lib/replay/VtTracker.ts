// Follows just enough of a terminal stream to know where a snapshot may be taken and what it
// must add to xterm's serialized screen. xterm's serialize addon writes the cells, the cursor
// position and the DEC modes, but not the parser state (an unfinished escape sequence), the
// current pen (SGR set for text still to come), a scroll region, a character set or a hidden
// cursor, nor a saved cursor (DECSC). So a point is safe only outside escape sequences, without
// a scroll region or a non-ASCII character set; the pen and the cursor's visibility are written
// back by suffix(). Saving and restoring the cursor are reported in `cursorOps`, for the caller to
// avoid points between a save and the restore that uses it (see unsafeForSavedCursor).

/** S: the cursor is saved (DECSC, CSI s, ?1048h, ?1049h) · R: restored (DECRC, CSI u, ?1048l, ?1049l) · X: full reset. */
export type CursorOp = "S" | "R" | "X";

const MAX_PEN = 16;

type Mode = "ground" | "esc" | "escInter" | "csi" | "string" | "stringEsc";

export class VtTracker {
  private mode: Mode = "ground";
  /** CSI parameters and intermediates, or the ESC intermediates, collected so far. */
  private seq = "";
  /** SGR sequences since the last full reset, in order (they accumulate). */
  private pen: string[] = [];
  private penOverflow = false;
  private region = false;
  private charsets = new Set<string>();
  private shifted = false;
  private cursorHidden = false;
  private savedPen: string[] = [];
  private alt = false;
  /** Resized while on the alternate screen, whose lines xterm does not reflow and the addon then serializes wrongly. */
  private altResized = false;
  /** What the cursor-saving sequences did in the last feed(), in order. */
  cursorOps: CursorOp[] = [];

  feed(data: string): void {
    this.cursorOps = [];
    for (let i = 0; i < data.length; i++) {
      const c = data.charCodeAt(i);
      const inString = this.mode === "string" || this.mode === "stringEsc";
      // Shift Out / Shift In act even inside an escape sequence (C0 controls are executed there).
      if ((c === 0x0e || c === 0x0f) && !inString) {
        this.shifted = c === 0x0e;
        continue;
      }
      if (!inString && this.mode !== "ground") {
        // As xterm: a non-ASCII character inside a sequence drops it, DEL is ignored.
        if (c >= 0xa0) {
          this.mode = "ground";
          continue;
        }
        if (c === 0x7f) continue;
      }
      if (c >= 0x80 && c <= 0x9f && !inString) {
        // C1 controls act in any state: CSI, OSC, DCS, SOS/PM/APC begin; the rest end the sequence.
        if (c === 0x9b) this.begin("csi");
        else if (c === 0x9d || c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) this.mode = "string";
        else this.mode = "ground";
        continue;
      }
      switch (this.mode) {
        case "ground":
          if (c === 0x1b) this.mode = "esc";
          break;
        case "esc":
          if (c === 0x5b) this.begin("csi");
          else if (c === 0x5d || c === 0x50 || c === 0x58 || c === 0x5e || c === 0x5f) this.mode = "string";
          else if (c >= 0x20 && c <= 0x2f) {
            this.begin("escInter");
            this.seq = data[i];
          } else if (c === 0x1b) this.mode = "esc";
          else if (c === 0x18 || c === 0x1a) this.mode = "ground";
          else if (c < 0x20) {
            // C0 controls run inside an escape sequence without ending it.
          } else {
            if (c === 0x63)
              this.fullReset(); // ESC c (RIS)
            else if (c === 0x37)
              this.save(); // ESC 7
            else if (c === 0x38) this.restore(); // ESC 8
            this.mode = "ground";
          }
          break;
        case "escInter":
          if (c >= 0x20 && c <= 0x2f) this.seq += data[i];
          else if (c >= 0x30 && c <= 0x7e) {
            this.designate(this.seq, data[i]);
            this.mode = "ground";
          } else if (c === 0x1b) this.mode = "esc";
          else if (c === 0x18 || c === 0x1a) this.mode = "ground";
          break;
        case "csi":
          if (c >= 0x40 && c <= 0x7e) {
            this.csi(this.seq, data[i]);
            this.mode = "ground";
          } else if (c >= 0x20 && c <= 0x3f) this.seq += data[i];
          else if (c === 0x1b) this.mode = "esc";
          else if (c === 0x18 || c === 0x1a) this.mode = "ground";
          break;
        case "string":
          if (c === 0x07 || c === 0x9c || c === 0x18 || c === 0x1a) this.mode = "ground";
          else if (c === 0x1b) this.mode = "stringEsc";
          break;
        case "stringEsc":
          if (c === 0x5c) this.mode = "ground";
          else {
            this.mode = "esc";
            i--; // the ESC started a new sequence: read this character again in that state
          }
          break;
      }
    }
  }

  /** The terminal was resized (an "r" event) at this point of the stream. */
  resized(): void {
    if (this.alt) this.altResized = true;
  }

  /** A snapshot here, with suffix() appended, restores what the stream would have made. */
  safe(): boolean {
    return (
      this.mode === "ground" && !this.region && this.charsets.size === 0 && !this.shifted && !this.penOverflow && !this.altResized
    );
  }

  /** What the serialized screen lacks: the pen for text still to come, and a hidden cursor. */
  suffix(): string {
    return (this.cursorHidden ? "\x1b[?25l" : "") + this.pen.join("");
  }

  private begin(mode: "csi" | "escInter"): void {
    this.mode = mode;
    this.seq = "";
  }

  private csi(params: string, final: string): void {
    const priv = params.startsWith("?");
    if (final === "m" && !/^[<=>?]/.test(params)) {
      const first = params.split(/[;:]/)[0];
      if (/^0*$/.test(first)) {
        this.pen = [];
        this.penOverflow = false;
      }
      if (!/^[0;]*$/.test(params)) {
        this.pen.push(`\x1b[${params}m`);
        if (this.pen.length > MAX_PEN) this.penOverflow = true;
      }
    } else if (final === "r" && !/[<=>?]/.test(params) && !/[ -/]/.test(params)) {
      this.region = params !== "" && params !== ";";
    } else if ((final === "h" || final === "l") && priv) {
      const modes = params.slice(1).split(";");
      if (modes.includes("25")) this.cursorHidden = final === "l";
      if (modes.includes("1048") || modes.includes("1049")) {
        if (final === "h") this.save();
        else this.restore();
      }
      if (modes.includes("1049") || modes.includes("1047") || modes.includes("47")) {
        this.alt = final === "h";
        this.altResized = false;
      }
    } else if (final === "s" && params === "") {
      this.save();
    } else if (final === "u" && params === "") {
      this.restore();
    } else if (final === "p" && params === "!") {
      this.softReset();
    }
  }

  private designate(inter: string, final: string): void {
    if (!"()*+-./".includes(inter[0]) || inter.length !== 1) return;
    if (final === "B") this.charsets.delete(inter);
    else this.charsets.add(inter);
  }

  private softReset(): void {
    this.pen = [];
    this.penOverflow = false;
    this.region = false;
    this.charsets.clear();
    this.shifted = false;
    this.cursorHidden = false;
  }

  private save(): void {
    this.savedPen = this.pen.slice();
    this.cursorOps.push("S");
  }

  /** Restoring the cursor restores the pen saved with it (the default one when none was). */
  private restore(): void {
    this.pen = this.savedPen.slice();
    this.penOverflow = this.pen.length > MAX_PEN;
    this.cursorOps.push("R");
  }

  private fullReset(): void {
    this.softReset();
    this.alt = false;
    this.altResized = false;
    this.savedPen = [];
    this.cursorOps.push("X");
  }
}

/**
 * For each point between events (0..n), whether a cursor saved before it is restored after it:
 * serialized state cannot carry a saved cursor, so a snapshot there would restore it wrongly.
 */
export function unsafeForSavedCursor(opsPerEvent: readonly (readonly CursorOp[])[]): boolean[] {
  const n = opsPerEvent.length;
  const unsafe = new Array<boolean>(n + 1).fill(false);
  // The next save, restore or reset at or after each point.
  const next = new Array<CursorOp | null>(n + 1).fill(null);
  for (let i = n - 1; i >= 0; i--) next[i] = opsPerEvent[i][0] ?? next[i + 1];
  let saved = false;
  for (let p = 0; p <= n; p++) {
    unsafe[p] = saved && next[p] === "R";
    for (const op of opsPerEvent[p] ?? []) saved = op === "S" ? true : op === "X" ? false : saved;
  }
  return unsafe;
}
