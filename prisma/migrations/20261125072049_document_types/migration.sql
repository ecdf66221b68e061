-- CreateTable
CREATE TABLE "document_type" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "retentionYears" INTEGER NOT NULL,
    "retentionTrigger" TEXT NOT NULL,
    "description" TEXT,
    "source" TEXT NOT NULL DEFAULT 'user',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "document_type_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "document_type_name_key" ON "document_type"("name");

-- The name is searchable text (`q=name:stub`): trigram index, as every searchable text column has.
CREATE INDEX "document_type_name_trgm" ON "document_type" USING gin ("name" gin_trgm_ops);
