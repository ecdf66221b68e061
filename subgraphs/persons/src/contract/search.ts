import { defineSearchProjection } from "@pap/kernel/search";
import { personEvents } from "../domain/events";

/** A person in cross-resource search: found by name, e-mail and phone (the record's mirror columns), titled "First Last". */
export const personSearch = defineSearchProjection({
  type: "person",
  table: "person",
  events: [`${personEvents.domain}.person.`],
  title: { columns: [{ column: "firstName" }, { column: "lastName" }] },
  attributes: [
    { field: "name.firstName", label: "First name", column: "firstName" },
    { field: "name.lastName", label: "Last name", column: "lastName" },
    { field: "email", label: "Email", column: "email" },
    { field: "phoneNumber", label: "Phone number", column: "phoneNumber" },
  ],
  path: "/persons/{id}",
  // As the persons list: everyone's with persons:read, an applicant only their own record.
  read: { permission: "persons:read", own: { permission: "persons:read:own", owner: "id", principal: "personId" } },
});
