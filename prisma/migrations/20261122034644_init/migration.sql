-- CreateEnum
CREATE TYPE "CaseStatus" AS ENUM ('active', 'closed');

-- CreateEnum
CREATE TYPE "AppointmentStatus" AS ENUM ('scheduled', 'completed', 'canceled', 'no_show');

-- CreateTable
CREATE TABLE "case" (
    "id" UUID NOT NULL,
    "status" "CaseStatus" NOT NULL DEFAULT 'active',
    "effectiveStartDate" DATE,
    "effectiveEndDate" DATE,
    "primaryApplicantId" UUID NOT NULL,
    "assignedToId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "case_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "case_member" (
    "caseId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "personId" UUID NOT NULL,
    "relationship" TEXT NOT NULL,

    CONSTRAINT "case_member_pkey" PRIMARY KEY ("caseId","position")
);

-- CreateTable
CREATE TABLE "person" (
    "id" UUID NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "firstName" TEXT,
    "lastName" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "person_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appointment" (
    "id" UUID NOT NULL,
    "startAt" TIMESTAMPTZ(3) NOT NULL,
    "endAt" TIMESTAMPTZ(3) NOT NULL,
    "appointmentType" TEXT NOT NULL,
    "status" "AppointmentStatus" NOT NULL DEFAULT 'scheduled',
    "personId" UUID NOT NULL,
    "assignedToId" UUID,
    "notes" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "appointment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "case_primaryApplicantId_idx" ON "case"("primaryApplicantId");

-- CreateIndex
CREATE INDEX "case_updatedAt_idx" ON "case"("updatedAt");

-- CreateIndex
CREATE INDEX "case_member_personId_idx" ON "case_member"("personId");

-- CreateIndex
CREATE INDEX "person_lastName_firstName_idx" ON "person"("lastName", "firstName");

-- CreateIndex
CREATE INDEX "person_updatedAt_idx" ON "person"("updatedAt");

-- CreateIndex
CREATE INDEX "appointment_personId_startAt_idx" ON "appointment"("personId", "startAt");

-- CreateIndex
CREATE INDEX "appointment_startAt_idx" ON "appointment"("startAt");

-- AddForeignKey
ALTER TABLE "case_member" ADD CONSTRAINT "case_member_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "case"("id") ON DELETE CASCADE ON UPDATE CASCADE;
