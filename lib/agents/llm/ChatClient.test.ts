import { afterEach, describe, expect, it } from "vitest";
import { createChatClient, LlmError } from "./ChatClient";
import { LlmSettings } from "./LlmSettings";
import { startFakeChatServer, type FakeChatServer } from "../testing/FakeChatServer";

let fake: FakeChatServer | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

const settings = (url: string, over: Partial<LlmSettings> = {}) =>
  LlmSettings.parse({ endpoint: "fake", baseUrl: url, model: "m", retryDelayMs: 0, timeoutMs: 2000, ...over });
const fail = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: LlmError) => e,
  );

describe("ChatClient against a fake OpenAI-compatible server", () => {
  it("posts model, messages, temperature, max tokens, stop and the key", async () => {
    fake = await startFakeChatServer(["```bash\nls\n```"]);
    const client = createChatClient(settings(fake.url, { temperature: 0.3, maxTokens: 77 }), "sk-test");
    const r = await client.complete({ messages: [{ role: "user", content: "hi" }], stop: ["\nObservation"] });
    expect(r).toEqual({ content: "```bash\nls\n```", attempts: 1, finishReason: "stop" });
    expect(fake.requests[0]).toMatchObject({
      model: "m",
      temperature: 0.3,
      max_tokens: 77,
      stop: ["\nObservation"],
      authorization: "Bearer sk-test",
      messages: [{ role: "user", content: "hi" }],
    });
  });

  it("retries a 500, malformed JSON and an empty reply within its limit", async () => {
    fake = await startFakeChatServer([{ status: 500, body: "boom" }, { status: 200, body: "{not json" }, { content: "" }, "ok"]);
    const r = await createChatClient(settings(fake.url, { retries: 3 }), null).complete({ messages: [] });
    expect(r.attempts).toBe(4);
    expect(fake.requests[0].authorization).toBeNull();
  });

  it("gives up after its retries with the last reason", async () => {
    fake = await startFakeChatServer([], () => ({ status: 200, body: JSON.stringify({ choices: [] }) }));
    const e = await fail(createChatClient(settings(fake.url, { retries: 1 }), null).complete({ messages: [] }));
    expect(e).toBeInstanceOf(LlmError);
    expect(e.kind).toBe("malformed");
    expect(e.message).toMatch(/no choices\[0\]\.message.*\(2 attempts\)/);
    expect(fake.requests).toHaveLength(2);
  });

  it("does not retry a request the endpoint refuses (401)", async () => {
    fake = await startFakeChatServer([{ status: 401, body: '{"error":"bad key"}' }, "never"]);
    const e = await fail(createChatClient(settings(fake.url, { retries: 3 }), "x").complete({ messages: [] }));
    expect(e.kind).toBe("http");
    expect(e.message).toContain("401");
    expect(fake.requests).toHaveLength(1);
  });

  it("times out a slow endpoint", async () => {
    fake = await startFakeChatServer([{ hang: true }, { content: "late", delayMs: 1000 }]);
    const t0 = Date.now();
    const e = await fail(createChatClient(settings(fake.url, { timeoutMs: 200, retries: 1 }), null).complete({ messages: [] }));
    expect(e.kind).toBe("timeout");
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it("refuses a huge reply", async () => {
    fake = await startFakeChatServer([{ content: "x".repeat(20_000) }]);
    const e = await fail(
      createChatClient(settings(fake.url, { retries: 0, maxReplyChars: 1000 }), null).complete({ messages: [] }),
    );
    expect(e.kind).toBe("too-large");
    expect(e.message).toContain("20000 characters");
  });

  it("says when nothing listens", async () => {
    fake = await startFakeChatServer();
    const url = fake.url;
    await fake.close();
    fake = null;
    const e = await fail(createChatClient(settings(url, { retries: 1 }), null).complete({ messages: [] }));
    expect(e.kind).toBe("unreachable");
    expect(e.message).toMatch(/cannot reach .*ECONNREFUSED/);
  });
});
