-- AlterTable
ALTER TABLE "case" ADD COLUMN     "county" TEXT;

-- AlterTable
ALTER TABLE "intake_application" ADD COLUMN     "county" TEXT;

-- AlterTable
ALTER TABLE "workflow_task" ADD COLUMN     "county" TEXT;

-- CreateIndex
CREATE INDEX "case_county_updatedAt_idx" ON "case"("county", "updatedAt");

-- CreateIndex
CREATE INDEX "intake_application_county_updatedAt_idx" ON "intake_application"("county", "updatedAt");

-- CreateIndex
CREATE INDEX "workflow_task_county_status_idx" ON "workflow_task"("county", "status");
