-- AlterTable
ALTER TABLE "appointment" ADD COLUMN     "county" TEXT;

-- AlterTable
ALTER TABLE "case" ADD COLUMN     "county" TEXT;

-- AlterTable
ALTER TABLE "data_exchange_service_call" ADD COLUMN     "county" TEXT;

-- AlterTable
ALTER TABLE "eligibility_determination" ADD COLUMN     "county" TEXT;

-- AlterTable
ALTER TABLE "intake_application" ADD COLUMN     "county" TEXT;

-- AlterTable
ALTER TABLE "search_document" ADD COLUMN     "county" TEXT;

-- AlterTable
ALTER TABLE "workflow_queue" ADD COLUMN     "county" TEXT;

-- AlterTable
ALTER TABLE "workflow_task" ADD COLUMN     "county" TEXT;

-- CreateIndex
CREATE INDEX "appointment_county_startAt_idx" ON "appointment"("county", "startAt");

-- CreateIndex
CREATE INDEX "case_county_updatedAt_idx" ON "case"("county", "updatedAt");

-- CreateIndex
CREATE INDEX "data_exchange_service_call_county_createdAt_idx" ON "data_exchange_service_call"("county", "createdAt");

-- CreateIndex
CREATE INDEX "eligibility_determination_county_updatedAt_idx" ON "eligibility_determination"("county", "updatedAt");

-- CreateIndex
CREATE INDEX "intake_application_county_updatedAt_idx" ON "intake_application"("county", "updatedAt");

-- CreateIndex
CREATE INDEX "search_document_county_idx" ON "search_document"("county");

-- CreateIndex
CREATE INDEX "workflow_queue_county_idx" ON "workflow_queue"("county");

-- CreateIndex
CREATE INDEX "workflow_task_county_status_idx" ON "workflow_task"("county", "status");

-- Where each record county scoping covers belongs, by id: the anchors' own county (applications,
-- cases, tasks, determinations, appointments, service calls), and the records read through them or whose events
-- name them as subject (members, verifications, interviews, decisions), through their application or
-- determination. The event log, its stream and subscriptions ask it whether a confined caller
-- reaches an event's subject; each branch is a primary-key lookup.
CREATE VIEW "record_county" AS
  SELECT "id", "county" FROM "intake_application"
  UNION ALL
  SELECT m."id", a."county" FROM "intake_application_member" m JOIN "intake_application" a ON a."id" = m."applicationId"
  UNION ALL
  SELECT v."id", a."county" FROM "intake_verification" v JOIN "intake_application" a ON a."id" = v."applicationId"
  UNION ALL
  SELECT i."id", a."county" FROM "intake_interview" i JOIN "intake_application" a ON a."id" = i."applicationId"
  UNION ALL
  SELECT "id", "county" FROM "case"
  UNION ALL
  SELECT "id", "county" FROM "workflow_task"
  UNION ALL
  SELECT "id", "county" FROM "eligibility_determination"
  UNION ALL
  SELECT "id", "county" FROM "appointment"
  UNION ALL
  SELECT "id", "county" FROM "data_exchange_service_call"
  UNION ALL
  SELECT d."id", e."county" FROM "eligibility_decision" d JOIN "eligibility_determination" e ON e."id" = d."determinationId";
