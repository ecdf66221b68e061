-- AlterTable
ALTER TABLE "appointment" ADD COLUMN     "subjectId" UUID,
ADD COLUMN     "subjectType" TEXT;

-- CreateIndex
CREATE INDEX "appointment_subjectType_subjectId_idx" ON "appointment"("subjectType", "subjectId");
