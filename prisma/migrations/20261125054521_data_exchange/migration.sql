-- AlterTable
ALTER TABLE "intake_verification" ADD COLUMN     "electronicChecks" JSONB NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "data_exchange_service" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "serviceType" TEXT NOT NULL,
    "defaultCallMode" TEXT NOT NULL,
    "programs" TEXT[],
    "requestingResourceType" TEXT,
    "source" TEXT NOT NULL DEFAULT 'system',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "data_exchange_service_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "data_exchange_service_call" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "serviceType" TEXT NOT NULL,
    "requestingResourceId" UUID NOT NULL,
    "requestingResourceType" TEXT,
    "callMode" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "data" JSONB,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "result" TEXT,
    "serviceResult" JSONB,
    "failureReason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3),
    "leaseUntil" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "deadlineAt" TIMESTAMPTZ(3) NOT NULL,
    "completedAt" TIMESTAMPTZ(3),
    "traceparent" TEXT,
    "submittedEventId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "data_exchange_service_call_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "data_exchange_service_serviceType_idx" ON "data_exchange_service"("serviceType");

-- CreateIndex
CREATE INDEX "data_exchange_service_call_requestingResourceId_createdAt_idx" ON "data_exchange_service_call"("requestingResourceId", "createdAt");

-- CreateIndex
CREATE INDEX "data_exchange_service_call_createdAt_idx" ON "data_exchange_service_call"("createdAt");

-- AddForeignKey
ALTER TABLE "data_exchange_service_call" ADD CONSTRAINT "data_exchange_service_call_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "data_exchange_service"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
-- While a call is pending, a new submission for the same resource and service answers that call
-- (SPEC §3.2): one pending call per pair, however many submissions race.
CREATE UNIQUE INDEX "data_exchange_call_pending_pair_by_hand" ON "data_exchange_service_call"("requestingResourceId", "serviceId") WHERE "status" = 'pending';

-- The outbox's work: calls still pending, by when they are next due (a synchronous call is leased by its request first).
CREATE INDEX "data_exchange_call_due_by_hand" ON "data_exchange_service_call"("nextAttemptAt") WHERE "status" = 'pending';

-- A domain finds the calls made for its records by their metadata (`metadata @> {"intake": {"applicationId": …}}`).
CREATE INDEX "data_exchange_call_metadata_by_hand" ON "data_exchange_service_call" USING gin ("metadata" jsonb_path_ops);

-- The catalog's name is searchable text (`q=name:wage`): trigram index, as every searchable text column has.
CREATE INDEX "data_exchange_service_name_trgm" ON "data_exchange_service" USING gin ("name" gin_trgm_ops);
