import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Db } from "../../lib/db";
import { importLogs, listLogFiles, type ImportOptions } from "../../lib/importers";
import { loadTasks } from "../../lib/tasks";
import { progressBar } from "./progressBar";
import { UsageError, type Io } from "./io";

export const IMPORT_HELP = `plateau import [--run NAME] [--model M] [--strategy S] [--turns N] [--player agent|human] [--dataset D] FILE|DIR…

  Imports InterCode logs (every variant of INTERCODE.md §5). Each file becomes a Run named after it;
  --run NAME puts all the files in one Run (e.g. the four Bash file systems). Model, strategy and turn
  limit come from the file name and content unless given. Folders are searched for .json files.
  A file already imported (same content) changes nothing; a malformed file is refused with the entry
  and the reason, and nothing of it is stored.`;

export function parseImportArgs(args: string[]): { files: string[]; opts: ImportOptions } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      run: { type: "string" },
      model: { type: "string" },
      strategy: { type: "string" },
      turns: { type: "string" },
      player: { type: "string" },
      dataset: { type: "string" },
    },
  });
  if (!positionals.length) throw new UsageError("name at least one log file or folder");
  const turns = values.turns === undefined ? undefined : Number(values.turns);
  if (turns !== undefined && !(Number.isInteger(turns) && turns > 0))
    throw new UsageError(`--turns must be a positive whole number, not ${JSON.stringify(values.turns)}`);
  if (values.run !== undefined && (!values.run.trim() || values.run.includes(",")))
    throw new UsageError("--run NAME: give a name without commas (they separate run names in ?runs=a,b)");
  if (values.player !== undefined && values.player !== "agent" && values.player !== "human")
    throw new UsageError("--player must be agent or human");
  return {
    files: positionals,
    opts: {
      run: values.run,
      model: values.model,
      strategy: values.strategy,
      turns,
      player: values.player as "agent" | "human" | undefined,
      dataset: values.dataset,
    },
  };
}

export async function importCommand(prisma: Db, { files, opts }: ReturnType<typeof parseImportArgs>, io: Io): Promise<number> {
  const paths = files.map((f) => path.resolve(io.cwd, f));
  for (const p of paths) {
    try {
      statSync(p);
    } catch {
      throw new UsageError(`no such file or folder: ${p}`);
    }
  }
  const list = listLogFiles(paths);
  if (!list.length) throw new UsageError("no .json files found");
  const tasks = await loadTasks(prisma, path.join(io.root, "data/intercode"));
  if (tasks.added) io.err(`plateau: loaded ${tasks.added} tasks`);

  const bar = progressBar(io.stderr);
  const t0 = Date.now();
  const report = await importLogs(
    prisma,
    list.map((p) => ({ name: path.relative(io.cwd, p) || p, content: readFileSync(p) })),
    opts,
    (p) => bar.update(p.done, p.total, path.basename(p.file)),
  );
  const secs = (Date.now() - t0) / 1000;
  bar.done();
  for (const r of report.runs) {
    io.out(
      `imported ${r.episodes} episodes into run ${JSON.stringify(r.name)}${r.created ? "" : " (added)"} from ${r.files.length} file${r.files.length > 1 ? "s" : ""}`,
    );
  }
  for (const s of report.skipped) io.out(`${s.file}: already imported as run ${JSON.stringify(s.run)}; nothing changed`);
  for (const e of report.rejected) io.err(`refused ${e.message}`);
  const episodes = report.runs.reduce((s, r) => s + r.episodes, 0);
  if (episodes) io.err(`plateau: ${episodes} episodes in ${secs.toFixed(1)} s (${Math.round(episodes / secs)} episodes/s)`);
  if (report.rejected.length && opts.run)
    io.err(`plateau: nothing was imported into ${JSON.stringify(opts.run)}: with --run, one refused file refuses them all`);
  return report.rejected.length ? 1 : 0;
}
