-- AlterTable
ALTER TABLE "eligibility_decision" ADD COLUMN     "evaluationFailure" JSONB;

-- AlterTable
ALTER TABLE "eligibility_determination" ADD COLUMN     "expeditedScreening" JSONB;

-- CreateTable
CREATE TABLE "case_application" (
    "applicationId" UUID NOT NULL,
    "caseId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "case_application_pkey" PRIMARY KEY ("applicationId")
);

-- CreateIndex
CREATE INDEX "case_application_caseId_createdAt_idx" ON "case_application"("caseId", "createdAt");

-- AddForeignKey
ALTER TABLE "case_application" ADD CONSTRAINT "case_application_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "case"("id") ON DELETE CASCADE ON UPDATE CASCADE;
