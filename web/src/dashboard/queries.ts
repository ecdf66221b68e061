// The dashboard's operations, all through the public graph: lists with `q` and `total`, aliased so one
// request answers a whole panel. Every document is fixed for a given vocabulary (the domains' states
// and channels) and takes what changes (a queue, a day, a caller) as variables, so that the build can
// list them all as trusted documents (build.mjs) and a trusted deployment can run them by hash.

import type { PageConfig } from "./page-config";

export type Vocabulary = Pick<PageConfig, "openTaskStatuses" | "applicationStatuses" | "applicationChannels">;

/** A document and the variables it is sent with. */
export type Operation = { query: string; variables?: Record<string, unknown> };

export const taskFields =
  "id name status priority isExpedited programType slaDeadline createdAt assignedToId queueId availableActions slaInfo { slaTypeCode status deadline }";

export const taskActions: Record<string, { mutation: string; label: string }> = {
  claim: { mutation: "claimTask", label: "Claim" },
  resume: { mutation: "resumeTask", label: "Resume" },
  complete: { mutation: "completeTask", label: "Complete" },
  release: { mutation: "releaseTask", label: "Release" },
};

const literal = (text: string) => JSON.stringify(text);
const eventSummary = "total items { id type source subject time position traceid }";

/** Every operation of the dashboard, for one vocabulary. */
export function dashboardOperations({ openTaskStatuses, applicationStatuses, applicationChannels }: Vocabulary) {
  const open = openTaskStatuses.join(",");
  const counted = openTaskStatuses.filter((status) => status !== "pending");
  /**
   * One queue's overview: a count per open state, the oldest task waiting to be claimed, the tasks whose
   * SLA clocks are in warning or breached, and the open tasks with the nearest deadlines. The queue
   * is in each list's `q`, one variable per alias.
   */
  const queueOverviewDocument = `query DashboardQueue($pending: String!, ${counted.map((status) => `$${status}: String!`).join(", ")}, $warning: String!, $breached: String!, $urgent: String!) {
  pending: tasks(q: $pending, sort: "createdAt", limit: 1) { total items { id name createdAt } }
  ${counted.map((status) => `${status}: tasks(q: $${status}, limit: 1) { total }`).join("\n  ")}
  warning: tasks(q: $warning, limit: 1) { total }
  breached: tasks(q: $breached, limit: 1) { total }
  urgent: tasks(q: $urgent, sort: "slaDeadline", limit: 5) { items { ${taskFields} } }
}`;
  /** Applications by status and channel, those submitted since a day began, and expedited ones awaiting review. */
  const applicationsOverviewDocument = `query DashboardApplications($submittedSince: String!) {
  ${applicationStatuses.map((status) => `status_${status}: applications(q: ${literal(`status:${status}`)}, limit: 1) { total }`).join("\n  ")}
  ${applicationChannels.map((channel) => `channel_${channel}: applications(q: ${literal(`channel:${channel}`)}, limit: 1) { total }`).join("\n  ")}
  submittedToday: applications(q: $submittedSince, limit: 1) { total }
  expedited: applications(q: "isExpedited:true status:submitted", sort: "submittedAt", limit: 5) { total items { id status submittedAt programs } }
}`;
  /** The caller's own open tasks, nearest deadline first, and unassigned tasks ready to be claimed. */
  const myWorkDocument = `query DashboardMyWork($mine: String!) {
  mine: tasks(q: $mine, sort: "slaDeadline,priority,createdAt", limit: 50) { total items { ${taskFields} } }
  ready: tasks(q: "status:pending -assignedToId:*", sort: "slaDeadline,priority,createdAt", limit: 10) { total items { ${taskFields} } }
}`;
  const taskActionDocuments = Object.fromEntries(
    Object.entries(taskActions).map(([action, { mutation }]) => [
      action,
      // Completing a task records its outcome (the workflow requires one).
      action === "complete"
        ? `mutation DashboardCompleteTask($id: ID!, $outcome: String!) { completeTask(id: $id, outcome: $outcome) { id status assignedToId } }`
        : `mutation DashboardTaskAction($id: ID!) { ${mutation}(id: $id) { id status assignedToId } }`,
    ]),
  );
  // The documents sent as they are.
  const fixed = {
    queues: `query DashboardQueues { queues(limit: 100, sort: "name") { items { id name description } } }`,
    recentEvents: `query DashboardRecentEvents { events(sort: "-time", limit: 50) { items { id type source subject time position traceid } } eventLogPosition }`,
    event: `query DashboardEvent($id: ID!) {
  event(id: $id) { id specversion type source subject time position datacontenttype traceparent traceid causationid authtype authid data }
}`,
    /** The events about one subject, whichever domain wrote them, oldest first. */
    eventsAboutSubject: `query DashboardSameSubject($subject: String!) { events(subject: $subject, limit: 100) { ${eventSummary} } }`,
    /** The events of one causal chain (a request and every reaction it caused), across domains. */
    eventsInTrace: `query DashboardSameTrace($traceid: String!) { events(traceid: $traceid, limit: 100) { ${eventSummary} } }`,
    /** The caller's own account (null when their credential names none). */
    me: "query DashboardMe { me { id } }",
    developmentAccount: "mutation DashboardDevelopmentAccount($input: UserCreateInput!) { createUser(input: $input) { id } }",
    live: `subscription Live($after: String) {
  events(after: $after) { id type source subject time position traceid }
}`,
  };
  return {
    ...fixed,
    queueOverview: (queueId: string): Operation => {
      const inQueue = `queueId:${queueId}`;
      return {
        query: queueOverviewDocument,
        variables: {
          pending: `${inQueue} status:pending`,
          ...Object.fromEntries(counted.map((status) => [status, `${inQueue} status:${status}`])),
          warning: `${inQueue} status:${open} slaInfo.status:warning`,
          breached: `${inQueue} status:${open} slaInfo.status:breached`,
          urgent: `${inQueue} status:${open} slaDeadline:*`,
        },
      };
    },
    applicationsOverview: (since: string): Operation => ({
      query: applicationsOverviewDocument,
      variables: { submittedSince: `submittedAt:>=${since}` },
    }),
    myWork: (userId: string): Operation => ({ query: myWorkDocument, variables: { mine: `assignedToId:${userId} status:${open}` } }),
    taskAction: (action: string) => taskActionDocuments[action]!,
    /** Every document above, for the trusted-documents manifest. */
    documents: [
      ...Object.values(fixed),
      queueOverviewDocument,
      applicationsOverviewDocument,
      myWorkDocument,
      ...Object.values(taskActionDocuments),
    ],
  };
}
