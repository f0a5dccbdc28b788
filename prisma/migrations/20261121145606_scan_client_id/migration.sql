-- AlterTable
ALTER TABLE "scan" ADD COLUMN     "client_id" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "scan_client_id_key" ON "scan"("client_id");
