import { badRequest, isUuid } from "@pap/core";
import type { RestRoute } from "../domain/rest-route";

/** A list's query parameter beside the list ones: the field it filters, and what its value must be. */
export type ListFilter = { name: string; description: string; values: "uuid" | readonly string[] };

/**
 * A list route taking filters as query parameters (`?applicationId=…`, SPEC §4): each is the condition
 * `<name>:<value>` added to `q`, where it can also be written. A value that is not of its kind is a 400.
 */
export function withListFilters(route: RestRoute, filters: readonly ListFilter[]): RestRoute {
  // A create at the same path as its list would advertise (and silently take) filters it never applies.
  if (route.method !== "GET" || !route.docs.list) throw new Error(`withListFilters: ${route.method} ${route.path} is not a list`);
  return {
    ...route,
    variables: (request) => {
      const query = { ...request.query };
      const conditions: string[] = [];
      for (const filter of filters) {
        const value = query[filter.name];
        delete query[filter.name];
        if (value === undefined) continue;
        const valid = typeof value === "string" && (filter.values === "uuid" ? isUuid(value) : filter.values.includes(value));
        if (!valid) {
          const expected = filter.values === "uuid" ? "a uuid" : `one of: ${filter.values.join(", ")}`;
          throw badRequest(`Invalid '${filter.name}' parameter.`, [{ field: filter.name, message: `must be ${expected}, given once` }]);
        }
        conditions.push(`${filter.name}:${filter.values === "uuid" ? value.toLowerCase() : value}`);
      }
      const variables = route.variables({ ...request, query });
      if (!conditions.length) return variables;
      return { ...variables, q: [variables.q, ...conditions].filter(Boolean).join(" ") };
    },
    docs: { ...route.docs, queryParameters: [...(route.docs.queryParameters ?? []), ...filters.map(({ name, description }) => ({ name, description }))] },
  };
}
