import { describe, expect, it } from "vitest";
import { watchEngine } from "./watchEngine";

describe("watching the sandbox engine", () => {
  it("is away only after several failed pings in a row, and back at the first that answers", async () => {
    const answers = [true, false, true, false, false, false, false, true, true];
    const heard: string[] = [];
    let i = 0;
    await new Promise<void>((resolve) => {
      const w = watchEngine({
        ping: async () => {
          const ok = answers[i++] ?? true;
          if (i === answers.length) setTimeout(() => (w.dispose(), resolve()), 5);
          return ok;
        },
        intervalMs: 1,
        awayAfter: 3,
        onAway: () => heard.push(`away after ping ${i}`),
        onBack: () => heard.push(`back at ping ${i}`),
      });
    });
    expect(heard).toEqual(["away after ping 6", "back at ping 8"]);
  });
});
