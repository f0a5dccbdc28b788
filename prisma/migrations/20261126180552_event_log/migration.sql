-- CreateTable
CREATE TABLE "event" (
    "id" BIGINT NOT NULL,
    "type" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "subject" JSONB NOT NULL,
    "data" JSONB NOT NULL,
    "origin" TEXT NOT NULL,

    CONSTRAINT "event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_counter" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "last_id" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "event_counter_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "event_type_id_idx" ON "event"("type", "id");

-- CreateIndex
CREATE INDEX "event_at_idx" ON "event"("at");

-- The counter's one row: event ids start at 1.
INSERT INTO "event_counter" ("id", "last_id") VALUES (1, 0);
