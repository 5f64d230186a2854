import { describe, expect, it } from "vitest";
import { llmConfigFromEnv } from "../llm/LlmEndpoints";
import { RunInput, StoredRunConfig, policyConfigFor, strategyLabel } from "./RunInput";
import { WatchMessage } from "./registerRunHandlers";

const endpoints = (list: object[], more: Record<string, string> = {}) =>
  llmConfigFromEnv({ PLATEAU_LLM_ENDPOINTS: JSON.stringify(list), ...more });

describe("run input", () => {
  it("labels a Best-of-N run's strategy with its N, so Compare keeps runs of different N apart", () => {
    const llm = endpoints([{ name: "vllm", baseUrl: "http://h:8000/v1" }]);
    const bestOf = (n?: number) =>
      policyConfigFor(
        RunInput.parse({ env: "python", policy: "best-of-n", n, model: "M", tasks: "mbpp:0", llm: { endpoint: "vllm" } }),
        llm,
      );
    expect([bestOf(1), bestOf(8), bestOf()].map((p) => (typeof p === "string" ? p : strategyLabel(p)))).toEqual([
      "best-of-1",
      "best-of-8",
      "best-of-4",
    ]);
    expect(strategyLabel({ policy: "gold" })).toBe("gold");
  });

  it("takes the execution, and resumes a run stored before the setting existed as terminal", () => {
    expect(RunInput.parse({ policy: "gold", tasks: "fs1", execution: "intercode" }).execution).toBe("intercode");
    expect(RunInput.safeParse({ policy: "gold", tasks: "fs1", execution: "exec" }).success).toBe(false);
    const old = {
      env: "bash",
      tasks: "fs1",
      taskIds: [1],
      turnLimit: 3,
      concurrency: 1,
      timeoutMs: 10_000,
      policy: { policy: "gold" },
    };
    expect(StoredRunConfig.parse(old).execution).toBe("terminal");
  });

  it("builds an LLM policy's config from a named endpoint of the server's, storing its address for the record, never a key", () => {
    const input = RunInput.parse({ policy: "try-again", model: "M", tasks: "fs1", llm: { endpoint: "vllm", temperature: 0.5 } });
    expect(input).toMatchObject({ env: "bash", turnLimit: 10, concurrency: 1, timeoutMs: 10_000, execution: "terminal" });
    const cfg = policyConfigFor(
      input,
      endpoints(
        [
          { name: "openai", baseUrl: "https://o/v1", apiKeyEnv: "K" },
          { name: "vllm", baseUrl: "http://h:8000/v1", apiKeyEnv: "K" },
        ],
        { K: "sk-secret" },
      ),
    );
    expect(cfg).toEqual({
      policy: "try-again",
      llm: {
        endpoint: "vllm",
        baseUrl: "http://h:8000/v1",
        model: "M",
        temperature: 0.5,
        maxTokens: 512,
        timeoutMs: 60_000,
        retries: 2,
        retryDelayMs: 1000,
        maxReplyChars: 16_000,
      },
      prompt: { historyWindow: 5, maxConsecutiveErrors: 3 },
    });
    expect(JSON.stringify(cfg)).not.toContain("sk-secret");
    // No endpoint named: the first configured ("default" from PLATEAU_LLM_BASE_URL), the server's default model.
    const env = {
      PLATEAU_LLM_BASE_URL: "http://e/v1",
      PLATEAU_LLM_MODEL: "m2",
      PLATEAU_LLM_ENDPOINTS: '[{"name":"other","baseUrl":"http://o/v1"}]',
    };
    expect(policyConfigFor(RunInput.parse({ policy: "react", tasks: "fs1" }), llmConfigFromEnv(env))).toMatchObject({
      llm: { endpoint: "default", baseUrl: "http://e/v1", model: "m2" },
    });
  });

  it("refuses a request that gives the endpoint's address, saying why", () => {
    const bad = RunInput.safeParse({
      policy: "try-again",
      tasks: "fs1",
      model: "m",
      llm: { baseUrl: "http://attacker.example/v1" },
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues).toEqual([
      expect.objectContaining({
        path: ["llm"],
        message: expect.stringMatching(
          /^baseUrl is not accepted: name one of the server's configured endpoints in llm\.endpoint/,
        ),
      }),
    ]);
    expect(
      RunInput.safeParse({ policy: "try-again", tasks: "fs1", llm: { endpoint: "default", baseUrl: "http://h/v1" } }).success,
    ).toBe(false);
    expect(RunInput.safeParse({ policy: "try-again", tasks: "fs1", llm: { endpoint: "http://h/v1" } }).success).toBe(false);
  });

  it("says what is missing or unknown, listing the configured endpoints", () => {
    const parse = (x: object) => RunInput.parse({ policy: "react", tasks: "fs1", ...x });
    expect(policyConfigFor(parse({ model: "m" }), llmConfigFromEnv({}))).toMatch(
      /^llm\.endpoint: no LLM endpoint is configured on this server/,
    );
    const two = endpoints([
      { name: "a", baseUrl: "http://a/v1" },
      { name: "b", baseUrl: "http://b/v1", models: ["x", "y"] },
    ]);
    expect(policyConfigFor(parse({ model: "m", llm: { endpoint: "c" } }), two)).toBe(
      'llm.endpoint: no LLM endpoint named "c" is configured; configured: a, b',
    );
    expect(policyConfigFor(parse({ llm: { endpoint: "a" } }), two)).toMatch(/^model: a model is needed/);
    expect(policyConfigFor(parse({ llm: { endpoint: "b" } }), two)).toMatchObject({ llm: { model: "x" } });
    expect(policyConfigFor(parse({ model: "z", llm: { endpoint: "b" } }), two)).toBe(
      'model: the endpoint "b" offers x, y, not "z"',
    );
    expect(policyConfigFor(RunInput.parse({ policy: "scripted", tasks: "fs1" }), two)).toMatch(
      /actions: give at least one action/,
    );
    expect(RunInput.safeParse({ policy: "gold", tasks: "all", env: "ctf" }).success).toBe(true);
    expect(RunInput.safeParse({ policy: "gold", tasks: "fs1", env: "swe" }).success).toBe(false);
    expect(RunInput.safeParse({ policy: "gold", tasks: "mbpp:0-9", env: "python" }).success).toBe(true);
    expect(RunInput.safeParse({ policy: "gold", tasks: "all", env: "sql" }).success).toBe(true);
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
