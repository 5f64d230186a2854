import { getPlateau, type SandboxInfo } from "./context";
import { probeDatabase, type DatabaseProbe } from "../db/probeDatabase";

export interface Health {
  database: DatabaseProbe & { kind: "embedded" | "external" };
  sandbox: SandboxInfo;
}

export async function getHealth(): Promise<Health> {
  const p = getPlateau();
  return { database: { ...(await probeDatabase(p.probe ?? p.prisma)), kind: p.databaseKind }, sandbox: p.sandbox };
}
