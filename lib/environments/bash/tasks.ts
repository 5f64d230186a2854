import { z } from "zod";
import type { TaskRecord } from "../types";
import { readDataset } from "../readDataset";

const Entry = z.object({ query: z.string(), gold: z.string() });

/** NL2Bash file systems 1-4 and the test set (which runs on file system 1). */
export const BASH_DATASETS = [
  { dataset: "nl2bash_fs_1", file: "tasks/nl2bash/nl2bash_fs_1.json", fileSystem: 1 },
  { dataset: "nl2bash_fs_2", file: "tasks/nl2bash/nl2bash_fs_2.json", fileSystem: 2 },
  { dataset: "nl2bash_fs_3", file: "tasks/nl2bash/nl2bash_fs_3.json", fileSystem: 3 },
  { dataset: "nl2bash_fs_4", file: "tasks/nl2bash/nl2bash_fs_4.json", fileSystem: 4 },
  { dataset: "nl2bash_test", file: "tasks/nl2bash/test_queries.json", fileSystem: 1 },
] as const;

export function loadBashTasks(dataDir: string): TaskRecord[] {
  return BASH_DATASETS.flatMap(({ dataset, file, fileSystem }) =>
    readDataset(dataDir, file, Entry).map((e, index) => ({
      environment: "bash" as const,
      dataset,
      index,
      query: e.query,
      gold: e.gold,
      fileSystem,
      extra: {},
    })),
  );
}

/** The image a Bash task runs in. */
export function bashImage(fileSystem: number): string {
  return `plateau/bash-fs${fileSystem}`;
}
