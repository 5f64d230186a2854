import type { LiveMessage } from "./liveProtocol";

// Where spectating hears what happens in live episodes: the live sessions, or a feed published by
// hand (the browser tests' episodes that play without a sandbox, lib/runtime/testHooks.ts).

export interface LiveSource {
  /**
   * Calls `listener` with what happens in the episode from now on (events in seq order, steps as
   * they complete, its end). Returns how to stop, or null when the episode is not being played here.
   */
  subscribe(episodeId: string, listener: (msg: LiveMessage) => void): (() => void) | null;
}

/** Episodes `first` does not know, from `second`. */
export function orElse(first: LiveSource, second: LiveSource): LiveSource {
  return { subscribe: (id, listener) => first.subscribe(id, listener) ?? second.subscribe(id, listener) };
}

/** A LiveSource fed by hand: live sessions (or a test) publish, spectators subscribe. */
export function createLiveFeed(): LiveSource & {
  publish(episodeId: string, msg: LiveMessage): void;
  watching(episodeId: string): number;
} {
  const listeners = new Map<string, Set<(msg: LiveMessage) => void>>();
  return {
    subscribe(episodeId, listener) {
      const set = listeners.get(episodeId) ?? new Set();
      listeners.set(episodeId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) listeners.delete(episodeId);
      };
    },
    publish(episodeId, msg) {
      for (const l of listeners.get(episodeId) ?? []) l(msg);
    },
    watching: (episodeId) => listeners.get(episodeId)?.size ?? 0,
  };
}
