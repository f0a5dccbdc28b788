-- Windows only live a minute: drop any left from the old per-minute layout
-- so the new one-row-per-key key cannot collide (no semicolons in comments,
-- the PostgreSQL adapter splits scripts on them).
DELETE FROM "api_rate_window";

-- AlterTable
ALTER TABLE "api_rate_window" DROP CONSTRAINT "api_rate_window_pkey",
ADD CONSTRAINT "api_rate_window_pkey" PRIMARY KEY ("key_id");
