// Starting an episode from the Play page. The page's HTML carries a tiny inline script that sends
// the start request as soon as the HTML is parsed, so the sandbox is taken and attached while the
// page's bundle downloads and hydrates (opening Play is on DESIGN.md's ≤ 300 ms budget). A client
// navigation to Play has no such script; the page then starts the episode itself, the same way.

export interface StartReply {
  ok: boolean;
  episodeId?: string;
  playerToken?: string;
  error?: string;
}

declare global {
  interface Window {
    __plateauStart?: Promise<StartReply>;
  }
}

/** POST /api/play. Self-contained (only globals), since its source text is also the inline script. */
export function requestEpisode(taskId: number): Promise<StartReply> {
  return fetch("/api/play", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ taskId }),
    priority: "high",
  } as RequestInit).then((res) =>
    res.json().then(
      (body) => ({ ...body, ok: res.ok }),
      () => ({ ok: false, error: res.statusText }),
    ),
  );
}

/** The inline script: start at once, unless the URL already names an episode (a reload reattaches). */
export function earlyStartScript(taskId: number): string {
  return `if(!new URL(location.href).searchParams.get("episode"))window.__plateauStart=(${requestEpisode.toString()})(${Number(taskId)});`;
}

/** The start the inline script already sent, handed out once; else a new request. */
export function startEpisode(taskId: number): Promise<StartReply> {
  const early = window.__plateauStart;
  window.__plateauStart = undefined;
  return early ?? requestEpisode(taskId);
}
