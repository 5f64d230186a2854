import { z } from "zod";

/** A run's name, as an upload gives it or a rename changes it. */
export const RunName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((r) => !r.includes(","), "a run name cannot contain commas (they separate run names in ?runs=a,b)");
