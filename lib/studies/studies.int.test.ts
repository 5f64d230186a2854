import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlateau, type TestPlateau } from "../runtime/testing";
import { TestPlayer } from "../sessions/testPlayer";
import { signedIn } from "../auth/testing";
import { importLogs } from "../importers";
import { computeStats, StatsQuery } from "../stats";
import { createInvite, createStudy, StudyInput } from "./studies";
import { acceptConsent, joinStudy, playNext, studyStep } from "./participation";
import { studyMonitor } from "./monitor";
import { exportStudy } from "./exportStudy";
import { studyCastArchive } from "./castArchive";
import { extract } from "tar-stream";

// A study end to end on a real sandbox and PostgreSQL: invites, joining, consent, the assigned
// tasks in order with the study's limits, resuming, the monitor, and exports that import back.

let p: TestPlateau;
const players: TestPlayer[] = [];
beforeAll(async () => {
  p = await startTestPlateau("docker");
});
afterAll(async () => {
  players.forEach((x) => x.close());
  await p?.close();
});

async function join(secret: string, name: string) {
  await joinStudy(p.db.prisma, p.auth.auth, secret, name);
  const part = await p.db.prisma.studyParticipant.findFirstOrThrow({ where: { pseudonym: name }, include: { user: true } });
  const session = await signedIn(p.auth, p.db.prisma, part.user.email, "participant");
  return { part, who: { userId: part.userId, name }, cookie: session.cookie };
}

describe("a study", () => {
  it("runs from invite to completion code, balanced, resumable, and exports what was played", async () => {
    const study = await createStudy(
      p.db.prisma,
      StudyInput.parse({
        name: "pilot",
        tasks: "fs1:0-2",
        perParticipant: 2,
        consent: "I agree to take part.",
        turnLimit: 3,
        timeLimitSec: 60,
      }),
      p.researcherId,
    );
    const invite = await createInvite(
      p.db.prisma,
      study.id,
      { label: "open", maxUses: 3, expiresInHours: null },
      "http://127.0.0.1:3999",
    );
    const secret = invite.link.split("/join/")[1];
    const a = await join(secret, "Ada");
    const b = await join(secret, "Bo");
    const c = await join(secret, "Cy");
    await expect(joinStudy(p.db.prisma, p.auth.auth, secret, "Dee")).rejects.toThrow(/used up/);
    await expect(joinStudy(p.db.prisma, p.auth.auth, "not-a-real-secret-at-all", "Eve")).rejects.toThrow(/not valid/);
    // Balanced: 3 people × 2 tasks over 3 tasks = each task twice.
    const counts = new Map<number, number>();
    for (const x of [a, b, c]) for (const t of x.part.assignment) counts.set(t, (counts.get(t) ?? 0) + 1);
    expect([...counts.values()]).toEqual([2, 2, 2]);

    expect((await studyStep(p.db.prisma, a.who.userId))!.step.kind).toBe("consent");
    await expect(playNext(p.db.prisma, p.sessions, a.who)).rejects.toThrow(/consent/);
    await acceptConsent(p.db.prisma, a.who.userId);
    expect((await studyStep(p.db.prisma, a.who.userId))!.step).toMatchObject({
      kind: "task",
      index: 0,
      of: 2,
      taskId: a.part.assignment[0],
      episodeId: null,
    });

    // First task: the gold; Ada closes the browser mid-task and comes back to the same episode.
    const first = (await playNext(p.db.prisma, p.sessions, a.who))!;
    expect(first.taskId).toBe(a.part.assignment[0]);
    const again = (await playNext(p.db.prisma, p.sessions, a.who))!;
    expect(again.episodeId).toBe(first.episodeId);
    expect(p.sessions.isPlayer(first.episodeId, first.playerToken)).toBe(false); // the old browser no longer types
    const player = new TestPlayer({ url: p.url, cookie: a.cookie }, again.episodeId, again.playerToken);
    players.push(player);
    await player.ready();
    const gold = (await p.db.prisma.task.findUniqueOrThrow({ where: { id: first.taskId } })).gold;
    await player.run(gold);
    const result = await player.submit();
    expect(result.scores).toEqual([]); // the study hides rewards from participants
    expect(result.gold).toBeNull();

    // Second task: three turns, the study's turn limit, scores it as it stands.
    const second = (await playNext(p.db.prisma, p.sessions, a.who))!;
    expect(second.taskId).toBe(a.part.assignment[1]);
    const p2 = new TestPlayer({ url: p.url, cookie: a.cookie }, second.episodeId, second.playerToken);
    players.push(p2);
    await p2.ready();
    for (const cmd of ["pwd", "ls", "echo three"]) await p2.run(cmd);
    await p2.until(() => p2.result !== null, 30_000, "the forced submit at the turn limit");
    const step = (await studyStep(p.db.prisma, a.who.userId))!.step;
    expect(step.kind).toBe("done");
    expect(step.kind === "done" && step.completionCode).toMatch(/^[0-9A-F]{10}$/);
    expect(await playNext(p.db.prisma, p.sessions, a.who)).toBeNull();

    const m = (await studyMonitor(p.db.prisma, p.sessions, study.id))!;
    expect(m).toMatchObject({ planned: 6, done: 2 });
    expect(m.participants.map((r) => [r.pseudonym, r.status])).toEqual([
      ["Ada", "done"],
      ["Bo", "not started"],
      ["Cy", "not started"],
    ]);
    // The monitor counts the invite's uses as people join (the study page polls it).
    expect(m.invites.map((i) => [i.label, i.uses, i.maxUses, i.revoked])).toEqual([["open", 3, 3, false]]);

    const csv = (await exportStudy(p.db.prisma, study.id, "csv")).trim().split("\n");
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(",Ada,1,");
    const jsonl = (await exportStudy(p.db.prisma, study.id, "jsonl"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(jsonl.map((e) => e.steps.length)).toEqual([1, 3]);
    const log = await exportStudy(p.db.prisma, study.id, "intercode");
    const imported = await importLogs(p.db.prisma, [{ name: "pilot_fs_1.json", content: Buffer.from(log) }], {
      player: "human",
      run: "pilot re-imported",
    });
    expect(imported.runs[0].episodes).toBe(2);
    const back = await computeStats(p.db.prisma, StatsQuery.parse({ runs: "pilot re-imported" }));
    const live = await p.db.prisma.score.findMany({
      where: { mode: "intercode", episode: { studyId: study.id, practice: false } },
    });
    expect(back.groups[0].solved).toBe(live.filter((s) => s.success).length);
    // A study beside another set on exactly the tasks both attempted: an extra task of the other set is left out.
    const other = JSON.parse(log) as Record<string, { task_id: number }>;
    const taskIndexes = (
      await p.db.prisma.task.findMany({ where: { id: { in: a.part.assignment } }, select: { index: true } })
    ).map((t) => t.index);
    other["2"] = { ...other["0"], task_id: [0, 1, 2].find((i) => !taskIndexes.includes(i))! };
    await importLogs(p.db.prisma, [{ name: "other_fs_1.json", content: Buffer.from(JSON.stringify(other)) }], {
      player: "human",
      run: "other set",
    });
    const all = await computeStats(p.db.prisma, StatsQuery.parse({ runs: "pilot re-imported,other set" }));
    const same = await computeStats(p.db.prisma, StatsQuery.parse({ runs: "pilot re-imported,other set", common: "1" }));
    const n = (st: typeof all) => Object.fromEntries(st.groups.map((g) => [g.key, g.n]));
    expect(n(all)).toEqual({ "other set": 3, "pilot re-imported": 2 });
    expect(n(same)).toEqual({ "other set": 2, "pilot re-imported": 2 });

    // Every recording in one archive, named by person and position.
    const names: string[] = [];
    const tar = Buffer.from(await new Response(await studyCastArchive(p.db.prisma, study.id)).arrayBuffer());
    await new Promise<void>((resolve, reject) => {
      const x = extract();
      x.on("entry", (h, stream, next) => {
        let text = "";
        stream.on("data", (d: unknown) => (text += String(d)));
        stream.on("end", () => {
          expect(JSON.parse(text.split("\n")[0]).version).toBe(2);
          names.push(h.name);
          next();
        });
      });
      x.on("finish", resolve);
      x.on("error", reject);
      x.end(tar);
    });
    expect(names).toEqual([expect.stringMatching(/^Ada\/1-nl2bash_fs_1-\d+-\w+\.cast$/), expect.stringMatching(/^Ada\/2-/)]);
    // Compare groups and filters by study and participant (the practice task would not count).
    const byPerson = await computeStats(p.db.prisma, StatsQuery.parse({ study: "pilot", group: "study,participant" }));
    expect(byPerson.groups.map((g) => [g.key, g.n])).toEqual([["pilot · Ada", 2]]);
  }, 120_000);

  it("draws a seeded sample stratified by file system, and refuses bad input clearly", async () => {
    const input = StudyInput.parse({ name: "sampled", tasks: "all", sample: 8, stratify: "fs", seed: 3 });
    const s = await createStudy(p.db.prisma, input, null);
    const fs = await p.db.prisma.task.findMany({ where: { id: { in: s.taskIds } }, select: { fileSystem: true } });
    expect(s.taskIds).toHaveLength(8);
    expect(new Set(fs.map((t) => t.fileSystem)).size).toBe(4); // every file system is in it
    await expect(createStudy(p.db.prisma, { ...input, name: "again" }, null).then((x) => x.taskIds)).resolves.toEqual(s.taskIds);
    await expect(createStudy(p.db.prisma, input, null)).rejects.toThrow(/exists already/);
    await expect(createStudy(p.db.prisma, StudyInput.parse({ name: "none", tasks: "fs9" }), null)).rejects.toThrow(/fs9/);
    expect(StudyInput.safeParse({ name: "x", tasks: "fs1", order: "sideways" }).success).toBe(false);
  });

  it("a wrong CTF flag in a study that hides rewards tells the participant it is wrong, not its reward", async () => {
    const study = await createStudy(
      p.db.prisma,
      StudyInput.parse({ name: "ctf, rewards hidden", env: "ctf", tasks: "ctf:3" }),
      p.researcherId,
    );
    const invite = await createInvite(
      p.db.prisma,
      study.id,
      { label: "", maxUses: 1, expiresInHours: null },
      "http://127.0.0.1:3999",
    );
    const x = await join(invite.link.split("/join/")[1], "Flagger");
    const started = (await playNext(p.db.prisma, p.sessions, x.who))!;
    const player = new TestPlayer({ url: p.url, cookie: x.cookie }, started.episodeId, started.playerToken);
    players.push(player);
    await player.ready();
    player.type("submit picoCTF{not_the_flag}\r");
    await player.until(() => /Wrong flag/.test(player.output), 30_000, "the wrong flag's notice");
    expect(player.output).toContain("Wrong flag: the episode goes on");
    expect(player.output).not.toMatch(/reward/i);
    await p.sessions.get(started.episodeId)!.skip();
  });

  it("gives a practice task first, which counts nowhere", async () => {
    const study = await createStudy(
      p.db.prisma,
      StudyInput.parse({ name: "with practice", tasks: "fs1:6", practiceTask: "fs1:5" }),
      null,
    );
    const invite = await createInvite(
      p.db.prisma,
      study.id,
      { label: "", maxUses: 1, expiresInHours: null },
      "http://127.0.0.1:3999",
    );
    const x = await join(invite.link.split("/join/")[1], "Practiser");
    expect((await studyStep(p.db.prisma, x.who.userId))!.step).toMatchObject({ kind: "practice", episodeId: null });
    const practice = (await playNext(p.db.prisma, p.sessions, x.who))!;
    expect(await p.db.prisma.episode.findUniqueOrThrow({ where: { id: practice.episodeId } })).toMatchObject({
      practice: true,
      studyId: study.id,
    });
    await p.sessions.get(practice.episodeId)!.skip();
    expect((await studyStep(p.db.prisma, x.who.userId))!.step).toMatchObject({ kind: "task", index: 0, of: 1 });
    const real = (await playNext(p.db.prisma, p.sessions, x.who))!;
    await p.sessions.get(real.episodeId)!.skip();
    expect((await studyStep(p.db.prisma, x.who.userId))!.step.kind).toBe("done");
    expect((await exportStudy(p.db.prisma, study.id, "csv")).trim().split("\n")).toHaveLength(2); // the header and the one real task
    expect((await studyMonitor(p.db.prisma, p.sessions, study.id))!).toMatchObject({ planned: 1, done: 1 });
  });
});
