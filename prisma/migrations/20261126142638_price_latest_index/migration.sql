-- DropIndex
DROP INDEX "price_product_id_store_id_observed_at_idx";

-- CreateIndex
CREATE INDEX "price_product_id_store_id_observed_at_id_idx" ON "price"("product_id", "store_id", "observed_at" DESC, "id" DESC);
