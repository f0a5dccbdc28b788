-- AlterTable
ALTER TABLE "api_usage" ADD COLUMN     "client" TEXT;

-- CreateTable
CREATE TABLE "paired_device" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "paired_device_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device_pairing" (
    "hash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "device_pairing_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "device_pairing_expires_at_idx" ON "device_pairing"("expires_at");
