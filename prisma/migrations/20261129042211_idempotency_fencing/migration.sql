-- AlterTable
ALTER TABLE "idempotency_key" ADD COLUMN     "attempt" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "leaseUntil" TIMESTAMPTZ(3),
ADD COLUMN     "subject" UUID;
