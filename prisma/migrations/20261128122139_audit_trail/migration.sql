-- CreateTable
CREATE TABLE "platform_audit_entry" (
    "id" UUID NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "actorKind" TEXT NOT NULL,
    "actorRoles" TEXT[],
    "recordType" TEXT NOT NULL,
    "recordIds" TEXT[],
    "fields" TEXT[],
    "readings" JSONB NOT NULL,
    "traceId" TEXT,
    "channel" TEXT NOT NULL,

    CONSTRAINT "platform_audit_entry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "platform_audit_entry_occurredAt_idx" ON "platform_audit_entry"("occurredAt");

-- CreateIndex
CREATE INDEX "platform_audit_entry_recordIds_idx" ON "platform_audit_entry" USING GIN ("recordIds");

-- CreateIndex
CREATE INDEX "platform_audit_entry_actorId_occurredAt_idx" ON "platform_audit_entry"("actorId", "occurredAt");

-- The trail is evidence: no row is changed, and none deleted except by the retention purge, which
-- says so for its own transaction (packages/events/src/audit/retention.ts) and deletes only rows
-- older than the deployment's retention.
CREATE FUNCTION "platform_audit_entry_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('pap.audit_retention', true) = 'purge' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'platform_audit_entry is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "platform_audit_entry_append_only" BEFORE UPDATE OR DELETE ON "platform_audit_entry"
  FOR EACH ROW EXECUTE FUNCTION "platform_audit_entry_is_append_only"();

CREATE TRIGGER "platform_audit_entry_no_truncate" BEFORE TRUNCATE ON "platform_audit_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform_audit_entry_is_append_only"();
