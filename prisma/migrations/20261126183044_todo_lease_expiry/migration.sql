-- AlterTable
ALTER TABLE "todo" ADD COLUMN     "lease_expiry_announced" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "todo_lock_expires_at_idx" ON "todo"("lock_expires_at");
