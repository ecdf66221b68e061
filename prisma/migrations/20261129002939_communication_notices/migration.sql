-- CreateTable
CREATE TABLE "communication_notice" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "program" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "language" TEXT NOT NULL,
    "applicationId" UUID NOT NULL,
    "subjectType" TEXT,
    "subjectId" UUID,
    "recipients" JSONB NOT NULL DEFAULT '[]',
    "documentId" UUID,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "origin" TEXT,
    "county" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "failedAt" TIMESTAMPTZ(3),
    "returnedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "communication_notice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "communication_delivery" (
    "id" UUID NOT NULL,
    "noticeId" UUID NOT NULL,
    "recipientId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "destination" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "communication_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "communication_delivery_attempt" (
    "id" UUID NOT NULL,
    "deliveryId" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "outcome" TEXT NOT NULL,
    "detail" TEXT,

    CONSTRAINT "communication_delivery_attempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "communication_notice_origin_key" ON "communication_notice"("origin");

-- CreateIndex
CREATE INDEX "communication_notice_applicationId_createdAt_idx" ON "communication_notice"("applicationId", "createdAt");

-- CreateIndex
CREATE INDEX "communication_notice_status_createdAt_idx" ON "communication_notice"("status", "createdAt");

-- CreateIndex
CREATE INDEX "communication_notice_county_createdAt_idx" ON "communication_notice"("county", "createdAt");

-- CreateIndex
CREATE INDEX "communication_delivery_status_channel_nextAttemptAt_idx" ON "communication_delivery"("status", "channel", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "communication_delivery_noticeId_idx" ON "communication_delivery"("noticeId");

-- CreateIndex
CREATE INDEX "communication_delivery_attempt_deliveryId_at_idx" ON "communication_delivery_attempt"("deliveryId", "at");

-- AddForeignKey
ALTER TABLE "communication_delivery" ADD CONSTRAINT "communication_delivery_noticeId_fkey" FOREIGN KEY ("noticeId") REFERENCES "communication_notice"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "communication_delivery_attempt" ADD CONSTRAINT "communication_delivery_attempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "communication_delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A notice and its copies are records with versions, as every record is (record_versions).
CREATE TRIGGER record_version BEFORE UPDATE OR DELETE ON "communication_notice" FOR EACH ROW EXECUTE FUNCTION pap_record_version();
CREATE TRIGGER record_version BEFORE UPDATE OR DELETE ON "communication_delivery" FOR EACH ROW EXECUTE FUNCTION pap_record_version();
