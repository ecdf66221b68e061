-- CreateIndex
CREATE INDEX "workflow_task_programType_status_createdAt_idx" ON "workflow_task"("programType", "status", "createdAt");
