-- AlterTable
ALTER TABLE "document" ADD COLUMN     "county" TEXT;

-- CreateIndex
CREATE INDEX "document_county_updatedAt_idx" ON "document"("county", "updatedAt");

-- Hand-written: the record_county view places documents and their versions too, so that a confined
-- caller reads a document's events in the log as they read the document (county scoping).
CREATE OR REPLACE VIEW "record_county" AS
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
  SELECT d."id", e."county" FROM "eligibility_decision" d JOIN "eligibility_determination" e ON e."id" = d."determinationId"
  UNION ALL
  SELECT "id", "county" FROM "document"
  UNION ALL
  SELECT v."id", d."county" FROM "document_version" v JOIN "document" d ON d."id" = v."documentId";
