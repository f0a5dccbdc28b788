-- AlterTable
ALTER TABLE "note" ADD COLUMN     "origin" TEXT NOT NULL DEFAULT 'anonymous';

-- AlterTable
ALTER TABLE "observation" ADD COLUMN     "origin" TEXT NOT NULL DEFAULT 'anonymous';

-- AlterTable
ALTER TABLE "research_session" ADD COLUMN     "origin" TEXT NOT NULL DEFAULT 'anonymous';

-- AlterTable
ALTER TABLE "todo" ADD COLUMN     "origin" TEXT NOT NULL DEFAULT 'anonymous';

-- CreateTable
CREATE TABLE "anon_write_bucket" (
    "client" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "allowed" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "anon_write_bucket_pkey" PRIMARY KEY ("client")
);

-- CreateTable
CREATE TABLE "anon_upload_usage" (
    "client" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "bytes" BIGINT NOT NULL,

    CONSTRAINT "anon_upload_usage_pkey" PRIMARY KEY ("client","day")
);

-- CreateIndex
CREATE INDEX "anon_write_bucket_updated_at_idx" ON "anon_write_bucket"("updated_at");
