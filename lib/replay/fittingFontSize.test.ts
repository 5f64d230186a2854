import { describe, expect, it } from "vitest";
import { fittingFontSize } from "./fittingFontSize";

describe("fittingFontSize", () => {
  it("fits an 80-column recording to a wide box, up to 15 px", () => {
    expect(fittingFontSize("window", 1300, 80)).toBe(15);
    expect(fittingFontSize("window", 600, 80)).toBe(12);
  });
  it("one replay: shrinks to fit the rows into the height left above the controls, down to 7 px", () => {
    expect(fittingFontSize("window", 1300, 80, 24 * 1.3 * 12, 24)).toBe(12);
    expect(fittingFontSize("window", 1300, 80, 100, 40)).toBe(7);
  });
  it("side by side: a 120-column pane at 1366 px is drawn at a readable 11 px (it scrolls), whatever the height", () => {
    expect(fittingFontSize("width", 650, 120)).toBe(11);
    expect(fittingFontSize("width", 650, 120, 100, 40)).toBe(11);
    expect(fittingFontSize("width", 650, 80, 100, 40)).toBe(13);
  });
});
