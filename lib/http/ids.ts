import { z } from "zod";

// Route ids: a positive integer that fits Postgres' int4, written in digits
// only — "12abc", "1e3", "-1" and "99999999999" are refused, never crashed on.
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "must be a positive integer")
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, "is too large");

export const idParams = z.object({ id: idParam });
