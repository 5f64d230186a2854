import { WebSocket as WebSocketTransport } from "engine.io-client";

// socket.io's WebSocket transport that takes over the socket the Play page's inline script opened
// (earlyPlay.ts) instead of opening one, when there is one: by the time the page's scripts run, the
// server has answered it, and the screen is waiting. Any other time (a reconnect, Start pressed on
// the page) it opens its own, as the stock transport does.

/** An engine.io packet, as far as it is read here. */
type Packet = { type: string; data?: unknown };

export class EarlyWebSocket extends WebSocketTransport {
  /** The inline script asked to join as the socket opened: socket.io's own request is not sent again. */
  private joinSent = false;

  override createSocket(uri: string, protocols: string | string[] | undefined, opts: Record<string, unknown>) {
    const early = typeof window === "undefined" ? undefined : window.__plateauEarlySocket?.take();
    if (!early || early.ws.readyState > WebSocket.OPEN) return super.createSocket(uri, protocols, opts);
    this.joinSent = early.connectSent;
    // Once the engine has set its listeners on this transport (right after it opens it), it hears
    // what came meanwhile as if it came now. A socket still opening opens as usual.
    queueMicrotask(() => {
      if (early.ws.readyState !== WebSocket.OPEN) return;
      this.onOpen();
      for (const data of early.held) this.onData(data);
    });
    return early.ws;
  }

  override write(packets: Packet[]): void {
    if (this.joinSent) {
      // socket.io's CONNECT to the main namespace (a message "0…"): answered already.
      const i = packets.findIndex((p) => p.type === "message" && typeof p.data === "string" && p.data.startsWith("0"));
      if (i >= 0) {
        this.joinSent = false;
        packets = packets.filter((_, j) => j !== i);
        if (!packets.length) {
          // What the engine waits for after a write (the stock transport "drains" on the next tick).
          this.writable = false;
          setTimeout(() => {
            this.writable = true;
            this.emitReserved("drain");
          });
          return;
        }
      }
    }
    super.write(packets);
  }
}
