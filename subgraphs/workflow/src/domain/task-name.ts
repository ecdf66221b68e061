import { applicationTaskKinds } from "../config/application-tasks";

/** What a task created with neither a name nor a type is called: plainly unnamed, so that a worker sees it needs one. */
export const UNNAMED_TASK = "Untitled task";

const configuredNames: ReadonlyMap<string, string> = new Map(Object.values(applicationTaskKinds).map((kind) => [kind.taskType, kind.name]));

/**
 * The name of a task created without one (SPEC §2.6 makes every task field optional): its type's
 * configured name (`application_review` → "Application review"), else its type in words
 * (`document_review` → "Document review"), else "Untitled task".
 */
export function nameForTaskType(taskType: string | null | undefined): string {
  if (!taskType) return UNNAMED_TASK;
  const configured = configuredNames.get(taskType);
  if (configured) return configured;
  const words = taskType.replace(/[_\-\s]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : UNNAMED_TASK;
}
