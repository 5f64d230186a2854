import { describe, expect, it } from "vitest";
import { connectEndpoint, llmConfigFromEnv, publicEndpoints } from "./LlmEndpoints";
import { LlmSettings } from "./LlmSettings";

describe("LLM endpoints from the server's environment", () => {
  it('makes PLATEAU_LLM_BASE_URL the endpoint "default", keyed by PLATEAU_LLM_API_KEY, else OPENAI_API_KEY', () => {
    expect(
      llmConfigFromEnv({
        PLATEAU_LLM_BASE_URL: "http://127.0.0.1:8000/v1",
        PLATEAU_LLM_API_KEY: "k1",
        OPENAI_API_KEY: "k2",
        PLATEAU_LLM_MODEL: "m",
      }),
    ).toEqual({
      endpoints: [{ name: "default", baseUrl: "http://127.0.0.1:8000/v1", apiKeyEnv: "PLATEAU_LLM_API_KEY" }],
      defaultModel: "m",
      error: null,
    });
    expect(
      llmConfigFromEnv({ PLATEAU_LLM_BASE_URL: "https://api.openai.com/v1", OPENAI_API_KEY: "k2" }).endpoints[0].apiKeyEnv,
    ).toBe("OPENAI_API_KEY");
    expect(llmConfigFromEnv({})).toEqual({ endpoints: [], defaultModel: null, error: null });
  });

  it("adds the endpoints listed in PLATEAU_LLM_ENDPOINTS after it", () => {
    const c = llmConfigFromEnv({
      PLATEAU_LLM_BASE_URL: "http://d/v1",
      PLATEAU_LLM_ENDPOINTS: JSON.stringify([
        { name: "vllm", baseUrl: "http://127.0.0.1:8000/v1" },
        { name: "openai", baseUrl: "https://api.openai.com/v1", apiKeyEnv: "OPENAI_API_KEY", models: ["gpt-4o"] },
      ]),
    });
    expect(c.error).toBeNull();
    expect(c.endpoints.map((e) => e.name)).toEqual(["default", "vllm", "openai"]);
    // What the Agents page gets: names, addresses and models, not where the keys are.
    expect(publicEndpoints(c)).toEqual([
      { name: "default", baseUrl: "http://d/v1" },
      { name: "vllm", baseUrl: "http://127.0.0.1:8000/v1" },
      { name: "openai", baseUrl: "https://api.openai.com/v1", models: ["gpt-4o"] },
    ]);
  });

  it("says what is wrong with the configuration and leaves that part out", () => {
    const err = (env: Record<string, string>) => llmConfigFromEnv(env);
    expect(err({ PLATEAU_LLM_ENDPOINTS: "[{name:" })).toMatchObject({
      endpoints: [],
      error: expect.stringMatching(/^PLATEAU_LLM_ENDPOINTS: not valid JSON/),
    });
    expect(
      err({ PLATEAU_LLM_ENDPOINTS: '[{"name":"a","baseUrl":"http://a/v1"},{"name":"a","baseUrl":"http://b/v1"}]' }).error,
    ).toBe('PLATEAU_LLM_ENDPOINTS: two endpoints are named "a"');
    const clash = err({
      PLATEAU_LLM_BASE_URL: "http://d/v1",
      PLATEAU_LLM_ENDPOINTS: '[{"name":"default","baseUrl":"http://x/v1"}]',
    });
    expect(clash).toMatchObject({
      endpoints: [{ name: "default", baseUrl: "http://d/v1" }],
      error: 'PLATEAU_LLM_ENDPOINTS: "default" is already the endpoint of PLATEAU_LLM_BASE_URL',
    });
    expect(err({ PLATEAU_LLM_ENDPOINTS: '[{"name":"a","baseUrl":"http://u:sk-1@a/v1"}]' }).error).toMatch(
      /^PLATEAU_LLM_ENDPOINTS: 0\.baseUrl: the base URL cannot carry credentials/,
    );
    expect(err({ PLATEAU_LLM_ENDPOINTS: '[{"name":"a","baseUrl":"file:///etc/passwd"}]' }).error).toMatch(
      /must be http or https/,
    );
    expect(err({ PLATEAU_LLM_ENDPOINTS: '[{"name":"a b","baseUrl":"http://a/v1"}]' }).error).toMatch(
      /0\.name: an endpoint name is/,
    );
    expect(err({ PLATEAU_LLM_ENDPOINTS: '[{"name":"a","baseUrl":"http://a/v1","apiKey":"sk-1"}]' }).error).toMatch(
      /Unrecognized key: "apiKey"/,
    );
    expect(err({ PLATEAU_LLM_BASE_URL: "localhost:8000" }).error).toMatch(/^PLATEAU_LLM_BASE_URL: /);
  });

  it("plays a stored run with its endpoint's current address and key, found by name", () => {
    const stored = LlmSettings.parse({ endpoint: "vllm", baseUrl: "http://old/v1", model: "m" });
    const env = {
      PLATEAU_LLM_ENDPOINTS:
        '[{"name":"vllm","baseUrl":"http://new/v1","apiKeyEnv":"VLLM_KEY"},{"name":"free","baseUrl":"http://f/v1"}]',
      VLLM_KEY: "sk-v",
      PLATEAU_LLM_API_KEY: "sk-default",
    };
    expect(connectEndpoint(stored, env)).toEqual({ settings: { ...stored, baseUrl: "http://new/v1" }, apiKey: "sk-v" });
    // An endpoint without apiKeyEnv gets no key (not the default endpoint's).
    expect(connectEndpoint({ ...stored, endpoint: "free" }, env)).toMatchObject({ apiKey: null });
    expect(connectEndpoint({ ...stored, endpoint: "gone" }, env)).toBe(
      'no LLM endpoint named "gone" is configured; configured: vllm, free',
    );
  });
});
