"use client";
import { useEffect, useState } from "react";
import { io } from "socket.io-client";
import { RunEvents, type RunProgress } from "@/lib/agents/runs/protocol";
import type { ClientSocket } from "@/lib/runtime/socketEvents";

/**
 * Live progress of agent runs over socket.io: one run (runId) or every run (null). Starts from the
 * server-rendered snapshots and keeps the newest one per run.
 */
export function useRunProgress(runId: string | null, initial: RunProgress[]): Map<string, RunProgress> {
  const [byId, setById] = useState(() => new Map(initial.map((p) => [p.runId, p])));
  useEffect(() => {
    const socket: ClientSocket = io({ transports: ["websocket"] });
    socket.on("connect", () => socket.emit(RunEvents.watch, runId ? { runId } : {}));
    socket.on(RunEvents.progress, (p: RunProgress) => {
      if (runId && p.runId !== runId) return;
      setById((prev) => new Map(prev).set(p.runId, p));
    });
    return () => {
      socket.disconnect();
    };
  }, [runId]);
  return byId;
}
