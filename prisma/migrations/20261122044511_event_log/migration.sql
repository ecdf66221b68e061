-- CreateTable
CREATE TABLE "platform_event" (
    "position" BIGINT,
    "insertion" BIGSERIAL NOT NULL,
    "id" UUID NOT NULL,
    "type" TEXT COLLATE "C" NOT NULL,
    "source" TEXT NOT NULL,
    "subject" UUID NOT NULL,
    "time" TIMESTAMPTZ(3) NOT NULL,
    "specversion" TEXT NOT NULL,
    "datacontenttype" TEXT NOT NULL,
    "data" JSONB,
    "traceparent" TEXT,
    "traceid" TEXT,
    "causationid" UUID,
    "authid" TEXT,
    "authtype" TEXT,
    "recordedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "platform_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_consumer" (
    "name" TEXT NOT NULL,
    "position" BIGINT NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "lastFailedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_consumer_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "policy" (
    "id" TEXT NOT NULL,
    "citation" TEXT NOT NULL,
    "citationUrl" TEXT,
    "description" TEXT NOT NULL,
    "programs" TEXT[],

    CONSTRAINT "policy_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "platform_event_position_key" ON "platform_event"("position");

-- CreateIndex
CREATE INDEX "platform_event_time_id_idx" ON "platform_event"("time", "id");

-- CreateIndex
CREATE INDEX "platform_event_type_time_idx" ON "platform_event"("type", "time");

-- CreateIndex
CREATE INDEX "platform_event_source_time_idx" ON "platform_event"("source", "time");

-- CreateIndex
CREATE INDEX "platform_event_subject_time_idx" ON "platform_event"("subject", "time");

-- CreateIndex
CREATE INDEX "platform_event_traceid_idx" ON "platform_event"("traceid");

-- CreateIndex
CREATE INDEX "policy_citation_idx" ON "policy"("citation");

-- The log is a permanent audit trail: rows can be added, never changed, removed or truncated. The
-- one write allowed is the sequencer numbering a row once: setting its position from NULL, nothing else.
CREATE FUNCTION "platform_event_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."position" IS NULL AND NEW."position" IS NOT NULL
     AND (to_jsonb(NEW) - 'position') = (to_jsonb(OLD) - 'position') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'platform_event is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "platform_event_append_only" BEFORE UPDATE OR DELETE ON "platform_event"
  FOR EACH ROW EXECUTE FUNCTION "platform_event_is_append_only"();

CREATE TRIGGER "platform_event_no_truncate" BEFORE TRUNCATE ON "platform_event"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform_event_is_append_only"();
