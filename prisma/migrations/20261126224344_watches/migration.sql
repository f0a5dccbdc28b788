-- CreateTable
CREATE TABLE "watch" (
    "id" SERIAL NOT NULL,
    "item_id" INTEGER,
    "product_id" INTEGER,
    "below" DECIMAL(12,2),
    "drop_percent" DECIMAL(5,2),
    "person_id" INTEGER,
    "last_hit_price" DECIMAL(12,2),
    "origin" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "watch_item_id_idx" ON "watch"("item_id");

-- CreateIndex
CREATE INDEX "watch_product_id_idx" ON "watch"("product_id");

-- AddForeignKey
ALTER TABLE "watch" ADD CONSTRAINT "watch_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "watch" ADD CONSTRAINT "watch_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "watch" ADD CONSTRAINT "watch_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A watch is of one thing, and waits for something.
ALTER TABLE "watch" ADD CONSTRAINT "watch_one_target" CHECK ((item_id IS NULL) <> (product_id IS NULL));
ALTER TABLE "watch" ADD CONSTRAINT "watch_has_threshold" CHECK (below IS NOT NULL OR drop_percent IS NOT NULL);
