-- Products and preferences are keyed by GTIN-13 as Open Food Facts keys them
-- (docs/decisions/027-one-reading-one-value.md). A UPC-A a phone's own
-- BarcodeDetector read was kept as its 12 digits before; it becomes its
-- 13-digit form, with the 0 OFF adds, where its check digit is right (as
-- productCodeOf pads it) and that form is not taken already. A code taken in
-- both forms is left as it is: merging two products is a person's decision.

UPDATE "product" p
SET "code" = '0' || p."code",
    "search_text" = p."search_text" || ' 0' || p."code"
WHERE p."code" ~ '^[0-9]{12}$'
  AND (10 - (SELECT sum(substr(p."code", i, 1)::int * CASE WHEN i % 2 = 1 THEN 3 ELSE 1 END)
             FROM generate_series(1, 11) AS i) % 10) % 10 = substr(p."code", 12, 1)::int
  AND NOT EXISTS (SELECT 1 FROM "product" q WHERE q."code" = '0' || p."code");

UPDATE "preference" p
SET "code" = '0' || p."code"
WHERE p."code" ~ '^[0-9]{12}$'
  AND (10 - (SELECT sum(substr(p."code", i, 1)::int * CASE WHEN i % 2 = 1 THEN 3 ELSE 1 END)
             FROM generate_series(1, 11) AS i) % 10) % 10 = substr(p."code", 12, 1)::int
  AND NOT EXISTS (
    SELECT 1 FROM "preference" q WHERE q."person_id" = p."person_id" AND q."code" = '0' || p."code"
  );
