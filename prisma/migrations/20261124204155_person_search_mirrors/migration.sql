-- AlterTable
ALTER TABLE "person" ADD COLUMN     "addressCity" TEXT,
ADD COLUMN     "addressPostalCode" TEXT,
ADD COLUMN     "addressState" TEXT,
ADD COLUMN     "addressStateProvince" TEXT,
ADD COLUMN     "addressZip" TEXT,
ADD COLUMN     "email" TEXT,
ADD COLUMN     "phoneNumber" TEXT;

-- Existing persons get their mirrors from the record they already hold (text values only, as the
-- write path does: subgraphs/persons/src/domain/person.ts).
UPDATE "person" SET
  "email" = CASE WHEN jsonb_typeof("attributes" #> '{email}') = 'string' THEN "attributes" #>> '{email}' END,
  "phoneNumber" = CASE WHEN jsonb_typeof("attributes" #> '{phoneNumber}') = 'string' THEN "attributes" #>> '{phoneNumber}' END,
  "addressCity" = CASE WHEN jsonb_typeof("attributes" #> '{address,city}') = 'string' THEN "attributes" #>> '{address,city}' END,
  "addressState" = CASE WHEN jsonb_typeof("attributes" #> '{address,state}') = 'string' THEN "attributes" #>> '{address,state}' END,
  "addressStateProvince" = CASE WHEN jsonb_typeof("attributes" #> '{address,stateProvince}') = 'string' THEN "attributes" #>> '{address,stateProvince}' END,
  "addressPostalCode" = CASE WHEN jsonb_typeof("attributes" #> '{address,postalCode}') = 'string' THEN "attributes" #>> '{address,postalCode}' END,
  "addressZip" = CASE WHEN jsonb_typeof("attributes" #> '{address,zip}') = 'string' THEN "attributes" #>> '{address,zip}' END;

-- Trigram indexes answer `field:value` (contains), `value*` and `*value` on text columns, all of which
-- compile to ILIKE. One per text column a list searches (test/list-indexes.test.ts holds every
-- searchable column of every resource to having one). Their names end in `_trgm`, which the migration
-- runner knows Prisma cannot declare, so later diffs never propose dropping them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "person_firstName_trgm" ON "person" USING gin ("firstName" gin_trgm_ops);
CREATE INDEX "person_lastName_trgm" ON "person" USING gin ("lastName" gin_trgm_ops);
CREATE INDEX "person_email_trgm" ON "person" USING gin ("email" gin_trgm_ops);
CREATE INDEX "person_phoneNumber_trgm" ON "person" USING gin ("phoneNumber" gin_trgm_ops);
CREATE INDEX "person_addressCity_trgm" ON "person" USING gin ("addressCity" gin_trgm_ops);
CREATE INDEX "person_addressState_trgm" ON "person" USING gin ("addressState" gin_trgm_ops);
CREATE INDEX "person_addressStateProvince_trgm" ON "person" USING gin ("addressStateProvince" gin_trgm_ops);
CREATE INDEX "person_addressPostalCode_trgm" ON "person" USING gin ("addressPostalCode" gin_trgm_ops);
CREATE INDEX "person_addressZip_trgm" ON "person" USING gin ("addressZip" gin_trgm_ops);

CREATE INDEX "case_member_relationship_trgm" ON "case_member" USING gin ("relationship" gin_trgm_ops);
CREATE INDEX "appointment_appointmentType_trgm" ON "appointment" USING gin ("appointmentType" gin_trgm_ops);
CREATE INDEX "appointment_notes_trgm" ON "appointment" USING gin ("notes" gin_trgm_ops);
CREATE INDEX "appointment_subjectType_trgm" ON "appointment" USING gin ("subjectType" gin_trgm_ops);
CREATE INDEX "app_user_idpSubject_trgm" ON "app_user" USING gin ("idpSubject" gin_trgm_ops);
CREATE INDEX "app_user_email_trgm" ON "app_user" USING gin ("email" gin_trgm_ops);
CREATE INDEX "app_user_name_trgm" ON "app_user" USING gin ("name" gin_trgm_ops);
CREATE INDEX "workflow_task_name_trgm" ON "workflow_task" USING gin ("name" gin_trgm_ops);
CREATE INDEX "workflow_task_description_trgm" ON "workflow_task" USING gin ("description" gin_trgm_ops);
CREATE INDEX "workflow_task_taskType_trgm" ON "workflow_task" USING gin ("taskType" gin_trgm_ops);
CREATE INDEX "workflow_queue_name_trgm" ON "workflow_queue" USING gin ("name" gin_trgm_ops);
CREATE INDEX "workflow_queue_description_trgm" ON "workflow_queue" USING gin ("description" gin_trgm_ops);
CREATE INDEX "intake_application_applicantFirstName_trgm" ON "intake_application" USING gin ("applicantFirstName" gin_trgm_ops);
CREATE INDEX "intake_application_applicantLastName_trgm" ON "intake_application" USING gin ("applicantLastName" gin_trgm_ops);
CREATE INDEX "intake_organization_name_trgm" ON "intake_organization" USING gin ("name" gin_trgm_ops);
CREATE INDEX "intake_asset_disposal_type_trgm" ON "intake_asset_disposal" USING gin ("type" gin_trgm_ops);
CREATE INDEX "policy_id_trgm" ON "policy" USING gin ("id" gin_trgm_ops);
CREATE INDEX "policy_citation_trgm" ON "policy" USING gin ("citation" gin_trgm_ops);
CREATE INDEX "policy_description_trgm" ON "policy" USING gin ("description" gin_trgm_ops);
CREATE INDEX "platform_event_type_trgm" ON "platform_event" USING gin ("type" gin_trgm_ops);
CREATE INDEX "platform_event_source_trgm" ON "platform_event" USING gin ("source" gin_trgm_ops);
