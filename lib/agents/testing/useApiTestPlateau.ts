import { afterAll, beforeAll } from "vitest";
import { startTestPlateau, type TestPlateau } from "../../runtime/testing";
import { ApiEpisodes } from "../api/ApiEpisodes";
import type { ApiDeps } from "../api/episodesApi";
import { closeTestPlateau } from "./closeTestPlateau";

/** The drivers an integration test runs on: PLATEAU_TEST_DRIVERS, default both. */
export const TEST_DRIVERS = (process.env.PLATEAU_TEST_DRIVERS ?? "docker,local").split(",") as Array<"docker" | "local">;

/** A session-API answer's body, as the tests read it. */
export type ApiBody = {
  episodeId: string;
  observation: string;
  reward: number | null;
  done: boolean;
  info: Record<string, unknown>;
};

/**
 * A test Plateau on `driver` (one warm sandbox per image) and the session API's dependencies over it,
 * started before the describe block's tests and closed after them. Read `.p` and `.d` inside tests.
 */
export function useApiTestPlateau(driver: "docker" | "local"): { readonly p: TestPlateau; readonly d: ApiDeps } {
  const ctx = {} as { p: TestPlateau; d: ApiDeps };
  beforeAll(async () => {
    process.env.PLATEAU_POOL_SIZE ??= "1";
    ctx.p = await startTestPlateau(driver);
    ctx.d = { prisma: ctx.p.db.prisma, sessions: ctx.p.sessions, episodes: new ApiEpisodes() };
  }, 300_000);
  afterAll(async () => {
    await closeTestPlateau(ctx.p);
  });
  return ctx;
}
