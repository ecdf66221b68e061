import type { z } from "zod";
import type { AnyAction, AnyMachine } from "./machine";

const actionsOf = (machine: AnyMachine) => Object.entries<AnyAction<unknown, string, string, unknown>>(machine.actions);

/** A Mermaid state diagram of the machine; in-place actions are left to the table (they would loop on every state). */
export function mermaidDiagram(machine: AnyMachine): string {
  const lines = ["stateDiagram-v2", `  [*] --> ${machine.initial}`];
  for (const [name, action] of actionsOf(machine)) {
    if (!action.to) continue;
    for (const from of action.from) lines.push(`  ${from} --> ${action.to}: ${name}`);
  }
  return lines.join("\n");
}

function bodyFields(schema: z.ZodType | undefined): string {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  if (!shape || Object.keys(shape).length === 0) return "—";
  return Object.entries(shape)
    .map(([field, type]) => (type.safeParse(undefined).success ? `${field}?` : `**${field}**`))
    .join(", ");
}

function whoMayCall(action: AnyAction<unknown, string, string, unknown>): string {
  return action.who
    .map((clause) => `${clause.actors.join(" / ")}${clause.guards?.length ? ` (${clause.guards.join(", ")})` : ""}`)
    .join("; or ");
}

/** A Markdown table of every action: from, to, who may call it, the body it takes, and what it does. */
export function actionTable(machine: AnyMachine): string {
  const rows = actionsOf(machine).map(
    ([name, action]) =>
      `| \`${name}\` | ${action.from.join(", ")} | ${action.to ?? "(stays)"} | ${whoMayCall(action)} | ${bodyFields(action.body)} | ${action.description} |`,
  );
  return [
    "| Action | From | To | Who may call it | Body (**required**, optional?) | What it does |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
