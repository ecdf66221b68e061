import type { Principal } from "@pap/kernel/auth";

/**
 * Who the agency adapters are when they read a requesting record's sensitive facts from its domain: a
 * principal of their own, not the system's, whose one role (`agency_adapter`, a service role no
 * credential can carry) is granted only those facts. It is made here and handed to the sources alone,
 * so no request, reaction or token ever acts as it.
 */
export const agencyAdapterPrincipal: Principal = {
  kind: "service_account",
  id: "data-exchange:agency-adapters",
  roles: ["agency_adapter"],
  counties: [],
};
