-- AlterTable
ALTER TABLE "document" ADD COLUMN     "legalHoldReason" TEXT,
ADD COLUMN     "retainedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "document_link" (
    "id" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" UUID NOT NULL,
    "linkedBy" TEXT NOT NULL,
    "closedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_link_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "document_link_subjectId_subjectType_idx" ON "document_link"("subjectId", "subjectType");

-- CreateIndex
CREATE INDEX "document_link_createdAt_idx" ON "document_link"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "document_link_documentId_subjectType_subjectId_key" ON "document_link"("documentId", "subjectType", "subjectId");

-- AddForeignKey
ALTER TABLE "document_link" ADD CONSTRAINT "document_link_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "document"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
