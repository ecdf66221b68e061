import { badRequest } from "@pap/core";
import { isRole, roles, signToken, type AuthSettings } from "@pap/kernel/auth";
import type { FastifyInstance } from "fastify";

/**
 * Development mode only: `GET /dev/token?role=case_worker[,supervisor]&sub=…&userId=…&counties=…&programs=…&sharesIdentifiers=true&personId=…`
 * answers a token signed with this machine's development key, so a newcomer can call every API.
 * Never registered when a real identity provider is configured.
 */
export function registerDevelopmentTokens(app: FastifyInstance, settings: AuthSettings): void {
  app.get("/dev/token", async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const requested = (query.role ?? "state_admin").split(",").map((role) => role.trim());
    const unknown = requested.filter((role) => !isRole(role));
    if (unknown.length)
      throw badRequest(`Unknown role: ${unknown.join(", ")}.`, [{ field: "role", message: `must be among ${roles.join(", ")}` }]);
    const sub = query.sub ?? `dev|${requested.join("+")}`;
    const claims = {
      sub,
      userId: query.userId ?? sub,
      roles: requested,
      counties: query.counties?.split(",").filter(Boolean) ?? [],
      // A partner's data-sharing agreement (docs/partner-scoping.md).
      ...(query.programs && { programs: query.programs.split(",").filter(Boolean) }),
      ...(query.sharesIdentifiers === "true" && { sharesIdentifiers: true }),
      ...(query.personId && { personId: query.personId }),
    };
    const lifetimeSeconds = 8 * 3600;
    return { token: await signToken(settings, claims, lifetimeSeconds), tokenType: "Bearer", expiresIn: lifetimeSeconds, claims };
  });
}
