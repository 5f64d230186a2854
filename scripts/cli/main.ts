import { importCommand, IMPORT_HELP, parseImportArgs } from "./importCommand";
import { parseStatsArgs, statsCommand, STATS_HELP } from "./statsCommand";
import { UsageError, type Io } from "./io";
import { parseRunArgs, runCommand, RUN_HELP } from "./run";
import { parseRescoreArgs, rescoreCommand, RESCORE_HELP } from "./rescore";
import { parseTokenArgs, tokenCommand, TOKEN_HELP } from "./token";
import { parseUserArgs, userCommand, USER_HELP } from "./user";
import type { Database, Db } from "../../lib/db";

/**
 * One entry per command: `parse` checks the arguments (throwing UsageError) before anything
 * starts; `run` gets the database when `db` is true (commands that talk to a running server
 * instead say false).
 */
interface Command {
  help: string;
  db: boolean;
  parse(args: string[]): unknown;
  run(parsed: never, io: Io, prisma: Db | null): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  import: {
    help: IMPORT_HELP,
    db: true,
    parse: parseImportArgs,
    run: (a: ReturnType<typeof parseImportArgs>, io, prisma) => importCommand(prisma!, a, io),
  },
  stats: {
    help: STATS_HELP,
    db: true,
    parse: parseStatsArgs,
    run: (a: ReturnType<typeof parseStatsArgs>, io, prisma) => statsCommand(prisma!, a, io),
  },
  // `run` drives a running Plateau over HTTP; it needs no database of its own.
  run: {
    help: RUN_HELP,
    db: false,
    parse: (args) => parseRunArgs(args),
    run: (a: ReturnType<typeof parseRunArgs>, io) => runCommand(a, io),
  },
  // `rescore` plays in sandboxes of its own (a driver, a session manager), beside a running server or not.
  rescore: {
    help: RESCORE_HELP,
    db: true,
    parse: parseRescoreArgs,
    run: (a: ReturnType<typeof parseRescoreArgs>, io, prisma) => rescoreCommand(prisma!, a, io),
  },
  token: {
    help: TOKEN_HELP,
    db: true,
    parse: parseTokenArgs,
    run: (a: ReturnType<typeof parseTokenArgs>, io, prisma) => tokenCommand(prisma!, a, io),
  },
  user: {
    help: USER_HELP,
    db: true,
    parse: parseUserArgs,
    run: (a: ReturnType<typeof parseUserArgs>, io, prisma) => userCommand(prisma!, a, io),
  },
};

const HELP = () => `plateau — accounts, tokens, import InterCode logs, re-score them, compare runs, run agents

${Object.values(COMMANDS)
  .map((c) => c.help)
  .join("\n\n")}

The database is DATABASE_URL, else Plateau's embedded PostgreSQL under .data (or the one a running
Plateau holds, on PLATEAU_PG_PORT, default 5433).`;

const isUsage = (err: unknown) =>
  err instanceof UsageError || Boolean((err as { code?: string })?.code?.startsWith("ERR_PARSE_ARGS"));

export async function main(argv: string[], where: { root: string; cwd: string }): Promise<number> {
  const [name, ...args] = argv;
  const io: Io = {
    ...where,
    out: (l) => process.stdout.write(`${l}\n`),
    err: (l) => process.stderr.write(`${l}\n`),
    stderr: process.stderr,
  };
  if (!name || name === "help" || name === "--help" || name === "-h") {
    io.out(HELP());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`plateau: unknown command ${JSON.stringify(name)}\n\n${HELP()}`);
    return 2;
  }
  if (args.includes("--help") || args.includes("-h")) {
    io.out(command.help);
    return 0;
  }
  // Arguments first, so a typo is reported without starting a database.
  let parsed: unknown;
  try {
    parsed = command.parse(args);
  } catch (err) {
    if (!isUsage(err)) throw err;
    io.err(`plateau ${name}: ${(err as Error).message}\n\n${command.help}`);
    return 2;
  }
  // Relative paths inside Plateau (.data, prisma/migrations, data/) are the project's.
  process.chdir(where.root);
  let db: Database | null = null;
  if (command.db) {
    try {
      const { connect } = await import("./connect"); // the database's modules: not for --help or a typo
      db = await connect(io.err);
    } catch (err) {
      io.err(`plateau: ${(err as Error).message}`);
      return 1;
    }
  }
  try {
    return await command.run(parsed as never, io, db?.prisma ?? null);
  } catch (err) {
    io.err(`plateau ${name}: ${(err as Error).message}`);
    return isUsage(err) ? 2 : 1;
  } finally {
    await db?.close();
  }
}
