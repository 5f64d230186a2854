import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatMessage } from "../llm/ChatClient";

// A FAKE OpenAI-compatible chat-completions server for tests and demos: real HTTP on a free port,
// answering each POST /v1/chat/completions with the next scripted reply, and keeping every request
// so tests can check exactly what the policies sent. It knows nothing about any model.

export type FakeReply =
  /** A normal completion whose message content is this text. */
  | string
  | { content: string | null; delayMs?: number; finishReason?: string }
  /** Any status and raw body (errors, malformed JSON). */
  | { status: number; body: string; delayMs?: number }
  /** Never answer (the client must time out). */
  | { hang: true }
  /** Close the connection without answering. */
  | { drop: true };

export interface FakeRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  stop?: string[];
  authorization: string | null;
}

export interface FakeChatServer {
  /** Base URL to give a client, ending in /v1. */
  url: string;
  requests: FakeRequest[];
  /** Replies still to give; when empty, `fallback` answers (default: a 500). */
  script: FakeReply[];
  fallback: ((req: FakeRequest) => FakeReply) | null;
  close(): Promise<void>;
}

/** `port`: where to listen (0: a free port; the e2e server's endpoint has a fixed one). */
export async function startFakeChatServer(
  script: FakeReply[] = [],
  fallback: FakeChatServer["fallback"] = null,
  port = 0,
): Promise<FakeChatServer> {
  const state = { requests: [] as FakeRequest[], script: [...script], fallback };
  const hanging = new Set<IncomingMessage>();
  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = await readBody(req);
    let parsed: FakeRequest;
    try {
      parsed = { ...JSON.parse(body), authorization: req.headers.authorization ?? null };
    } catch {
      res.writeHead(400).end("bad json");
      return;
    }
    state.requests.push(parsed);
    const reply = state.script.length
      ? state.script.shift()!
      : state.fallback
        ? state.fallback(parsed)
        : { status: 500, body: '{"error":{"message":"the fake server has no reply scripted"}}' };
    if (typeof reply === "object" && "hang" in reply) {
      hanging.add(req);
      req.on("close", () => hanging.delete(req));
      return;
    }
    if (typeof reply === "object" && "drop" in reply) {
      req.socket.destroy();
      return;
    }
    if (typeof reply === "object" && reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (typeof reply === "object" && "status" in reply) {
      res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body);
      return;
    }
    const content = typeof reply === "string" ? reply : reply.content;
    const finish = typeof reply === "string" ? "stop" : (reply.finishReason ?? "stop");
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: `fake-${state.requests.length}`,
        object: "chat.completion",
        model: parsed.model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finish }],
      }),
    );
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    get requests() {
      return state.requests;
    },
    get script() {
      return state.script;
    },
    set script(s: FakeReply[]) {
      state.script = s;
    },
    get fallback() {
      return state.fallback;
    },
    set fallback(f) {
      state.fallback = f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of hanging) r.socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
