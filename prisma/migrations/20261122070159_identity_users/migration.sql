-- CreateEnum
CREATE TYPE "UserStatus" AS ENUM ('active', 'inactive', 'pending', 'suspended');

-- CreateTable
CREATE TABLE "app_user" (
    "id" UUID NOT NULL,
    "idpSubject" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "roles" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" "UserStatus" NOT NULL DEFAULT 'active',
    "counties" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "organizationId" UUID,
    "personId" UUID,
    "caseWorkerId" UUID,
    "preferences" JSONB NOT NULL DEFAULT '{}',
    "ui" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "app_user_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "app_user_idpSubject_key" ON "app_user"("idpSubject");

-- CreateIndex
CREATE INDEX "app_user_updatedAt_idx" ON "app_user"("updatedAt");

-- CreateIndex
CREATE INDEX "app_user_status_idx" ON "app_user"("status");

-- CreateIndex
CREATE INDEX "app_user_roles_idx" ON "app_user" USING GIN ("roles");

-- CreateIndex
CREATE INDEX "app_user_counties_idx" ON "app_user" USING GIN ("counties");
