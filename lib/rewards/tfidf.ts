// TF-IDF cosine similarity of two texts, exactly as scikit-learn's TfidfVectorizer with its
// defaults computes it when fitted on just these two texts (what InterCode's Bash reward does).

/**
 * Python's `\w` on str patterns is Unicode-aware: letters, numbers (any Unicode number) and "_".
 * Combining marks are not word characters there either. Lengths count code points (the `u` flag).
 */
const TOKEN = /[\p{L}\p{N}_]{2,}/gu;

/**
 * scikit-learn's default analyzer: lowercase, then every match of `(?u)\b\w\w+\b`. With `\w` as
 * above, those matches are exactly the maximal runs of two or more word characters.
 */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

/**
 * Cosine of the two L2-normalised TF-IDF vectors, with raw term counts and the smooth idf
 * ln((1 + n) / (1 + df)) + 1 for n = 2 documents: a term in both texts weighs 1, a term in one
 * weighs ln(3/2) + 1.
 *
 * When neither text has a token, scikit-learn raises "empty vocabulary" and InterCode falls back
 * to 1 if the texts are equal, else 0; that rule is kept here. When only one text has tokens,
 * its partner's vector is zero and the cosine is 0.
 */
export function tfidfCosine(a: string, b: string): number {
  const countsA = termCounts(tokenize(a));
  const countsB = termCounts(tokenize(b));
  if (countsA.size === 0 && countsB.size === 0) return a === b ? 1 : 0;
  if (countsA.size === 0 || countsB.size === 0) return 0;

  const idfInBoth = Math.log(3 / 3) + 1;
  const idfInOne = Math.log(3 / 2) + 1;
  const weights = (own: Map<string, number>, other: Map<string, number>) => {
    const weighted = new Map<string, number>();
    let squares = 0;
    for (const [term, count] of own) {
      const w = count * (other.has(term) ? idfInBoth : idfInOne);
      weighted.set(term, w);
      squares += w * w;
    }
    const norm = Math.sqrt(squares);
    for (const [term, w] of weighted) weighted.set(term, w / norm);
    return weighted;
  };
  const wa = weights(countsA, countsB);
  const wb = weights(countsB, countsA);

  let dot = 0;
  for (const [term, w] of wa) {
    const partner = wb.get(term);
    if (partner !== undefined) dot += w * partner;
  }
  return dot;
}

function termCounts(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}
