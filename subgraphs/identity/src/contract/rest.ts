import { selfUpdateBody, user } from "./user";
import { ApiError } from "@pap/core";
import { declaredFields, parseBody, requireObjectBody, withoutReadOnlyFields } from "@pap/kernel/validation";
import { roles } from "@pap/kernel/auth";
import { type RestRequest, type RestRoute, crudRoutes, declareRoute, found, pathArgument, readArgument, shown } from "@pap/kernel/rest";
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
  programs: z.array(z.string()),
  sharesIdentifiers: z.boolean(),
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

/** A deactivated user's id: the account stays, inactive. */
const deactivated = z.object({ id: z.uuid() });

const userCrud = crudRoutes({
  resource: user,
  tag,
  collectionPath: `${base}/users`,
  idParam: "userId",
  mutations: { delete: "deactivateUser" },
}).map((route) =>
  // Deleting a user is a soft delete: the account stays, inactive.
  route.method === "DELETE"
    ? declareRoute({ ...route, summary: "Deactivate a user (soft delete: status becomes inactive)", result: deactivated })
    : route.method === "POST"
      ? { ...route, docs: { ...route.docs, errorStatuses: [...route.docs.errorStatuses, 409] } }
      : route,
);

/** What an administrator may change on an account. */
const administeredFields = declaredFields(user.updateBody);

/**
 * `PATCH /users/me` changes preferences only; a body naming an administered field (roles, status,
 * counties…) asks for what only users:update on /users/{userId} may change.
 */
function ownPreferences(request: RestRequest): z.infer<typeof selfUpdateBody> {
  const fields = withoutReadOnlyFields(requireObjectBody(request.body, { nonEmpty: true }));
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

/** The caller's own account, when its token matches none. */
const noAccount = {
  message: "The caller has no user account: an administrator creates one (POST /identity-access/users) for the token's subject or user id.",
};

const meRoutes: RestRoute[] = [
  declareRoute({
    method: "GET",
    path: `${base}/users/me`,
    operationId: "getMe",
    summary: "Get the caller's own account",
    tag,
    operation: "query",
    field: "me",
    result: user,
    answer: found(noAccount),
    docs: { errorStatuses: [401, 404, 500] },
  }),
  declareRoute({
    method: "PATCH",
    path: `${base}/users/me`,
    operationId: "updateMe",
    summary: "Change the caller's own preferences",
    tag,
    operation: "mutation",
    field: "updateMe",
    args: [readArgument("input", "MyAccountInput!", ownPreferences)],
    result: user,
    answer: found(noAccount),
    docs: { body: selfUpdateBody, errorStatuses: [400, 401, 403, 404, 422, 500] },
  }),
];

const claimsRoute = declareRoute({
  method: "GET",
  path: `${base}/token/claims/{sub}`,
  operationId: "getTokenClaims",
  summary: "Claims to embed in a user's token at login (identity provider only; authenticated by X-API-Key)",
  tag,
  operation: "query",
  field: "tokenClaims",
  args: [pathArgument("sub", { type: "String!" })],
  result: claimsResponse,
  answer: shown(),
  docs: { errorStatuses: [401, 404, 500] },
});

/** The identity domain (SPEC §4.8): accounts, the caller's own, and token enrichment. */
export const identityRoutes: RestRoute[] = [...meRoutes, ...userCrud.map((route) => withAuthErrors(route)), claimsRoute];
