// Which InterCode-CTF tasks can be solved in Plateau's sandbox, and why the others cannot. One rule,
// per task, from facts about the dataset: a task is unplayable when a challenge file it names is not
// in data/intercode/tasks/ctf/task_assets (ASSETS.md), or when its query sends the player to a
// picoCTF server — the sandbox has no network, and the flag lives on that server.

export type CtfPlayability = { ok: true } | { ok: false; reason: string };

/**
 * The files InterCode's repository did not ship (large disk images: a `.ignore` in their folder) and
 * that are absent here too; task_assets.test.ts checks this table against the data.
 */
export const ABSENT_FILES: Readonly<Record<number, string>> = {
  1: "dds2-alpine.flag.img.gz",
  65: "dds1-alpine.flag.img.gz",
  66: "disk.img.gz",
  70: "suspicious.dd.sda1",
};

// A host of the picoCTF servers (mercury.picoctf.net, jupiter.challenges.picoctf.org,
// saturn.picoctf.net, artifacts.picoctf.net): `nc host port`, `http://host:port/`, "connect to host".
const PICO_HOST = /\b((?:[a-z0-9-]+\.)+picoctf\.(?:net|org))\b/i;

export function ctfPlayability(task: { taskId: number; query: string }): CtfPlayability {
  const absent = ABSENT_FILES[task.taskId];
  if (absent)
    return { ok: false, reason: `its challenge file ${absent} is not in InterCode's data, so it cannot be solved here` };
  const host = PICO_HOST.exec(task.query)?.[1];
  if (host) return { ok: false, reason: `it needs the picoCTF server ${host.toLowerCase()}, and sandboxes have no network` };
  return { ok: true };
}
