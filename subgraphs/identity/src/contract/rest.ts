import { selfUpdateBody, user } from "./user";
import { ApiError, notFound } from "@pap/core";
import { declaredFields, parseBody, requireObjectBody, withoutReadOnlyFields } from "@pap/kernel/validation";
import { roles } from "@pap/kernel/auth";
import type { RestRoute } from "@pap/kernel/domain";
import { crudRoutes } from "@pap/kernel/rest";
import { z } from "zod";

const tag = "Identity and access";
const base = "/identity-access";
const roleResponse = z.object({ name: z.enum(roles), permissions: z.array(z.string()) });
const claimsResponse = z.object({
  sub: z.string(),
  userId: z.uuid(),
  role: z.enum(roles).nullable(),
  roles: z.array(roleResponse),
  permissions: z.array(z.string()),
  counties: z.array(z.string()),
  organizationId: z.uuid().nullable(),
  personId: z.uuid().nullable(),
  email: z.string(),
  name: z.string().nullable(),
});

/** Every identity operation may answer 401 and (but for `me`) 403 (SPEC §4.8). */
const withAuthErrors = (route: RestRoute, statuses = [401, 403]): RestRoute => ({
  ...route,
  docs: { ...route.docs, errorStatuses: [...new Set([...route.docs.errorStatuses, ...statuses])].sort() },
});

const userCrud = crudRoutes({ resource: user, tag, collectionPath: `${base}/users`, idParam: "userId", mutations: { delete: "deactivateUser" } }).map((route) =>
  // Deleting a user is a soft delete: the account stays, inactive.
  route.method === "DELETE"
    ? { ...route, summary: "Deactivate a user (soft delete: status becomes inactive)", document: `mutation ($id: ID!) { result: deactivateUser(id: $id) { id } }` }
    : route.method === "POST"
      ? { ...route, docs: { ...route.docs, errorStatuses: [...route.docs.errorStatuses, 409] } }
      : route,
);

const found = (result: unknown) => {
  if (result === null || result === undefined) throw notFound("User", "me");
  return result;
};

/** What an administrator may change on an account. */
const administeredFields = declaredFields(user.updateBody);

/**
 * `PATCH /users/me` changes preferences only; a body naming an administered field (roles, status,
 * counties…) asks for what only users:update on /users/{userId} may change.
 */
function ownPreferences(body: unknown): z.infer<typeof selfUpdateBody> {
  const fields = withoutReadOnlyFields(requireObjectBody(body, { nonEmpty: true }));
  const administered = Object.keys(fields).filter((field) => field !== "preferences" && administeredFields.includes(field));
  if (administered.length) {
    throw new ApiError(
      403,
      "FORBIDDEN",
      "On your own account only 'preferences' can be changed; an administrator changes the rest through /identity-access/users/{userId}.",
      administered.map((field) => ({ field, message: "not changeable on your own account" })),
    );
  }
  return parseBody(selfUpdateBody, fields);
}

const meRoutes: RestRoute[] = [
  {
    method: "GET",
    path: `${base}/users/me`,
    operationId: "getMe",
    summary: "Get the caller's own account",
    tag,
    document: `query { result: me { ${user.selection} } }`,
    variables: () => ({}),
    respond: (result) => ({ status: 200, body: found(result) }),
    docs: { response: user.response, successStatus: 200, errorStatuses: [401, 404, 500] },
  },
  {
    method: "PATCH",
    path: `${base}/users/me`,
    operationId: "updateMe",
    summary: "Change the caller's own preferences",
    tag,
    document: `mutation ($input: MyAccountInput!) { result: updateMe(input: $input) { ${user.selection} } }`,
    variables: (request) => ({ input: ownPreferences(request.body) }),
    respond: (result) => ({ status: 200, body: found(result) }),
    docs: { body: selfUpdateBody, response: user.response, successStatus: 200, errorStatuses: [400, 401, 403, 404, 422, 500] },
  },
];

const claimsRoute: RestRoute = {
  method: "GET",
  path: `${base}/token/claims/{sub}`,
  operationId: "getTokenClaims",
  summary: "Claims to embed in a user's token at login (identity provider only; authenticated by X-API-Key)",
  tag,
  document: `query ($sub: String!) { result: tokenClaims(sub: $sub) { sub userId role roles { name permissions } permissions counties organizationId personId email name } }`,
  variables: (request) => ({ sub: request.params.sub ?? "" }),
  respond: (result) => ({ status: 200, body: result }),
  docs: { response: claimsResponse, successStatus: 200, errorStatuses: [401, 404, 500] },
};

/** The identity domain (SPEC §4.8): accounts, the caller's own, and token enrichment. */
export const identityRoutes: RestRoute[] = [...meRoutes, ...userCrud.map((route) => withAuthErrors(route)), claimsRoute];
