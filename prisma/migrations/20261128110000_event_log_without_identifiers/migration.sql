-- The event log holds no SSN and no date of birth (packages/events/src/redaction.ts redacts them as
-- every envelope is made). Events recorded before that carry them in clear, and a log that is read by
-- every case worker must not keep them: once, and only here, the append-only guard is lifted to write
-- those values as '[redacted]', at any depth of an event's data, an update's changes keeping the
-- field's name. Fields a deployment adds with SENSITIVE_FIELDS are redacted from then on.
CREATE FUNCTION pg_temp.redacted(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result jsonb := '{}'::jsonb;
  entry record;
  change_of_sensitive boolean;
BEGIN
  IF jsonb_typeof(value) = 'array' THEN
    SELECT coalesce(jsonb_agg(pg_temp.redacted(item) ORDER BY position), '[]'::jsonb) INTO result
    FROM jsonb_array_elements(value) WITH ORDINALITY AS items(item, position);
    RETURN result;
  END IF;
  IF jsonb_typeof(value) <> 'object' THEN
    RETURN value;
  END IF;
  change_of_sensitive := jsonb_typeof(value -> 'field') = 'string' AND (value ->> 'field') IN ('ssn', 'dateOfBirth');
  FOR entry IN SELECT key, item FROM jsonb_each(value) AS pairs(key, item) LOOP
    IF jsonb_typeof(entry.item) <> 'null'
       AND (entry.key IN ('ssn', 'dateOfBirth') OR (change_of_sensitive AND entry.key IN ('before', 'after'))) THEN
      result := result || jsonb_build_object(entry.key, '[redacted]');
    ELSE
      result := result || jsonb_build_object(entry.key, pg_temp.redacted(entry.item));
    END IF;
  END LOOP;
  RETURN result;
END $$;

ALTER TABLE platform_event DISABLE TRIGGER platform_event_append_only;
UPDATE platform_event SET data = pg_temp.redacted(data)
WHERE data IS NOT NULL AND (data::text LIKE '%"ssn"%' OR data::text LIKE '%"dateOfBirth"%');
ALTER TABLE platform_event ENABLE TRIGGER platform_event_append_only;
