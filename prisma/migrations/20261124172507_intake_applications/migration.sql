-- CreateEnum
CREATE TYPE "ApplicationStatus" AS ENUM ('draft', 'submitted', 'under_review', 'pending_approval', 'withdrawn', 'closed');

-- CreateEnum
CREATE TYPE "ApplicationChannel" AS ENUM ('online', 'in_person', 'phone', 'mail');

-- CreateTable
CREATE TABLE "intake_application" (
    "id" UUID NOT NULL,
    "status" "ApplicationStatus" NOT NULL DEFAULT 'draft',
    "programs" TEXT[],
    "channel" "ApplicationChannel",
    "ebt" JSONB,
    "registerToVote" BOOLEAN,
    "deniesIevsConsent" BOOLEAN,
    "expeditedSnap" JSONB,
    "utilities" JSONB,
    "isExpedited" BOOLEAN,
    "submittedAt" TIMESTAMPTZ(3),
    "withdrawnAt" TIMESTAMPTZ(3),
    "closedAt" TIMESTAMPTZ(3),
    "ownerId" UUID,
    "applicantFirstName" TEXT,
    "applicantLastName" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_application_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_application_member" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "roles" TEXT[],
    "programsAppliedFor" TEXT[],
    "purchasesAndPreparesFood" BOOLEAN,
    "isMigrantFarmWorker" BOOLEAN,
    "hasThirdPartyLiabilityClaim" BOOLEAN,
    "personId" UUID,
    "personalInformation" JSONB,
    "contact" JSONB,
    "residency" JSONB,
    "citizenship" JSONB,
    "retroactiveMedicalCoverage" JSONB,
    "disability" JSONB,
    "studentStatus" JSONB,
    "pregnancy" JSONB,
    "fosterCare" JSONB,
    "military" JSONB,
    "institutionalStatus" JSONB,
    "priorConvictions" JSONB,
    "tribalStatus" JSONB,
    "personMatch" JSONB,
    "programDeterminations" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_application_member_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "intake_application_status_updatedAt_idx" ON "intake_application"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "intake_application_ownerId_idx" ON "intake_application"("ownerId");

-- CreateIndex
CREATE INDEX "intake_application_applicantLastName_applicantFirstName_idx" ON "intake_application"("applicantLastName", "applicantFirstName");

-- CreateIndex
CREATE INDEX "intake_application_submittedAt_idx" ON "intake_application"("submittedAt");

-- CreateIndex
CREATE INDEX "intake_application_member_applicationId_createdAt_idx" ON "intake_application_member"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_application_member_personId_idx" ON "intake_application_member"("personId");

-- AddForeignKey
ALTER TABLE "intake_application_member" ADD CONSTRAINT "intake_application_member_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;
