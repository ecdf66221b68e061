-- CreateTable
CREATE TABLE "intake_income" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "amount" DOUBLE PRECISION NOT NULL,
    "frequency" TEXT NOT NULL,
    "typeOther" TEXT,
    "dateReceived" DATE,
    "changeReason" TEXT,
    "changeExplanation" TEXT,
    "jobId" UUID,
    "unearnedType" TEXT,
    "inKindSupportType" TEXT,
    "payerName" TEXT,
    "lumpSumType" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_income_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_expense" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "amount" DOUBLE PRECISION NOT NULL,
    "type" TEXT,
    "typeOther" TEXT,
    "legallyObligatedAmount" DOUBLE PRECISION,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_expense_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_asset" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "typeOther" TEXT,
    "financialInstitutionName" TEXT,
    "accountNumber" TEXT,
    "year" INTEGER,
    "make" TEXT,
    "model" TEXT,
    "policyType" TEXT,
    "companyName" TEXT,
    "policyNumber" TEXT,
    "faceValue" DOUBLE PRECISION,
    "isRevocable" BOOLEAN,
    "address" JSONB,
    "primaryUse" TEXT,
    "primaryUseOther" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_asset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_asset_disposal" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "dateOfDisposal" DATE NOT NULL,
    "amountReceived" DOUBLE PRECISION NOT NULL,
    "fairMarketValue" DOUBLE PRECISION NOT NULL,
    "typeOther" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_asset_disposal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_job" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "hoursPerWeek" DOUBLE PRECISION,
    "isTemporary" BOOLEAN,
    "startDate" DATE,
    "endDate" DATE,
    "endReason" TEXT,
    "strikeStartDate" DATE,
    "lastPaycheckDate" DATE,
    "lastPaycheckGrossAmount" DOUBLE PRECISION,
    "employerId" UUID,
    "businessName" TEXT,
    "businessType" TEXT,
    "reportingMonth" TEXT,
    "expenses" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_health_plan" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "typeOther" TEXT,
    "premiumAmount" DOUBLE PRECISION,
    "premiumFrequency" TEXT,
    "organizationId" UUID,
    "coverageContact" JSONB,
    "hasMinimumValuePlan" BOOLEAN,
    "lowestCostPlanName" TEXT,
    "lowestCostPlanPremium" DOUBLE PRECISION,
    "medicareId" TEXT,
    "partA" JSONB,
    "partB" JSONB,
    "partC" JSONB,
    "partD" JSONB,
    "programType" TEXT,
    "insuranceCompanyName" TEXT,
    "policyNumber" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_health_plan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_health_enrollment" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "healthPlanId" UUID,
    "jobId" UUID,
    "startDate" DATE,
    "endDate" DATE,
    "eligibleDate" DATE,
    "enrollmentStatus" TEXT,
    "prefersSeparateMailing" BOOLEAN,
    "sponsor" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_health_enrollment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_deduction" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "amount" DOUBLE PRECISION NOT NULL,
    "type" TEXT,
    "typeOther" TEXT,
    "frequency" TEXT,
    "annualAmount" DOUBLE PRECISION,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_deduction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_disability_benefit" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "programType" TEXT,
    "status" TEXT,
    "applicationDate" DATE,
    "startDate" DATE,
    "endDate" DATE,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_disability_benefit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_tax_filer" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "filingJointlyWithSpouse" BOOLEAN,
    "spouse" JSONB,
    "claimingDependents" BOOLEAN,
    "dependents" JSONB,
    "expectedToBeClaimedByNonHouseholdMember" BOOLEAN,
    "personClaiming" JSONB,
    "isNonCustodialParent" BOOLEAN,
    "hasDomesticViolenceTaxFilingException" BOOLEAN,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_tax_filer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_contact" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "name" JSONB NOT NULL,
    "primaryAddress" JSONB,
    "primaryPhone" TEXT,
    "email" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_organization" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "ein" TEXT,
    "address" JSONB,
    "phone" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_person_relationship" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "from" JSONB NOT NULL,
    "to" JSONB NOT NULL,
    "relationshipTypes" TEXT[],
    "reverseId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_person_relationship_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_authorized_representative" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "representativeId" UUID NOT NULL,
    "inCareOf" JSONB,
    "receivesNotices" BOOLEAN,
    "appointedByMemberId" UUID,
    "programs" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_authorized_representative_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_sponsor" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "sponsoredMemberId" UUID,
    "type" TEXT,
    "sponsorId" UUID,
    "ssn" TEXT,
    "spouse" JSONB,
    "householdSize" INTEGER,
    "income" DOUBLE PRECISION,
    "livesWithSponsored" BOOLEAN,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_sponsor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_signature" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "signer" JSONB NOT NULL,
    "purpose" TEXT NOT NULL,
    "signedAt" TIMESTAMPTZ(3) NOT NULL,
    "signatureMethod" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_signature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_household_info" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "roomers" JSONB,
    "utilitiesIncludedInRent" BOOLEAN,
    "isSubsidizedHousing" BOOLEAN,
    "receivedTanfInAnotherState" BOOLEAN,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_household_info_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_child_support" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "goodCauseChildSupportWaiver" BOOLEAN,
    "parentsOutsideHome" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_child_support_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_interview" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "appointments" UUID[],
    "waiverGranted" BOOLEAN,
    "waiverReason" TEXT,
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_interview_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "intake_verification" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "sourceId" UUID,
    "sourceType" TEXT,
    "category" TEXT NOT NULL,
    "verificationType" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "evidence" JSONB NOT NULL DEFAULT '[]',
    "documentRequests" JSONB NOT NULL DEFAULT '[]',
    "satisfiedAt" TIMESTAMPTZ(3),
    "waivedAt" TIMESTAMPTZ(3),
    "closedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "intake_verification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "intake_income_applicationId_createdAt_idx" ON "intake_income"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_income_memberId_idx" ON "intake_income"("memberId");

-- CreateIndex
CREATE INDEX "intake_expense_applicationId_createdAt_idx" ON "intake_expense"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_expense_memberId_idx" ON "intake_expense"("memberId");

-- CreateIndex
CREATE INDEX "intake_asset_applicationId_createdAt_idx" ON "intake_asset"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_asset_memberId_idx" ON "intake_asset"("memberId");

-- CreateIndex
CREATE INDEX "intake_asset_disposal_applicationId_createdAt_idx" ON "intake_asset_disposal"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_asset_disposal_memberId_idx" ON "intake_asset_disposal"("memberId");

-- CreateIndex
CREATE INDEX "intake_job_applicationId_createdAt_idx" ON "intake_job"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_job_memberId_idx" ON "intake_job"("memberId");

-- CreateIndex
CREATE INDEX "intake_health_plan_applicationId_createdAt_idx" ON "intake_health_plan"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_health_enrollment_applicationId_createdAt_idx" ON "intake_health_enrollment"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_health_enrollment_memberId_idx" ON "intake_health_enrollment"("memberId");

-- CreateIndex
CREATE INDEX "intake_deduction_applicationId_createdAt_idx" ON "intake_deduction"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_deduction_memberId_idx" ON "intake_deduction"("memberId");

-- CreateIndex
CREATE INDEX "intake_disability_benefit_applicationId_createdAt_idx" ON "intake_disability_benefit"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_disability_benefit_memberId_idx" ON "intake_disability_benefit"("memberId");

-- CreateIndex
CREATE INDEX "intake_tax_filer_applicationId_createdAt_idx" ON "intake_tax_filer"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_tax_filer_memberId_idx" ON "intake_tax_filer"("memberId");

-- CreateIndex
CREATE INDEX "intake_contact_applicationId_createdAt_idx" ON "intake_contact"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_organization_applicationId_createdAt_idx" ON "intake_organization"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_person_relationship_applicationId_createdAt_idx" ON "intake_person_relationship"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_authorized_representative_applicationId_createdAt_idx" ON "intake_authorized_representative"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_sponsor_applicationId_createdAt_idx" ON "intake_sponsor"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_signature_applicationId_createdAt_idx" ON "intake_signature"("applicationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "intake_household_info_applicationId_key" ON "intake_household_info"("applicationId");

-- CreateIndex
CREATE UNIQUE INDEX "intake_child_support_applicationId_key" ON "intake_child_support"("applicationId");

-- CreateIndex
CREATE UNIQUE INDEX "intake_interview_applicationId_key" ON "intake_interview"("applicationId");

-- CreateIndex
CREATE INDEX "intake_verification_applicationId_createdAt_idx" ON "intake_verification"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "intake_verification_sourceId_idx" ON "intake_verification"("sourceId");

-- AddForeignKey
ALTER TABLE "intake_income" ADD CONSTRAINT "intake_income_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_income" ADD CONSTRAINT "intake_income_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "intake_application_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_expense" ADD CONSTRAINT "intake_expense_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_expense" ADD CONSTRAINT "intake_expense_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "intake_application_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_asset" ADD CONSTRAINT "intake_asset_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_asset" ADD CONSTRAINT "intake_asset_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "intake_application_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_asset_disposal" ADD CONSTRAINT "intake_asset_disposal_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_asset_disposal" ADD CONSTRAINT "intake_asset_disposal_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "intake_application_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_job" ADD CONSTRAINT "intake_job_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_job" ADD CONSTRAINT "intake_job_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "intake_application_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_health_plan" ADD CONSTRAINT "intake_health_plan_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_health_enrollment" ADD CONSTRAINT "intake_health_enrollment_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_health_enrollment" ADD CONSTRAINT "intake_health_enrollment_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "intake_application_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_deduction" ADD CONSTRAINT "intake_deduction_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_deduction" ADD CONSTRAINT "intake_deduction_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "intake_application_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_disability_benefit" ADD CONSTRAINT "intake_disability_benefit_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_disability_benefit" ADD CONSTRAINT "intake_disability_benefit_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "intake_application_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_tax_filer" ADD CONSTRAINT "intake_tax_filer_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_tax_filer" ADD CONSTRAINT "intake_tax_filer_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "intake_application_member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_contact" ADD CONSTRAINT "intake_contact_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_organization" ADD CONSTRAINT "intake_organization_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_person_relationship" ADD CONSTRAINT "intake_person_relationship_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_authorized_representative" ADD CONSTRAINT "intake_authorized_representative_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_sponsor" ADD CONSTRAINT "intake_sponsor_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_signature" ADD CONSTRAINT "intake_signature_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_household_info" ADD CONSTRAINT "intake_household_info_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_child_support" ADD CONSTRAINT "intake_child_support_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_interview" ADD CONSTRAINT "intake_interview_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "intake_verification" ADD CONSTRAINT "intake_verification_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "intake_application"("id") ON DELETE CASCADE ON UPDATE CASCADE;
