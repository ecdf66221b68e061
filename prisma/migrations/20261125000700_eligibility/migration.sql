-- CreateEnum
CREATE TYPE "DeterminationStatus" AS ENUM ('pending', 'in_progress', 'completed', 'withdrawn');

-- CreateEnum
CREATE TYPE "DecisionStatus" AS ENUM ('pending', 'approved', 'denied', 'ineligible');

-- CreateEnum
CREATE TYPE "DecisionPath" AS ENUM ('auto', 'manual');

-- CreateEnum
CREATE TYPE "EligibilityProgram" AS ENUM ('snap', 'medicaid', 'chip', 'tanf', 'aca');

-- CreateTable
CREATE TABLE "eligibility_determination" (
    "id" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "status" "DeterminationStatus" NOT NULL DEFAULT 'pending',
    "expeditedFlagged" BOOLEAN NOT NULL DEFAULT false,
    "completedAt" TIMESTAMPTZ(3),
    "withdrawnAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "eligibility_determination_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eligibility_decision" (
    "id" UUID NOT NULL,
    "determinationId" UUID NOT NULL,
    "applicationId" UUID NOT NULL,
    "memberId" UUID NOT NULL,
    "program" "EligibilityProgram" NOT NULL,
    "status" "DecisionStatus" NOT NULL DEFAULT 'pending',
    "path" "DecisionPath",
    "decidedAt" TIMESTAMPTZ(3),
    "denialReasonCode" TEXT,
    "electronicChecks" JSONB NOT NULL DEFAULT '[]',
    "explanation" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "eligibility_decision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "eligibility_determination_applicationId_key" ON "eligibility_determination"("applicationId");

-- CreateIndex
CREATE INDEX "eligibility_determination_status_updatedAt_idx" ON "eligibility_determination"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "eligibility_decision_determinationId_createdAt_idx" ON "eligibility_decision"("determinationId", "createdAt");

-- CreateIndex
CREATE INDEX "eligibility_decision_applicationId_idx" ON "eligibility_decision"("applicationId");

-- CreateIndex
CREATE INDEX "eligibility_decision_memberId_idx" ON "eligibility_decision"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "eligibility_decision_determinationId_memberId_program_key" ON "eligibility_decision"("determinationId", "memberId", "program");

-- AddForeignKey
ALTER TABLE "eligibility_decision" ADD CONSTRAINT "eligibility_decision_determinationId_fkey" FOREIGN KEY ("determinationId") REFERENCES "eligibility_determination"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A bare search term in a list of decisions matches the denial reason code: a trigram index serves
-- the ILIKE it compiles to (Prisma cannot declare one in the schema).
CREATE INDEX "eligibility_decision_denialReasonCode_trgm" ON "eligibility_decision" USING gin ("denialReasonCode" gin_trgm_ops);
