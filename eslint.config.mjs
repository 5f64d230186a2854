// Lint: typescript-eslint's recommended rules, no import cycles, and the boundaries of the house
// (README § Layout): lib/ never imports app/ or components/; the pure engines (rewards, replay's
// engine, stats' math, recording, the session's marks and steps) import no database, no DOM-free
// server module and nothing of Node's but what they are allowed; components/ (what the browser runs)
// imports no server-only module (the database, sandboxes, the process context, Node), types aside.
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";

const UI = ["@/app/*", "@/components/*", "**/app/*", "**/components/*"];
const SERVER = ["@prisma/*", "pg", "dockerode", "node-pty", "socket.io", "next/*", "**/db", "**/db/*", "**/sandbox/*"];
const NODE = ["node:*", "fs", "path", "child_process"];
// What only the server may run: the modules that reach the database, the sandboxes, the process-wide
// context and Node itself. components/ is what the browser runs (client components and their hooks),
// so of Next it may use all but the server's own modules.
const SERVER_ONLY = [
  ...SERVER.filter((p) => p !== "next/*"),
  "next/server",
  "next/headers",
  "**/runtime/context",
  "**/runtime/services",
  ...NODE,
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".data/**",
      "data/**",
      "lib/db/generated/**",
      "clients/**",
      "next-env.d.ts",
      "test-results/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["components/**/*.tsx", "app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  importX.flatConfigs.typescript,
  {
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })] },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Declarations of globals the browser tests read (window.__plateauTerm) need `declare global`.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
    },
  },
  {
    files: ["lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: UI, message: "lib/ never imports app/ or components/ (data flows one way)" }] },
      ],
    },
  },
  {
    files: ["components/**/*.ts", "components/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: SERVER_ONLY,
              allowTypeImports: true,
              message:
                "components/ runs in the browser: it takes server data as props or from an API, never from a server module",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      "lib/rewards/**/*.ts",
      "lib/recording/**/*.ts",
      "lib/sessions/marks/**/*.ts",
      "lib/sessions/steps/**/*.ts",
      "lib/sessions/sessionPhase.ts",
      "lib/stats/wilson.ts",
      "lib/stats/plateauSeries.ts",
    ],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [...UI, ...SERVER, ...NODE],
              message: "an engine is pure: no database, sandbox, server framework or Node module",
            },
          ],
        },
      ],
    },
  },
);
