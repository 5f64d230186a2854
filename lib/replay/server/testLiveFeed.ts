import { createLiveFeed } from "../spectateServer";

// Browser tests of spectating need an episode that "plays" on demand without a sandbox. With
// PLATEAU_TEST_HOOKS=1 (the e2e server only), POST /api/episodes/{id}/test-live stores events and
// steps and publishes them here; registerSpectate serves episodes the live sessions do not know
// from this feed. Without the variable, none of this exists.

const KEY = Symbol.for("plateau.replay.testLiveFeed");
type Slot = { [KEY]?: ReturnType<typeof createLiveFeed> };

export function testHooksEnabled(): boolean {
  return process.env.PLATEAU_TEST_HOOKS === "1";
}

/** The process-wide test feed (route bundles and server.ts share globalThis, not module instances). */
export function testLiveFeed(): ReturnType<typeof createLiveFeed> {
  const slot = globalThis as Slot;
  return (slot[KEY] ??= createLiveFeed());
}
