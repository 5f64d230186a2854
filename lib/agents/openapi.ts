// The session API as an OpenAPI 3.1 document, served at GET /api/v1/openapi.json. Written by hand
// beside the handlers (api/episodesApi.ts); a test checks that it names every route and field.
import { EPISODE_STATUSES } from "../episodes/episodeStatus";

const error = {
  type: "object",
  required: ["error"],
  properties: { error: { type: "string", description: "What was wrong, for a person to read." } },
};
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});
const json = (schema: object) => ({ "application/json": { schema } });
const episodeId = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string" },
  description: "The episode id from POST /episodes.",
};

const stepInfo = {
  type: "object",
  properties: {
    turn: { type: "integer", description: "Turns taken so far (submit not counted)." },
    turnLimit: { type: "integer" },
    exitCode: { type: ["integer", "null"], description: "The command's exit code (null if the shell did not report one)." },
    admissible: { type: "boolean", description: "InterCode's valid_action: the exit code was 0." },
    timedOut: { type: "boolean", description: "The command ran past the per-action timeout and was stopped (Ctrl-C)." },
    truncated: { type: "boolean", description: "The observation was cut at 64 KiB." },
    durationMs: { type: "integer", description: "The command's own time, from the shell's marks." },
    status: { type: "string", enum: EPISODE_STATUSES },
    forcedSubmit: { type: "boolean", description: "The turn limit was reached: the episode was scored as it stood." },
    success: { type: ["boolean", "null"], description: "When done: reward == 1." },
    rewards: {
      type: "object",
      additionalProperties: { type: "number" },
      description: "When done: the reward in each mode (intercode, plateau).",
    },
    breakdown: { type: ["object", "null"], description: "When done: the parts of the plateau-mode reward." },
    error: { type: ["string", "null"], description: "Why the episode ended as an error." },
  },
};

export const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Plateau session API",
    version: "1.0.0",
    description:
      "Play Plateau tasks from a program, InterCode-style: create an episode (reset) → step with actions → submit → close. " +
      "Each action is typed into the episode's live terminal, the same session a person plays in, so it can be watched in the browser " +
      "(info.watchUrl) and is recorded and scored exactly like a person's episode. Authenticate with `Authorization: Bearer <token>`; " +
      "tokens are made on the Agent runs page or with `plateau token create NAME`.",
  },
  servers: [{ url: "/api/v1" }],
  security: [{ bearer: [] }],
  components: {
    securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API token (plt_…)." } },
    schemas: {
      Error: error,
      CreateEpisode: {
        type: "object",
        required: ["task"],
        additionalProperties: false,
        properties: {
          env: {
            type: "string",
            enum: ["bash", "sql", "python", "ctf"],
            default: "bash",
            description: "Only environments that can be played live are accepted (bash today).",
          },
          task: {
            description: 'A task id, "dataset:index" ("nl2bash_fs_1:0", or with an alias "fs1:0"), or {dataset, index}.',
            oneOf: [
              { type: "integer", minimum: 1 },
              { type: "string" },
              {
                type: "object",
                required: ["dataset", "index"],
                additionalProperties: false,
                properties: { dataset: { type: "string" }, index: { type: "integer", minimum: 0 } },
              },
            ],
          },
          turnLimit: {
            type: "integer",
            minimum: 1,
            maximum: 100,
            default: 10,
            description: "Reaching it scores the episode as it stands (done: true).",
          },
          timeoutMs: {
            type: "integer",
            minimum: 100,
            maximum: 600000,
            default: 10000,
            description:
              "Per-action timeout: a longer command is stopped with Ctrl-C and its observation ends with 'Command timed out'.",
          },
          execution: {
            type: "string",
            enum: ["terminal", "intercode"],
            default: "terminal",
            description:
              "terminal: each action is typed into the episode's live shell. intercode: each action runs as InterCode ran it (bash -c as root, no terminal, standard input at its end, only cd carries over), so results compare with the paper's.",
          },
          model: { type: "string", description: "Shown in Compare and Episodes." },
          strategy: { type: "string", description: "Shown in Compare and Episodes." },
          playerName: { type: "string" },
        },
      },
      Created: {
        type: "object",
        required: ["episodeId", "observation", "info"],
        properties: {
          episodeId: { type: "string" },
          observation: { type: "string", description: "The task's query (InterCode's reset observation)." },
          info: {
            type: "object",
            properties: {
              taskId: { type: "integer" },
              environment: { type: "string" },
              dataset: { type: "string" },
              index: { type: "integer" },
              turn: { type: "integer" },
              turnLimit: { type: "integer" },
              timeoutMs: { type: "integer" },
              execution: { type: "string" },
              watchUrl: { type: "string", description: "Page that shows the live terminal." },
              replayUrl: { type: "string", description: "Page that replays the episode." },
            },
          },
        },
      },
      Step: {
        type: "object",
        required: ["action"],
        additionalProperties: false,
        properties: {
          action: {
            type: "string",
            minLength: 1,
            maxLength: 65536,
            description: "A shell command line (newlines allowed), or `submit`.",
          },
        },
      },
      StepResult: {
        type: "object",
        required: ["observation", "reward", "done", "info"],
        properties: {
          observation: { type: "string", description: "What the command printed (ANSI removed)." },
          reward: { type: ["number", "null"], description: "The plateau-mode reward when done, else null." },
          done: { type: "boolean" },
          info: stepInfo,
        },
      },
      Closed: {
        type: "object",
        properties: { episodeId: { type: "string" }, status: { type: "string" }, closed: { type: "boolean" } },
      },
      Episode: {
        type: "object",
        properties: {
          episodeId: { type: "string" },
          taskId: { type: "integer" },
          playerKind: { type: "string" },
          live: { type: "boolean" },
          status: { type: "string" },
          turns: { type: "integer" },
          turnLimit: { type: ["integer", "null"] },
          error: { type: ["string", "null"] },
          reward: { type: ["number", "null"] },
          rewards: { type: "object", additionalProperties: { type: "number" } },
          success: { type: ["boolean", "null"] },
        },
      },
    },
  },
  paths: {
    "/episodes": {
      post: {
        operationId: "createEpisode",
        summary: "Reset: start an episode of a task",
        requestBody: { required: true, content: json({ $ref: "#/components/schemas/CreateEpisode" }) },
        responses: {
          "201": {
            description: "The episode runs; its terminal shows a prompt.",
            content: json({ $ref: "#/components/schemas/Created" }),
          },
          "400": errorResponse("Invalid input, or an environment that cannot be played live."),
          "401": errorResponse("Missing, invalid or revoked token."),
          "404": errorResponse("No such task."),
          "409": errorResponse(
            "This task cannot be played (a CTF task whose file is absent or that needs a picoCTF server): the error says why.",
          ),
          "503": errorResponse("No sandbox can start."),
        },
      },
    },
    "/episodes/{id}": {
      parameters: [episodeId],
      get: {
        operationId: "getEpisode",
        summary: "State of an episode",
        responses: {
          "200": { description: "The episode.", content: json({ $ref: "#/components/schemas/Episode" }) },
          "401": errorResponse("Bad token."),
          "403": errorResponse("Another token's episode."),
          "404": errorResponse("No such episode."),
        },
      },
      delete: {
        operationId: "closeEpisode",
        summary: "Close: skip the episode if it was not submitted",
        responses: {
          "200": { description: "Closed (idempotent).", content: json({ $ref: "#/components/schemas/Closed" }) },
          "401": errorResponse("Bad token."),
          "403": errorResponse("Another token's episode."),
          "404": errorResponse("No such episode."),
        },
      },
    },
    "/episodes/{id}/step": {
      parameters: [episodeId],
      post: {
        operationId: "step",
        summary: "Step: run one action in the episode's terminal",
        requestBody: { required: true, content: json({ $ref: "#/components/schemas/Step" }) },
        responses: {
          "200": {
            description: "The observation; done with the reward when the action was `submit` or the turn limit was reached.",
            content: json({ $ref: "#/components/schemas/StepResult" }),
          },
          "400": errorResponse("Invalid action (empty, too long, control characters)."),
          "401": errorResponse("Bad token."),
          "403": errorResponse("Another token's episode, or one not driven through the API."),
          "404": errorResponse("No such episode."),
          "409": errorResponse("The episode has ended, or another action is still running."),
        },
      },
    },
    "/episodes/{id}/submit": {
      parameters: [episodeId],
      post: {
        operationId: "submit",
        summary: "Submit: score the episode and end it",
        responses: {
          "200": { description: "done: true with the reward.", content: json({ $ref: "#/components/schemas/StepResult" }) },
          "401": errorResponse("Bad token."),
          "403": errorResponse("Another token's episode."),
          "404": errorResponse("No such episode."),
          "409": errorResponse("The episode has ended."),
        },
      },
    },
    "/episodes/{id}/close": {
      parameters: [episodeId],
      post: {
        operationId: "closeEpisodePost",
        summary: "Close (same as DELETE /episodes/{id})",
        responses: {
          "200": { description: "Closed.", content: json({ $ref: "#/components/schemas/Closed" }) },
          "401": errorResponse("Bad token."),
          "404": errorResponse("No such episode."),
        },
      },
    },
    "/tasks": {
      get: {
        operationId: "listTasks",
        summary: "Tasks that can be played (never the gold)",
        parameters: [
          { name: "env", in: "query", schema: { type: "string", enum: ["bash", "sql", "python", "ctf"] } },
          { name: "dataset", in: "query", schema: { type: "string" } },
          { name: "q", in: "query", schema: { type: "string" } },
          { name: "page", in: "query", schema: { type: "integer", minimum: 1 } },
          { name: "pageSize", in: "query", schema: { type: "integer", minimum: 1, maximum: 200 } },
        ],
        responses: {
          "200": { description: "{tasks: [{id, environment, dataset, index, query, playable: {ok, reason?}, …}], total}" },
          "401": errorResponse("Bad token."),
        },
      },
    },
  },
} as const;
