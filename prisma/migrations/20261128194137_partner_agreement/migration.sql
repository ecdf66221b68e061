-- AlterTable
ALTER TABLE "app_user" ADD COLUMN     "programs" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "sharesIdentifiers" BOOLEAN NOT NULL DEFAULT false;
