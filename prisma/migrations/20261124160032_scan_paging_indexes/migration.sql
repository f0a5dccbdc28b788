-- DropIndex
DROP INDEX "scan_session_id_idx";

-- CreateIndex
CREATE INDEX "price_observed_at_id_idx" ON "price"("observed_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "scan_session_id_id_idx" ON "scan"("session_id", "id");
