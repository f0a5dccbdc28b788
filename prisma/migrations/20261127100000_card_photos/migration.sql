-- CreateTable
CREATE TABLE "card_photo" (
    "id" SERIAL NOT NULL,
    "card_id" INTEGER NOT NULL,
    "side" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_photo_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "card_photo_card_id_side_key" ON "card_photo"("card_id", "side");

-- AddForeignKey
ALTER TABLE "card_photo" ADD CONSTRAINT "card_photo_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;
