// The watches API's shapes (docs/contract.md, "Watches"). No server imports: the pages share them.
import { z } from "zod";
import { idParam, isoTime, rowId } from "@/lib/http/wire";
import { priceInput } from "@/lib/money/schemas";
import { productCode } from "@/lib/scan/schemas";
import { optionalText } from "@/lib/text-input";

const dropPercent = z
  .number({ error: "must be a number" })
  .gt(0, "must be more than 0")
  .lt(100, "must be less than 100");

export const createWatchBody = z
  .object({
    research_item_id: rowId.optional(),
    product_code: productCode.optional(),
    /** At or under this price: `12,50` or `12.50`, as observe takes it. */
    below: priceInput.optional(),
    /** This many percent under the last price. */
    drop_percent: dropPercent.optional(),
    person: optionalText(120),
  })
  .refine((body) => (body.research_item_id === undefined) !== (body.product_code === undefined), {
    message: "give research_item_id or product_code",
    path: ["research_item_id"],
  })
  .refine((body) => body.below !== undefined || body.drop_percent !== undefined, {
    message: "give below or drop_percent",
    path: ["below"],
  });

export type CreateWatchBody = z.infer<typeof createWatchBody>;

/** Typed text: left out when empty, else read by `schema` (after `read`), its words kept. */
function typedOrBlank<Output>(schema: z.ZodType<Output>, read: (text: string) => unknown = (text) => text) {
  return z.string().transform((typed, ctx) => {
    const text = typed.trim();
    if (!text) return undefined;
    const result = schema.safeParse(read(text));
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  });
}

/**
 * The watch button's two fields as a person types them (`12,50`, `7,5`), read
 * as the route reads them; a field left empty is not sent.
 */
export const watchForm = z.object({
  below: typedOrBlank(priceInput),
  drop_percent: typedOrBlank(dropPercent, (text) => Number(text.replace(",", "."))),
});

export const listWatchesQuery = z.object({
  research_item_id: idParam.optional(),
  product_code: productCode.optional(),
});

export const watchJson = z.strictObject({
  id: z.number().int(),
  research_item_id: z.number().int().nullable(),
  product_code: z.string().nullable(),
  name: z.string().meta({ description: "The item's or the product's name" }),
  below: z.string().nullable(),
  drop_percent: z.number().nullable(),
  person: z.string().nullable(),
  last_hit_price: z.string().nullable().meta({ description: "The low last announced; the next hit is under it" }),
  created_at: isoTime,
});

export type WatchJson = z.infer<typeof watchJson>;

export const createWatchResponse = z.strictObject({ ok: z.literal(true), id: z.number().int() });
export const listWatchesResponse = z.strictObject({ ok: z.literal(true), watches: z.array(watchJson) });
export const deleteWatchResponse = z.strictObject({ ok: z.literal(true), id: z.number().int() });
