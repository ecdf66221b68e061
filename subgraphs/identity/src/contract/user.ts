import { defineResource, type CreateBody, type UpdateBody } from "@pap/kernel/resource";
import { roles } from "@pap/kernel/auth";
import { benefitPrograms } from "@pap/core";
import { z } from "zod";

export const userStatuses = ["active", "inactive", "pending", "suspended"] as const;
export type UserStatus = (typeof userStatuses)[number];

/** A role by name; a Role object as the API shows it ({ name, permissions }) is read by its name, so a client may send back what it read. */
const role = z.preprocess(
  (value) => (typeof value === "object" && value !== null && "name" in value ? (value as { name: unknown }).name : value),
  z.enum(roles, { message: `must be one of: ${roles.join(", ")}` }),
);
/** County assignments are five-digit FIPS codes (state + county), e.g. 06075. */
const county = z.string().regex(/^\d{5}$/, "must be a five-digit county FIPS code");
const roleName = { kind: "enum", values: roles, enumName: "RoleName" } as const;

/**
 * An account, declared once: an identity-provider subject linked to roles and counties. The
 * reference contract names one `role`; `roles` grants several at once; either (or both) may be given.
 * The subject is fixed once linked: an update may carry it only as the account has it.
 */
export const user = defineResource({
  name: "User",
  plural: "users",
  model: "User",
  description: "An account: an identity-provider subject linked to roles and county assignments.",
  fields: {
    id: { kind: "uuid" },
    userId: {
      kind: "uuid",
      column: "id",
      description: "The same id, as tokens carry it (`userId` claim).",
      inEvents: false,
      filter: false,
    },
    idpSubject: {
      kind: "string",
      write: "always",
      required: true,
      input: { create: z.string().trim().min(1, "must not be empty").max(255), update: z.string().max(255) },
      description: "The identity provider's `sub`; fixed once linked.",
      inputDescription: { update: "Fixed once linked: accepted only as the account has it (a client sending back what it read)." },
      search: true,
    },
    email: {
      kind: "string",
      write: "always",
      required: true,
      input: z.email({ message: "must be an email address" }).max(320),
      search: true,
    },
    name: { kind: "string", nullable: true, write: "always", input: z.string().min(1, "must not be empty").max(200), search: true },
    role: { ...roleName, visibility: "input", write: "always", input: role },
    roles: {
      kind: "object",
      list: true,
      objectName: "Role",
      objectDescription: "A role the user holds, with every permission it grants across the platform (`{resource}:{action}`).",
      resolvedBy: "schema",
      fields: { name: roleName, permissions: { kind: "string", list: true } },
      write: "always",
      inputAs: { ...roleName, list: true },
      input: z.array(role).min(1, "must name at least one role").max(roles.length),
    },
    status: { kind: "enum", values: userStatuses, enumName: "UserStatus", write: "update", sort: true },
    counties: {
      kind: "string",
      list: true,
      write: "always",
      input: z.array(county).max(500),
      description: "County FIPS codes the user works in.",
    },
    programs: {
      kind: "string",
      list: true,
      write: "always",
      input: z.array(z.enum(benefitPrograms, { message: `must be one of: ${benefitPrograms.join(", ")}` })).max(benefitPrograms.length),
      description:
        "A partner's data-sharing agreement: the programs whose applications, determinations and service calls it reads (nothing else, and none of other programs). Staff accounts ignore it.",
    },
    sharesIdentifiers: {
      kind: "boolean",
      write: "always",
      description:
        "Whether a partner's agreement lets it see personal identifiers (SSNs, dates of birth, the deployment's sensitive fields); without it they read as null.",
    },
    organizationId: { kind: "uuid", nullable: true, write: "always" },
    personId: { kind: "uuid", nullable: true, write: "always" },
    caseWorkerId: { kind: "uuid", nullable: true, write: "always" },
    preferences: { kind: "json", write: "update" },
    ui: { kind: "json", description: "UI state kept by the platform; read-only.", inEvents: false },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  refineCreate: (body) =>
    body.refine((value) => value.role !== undefined || value.roles !== undefined, {
      path: ["role"],
      message: "is required (or give 'roles')",
    }),
  list: {
    defaultSort: "-updatedAt",
    extra: {
      role: { kind: "tags", column: "roles", values: roles },
      roles: { kind: "tags", values: roles },
      "roles.name": { kind: "tags", column: "roles", values: roles },
      county: { kind: "tags", column: "counties" },
    },
  },
});

export type UserCreate = CreateBody<typeof user>;
export type UserUpdate = UpdateBody<typeof user>;

/** What a user may change on their own account (`me`): their preferences, nothing that grants access. */
export const selfUpdateBody = z.strictObject({ preferences: z.record(z.string(), z.unknown()) });
