-- AlterTable
ALTER TABLE "api_key" ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY['research', 'ask', 'scan']::TEXT[];

-- CreateTable
CREATE TABLE "operator_session_end" (
    "sid" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "operator_session_end_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "operator_session_epoch" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "epoch" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "operator_session_epoch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "operator_session_end_expires_at_idx" ON "operator_session_end"("expires_at");

-- CreateIndex
CREATE INDEX "login_throttle_last_failure_at_idx" ON "login_throttle"("last_failure_at");
