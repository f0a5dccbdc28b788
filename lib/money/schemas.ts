import { z } from "zod";
import { parsePrice, PriceFormatError } from "@/lib/money/parse-price";

/**
 * A price as typed by a person or sent as a number — European ("1.234,56",
 * "12,5 €") or plain ("12.50", 12.5) — read by `parsePrice` into "1234.56"
 * for a Decimal(12,2) column. Shared by scan prices and research observations.
 */
export const priceInput = z
  .union([z.string(), z.number()], { error: "must be text like 12,50 or a number" })
  .transform((value, ctx) => {
    try {
      return parsePrice(value);
    } catch (error) {
      if (!(error instanceof PriceFormatError)) throw error;
      ctx.addIssue({ code: "custom", message: error.detail });
      return z.NEVER;
    }
  });
