import type { TestPlateau } from "../../runtime/testing";

/**
 * Close a test Plateau whose last sandboxes may still be being removed: the docker driver's cleanup
 * can then fail with "removal … already in progress" (409), which says nothing about the code under
 * test. Any other failure is thrown; the database is closed either way.
 */
export async function closeTestPlateau(p: TestPlateau | undefined): Promise<void> {
  if (!p) return;
  try {
    await p.close();
  } catch (err) {
    if (!/already in progress/.test((err as Error).message)) throw err;
    await p.db.close();
  }
}
