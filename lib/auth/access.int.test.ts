import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io } from "socket.io-client";
import { startTestPlateau, type TestPlateau } from "../runtime/testing";
import { TestPlayer } from "../sessions/testPlayer";
import { signedIn } from "./testing";

// Who may do what on live sockets, against a real sandbox and PostgreSQL: a stranger's socket is
// refused, a participant watches no one else's episode, plays one at a time and never sees the gold.

let p: TestPlateau;
let participant: { userId: string; cookie: string };
const players: TestPlayer[] = [];

beforeAll(async () => {
  p = await startTestPlateau("docker");
  participant = await signedIn(p.auth, p.db.prisma, "participant@test.example", "participant");
});
afterAll(async () => {
  players.forEach((pl) => pl.close());
  await p?.close();
});

const fs1 = async (index: number) =>
  (await p.db.prisma.task.findUniqueOrThrow({ where: { dataset_index: { dataset: "nl2bash_fs_1", index } } })).id;

describe("live sockets and accounts", () => {
  it("refuses a socket without a signed-in session, and one with a forged cookie", async () => {
    for (const headers of [{}, { cookie: "plateau.session_token=forged.value" }] as Record<string, string>[]) {
      const s = io(p.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: headers });
      const err = await new Promise<Error>((resolve) => s.on("connect_error", resolve));
      expect(err.message).toBe("sign in first");
      s.close();
    }
  });

  it("lets a participant watch no one else's episode, and play only one at a time", async () => {
    const theirs = await p.sessions.start({
      taskId: await fs1(0),
      playerKind: "human",
      owner: { userId: p.researcherId, role: "researcher" },
    });
    const peek = new TestPlayer({ url: p.url, cookie: participant.cookie }, theirs.episodeId);
    players.push(peek);
    await peek.until(() => peek.errors.length > 0, 10_000, "a refusal");
    expect(peek.errors[0]).toMatch(/not yours/);
    expect(peek.screen + peek.output).toBe("");
    // Asking in the connection's handshake (as a reloading Play page does) is checked the same way.
    const early = new TestPlayer(
      { url: p.url, cookie: participant.cookie },
      theirs.episodeId,
      undefined,
      undefined,
      true,
      "handshake",
    );
    players.push(early);
    await early.until(() => early.errors.length > 0, 10_000, "a refusal");
    expect(early.errors[0]).toMatch(/not yours/);
    expect(early.screen + early.output).toBe("");

    const owner = { userId: participant.userId, role: "participant" as const };
    const mine = await p.sessions.start({ taskId: await fs1(1), playerKind: "human", owner });
    await expect(p.sessions.start({ taskId: await fs1(2), playerKind: "human", owner })).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/in progress already/),
    });
    await p.sessions.get(mine.episodeId)!.skip();
    await p.sessions.get(theirs.episodeId)!.skip();
  });

  it("gives a participant their reward without the gold, its output or the breakdown", async () => {
    const task = await p.db.prisma.task.findUniqueOrThrow({ where: { id: await fs1(3) } });
    const started = await p.sessions.start({
      taskId: task.id,
      playerKind: "human",
      owner: { userId: participant.userId, role: "participant" },
    });
    const player = new TestPlayer({ url: p.url, cookie: participant.cookie }, started.episodeId, started.playerToken);
    const researcher = new TestPlayer(p, started.episodeId);
    players.push(player, researcher);
    await player.ready();
    await player.run(task.gold);
    const result = await player.submit();
    expect(result.scores.map((s) => s.reward)).toEqual([1, 1]);
    expect(result.gold).toBeNull();
    expect(result.scores.every((s) => Object.keys(s.breakdown).length === 0 && s.gold === null)).toBe(true);
    expect(JSON.stringify(result)).not.toContain(task.gold);
    // The researcher watching the same episode gets all of it.
    await researcher.until(() => researcher.result !== null, 10_000, "the researcher's result");
    expect(researcher.result!.gold).toBe(task.gold);
    expect(researcher.result!.scores.map((s) => s.gold?.argv?.[0])).toEqual(["/bin/bash", "/bin/bash"]);
    const row = await p.db.prisma.episode.findUniqueOrThrow({ where: { id: started.episodeId } });
    expect(row.userId).toBe(participant.userId);
  });
});
