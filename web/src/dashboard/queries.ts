// The dashboard's reads, all through the public graph: lists with `q` and `total`, aliased so one
// request answers a whole panel.

import { pageConfig } from "./page-config";

const { openTaskStatuses, applicationStatuses, applicationChannels } = pageConfig;
const open = openTaskStatuses.join(",");

export const taskFields =
  "id name status priority isExpedited programType slaDeadline createdAt assignedToId queueId availableActions slaInfo { slaTypeCode status deadline }";

export const queuesQuery = `query DashboardQueues { queues(limit: 100, sort: "name") { items { id name description } } }`;

const literal = (text: string) => JSON.stringify(text);

/**
 * One queue's overview: a count per open state, the oldest task waiting to be claimed, the tasks whose
 * SLA clocks are in warning or breached, and the open tasks with the nearest deadlines.
 */
export function queueOverviewQuery(queueId: string): string {
  const inQueue = `queueId:${queueId}`;
  const counts = openTaskStatuses
    .filter((status) => status !== "pending")
    .map((status) => `${status}: tasks(q: ${literal(`${inQueue} status:${status}`)}, limit: 1) { total }`);
  return `query DashboardQueue {
  pending: tasks(q: ${literal(`${inQueue} status:pending`)}, sort: "createdAt", limit: 1) { total items { id name createdAt } }
  ${counts.join("\n  ")}
  warning: tasks(q: ${literal(`${inQueue} status:${open} slaInfo.status:warning`)}, limit: 1) { total }
  breached: tasks(q: ${literal(`${inQueue} status:${open} slaInfo.status:breached`)}, limit: 1) { total }
  urgent: tasks(q: ${literal(`${inQueue} status:${open} slaDeadline:*`)}, sort: "slaDeadline", limit: 5) { items { ${taskFields} } }
}`;
}

/** Applications by status and channel, those submitted since `since`, and expedited ones awaiting review. */
export function applicationsOverviewQuery(since: string): string {
  const byStatus = applicationStatuses.map(
    (status) => `status_${status}: applications(q: ${literal(`status:${status}`)}, limit: 1) { total }`,
  );
  const byChannel = applicationChannels.map(
    (channel) => `channel_${channel}: applications(q: ${literal(`channel:${channel}`)}, limit: 1) { total }`,
  );
  return `query DashboardApplications {
  ${byStatus.join("\n  ")}
  ${byChannel.join("\n  ")}
  submittedToday: applications(q: ${literal(`submittedAt:>=${since}`)}, limit: 1) { total }
  expedited: applications(q: "isExpedited:true status:submitted", sort: "submittedAt", limit: 5) { total items { id status submittedAt programs } }
}`;
}

/** The caller's own open tasks, nearest deadline first, and unassigned tasks ready to be claimed. */
export function myWorkQuery(userId: string): string {
  return `query DashboardMyWork {
  mine: tasks(q: ${literal(`assignedToId:${userId} status:${open}`)}, sort: "slaDeadline,priority,createdAt", limit: 50) { total items { ${taskFields} } }
  ready: tasks(q: "status:pending -assignedToId:*", sort: "slaDeadline,priority,createdAt", limit: 10) { total items { ${taskFields} } }
}`;
}

export const recentEventsQuery = `query DashboardRecentEvents { events(sort: "-time", limit: 50) { items { id type source subject time position traceid } } eventLogPosition }`;

export const eventQuery = `query DashboardEvent($id: ID!) {
  event(id: $id) { id specversion type source subject time position datacontenttype traceparent traceid causationid authtype authid data }
}`;

const eventSummary = "total items { id type source subject time position traceid }";

/** The events about one subject, whichever domain wrote them, oldest first. */
export const eventsAboutSubjectQuery = `query DashboardSameSubject($subject: String!) { events(subject: $subject, limit: 100) { ${eventSummary} } }`;

/** The events of one causal chain (a request and every reaction it caused), across domains. */
export const eventsInTraceQuery = `query DashboardSameTrace($traceid: String!) { events(traceid: $traceid, limit: 100) { ${eventSummary} } }`;

export const taskActions: Record<string, { mutation: string; label: string }> = {
  claim: { mutation: "claimTask", label: "Claim" },
  resume: { mutation: "resumeTask", label: "Resume" },
  complete: { mutation: "completeTask", label: "Complete" },
  release: { mutation: "releaseTask", label: "Release" },
};

/** The mutation of a task action; completing one records its outcome (the workflow requires one). */
export const taskActionMutation = (action: string) =>
  action === "complete"
    ? `mutation DashboardCompleteTask($id: ID!, $outcome: String!) { completeTask(id: $id, outcome: $outcome) { id status assignedToId } }`
    : `mutation DashboardTaskAction($id: ID!) { ${taskActions[action]!.mutation}(id: $id) { id status assignedToId } }`;

/** The caller's own account (null when their credential names none). */
export const meQuery = "query DashboardMe { me { id } }";
