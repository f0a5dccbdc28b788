-- Phase 2 (docs/decisions/034-accounts-and-credits.md): plans become rows the
-- operator edits, and accounts from outside the household hold keys of their
-- own, signed in by links sent by email. The two plans keys had as constants
-- become the first rows, with the limits they had; a trial plan is added for
-- new accounts. A key whose plan was not one of them keeps its name, with the
-- smallest limit, as it was counted before.

-- DropForeignKey
ALTER TABLE "api_rate_window" DROP CONSTRAINT "api_rate_window_key_id_fkey";

-- DropForeignKey
ALTER TABLE "api_usage" DROP CONSTRAINT "api_usage_key_id_fkey";

-- AlterTable
ALTER TABLE "api_key" ADD COLUMN     "account_id" INTEGER;

-- CreateTable
CREATE TABLE "api_plan" (
    "name" TEXT NOT NULL,
    "requests_per_minute" INTEGER NOT NULL,
    "credits_per_month" INTEGER NOT NULL DEFAULT 0,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "price_label" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "api_plan_pkey" PRIMARY KEY ("name")
);

INSERT INTO "api_plan" ("name", "requests_per_minute", "credits_per_month", "scopes", "price_label") VALUES
  ('free', 60, 1000, ARRAY['research:read', 'products:read'], ''),
  ('pro', 600, 100000, ARRAY['research:read', 'products:read'], ''),
  ('trial', 60, 0, ARRAY['research:read', 'products:read'], '');

INSERT INTO "api_plan" ("name", "requests_per_minute")
SELECT DISTINCT "plan", 60 FROM "api_key" WHERE "plan" NOT IN (SELECT "name" FROM "api_plan");

-- CreateTable
CREATE TABLE "account" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'trial',
    "status" TEXT NOT NULL DEFAULT 'unverified',
    "credits_remaining" INTEGER NOT NULL DEFAULT 0,
    "credits_reset_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verified_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_link" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "account_link_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_session" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "account_email_key" ON "account"("email");

-- CreateIndex
CREATE UNIQUE INDEX "account_link_hash_key" ON "account_link"("hash");

-- CreateIndex
CREATE INDEX "account_link_account_id_idx" ON "account_link"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "account_session_hash_key" ON "account_session"("hash");

-- CreateIndex
CREATE INDEX "account_session_account_id_idx" ON "account_session"("account_id");

-- CreateIndex
CREATE INDEX "api_key_account_id_idx" ON "api_key"("account_id");

-- AddForeignKey
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_plan_fkey" FOREIGN KEY ("plan") REFERENCES "api_plan"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account" ADD CONSTRAINT "account_plan_fkey" FOREIGN KEY ("plan") REFERENCES "api_plan"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_link" ADD CONSTRAINT "account_link_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_session" ADD CONSTRAINT "account_session_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_rate_window" ADD CONSTRAINT "api_rate_window_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE CASCADE;
