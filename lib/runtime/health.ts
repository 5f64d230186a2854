import { getPlateau, type SandboxInfo } from "./context";

export interface Health {
  database: { ok: boolean; kind: "embedded" | "external"; error?: string };
  sandbox: SandboxInfo;
}

export async function getHealth(): Promise<Health> {
  const p = getPlateau();
  let database: Health["database"] = { ok: true, kind: p.databaseKind };
  try {
    await p.prisma.$queryRaw`SELECT 1`;
  } catch (err) {
    database = { ok: false, kind: p.databaseKind, error: (err as Error).message };
  }
  return { database, sandbox: p.sandbox };
}
