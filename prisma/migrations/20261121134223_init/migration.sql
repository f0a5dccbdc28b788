-- CreateEnum
CREATE TYPE "todo_status" AS ENUM ('pending', 'needs_decision', 'answered', 'done', 'wontfix', 'snoozed');

-- CreateTable
CREATE TABLE "daily_counter" (
    "scope" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "daily_counter_pkey" PRIMARY KEY ("scope","day")
);

-- CreateTable
CREATE TABLE "store" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'PT',
    "tax_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "store_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "person" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card" (
    "id" SERIAL NOT NULL,
    "store_id" INTEGER NOT NULL,
    "person_id" INTEGER NOT NULL,
    "card_value" TEXT NOT NULL,
    "card_format" TEXT NOT NULL DEFAULT 'code_128',
    "label" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),
    "active" BOOLEAN DEFAULT true,

    CONSTRAINT "card_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scan_session" (
    "id" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_scan_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "scan_session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scan" (
    "id" SERIAL NOT NULL,
    "value" TEXT NOT NULL,
    "format" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL,
    "note" TEXT,
    "session_id" TEXT NOT NULL,
    "store_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "product" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "brand" TEXT NOT NULL DEFAULT '',
    "quantity" TEXT NOT NULL DEFAULT '',
    "image_url" TEXT,
    "categories" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL DEFAULT 'scan',
    "search_text" TEXT NOT NULL DEFAULT '',
    "off_status" TEXT,
    "enriched_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "preference" (
    "id" SERIAL NOT NULL,
    "person_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "sentiment" TEXT NOT NULL DEFAULT 'dont_know',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "preference_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price" (
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "store_id" INTEGER NOT NULL,
    "price" DECIMAL(12,2) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "source" TEXT NOT NULL DEFAULT 'manual',
    "observed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "price_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice" (
    "id" SERIAL NOT NULL,
    "scan_id" INTEGER NOT NULL,
    "store_id" INTEGER,
    "raw" TEXT NOT NULL,
    "parse_error" TEXT,
    "issuer_nif" TEXT,
    "buyer_nif" TEXT,
    "country" TEXT,
    "doc_type" TEXT,
    "doc_status" TEXT,
    "doc_date" DATE,
    "doc_id" TEXT,
    "atcud" TEXT,
    "total_tax" DECIMAL(12,2),
    "gross_total" DECIMAL(12,2),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_vat_line" (
    "id" SERIAL NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "region" TEXT NOT NULL,
    "rate" TEXT NOT NULL,
    "base" DECIMAL(12,2) NOT NULL,
    "vat" DECIMAL(12,2) NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_vat_line_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "todo" (
    "id" SERIAL NOT NULL,
    "text" TEXT NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT,
    "page_url" TEXT,
    "page_context" JSONB,
    "status" "todo_status" NOT NULL DEFAULT 'pending',
    "claimed_by" TEXT,
    "claimed_at" TIMESTAMPTZ(3),
    "lock_expires_at" TIMESTAMPTZ(3),
    "snooze_until" TIMESTAMPTZ(3),
    "draft_response" TEXT,
    "response" TEXT,
    "decision" TEXT,
    "parent_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "todo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "attachment" (
    "id" SERIAL NOT NULL,
    "todo_id" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tip" (
    "id" SERIAL NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tip_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "item" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "category" TEXT,
    "spec" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "research_session" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT,
    "context" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "research_session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "observation" (
    "id" SERIAL NOT NULL,
    "br_id" TEXT NOT NULL,
    "item_id" INTEGER NOT NULL,
    "session_id" INTEGER,
    "source" TEXT NOT NULL,
    "condition" TEXT,
    "price" DECIMAL(12,2),
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "url" TEXT,
    "availability" TEXT NOT NULL DEFAULT 'unknown',
    "notes" TEXT,
    "observed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "observation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "note" (
    "id" SERIAL NOT NULL,
    "content" TEXT NOT NULL,
    "session_slug" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "note_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_key" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_usage" (
    "id" SERIAL NOT NULL,
    "key_id" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_usage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_rate_window" (
    "key_id" INTEGER NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "api_rate_window_pkey" PRIMARY KEY ("key_id","window_start")
);

-- CreateTable
CREATE TABLE "variant_view" (
    "variant" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "variant_view_pkey" PRIMARY KEY ("variant","day")
);

-- CreateTable
CREATE TABLE "login_throttle" (
    "client" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "last_failure_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "login_throttle_pkey" PRIMARY KEY ("client")
);

-- CreateIndex
CREATE UNIQUE INDEX "store_name_key_key" ON "store"("name_key");

-- CreateIndex
CREATE INDEX "store_tax_id_idx" ON "store"("tax_id");

-- CreateIndex
CREATE UNIQUE INDEX "person_name_key_key" ON "person"("name_key");

-- CreateIndex
CREATE INDEX "card_card_value_idx" ON "card"("card_value");

-- CreateIndex
CREATE INDEX "card_person_id_idx" ON "card"("person_id");

-- CreateIndex
CREATE UNIQUE INDEX "card_store_id_person_id_card_value_active_key" ON "card"("store_id", "person_id", "card_value", "active");

-- CreateIndex
CREATE INDEX "scan_value_created_at_idx" ON "scan"("value", "created_at");

-- CreateIndex
CREATE INDEX "scan_session_id_idx" ON "scan"("session_id");

-- CreateIndex
CREATE INDEX "scan_created_at_idx" ON "scan"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "product_code_key" ON "product"("code");

-- CreateIndex
CREATE INDEX "preference_code_idx" ON "preference"("code");

-- CreateIndex
CREATE UNIQUE INDEX "preference_person_id_code_key" ON "preference"("person_id", "code");

-- CreateIndex
CREATE INDEX "price_product_id_store_id_observed_at_idx" ON "price"("product_id", "store_id", "observed_at");

-- CreateIndex
CREATE INDEX "price_store_id_idx" ON "price"("store_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_scan_id_key" ON "invoice"("scan_id");

-- CreateIndex
CREATE INDEX "invoice_issuer_nif_idx" ON "invoice"("issuer_nif");

-- CreateIndex
CREATE INDEX "invoice_vat_line_invoice_id_idx" ON "invoice_vat_line"("invoice_id");

-- CreateIndex
CREATE INDEX "todo_status_priority_created_at_idx" ON "todo"("status", "priority" DESC, "created_at");

-- CreateIndex
CREATE INDEX "todo_parent_id_idx" ON "todo"("parent_id");

-- CreateIndex
CREATE INDEX "attachment_todo_id_idx" ON "attachment"("todo_id");

-- CreateIndex
CREATE UNIQUE INDEX "item_name_key_key" ON "item"("name_key");

-- CreateIndex
CREATE UNIQUE INDEX "research_session_slug_key" ON "research_session"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "observation_br_id_key" ON "observation"("br_id");

-- CreateIndex
CREATE INDEX "observation_item_id_source_observed_at_idx" ON "observation"("item_id", "source", "observed_at" DESC);

-- CreateIndex
CREATE INDEX "observation_observed_at_idx" ON "observation"("observed_at" DESC);

-- CreateIndex
CREATE INDEX "observation_session_id_idx" ON "observation"("session_id");

-- CreateIndex
CREATE INDEX "note_created_at_idx" ON "note"("created_at" DESC);

-- CreateIndex
CREATE INDEX "note_session_slug_created_at_idx" ON "note"("session_slug", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "api_key_hash_key" ON "api_key"("hash");

-- CreateIndex
CREATE INDEX "api_usage_key_id_created_at_idx" ON "api_usage"("key_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "api_usage_created_at_idx" ON "api_usage"("created_at" DESC);

-- AddForeignKey
ALTER TABLE "card" ADD CONSTRAINT "card_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card" ADD CONSTRAINT "card_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scan" ADD CONSTRAINT "scan_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "scan_session"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scan" ADD CONSTRAINT "scan_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "store"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "preference" ADD CONSTRAINT "preference_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price" ADD CONSTRAINT "price_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price" ADD CONSTRAINT "price_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_scan_id_fkey" FOREIGN KEY ("scan_id") REFERENCES "scan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "store"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_vat_line" ADD CONSTRAINT "invoice_vat_line_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "todo" ADD CONSTRAINT "todo_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "todo"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_todo_id_fkey" FOREIGN KEY ("todo_id") REFERENCES "todo"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "observation" ADD CONSTRAINT "observation_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "item"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "observation" ADD CONSTRAINT "observation_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "research_session"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_key"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_rate_window" ADD CONSTRAINT "api_rate_window_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_key"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
