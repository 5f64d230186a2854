import { z } from "zod";
import { EpisodeStatus as STATUSES } from "../db/generated/enums";

// An episode's status, defined once: the Prisma enum (prisma/schema.prisma) is the list; the zod
// schema, the type and the narrower sets below are derived here and used by the API, the socket
// protocol, OpenAPI and the UI. (generated/enums.ts is plain data, safe for the browser bundle.)

export const EpisodeStatus = z.enum(STATUSES);
export type EpisodeStatus = z.infer<typeof EpisodeStatus>;

/** Every status, in the schema's order (filters, OpenAPI). */
export const EPISODE_STATUSES = EpisodeStatus.options;

/** How an episode can end: every status but "active". */
export type EndedStatus = Exclude<EpisodeStatus, "active">;

/** How a live episode can be ended from outside (not by its player's submit or skip). */
export type StoppedStatus = Extract<EpisodeStatus, "abandoned" | "interrupted" | "error">;
