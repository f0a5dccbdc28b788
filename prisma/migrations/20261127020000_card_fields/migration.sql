-- AlterTable
ALTER TABLE "card" ADD COLUMN     "archived" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "balance" DECIMAL(12,2),
ADD COLUMN     "balance_currency" TEXT,
ADD COLUMN     "barcode_encoding" TEXT,
ADD COLUMN     "expiry" TIMESTAMPTZ(3),
ADD COLUMN     "expiry_notice" SMALLINT,
ADD COLUMN     "header_color" TEXT,
ADD COLUMN     "last_used_at" TIMESTAMPTZ(3),
ADD COLUMN     "note" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "printed_number" TEXT,
ADD COLUMN     "starred" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "valid_from" TIMESTAMPTZ(3),
ALTER COLUMN "card_format" DROP NOT NULL;

-- CreateTable
CREATE TABLE "card_spend" (
    "id" SERIAL NOT NULL,
    "card_id" INTEGER NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_spend_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "card_spend_card_id_at_idx" ON "card_spend"("card_id", "at");

-- AddForeignKey
ALTER TABLE "card_spend" ADD CONSTRAINT "card_spend_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What the API refuses, kept true by the database too.
ALTER TABLE "card" ADD CONSTRAINT "card_balance_with_currency" CHECK ((balance IS NULL) = (balance_currency IS NULL));
ALTER TABLE "card" ADD CONSTRAINT "card_balance_currency" CHECK (balance_currency ~ '^([A-Z]{3}|points)$');
ALTER TABLE "card" ADD CONSTRAINT "card_header_color" CHECK (header_color ~ '^#[0-9a-f]{6}$');
ALTER TABLE "card" ADD CONSTRAINT "card_expiry_notice" CHECK (expiry_notice IN (1, 7));
