import { mulberry32, shuffle } from "./seededRandom";

// A seeded random sample of tasks stratified by a key (file system, SQL hardness, environment):
// each stratum gets its share of n (largest remainder), at least one while n allows.

export function stratifiedSample<T extends { id: number; key: string | null }>(tasks: T[], n: number, seed: number): number[] {
  if (n >= tasks.length) return tasks.map((t) => t.id);
  const strata = new Map<string, T[]>();
  for (const t of tasks) strata.set(t.key ?? "", [...(strata.get(t.key ?? "") ?? []), t]);
  const keys = [...strata.keys()].sort();
  const exact = keys.map((k) => (strata.get(k)!.length * n) / tasks.length);
  const take = exact.map(Math.floor);
  const byRemainder = keys.map((_, i) => i).sort((a, b) => exact[b] - take[b] - (exact[a] - take[a]) || a - b);
  for (let left = n - take.reduce((x, y) => x + y, 0), j = 0; left > 0; j++, left--) take[byRemainder[j % keys.length]]++;
  const random = mulberry32(seed);
  return keys
    .flatMap((k, i) =>
      shuffle(strata.get(k)!, random)
        .slice(0, take[i])
        .map((t) => t.id),
    )
    .sort((a, b) => a - b);
}
