-- Columns that hold one of a few values become PostgreSQL enums, so the
-- database refuses anything else (docs/decisions/036-enum-columns.md). The
-- values are the wire's; the TypeScript lists beside the schemas are checked
-- against these types by tests/db/enums.test.ts. Each column is converted in
-- place, keeping its rows. A scan typed in has no format: NULL now, where it
-- was ''.

CREATE TYPE "scan_kind" AS ENUM ('fatura', 'card', 'url', 'barcode', 'qr');
CREATE TYPE "barcode_format" AS ENUM ('ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'code_93', 'codabar', 'itf', 'qr_code', 'aztec', 'data_matrix', 'pdf417');
CREATE TYPE "sentiment" AS ENUM ('dont_know', 'dislike', 'neutral', 'like', 'favorite', 'style_favorite', 'worth_heartburn');
CREATE TYPE "todo_source" AS ENUM ('ask-quick', 'ask-full', 'bug');
CREATE TYPE "condition" AS ENUM ('new', 'business', 'private', 'service');
CREATE TYPE "availability" AS ENUM ('in_stock', 'oos', 'unknown');

ALTER TABLE "scan" ALTER COLUMN "format" DROP DEFAULT, ALTER COLUMN "format" DROP NOT NULL;
ALTER TABLE "scan"
  ALTER COLUMN "format" TYPE "barcode_format" USING NULLIF("format", '')::"barcode_format",
  ALTER COLUMN "kind" TYPE "scan_kind" USING "kind"::"scan_kind";

ALTER TABLE "preference" ALTER COLUMN "sentiment" DROP DEFAULT;
ALTER TABLE "preference" ALTER COLUMN "sentiment" TYPE "sentiment" USING "sentiment"::"sentiment";
ALTER TABLE "preference" ALTER COLUMN "sentiment" SET DEFAULT 'dont_know';

ALTER TABLE "todo" ALTER COLUMN "source" TYPE "todo_source" USING "source"::"todo_source";

ALTER TABLE "observation" ALTER COLUMN "availability" DROP DEFAULT;
ALTER TABLE "observation"
  ALTER COLUMN "condition" TYPE "condition" USING "condition"::"condition",
  ALTER COLUMN "availability" TYPE "availability" USING "availability"::"availability";
ALTER TABLE "observation" ALTER COLUMN "availability" SET DEFAULT 'unknown';

-- The scan's one statement takes and gives the kind and format as their
-- types (a new signature, so the old function goes first).
DROP FUNCTION record_scan(text, text, text, text, text, timestamptz, timestamptz, text, text, text, text, boolean, text, jsonb);
CREATE FUNCTION record_scan(
  p_value text,
  p_format barcode_format,
  p_note text,
  p_session_id text,
  p_client_id text,
  p_now timestamptz,
  p_idle_since timestamptz,
  p_day text,
  p_secret text,
  p_kind_if_card scan_kind,
  p_kind_if_not scan_kind,
  p_product_code boolean,
  p_search_text text,
  -- The parsed fatura as recordScan has it (issuerNif, docDate, vatLines…), or NULL.
  p_invoice jsonb
)
RETURNS TABLE (
  r_id integer,
  r_session_id text,
  r_store_id integer,
  r_kind scan_kind,
  r_store_name text,
  r_invoice_id integer
)
LANGUAGE plpgsql
AS $function$
BEGIN
  RETURN QUERY
  WITH
  fresh AS (
    SELECT NOT EXISTS (SELECT 1 FROM scan WHERE scan.client_id = p_client_id) AS fresh
  ),
  card_row AS (
    SELECT card.store_id FROM card WHERE card.card_value = p_value AND card.active ORDER BY card.id DESC LIMIT 1
  ),
  facts AS (
    SELECT CASE WHEN EXISTS (SELECT 1 FROM card_row) THEN p_kind_if_card ELSE p_kind_if_not END AS kind
  ),
  chosen_store AS (
    SELECT CASE WHEN (SELECT facts.kind FROM facts) = 'fatura' THEN (
             SELECT store.id FROM store WHERE store.tax_id = p_invoice ->> 'issuerNif' ORDER BY store.id LIMIT 1)
           ELSE COALESCE(
             (SELECT card_row.store_id FROM card_row),
             (SELECT scan.store_id FROM scan WHERE scan.value = p_value AND scan.store_id IS NOT NULL
              ORDER BY scan.created_at DESC, scan.id DESC LIMIT 1))
           END AS store_id
  ),
  product_row AS (
    INSERT INTO product (code, source, search_text, updated_at)
    SELECT p_value, 'scan', p_search_text, now()
    FROM facts, fresh
    WHERE fresh.fresh AND facts.kind = 'barcode' AND p_product_code
    ON CONFLICT (code) DO NOTHING
  ),
  reused AS (
    UPDATE scan_session SET last_scan_at = p_now
    WHERE scan_session.id = p_session_id AND scan_session.ended_at IS NULL
      AND scan_session.last_scan_at > p_idle_since AND (SELECT fresh.fresh FROM fresh)
    RETURNING scan_session.id
  ),
  counter AS (
    INSERT INTO daily_counter (scope, day, value)
    SELECT 'scan-session', p_day, 1 FROM fresh WHERE fresh.fresh AND NOT EXISTS (SELECT 1 FROM reused)
    ON CONFLICT (scope, day) DO UPDATE SET value = daily_counter.value + 1
    RETURNING daily_counter.value
  ),
  opened AS (
    INSERT INTO scan_session (id, started_at, last_scan_at)
    SELECT 'S-' || p_day || '-' || counter.value || '-' || p_secret, p_now, p_now FROM counter
    RETURNING scan_session.id
  ),
  inserted AS (
    INSERT INTO scan (value, format, kind, note, client_id, session_id, store_id, created_at)
    SELECT p_value, p_format, facts.kind, p_note, p_client_id,
           COALESCE((SELECT reused.id FROM reused), (SELECT opened.id FROM opened)),
           (SELECT chosen_store.store_id FROM chosen_store), p_now
    FROM facts, fresh
    WHERE fresh.fresh
    ON CONFLICT (client_id) DO NOTHING
    RETURNING scan.id, scan.session_id, scan.store_id, scan.kind
  ),
  invoice_row AS (
    INSERT INTO invoice (scan_id, store_id, raw, parse_error, issuer_nif, buyer_nif, country, doc_type,
                         doc_status, doc_date, doc_id, atcud, total_tax, gross_total, created_at)
    SELECT inserted.id, inserted.store_id, p_value, p_invoice ->> 'parseError', p_invoice ->> 'issuerNif',
           p_invoice ->> 'buyerNif', p_invoice ->> 'country', p_invoice ->> 'docType',
           p_invoice ->> 'docStatus', (p_invoice ->> 'docDate')::date, p_invoice ->> 'docId',
           p_invoice ->> 'atcud', (p_invoice ->> 'totalTax')::numeric, (p_invoice ->> 'grossTotal')::numeric,
           p_now
    FROM inserted
    WHERE p_invoice IS NOT NULL
    RETURNING invoice.id
  ),
  vat_rows AS (
    INSERT INTO invoice_vat_line (invoice_id, region, rate, base, vat)
    SELECT invoice_row.id, line.region, line.rate, line.base, line.vat
    FROM invoice_row,
         jsonb_to_recordset(p_invoice -> 'vatLines') AS line(region text, rate text, base numeric, vat numeric)
  )
  SELECT inserted.id, inserted.session_id, inserted.store_id, inserted.kind,
         (SELECT store.name FROM store WHERE store.id = inserted.store_id),
         (SELECT invoice_row.id FROM invoice_row)
  FROM inserted;
END;
$function$;
