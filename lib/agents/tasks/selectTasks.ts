import type { Db } from "../../db";
import { taskPlayability } from "../../environments";

// Which tasks a run or an API episode means. A selection is a comma-separated list of
//   all            every Bash task of file systems 1-4 (the 200 InterCode evaluates); SQL: the
//                  1,034 Spider dev tasks (`spider`, `spider:0-19` too)
//   fs1 … fs4      one file system's tasks (nl2bash_fs_N); `test` is nl2bash_test
//   nl2bash_fs_2   any dataset by name
//   fs1:0-9  fs2:4 a dataset's tasks by index (inclusive range, or one)
//   17             a task by its id
// Order is kept, duplicates are dropped, and every task must belong to the environment. A dataset or
// a range leaves out the tasks that cannot be played (CTF: absent files, a picoCTF server); a task
// named by its id is kept, and its episode is refused with the reason.

export class SelectionError extends Error {}

const ALIASES: Record<string, Record<string, string[]>> = {
  bash: {
    all: ["nl2bash_fs_1", "nl2bash_fs_2", "nl2bash_fs_3", "nl2bash_fs_4"],
    fs1: ["nl2bash_fs_1"],
    fs2: ["nl2bash_fs_2"],
    fs3: ["nl2bash_fs_3"],
    fs4: ["nl2bash_fs_4"],
    test: ["nl2bash_test"],
  },
  sql: { all: ["spider_dev"], spider: ["spider_dev"] },
  ctf: { all: ["ctf"] },
};

export function datasetsFor(env: string, name: string): string[] {
  return ALIASES[env]?.[name.toLowerCase()] ?? [name];
}

export async function selectTasks(prisma: Db, env: string, spec: string): Promise<number[]> {
  const items = spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new SelectionError("no tasks selected");
  if (items.length > 500) throw new SelectionError("too many items in the task selection");
  const ids: number[] = [];
  for (const item of items) {
    if (/^\d+$/.test(item)) {
      const t = await prisma.task.findUnique({ where: { id: Number(item) }, select: { id: true, environment: true } });
      if (!t) throw new SelectionError(`task ${item} does not exist`);
      if (t.environment !== env) throw new SelectionError(`task ${item} is a ${t.environment} task, not ${env}`);
      ids.push(t.id);
      continue;
    }
    const m = /^([A-Za-z][\w.-]*)(?::(\d+)(?:-(\d+))?)?$/.exec(item);
    if (!m) throw new SelectionError(`cannot read "${item}": use all, fs1, a dataset name, fs1:0-9 or a task id`);
    const datasets = datasetsFor(env, m[1]);
    const from = m[2] === undefined ? undefined : Number(m[2]);
    const to = m[3] === undefined ? from : Number(m[3]);
    if (from !== undefined && to! < from) throw new SelectionError(`"${item}": the range ends before it starts`);
    const rows = await prisma.task.findMany({
      where: { environment: env, dataset: { in: datasets }, ...(from !== undefined ? { index: { gte: from, lte: to } } : {}) },
      select: { id: true, dataset: true, index: true, environment: true, query: true, extra: true },
    });
    if (rows.length === 0) throw new SelectionError(`no ${env} tasks match "${item}"`);
    const playable = rows.filter((r) => taskPlayability(r).ok);
    if (playable.length === 0) throw new SelectionError(`none of the ${env} tasks "${item}" matches can be played`);
    rows.splice(0, rows.length, ...playable);
    rows.sort((a, b) => datasets.indexOf(a.dataset) - datasets.indexOf(b.dataset) || a.index - b.index);
    ids.push(...rows.map((r) => r.id));
  }
  return [...new Set(ids)];
}

/** One task: an id, "dataset:index" (aliases allowed: "fs1:3"), or {dataset, index}. */
export async function resolveTask(
  prisma: Db,
  env: string,
  ref: number | string | { dataset: string; index: number },
): Promise<{ id: number; environment: string; dataset: string; index: number; query: string } | string> {
  const select = { id: true, environment: true, dataset: true, index: true, query: true } as const;
  let task;
  if (typeof ref === "number") task = await prisma.task.findUnique({ where: { id: ref }, select });
  else {
    const { dataset, index } = typeof ref === "string" ? splitRef(ref) : ref;
    if (dataset === null) return `cannot read task "${ref as string}": use an id, "dataset:index" or {"dataset", "index"}`;
    const names = datasetsFor(env, dataset);
    if (names.length !== 1) return `"${dataset}" names more than one dataset; give one`;
    task = await prisma.task.findUnique({ where: { dataset_index: { dataset: names[0], index } }, select });
  }
  if (!task) return `task ${JSON.stringify(ref)} does not exist`;
  if (task.environment !== env) return `task ${JSON.stringify(ref)} is a ${task.environment} task, not ${env}`;
  return task;
}

function splitRef(ref: string): { dataset: string | null; index: number } {
  const m = /^([A-Za-z][\w.-]*):(\d+)$/.exec(ref.trim());
  return m ? { dataset: m[1], index: Number(m[2]) } : { dataset: null, index: -1 };
}
