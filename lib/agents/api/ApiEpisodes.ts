// The episodes programs opened through the session API, by episode id: which token owns each, and
// its per-action timeout. The live state itself is the SessionManager's; this only says who may drive it.

export interface ApiEpisode {
  tokenId: string;
  taskId: number;
  timeoutMs: number;
  turnLimit: number;
  busy: boolean;
}

export class ApiEpisodes {
  private map = new Map<string, ApiEpisode>();

  add(episodeId: string, e: Omit<ApiEpisode, "busy">): void {
    this.map.set(episodeId, { ...e, busy: false });
  }

  get(episodeId: string): ApiEpisode | undefined {
    return this.map.get(episodeId);
  }

  delete(episodeId: string): void {
    this.map.delete(episodeId);
  }

  /** Forget episodes whose session has ended (called now and then; entries are small). */
  prune(isLive: (episodeId: string) => boolean): void {
    for (const id of this.map.keys()) if (!isLive(id)) this.map.delete(id);
  }

  get size(): number {
    return this.map.size;
  }
}
