-- AlterTable
ALTER TABLE "person" ADD COLUMN     "matchKeyVersion" TEXT,
ADD COLUMN     "nameBirthKey" TEXT,
ADD COLUMN     "ssnKey" TEXT;

-- CreateIndex
CREATE INDEX "person_ssnKey_idx" ON "person"("ssnKey");

-- CreateIndex
CREATE INDEX "person_nameBirthKey_idx" ON "person"("nameBirthKey");

-- CreateIndex
CREATE INDEX "person_matchKeyVersion_idx" ON "person"("matchKeyVersion");
