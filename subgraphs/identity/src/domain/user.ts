import { z } from "zod";
import type { User } from "@pap/db";
import { defineListSpec, roles, validationFailed } from "@pap/kernel";

export const userStatuses = ["active", "inactive", "pending", "suspended"] as const;
export type UserStatus = (typeof userStatuses)[number];

/** A role by name; a Role object as the API shows it ({ name, permissions }) is read by its name, so a client may send back what it read. */
const role = z.preprocess(
  (value) => (typeof value === "object" && value !== null && "name" in value ? (value as { name: unknown }).name : value),
  z.enum(roles, { message: `must be one of: ${roles.join(", ")}` }),
);
/** County assignments are five-digit FIPS codes (state + county), e.g. 06075. */
const county = z.string().regex(/^\d{5}$/, "must be a five-digit county FIPS code");
const uuid = z.uuid({ message: "must be a uuid" });

const userFields = {
  email: z.email({ message: "must be an email address" }).max(320),
  name: z.string().min(1, "must not be empty").max(200).nullable(),
  role,
  roles: z.array(role).min(1, "must name at least one role").max(roles.length),
  counties: z.array(county).max(500),
  organizationId: uuid.nullable(),
  personId: uuid.nullable(),
  caseWorkerId: uuid.nullable(),
};

/**
 * UserCreate: links an identity-provider subject to its roles and counties. The reference contract
 * names one `role`; `roles` grants several at once. Either (or both) may be given.
 */
export const userCreateBody = z
  .strictObject({
    idpSubject: z.string().trim().min(1, "must not be empty").max(255),
    ...userFields,
    name: userFields.name.optional(),
    role: userFields.role.optional(),
    roles: userFields.roles.optional(),
    counties: userFields.counties.optional(),
    organizationId: userFields.organizationId.optional(),
    personId: userFields.personId.optional(),
    caseWorkerId: userFields.caseWorkerId.optional(),
  })
  .refine((body) => body.role !== undefined || body.roles !== undefined, { path: ["role"], message: "is required (or give 'roles')" });

/** Fixed once linked; a body may still carry it unchanged (a client sending back what it read): the account's own is compared with it. */
const idpSubjectAsRead = z.string().max(255);

/** Refuses an update whose `idpSubject` differs from the account's. */
export function requireSameSubject(body: { idpSubject?: string }, current: { idpSubject: string }): void {
  if (body.idpSubject !== undefined && body.idpSubject !== current.idpSubject) {
    throw validationFailed([{ field: "idpSubject", message: "cannot be changed: it links the account to the identity provider" }]);
  }
}

/** UserUpdate, as an administrator applies it to any account. */
export const userUpdateBody = z
  .strictObject({
    ...userFields,
    status: z.enum(userStatuses, { message: `must be one of: ${userStatuses.join(", ")}` }),
    preferences: z.record(z.string(), z.unknown()),
    idpSubject: idpSubjectAsRead,
  })
  .partial();

/** What a user may change on their own account (`me`): their preferences, nothing that grants access. */
export const selfUpdateBody = z.strictObject({ preferences: z.record(z.string(), z.unknown()) });

export type UserCreate = z.infer<typeof userCreateBody>;
export type UserUpdate = z.infer<typeof userUpdateBody>;

/** The roles a create or update asks for: `roles` and `role` together, each named once. */
export function requestedRoles(body: { role?: string; roles?: readonly string[] }): string[] | undefined {
  if (body.role === undefined && body.roles === undefined) return undefined;
  return [...new Set([...(body.role !== undefined ? [body.role] : []), ...(body.roles ?? [])])];
}

export const userListSpec = defineListSpec({
  resource: "users",
  fields: {
    id: { kind: "uuid" },
    idpSubject: { kind: "string" },
    email: { kind: "string" },
    name: { kind: "string", nullable: true },
    status: { kind: "enum", values: userStatuses },
    role: { kind: "tags", column: "roles", values: roles },
    roles: { kind: "tags", values: roles },
    "roles.name": { kind: "tags", column: "roles", values: roles },
    county: { kind: "tags", column: "counties" },
    counties: { kind: "tags" },
    organizationId: { kind: "uuid", nullable: true },
    personId: { kind: "uuid", nullable: true },
    caseWorkerId: { kind: "uuid", nullable: true },
    createdAt: { kind: "datetime" },
    updatedAt: { kind: "datetime" },
  },
  unfilterable: ["ui", "preferences"],
  fullText: ["name", "email", "idpSubject"],
  sortable: ["createdAt", "updatedAt", "status"],
  defaultSort: "-updatedAt",
});


/** The account as its events carry it: the grants and links, without the UI state. */
export const userSnapshot = (user: User) => ({
  id: user.id,
  idpSubject: user.idpSubject,
  email: user.email,
  name: user.name,
  roles: user.roles,
  status: user.status,
  counties: user.counties,
  organizationId: user.organizationId,
  personId: user.personId,
  caseWorkerId: user.caseWorkerId,
  preferences: user.preferences,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
});
