-- AlterTable
ALTER TABLE "appointment" ADD COLUMN     "rescheduledFromId" UUID,
ADD COLUMN     "rescheduledToId" UUID;
