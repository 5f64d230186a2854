import { describe, expect, it } from "vitest";
import { RunInput, policyConfigFor } from "./RunInput";
import { WatchMessage } from "./protocol";

describe("run input", () => {
  it("builds an LLM policy's config from the input and the server's defaults, never with a key", () => {
    const input = RunInput.parse({ policy: "try-again", model: "M", tasks: "fs1", llm: { baseUrl: "http://h:8000/v1", temperature: 0.5 } });
    expect(input).toMatchObject({ env: "bash", turnLimit: 10, concurrency: 1, timeoutMs: 10_000 });
    const cfg = policyConfigFor(input, {});
    expect(cfg).toEqual({
      policy: "try-again",
      llm: { baseUrl: "http://h:8000/v1", model: "M", temperature: 0.5, maxTokens: 512, timeoutMs: 60_000, retries: 2, retryDelayMs: 1000, maxReplyChars: 16_000 },
      prompt: { historyWindow: 5, maxConsecutiveErrors: 3 },
    });
    expect(policyConfigFor(RunInput.parse({ policy: "react", tasks: "fs1" }), { PLATEAU_LLM_BASE_URL: "http://e/v1", PLATEAU_LLM_MODEL: "m2" })).toMatchObject({ llm: { baseUrl: "http://e/v1", model: "m2" } });
  });

  it("says what is missing", () => {
    expect(policyConfigFor(RunInput.parse({ policy: "react", tasks: "fs1", model: "m" }), {})).toMatch(/needs an endpoint/);
    expect(policyConfigFor(RunInput.parse({ policy: "react", tasks: "fs1", llm: { baseUrl: "http://e/v1" } }), {})).toMatch(/needs a model/);
    expect(policyConfigFor(RunInput.parse({ policy: "scripted", tasks: "fs1" }), {})).toMatch(/actions: give at least one action/);
    const bad = RunInput.safeParse({ policy: "try-again", tasks: "fs1", model: "m", llm: { baseUrl: "not a url" } });
    expect(bad.success ? null : bad.error.issues[0].path).toEqual(["llm", "baseUrl"]);
    expect(RunInput.safeParse({ policy: "gold", tasks: "fs1", env: "sql" }).success).toBe(false);
    expect(RunInput.safeParse({ policy: "magic", tasks: "fs1" }).success).toBe(false);
  });

  it("validates watch messages", () => {
    expect(WatchMessage.safeParse({ runId: "abc" }).success).toBe(true);
    expect(WatchMessage.safeParse({}).success).toBe(true);
    expect(WatchMessage.safeParse({ runId: "" }).success).toBe(false);
    expect(WatchMessage.safeParse({ runId: "x".repeat(65) }).success).toBe(false);
    expect(WatchMessage.safeParse({ runId: "a", extra: 1 }).success).toBe(false);
  });
});
