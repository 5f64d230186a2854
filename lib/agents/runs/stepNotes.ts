import type { Db } from "../../db";
import type { StepNotesData } from "../playEpisode";

// Thoughts, plans and Best-of-N searches go on the steps the live session writes. A step row appears a moment after its
// observation is handed back, so a note is retried briefly until its row exists; flush() waits for all.

export interface StepNotes {
  save(index: number, notes: StepNotesData): void;
  flush(): Promise<void>;
}

export function createStepNotes(prisma: Db, episodeId: string, opts = { attempts: 80, delayMs: 25 }): StepNotes {
  const pending: Promise<void>[] = [];
  return {
    save(index, notes) {
      pending.push(
        (async () => {
          for (let i = 0; i < opts.attempts; i++) {
            const { count } = await prisma.step.updateMany({
              where: { episodeId, index },
              data: { thought: notes.thought, plan: notes.plan, ...(notes.search ? { search: notes.search } : {}) },
            });
            if (count > 0) return;
            await new Promise((r) => setTimeout(r, opts.delayMs));
          }
          console.error(`plateau: episode ${episodeId}: step ${index} never appeared; its thought/plan is lost`);
        })().catch((err: Error) => console.error(`plateau: episode ${episodeId}: saving step ${index}'s notes: ${err.message}`)),
      );
    },
    async flush() {
      await Promise.all(pending);
    },
  };
}
