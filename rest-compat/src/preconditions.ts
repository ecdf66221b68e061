import type { RestRoute } from "@pap/kernel/rest";

/**
 * Whether the route changes a record that exists (PATCH, PUT, DELETE, or an action POSTed at a
 * record's path), as opposed to creating one (201): the changes If-Match holds to a version, and
 * REQUIRE_IF_MATCH requires it on.
 */
export const changesARecord = (route: RestRoute) =>
  ["PATCH", "PUT", "DELETE"].includes(route.method) ||
  (route.method === "POST" && route.path.includes("{") && !(route.answer.kind === "record" && route.answer.status === 201));
