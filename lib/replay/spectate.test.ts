import { afterEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Server as IoServer } from "socket.io";
import type { SocketServer } from "../runtime/socketEvents";
import { registerSpectate } from "./spectateServer";
import { createLiveFeed, type LiveSource } from "./liveFeed";
import { spectate, type SpectateStatus } from "./spectateClient";
import type { LiveEvent } from "./liveProtocol";
import type { LiveStep } from "../episodes/step";

let http: Server | null = null;
let io: SocketServer | null = null;
afterEach(async () => {
  io?.close();
  await new Promise((r) => http?.close(r));
});

async function serve(source: LiveSource) {
  http = createServer();
  io = new IoServer(http, { serveClient: false });
  // Stands in for lib/auth's check: episodes named not-yours-… belong to someone else.
  const reg = registerSpectate(io, source, async (_socket, id) => !id.startsWith("not-yours"));
  await new Promise<void>((r) => http!.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, reg };
}

function watcher(url: string, episodeId: string, catchUp: () => Promise<void> = async () => {}) {
  const got = {
    events: [] as LiveEvent[],
    batches: 0,
    steps: [] as LiveStep[],
    ended: null as string | null,
    status: [] as SpectateStatus[],
    detail: "",
  };
  const sub = spectate(
    episodeId,
    {
      catchUp,
      onEvents: (e) => (got.events.push(...e), got.batches++),
      onStep: (s) => got.steps.push(s),
      onEnded: (s) => (got.ended = s),
      onStatus: (s, d) => (got.status.push(s), (got.detail = d ?? got.detail)),
    },
    { url },
  );
  return { got, sub };
}

const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe("spectating a live episode over socket.io", () => {
  it("pushes output, steps and the end, in order, to every spectator", async () => {
    const feed = createLiveFeed();
    const { url } = await serve(feed);
    const a = watcher(url, "ep1");
    const b = watcher(url, "ep1");
    await until(() => a.got.status.includes("live") && b.got.status.includes("live"));
    expect(feed.watching("ep1")).toBe(1); // one subscription, shared
    for (let seq = 0; seq < 50; seq++)
      feed.publish("ep1", { type: "event", event: { seq, time: seq / 10, code: "o", data: `line ${seq}\r\n` } });
    feed.publish("ep1", { type: "step", step: { index: 0, action: "ls", castStart: 0, castEnd: 4.9 } });
    feed.publish("ep1", { type: "ended", status: "submitted" });
    await until(() => a.got.ended !== null && b.got.ended !== null);
    for (const w of [a, b]) {
      expect(w.got.events.map((e) => e.seq)).toEqual([...Array(50).keys()]);
      expect(w.got.batches).toBeLessThan(5); // a burst goes out in a few messages, not fifty
      expect(w.got.steps[0]).toMatchObject({ index: 0, action: "ls", observation: "", castEnd: 4.9 });
      expect(w.got.ended).toBe("submitted");
    }
    expect(feed.watching("ep1")).toBe(0);
    a.sub.dispose();
    b.sub.dispose();
  });

  it("holds pushed events until the catch-up has loaded what came before", async () => {
    const feed = createLiveFeed();
    const { url } = await serve(feed);
    const order: string[] = [];
    let release!: () => void;
    const w = watcher(url, "ep2", async () => {
      feed.publish("ep2", { type: "event", event: { seq: 7, time: 1, code: "o", data: "new" } });
      await new Promise<void>((r) => (release = r));
      order.push("caught up");
    });
    await until(() => typeof release === "function");
    await new Promise((r) => setTimeout(r, 50));
    expect(w.got.events).toHaveLength(0);
    release();
    await until(() => w.got.events.length === 1);
    order.push("event");
    expect(order).toEqual(["caught up", "event"]);
    w.sub.dispose();
  });

  it("says so when the episode is not being played, and lets go when the last spectator leaves", async () => {
    const feed = createLiveFeed();
    const source: LiveSource = { subscribe: (id, l) => (id === "gone" ? null : feed.subscribe(id, l)) };
    const { url } = await serve(source);
    const gone = watcher(url, "gone");
    await until(() => gone.got.status.includes("not-live"));
    expect(gone.got.detail).toMatch(/not being played/);
    const w = watcher(url, "ep3");
    await until(() => w.got.status.includes("live"));
    expect(feed.watching("ep3")).toBe(1);
    w.sub.dispose();
    await until(() => feed.watching("ep3") === 0);
    gone.sub.dispose();
  });

  it("refuses an episode the account may not see, before subscribing to it", async () => {
    const feed = createLiveFeed();
    const { url } = await serve(feed);
    const w = watcher(url, "not-yours-1");
    await until(() => w.got.detail !== "");
    expect(w.got.detail).toMatch(/not yours/);
    expect(w.got.status).not.toContain("live");
    expect(feed.watching("not-yours-1")).toBe(0);
    w.sub.dispose();
  });
});
