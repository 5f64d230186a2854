import { describe, expect, it } from "vitest";
import { fittingFontSize, MIN_READABLE_FONT } from "./fittingFontSize";

describe("fittingFontSize", () => {
  it("fits an 80-column recording to a wide box, up to 15 px", () => {
    expect(fittingFontSize(1300, 80)).toBe(15);
    expect(fittingFontSize(600, 80)).toBe(12);
  });
  it("shrinks to fit the rows into the height left above the controls", () => {
    expect(fittingFontSize(1300, 80, 24 * 1.3 * 12, 24)).toBe(12);
  });
  it("never draws a 120-column pane side by side at 1366 px below a readable size: it scrolls instead", () => {
    expect(fittingFontSize(650, 120)).toBe(MIN_READABLE_FONT);
    expect(fittingFontSize(650, 120, 100, 40)).toBe(MIN_READABLE_FONT);
  });
});
