-- DropIndex
DROP INDEX "todo_parent_id_idx";

-- CreateIndex
CREATE INDEX "todo_parent_id_created_at_id_idx" ON "todo"("parent_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "todo_status_updated_at_idx" ON "todo"("status", "updated_at");
