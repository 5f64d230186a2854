"use client";
import { useEffect, useRef, useState } from "react";
import { io, type Socket } from "socket.io-client";
import { Terminal } from "@xterm/xterm";
import { FitAddon } from "@xterm/addon-fit";
import { ClientEvents, ServerEvents, type EpisodeResult, type SessionState, type StepSummary } from "@/lib/sessions/protocol";

declare global {
  interface Window {
    __plateauTerm?: Terminal;
  }
}

const ACK_BYTES = 16 * 1024;

export interface LiveTerminal {
  state: SessionState | null;
  steps: StepSummary[];
  result: EpisodeResult | null;
  error: string | null;
  connected: boolean;
  submit(): void;
  skip(): void;
}

/** An xterm bound to a live episode over socket.io: keystrokes out, output in, acknowledged for flow control. */
export function useLiveTerminal(container: React.RefObject<HTMLDivElement | null>, episodeId: string | null, playerToken: string | null): LiveTerminal {
  const socketRef = useRef<Socket | null>(null);
  const [state, setState] = useState<SessionState | null>(null);
  const [steps, setSteps] = useState<StepSummary[]>([]);
  const [result, setResult] = useState<EpisodeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!episodeId || !container.current) return;
    const term = new Terminal({ cursorBlink: true, fontSize: 14, fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace", scrollback: 5000, theme: { background: "#0b0d11" } });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(container.current);
    fit.fit();
    window.__plateauTerm = term;
    const socket = io({ transports: ["websocket"] });
    socketRef.current = socket;
    let unacked = 0;
    const attach = () => socket.emit(ClientEvents.attach, { episodeId, playerToken: playerToken ?? undefined, cols: term.cols, rows: term.rows });
    socket.on("connect", () => {
      setConnected(true);
      attach();
    });
    socket.on("disconnect", () => setConnected(false));
    socket.on(ServerEvents.screen, (screen: string) => {
      term.reset();
      term.write(screen);
    });
    socket.on(ServerEvents.output, (data: string) => {
      term.write(data, () => {
        unacked += data.length;
        if (unacked >= ACK_BYTES) {
          socket.emit(ClientEvents.ack, unacked);
          unacked = 0;
        }
      });
    });
    socket.on(ServerEvents.state, (s: SessionState) => setState(s));
    socket.on(ServerEvents.step, (s: StepSummary) => setSteps((prev) => (prev.some((p) => p.index === s.index) ? prev : [...prev, s])));
    socket.on(ServerEvents.result, (r: EpisodeResult) => setResult(r));
    socket.on(ServerEvents.error, (m: string) => setError(m));
    const ackTimer = setInterval(() => {
      if (unacked > 0) {
        socket.emit(ClientEvents.ack, unacked);
        unacked = 0;
      }
    }, 100);
    const input = term.onData((d) => socket.emit(ClientEvents.input, d));
    const resize = term.onResize(({ cols, rows }) => socket.emit(ClientEvents.resize, { cols, rows }));
    const observer = new ResizeObserver(() => fit.fit());
    observer.observe(container.current);
    term.focus();
    return () => {
      observer.disconnect();
      clearInterval(ackTimer);
      input.dispose();
      resize.dispose();
      socket.disconnect();
      socketRef.current = null;
      if (window.__plateauTerm === term) window.__plateauTerm = undefined;
      term.dispose();
    };
  }, [container, episodeId, playerToken]);

  return {
    state, steps, result, error, connected,
    submit: () => socketRef.current?.emit(ClientEvents.submit),
    skip: () => socketRef.current?.emit(ClientEvents.skip),
  };
}
