-- AlterTable
ALTER TABLE "person" ADD COLUMN     "counties" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "person_counties_idx" ON "person" USING GIN ("counties");

-- Hand-written: a person belongs to every county that holds a record of theirs (county scoping). The
-- persons domain adds their own address's county as it writes them; these triggers add the county of
-- each application and case that links them, in the transaction that links them or moves the
-- household, so that a caseworker who reaches the application reaches its people at once. Counties
-- are only ever added: a county that once held a person's record keeps reaching them.
CREATE FUNCTION pap_person_add_county(person_ids uuid[], county text) RETURNS void LANGUAGE sql AS $$
  UPDATE "person" SET "counties" = array_append(coalesce("counties", ARRAY[]::text[]), county)
  WHERE county IS NOT NULL AND "id" = ANY(person_ids) AND NOT (county = ANY(coalesce("counties", ARRAY[]::text[])));
$$;

CREATE FUNCTION pap_member_person_county() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."personId" IS NOT NULL THEN
    PERFORM pap_person_add_county(ARRAY[NEW."personId"], (SELECT "county" FROM "intake_application" WHERE "id" = NEW."applicationId"));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "intake_application_member_person_county" AFTER INSERT OR UPDATE OF "personId" ON "intake_application_member"
  FOR EACH ROW EXECUTE FUNCTION pap_member_person_county();

CREATE FUNCTION pap_application_person_county() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."county" IS NOT NULL AND NEW."county" IS DISTINCT FROM OLD."county" THEN
    PERFORM pap_person_add_county(
      ARRAY(SELECT "personId" FROM "intake_application_member" WHERE "applicationId" = NEW."id" AND "personId" IS NOT NULL), NEW."county");
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "intake_application_person_county" AFTER UPDATE OF "county" ON "intake_application"
  FOR EACH ROW EXECUTE FUNCTION pap_application_person_county();

CREATE FUNCTION pap_case_member_person_county() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pap_person_add_county(ARRAY[NEW."personId"], (SELECT "county" FROM "case" WHERE "id" = NEW."caseId"));
  RETURN NULL;
END $$;
CREATE TRIGGER "case_member_person_county" AFTER INSERT OR UPDATE OF "personId" ON "case_member"
  FOR EACH ROW EXECUTE FUNCTION pap_case_member_person_county();

CREATE FUNCTION pap_case_person_county() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pap_person_add_county(
    ARRAY(SELECT "personId" FROM "case_member" WHERE "caseId" = NEW."id") || NEW."primaryApplicantId", NEW."county");
  RETURN NULL;
END $$;
CREATE TRIGGER "case_person_county" AFTER INSERT OR UPDATE OF "county", "primaryApplicantId" ON "case"
  FOR EACH ROW EXECUTE FUNCTION pap_case_person_county();
