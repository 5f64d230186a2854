import { z } from "zod";

// Browser → server messages of the live terminal (protocol.ts names them), validated by the server.

export const MAX_INPUT_CHARS = 64 * 1024;

export const AttachMessage = z
  .object({
    episodeId: z.string().min(1).max(64),
    /** The secret handed to whoever started the episode; without it the socket can only watch. */
    playerToken: z.string().max(128).optional(),
    // Without a size: a connection opened before its terminal was built (it sends a resize once built).
    cols: z.number().int().min(10).max(500).optional(),
    rows: z.number().int().min(4).max(200).optional(),
  })
  .refine((m) => (m.cols === undefined) === (m.rows === undefined), { message: "cols and rows go together" });
export type AttachMessage = z.infer<typeof AttachMessage>;

export const InputMessage = z.string().max(MAX_INPUT_CHARS);
export const ResizeMessage = z.object({ cols: z.number().int().min(10).max(500), rows: z.number().int().min(4).max(200) });
/** Flow control: the browser acknowledges output once xterm has parsed it. */
export const AckMessage = z
  .number()
  .int()
  .min(0)
  .max(1 << 30);
