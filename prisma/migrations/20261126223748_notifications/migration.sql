-- AlterTable
ALTER TABLE "person" ADD COLUMN     "quiet_hours" TEXT;

-- CreateTable
CREATE TABLE "notify_channel" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT,
    "auth" TEXT,
    "token" TEXT,
    "types" TEXT[],
    "person_id" INTEGER,
    "locale" TEXT NOT NULL,
    "base_url" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "last_event_id" BIGINT NOT NULL DEFAULT 0,
    "last_sent_at" TIMESTAMPTZ(3),
    "locked_until" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notify_channel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification" (
    "id" SERIAL NOT NULL,
    "channel_id" TEXT NOT NULL,
    "event_id" BIGINT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "not_before" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "notify_channel_kind_endpoint_key" ON "notify_channel"("kind", "endpoint");

-- CreateIndex
CREATE INDEX "notification_status_not_before_idx" ON "notification"("status", "not_before");

-- CreateIndex
CREATE UNIQUE INDEX "notification_channel_id_event_id_key" ON "notification"("channel_id", "event_id");

-- AddForeignKey
ALTER TABLE "notify_channel" ADD CONSTRAINT "notify_channel_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification" ADD CONSTRAINT "notification_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "notify_channel"("id") ON DELETE CASCADE ON UPDATE CASCADE;
