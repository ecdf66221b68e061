-- CreateEnum
CREATE TYPE "QueueSource" AS ENUM ('system', 'user');

-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('pending', 'in_progress', 'completed', 'escalated', 'cancelled', 'awaiting_client', 'awaiting_verification', 'pending_review');

-- CreateEnum
CREATE TYPE "ProgramType" AS ENUM ('snap', 'medicaid', 'chip', 'tanf', 'aca');

-- CreateTable
CREATE TABLE "platform_timer" (
    "id" TEXT NOT NULL,
    "fireAt" TIMESTAMPTZ(3) NOT NULL,
    "type" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "subject" UUID NOT NULL,
    "data" JSONB,
    "traceparent" TEXT,
    "causationid" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "platform_timer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_queue" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "source" "QueueSource" NOT NULL DEFAULT 'user',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "workflow_queue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workflow_task" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" "TaskStatus" NOT NULL DEFAULT 'pending',
    "taskType" TEXT,
    "subjectType" TEXT,
    "subjectId" UUID,
    "programType" "ProgramType",
    "isExpedited" BOOLEAN NOT NULL DEFAULT false,
    "queueId" UUID,
    "priority" INTEGER NOT NULL DEFAULT 3,
    "startedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "escalatedAt" TIMESTAMPTZ(3),
    "cancelledAt" TIMESTAMPTZ(3),
    "blockedAt" TIMESTAMPTZ(3),
    "assignedToId" UUID,
    "outcome" TEXT,
    "completionNotes" TEXT,
    "slaInfo" JSONB NOT NULL DEFAULT '[]',
    "slaDeadline" TIMESTAMPTZ(3),
    "slaStatuses" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "workflow_task_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "platform_timer_fireAt_idx" ON "platform_timer"("fireAt");

-- CreateIndex
CREATE UNIQUE INDEX "workflow_queue_name_key" ON "workflow_queue"("name");

-- CreateIndex
CREATE INDEX "workflow_task_status_priority_createdAt_idx" ON "workflow_task"("status", "priority", "createdAt");

-- CreateIndex
CREATE INDEX "workflow_task_queueId_status_idx" ON "workflow_task"("queueId", "status");

-- CreateIndex
CREATE INDEX "workflow_task_subjectType_subjectId_idx" ON "workflow_task"("subjectType", "subjectId");

-- CreateIndex
CREATE INDEX "workflow_task_assignedToId_status_idx" ON "workflow_task"("assignedToId", "status");

-- CreateIndex
CREATE INDEX "workflow_task_slaDeadline_idx" ON "workflow_task"("slaDeadline");

-- CreateIndex
CREATE INDEX "workflow_task_createdAt_idx" ON "workflow_task"("createdAt");
