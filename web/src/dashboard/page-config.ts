// What the platform tells the page as it serves it (gateway/src/dashboard.ts): the mode, and the
// vocabulary the panels count by, taken from the domains' own declarations so that the page never
// restates a state or a channel.

export type PageConfig = {
  development: boolean;
  /** The platform runs trusted documents (GRAPHQL_TRUSTED_DOCUMENTS): operations go by hash. */
  byHash: boolean;
  roles: string[];
  /** The task states in which work is still to do (every state whose SLA clock is not stopped). */
  openTaskStatuses: string[];
  applicationStatuses: string[];
  applicationChannels: string[];
};

export const pageConfig = JSON.parse(document.getElementById("dashboard-config")?.textContent ?? "{}") as PageConfig;
