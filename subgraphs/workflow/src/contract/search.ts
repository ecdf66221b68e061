import { defineSearchProjection } from "@pap/kernel/search";
import { workflowEvents } from "../domain/events";

/** A task in cross-resource search: titled by its name, found by name, description, status and type. */
export const taskSearch = defineSearchProjection({
  type: "task",
  table: "workflow_task",
  // Every task event (its CRUD and each action) names the task as subject; the timers' events change nothing by themselves.
  events: [`${workflowEvents.domain}.task.`],
  title: { columns: [{ column: "name" }] },
  attributes: [
    { field: "name", label: "Name", column: "name" },
    { field: "description", label: "Description", column: "description" },
    { field: "status", label: "Status", column: "status" },
  ],
  alsoSearched: [{ column: "taskType" }],
  path: "/workflow/tasks/{id}",
  read: { permission: "tasks:read" },
  county: "county",
});
