-- CreateTable
CREATE TABLE "document" (
    "id" UUID NOT NULL,
    "documentTypeId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "documentDate" DATE,
    "lifecycleState" TEXT NOT NULL DEFAULT 'active',
    "legalHold" BOOLEAN NOT NULL DEFAULT false,
    "latestVersionId" UUID NOT NULL,
    "versionCount" INTEGER NOT NULL DEFAULT 1,
    "retentionDeadline" DATE,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "dispositionApprovedBy" TEXT,
    "dispositionApprovedAt" TIMESTAMPTZ(3),
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_version" (
    "id" UUID NOT NULL,
    "documentId" UUID NOT NULL,
    "versionNumber" INTEGER NOT NULL,
    "fileName" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "contentHash" TEXT NOT NULL,
    "uploadedById" TEXT NOT NULL,
    "scanned" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_version_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "document_documentTypeId_updatedAt_idx" ON "document"("documentTypeId", "updatedAt");

-- CreateIndex
CREATE INDEX "document_lifecycleState_updatedAt_idx" ON "document"("lifecycleState", "updatedAt");

-- CreateIndex
CREATE INDEX "document_updatedAt_idx" ON "document"("updatedAt");

-- CreateIndex
CREATE INDEX "document_version_contentHash_idx" ON "document_version"("contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "document_version_documentId_versionNumber_key" ON "document_version"("documentId", "versionNumber");

-- AddForeignKey
ALTER TABLE "document" ADD CONSTRAINT "document_documentTypeId_fkey" FOREIGN KEY ("documentTypeId") REFERENCES "document_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_version" ADD CONSTRAINT "document_version_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "document"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Titles are searchable (q=title:…): trigram index for contains, starts-with and ends-with.
CREATE INDEX "document_title_trgm" ON "document" USING gin ("title" gin_trgm_ops);

-- Documents by what names them in their metadata (an application's, a verification's): containment.
CREATE INDEX "document_metadata_by_hand" ON "document" USING gin ("metadata" jsonb_path_ops);
