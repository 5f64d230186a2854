import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { tfidfCosine, tokenize } from "./tfidf";

/** idf of a term found in one of the two texts: ln(3/2) + 1; a term in both weighs 1. */
const W = Math.log(1.5) + 1;

describe("tokenize (scikit-learn's default analyzer)", () => {
  it.each([
    ["Hello, World!", ["hello", "world"]],
    ["a b cd", ["cd"]],
    ["v2.0 x1 _a", ["v2", "x1", "_a"]],
    ["foo_bar-baz", ["foo_bar", "baz"]],
    ["Café 日本語", ["café", "日本語"]],
    ["cafe\u0301", ["cafe"]], // a combining mark is not a word character in Python either
    ["١٢٣ ٤", ["١٢٣"]], // Arabic-Indic digits are \w
    ["ΟΔΟΣ", ["οδος"]], // final sigma lowercases as Python's str.lower does
    ["!! -- ..", []],
    ["", []],
  ])("%j → %j", (text, tokens) => {
    expect(tokenize(text)).toEqual(tokens);
  });
});

describe("tfidfCosine", () => {
  it.each([
    // [agent, gold, hand-worked value, scikit-learn's value]
    ["hello world hello", "hello there", 2 / Math.sqrt((4 + W * W) * (1 + W * W)), 0.4743307064971939],
    ["Café 日本語", "café", 1 / Math.sqrt(1 + W * W), 0.5797386715376657],
    // the, sat, on shared (weights 2, 1, 1); cat, mat / dog, log own (W each): (4+1+1) / (6 + 2W²)
    ["the cat sat on the mat", "the dog sat on the log", 6 / (6 + 2 * W * W), 0.6029748160380571],
    ["v2.0 x1 _a", "V2 X1", 2 / Math.sqrt((2 + W * W) * 2), 0.7092972666062738],
  ])("cos(%j, %j) matches the hand computation and scikit-learn to 1e-9", (a, b, hand, sklearn) => {
    expect(Math.abs(tfidfCosine(a, b) - hand)).toBeLessThan(1e-9);
    expect(Math.abs(tfidfCosine(a, b) - sklearn)).toBeLessThan(1e-9);
  });

  it.each([
    ["identical texts", "ls: cannot access", "ls: cannot access", 1],
    ["case is ignored", "Hello World", "hello world", 1],
    ["no shared token", "alpha beta", "gamma delta", 0],
    ["only one side has tokens", "", "33\n", 0],
    ["no tokens either side, equal texts", "!!", "!!", 1],
    ["no tokens either side, both empty", "", "", 1],
    ["no tokens either side, different texts", "a b", "a  b", 0],
    ["decomposed vs plain accent: the mark is dropped", "cafe\u0301", "cafe", 1],
  ])("%s → %s", (_why, a, b, expected) => {
    expect(tfidfCosine(a, b)).toBeCloseTo(expected, 12);
  });

  it("is symmetric and within [0, 1]", () => {
    const text = fc
      .array(fc.constantFrom("ab", "cd", "ef", "x", "É", "日本", " ", "\n", "!", "1"), { maxLength: 12 })
      .map((p) => p.join(""));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const c = tfidfCosine(a, b);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(1 + 1e-12);
        expect(Math.abs(c - tfidfCosine(b, a))).toBeLessThan(1e-12);
      }),
    );
  });
});
