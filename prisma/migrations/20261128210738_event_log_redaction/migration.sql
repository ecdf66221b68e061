-- CreateTable
CREATE TABLE "platform_redacted_field" (
    "name" TEXT NOT NULL,
    "redactedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "platform_redacted_field_pkey" PRIMARY KEY ("name")
);

-- Hand-written. The log was cleared of SSNs and dates of birth when it stopped taking them
-- (migration event_log_without_identifiers).
INSERT INTO "platform_redacted_field" ("name") VALUES ('ssn'), ('dateOfBirth');

-- The SQL twin of packages/events/src/redaction.ts: `value` with the value of every key in `names`
-- written '[redacted]' at any depth, and an update's change of such a field ({ field, before, after })
-- keeping the field's name and losing both values.
CREATE FUNCTION "pap_event_redacted"(value jsonb, names text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result jsonb := '{}'::jsonb;
  entry record;
  change_of_sensitive boolean;
BEGIN
  IF jsonb_typeof(value) = 'array' THEN
    SELECT coalesce(jsonb_agg("pap_event_redacted"(item, names) ORDER BY position), '[]'::jsonb) INTO result
    FROM jsonb_array_elements(value) WITH ORDINALITY AS items(item, position);
    RETURN result;
  END IF;
  IF jsonb_typeof(value) IS DISTINCT FROM 'object' THEN
    RETURN value;
  END IF;
  change_of_sensitive := jsonb_typeof(value -> 'field') = 'string' AND (value ->> 'field') = ANY(names);
  FOR entry IN SELECT key, item FROM jsonb_each(value) AS pairs(key, item) LOOP
    IF jsonb_typeof(entry.item) <> 'null' AND (entry.key = ANY(names) OR (change_of_sensitive AND entry.key IN ('before', 'after'))) THEN
      result := result || jsonb_build_object(entry.key, '[redacted]');
    ELSE
      result := result || jsonb_build_object(entry.key, "pap_event_redacted"(entry.item, names));
    END IF;
  END LOOP;
  RETURN result;
END $$;

-- The append-only guard lets one more write through: the redaction pass's. In a transaction that
-- names the fields it clears (`pap.redacting`, a comma list), an event may change its data, and only
-- into that data with those fields' values written '[redacted]': nothing else of it, and no other
-- data, so the exception cannot be used to rewrite what happened.
CREATE OR REPLACE FUNCTION "platform_event_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  numbered platform_event;
  redacting text := current_setting('pap.redacting', true);
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."position" IS NULL AND NEW."position" IS NOT NULL THEN
    numbered := OLD;
    numbered."position" := NEW."position";
    IF numbered IS NOT DISTINCT FROM NEW THEN
      RETURN NEW;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND redacting IS NOT NULL AND redacting <> '' THEN
    numbered := OLD;
    numbered."data" := NEW."data";
    IF numbered IS NOT DISTINCT FROM NEW AND NEW."data" = "pap_event_redacted"(OLD."data", string_to_array(redacting, ',')) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'platform_event is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
