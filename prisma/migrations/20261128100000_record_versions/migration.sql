-- A record's version is its "updatedAt" (in milliseconds): the ETag clients send back in If-Match.
--
-- 1. Every change of a record moves its version forward, even one made within the millisecond of the
--    last or by a write that does not set "updatedAt" itself, so two versions of a record never share
--    a value. A write that is no change of the record as clients see it (deriving a person's match
--    keys) says so with the transaction's setting `pap.keep_version` = 'on', and leaves it alone.
-- 2. A request's precondition (If-Match: the record's id and the version the client read) is put in
--    the transaction's setting `pap.if_match` as '<id> <version>'. The change of that record, under its
--    row lock (after any concurrent change of it has committed), is refused with SQLSTATE PT412 when
--    the record is no longer at that version: of two clients who read the same version, one wins.
CREATE FUNCTION pap_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expected text := current_setting('pap.if_match', true);
BEGIN
  IF expected IS NOT NULL AND expected <> ''
     AND OLD.id::text = split_part(expected, ' ', 1)
     AND (floor(extract(epoch FROM OLD."updatedAt") * 1000))::bigint::text <> split_part(expected, ' ', 2) THEN
    RAISE EXCEPTION 'the record % is no longer at version %', OLD.id, split_part(expected, ' ', 2) USING ERRCODE = 'PT412';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW IS DISTINCT FROM OLD AND NEW."updatedAt" <= OLD."updatedAt"
     AND coalesce(current_setting('pap.keep_version', true), '') <> 'on' THEN
    NEW."updatedAt" := OLD."updatedAt" + interval '1 millisecond';
  END IF;
  RETURN NEW;
END $$;

DO $$
DECLARE
  resource_table text;
BEGIN
  FOREACH resource_table IN ARRAY ARRAY[
    'case', 'data_exchange_service', 'data_exchange_service_call', 'document_type', 'document',
    'eligibility_determination', 'eligibility_decision', 'app_user', 'intake_application',
    'intake_application_member', 'intake_income', 'intake_expense', 'intake_asset', 'intake_asset_disposal',
    'intake_job', 'intake_health_plan', 'intake_health_enrollment', 'intake_deduction',
    'intake_disability_benefit', 'intake_tax_filer', 'intake_contact', 'intake_organization',
    'intake_person_relationship', 'intake_authorized_representative', 'intake_sponsor', 'intake_signature',
    'intake_household_info', 'intake_child_support', 'intake_interview', 'intake_verification', 'person',
    'appointment', 'workflow_queue', 'workflow_task'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER record_version BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION pap_record_version()',
      resource_table
    );
  END LOOP;
END $$;
