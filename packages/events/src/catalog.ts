import type { Emission } from "@pap/kernel/state-machine";
/** A change a domain is about to record; the recorder adds id, time, trace and actor. */
export type EventDraft = {
  type: string;
  source: string;
  subject: string;
  data?: unknown;
  /** The event that caused this one, when it is not the recorder's own cause (an action a timer's event asked for). */
  causationid?: string;
};

export type EventTypeDeclaration = { type: string; source: string; description: string };

/** What one domain emits: its event types (`{domain}.{entity}.{action}`) and their meaning. */
export type DomainEvents<Name extends string> = {
  domain: string;
  source: string;
  declarations: readonly EventTypeDeclaration[];
  /** A draft of one of the declared events; `subject` is the id of the entity it concerns. */
  draft(name: Name, subject: string, data?: unknown): EventDraft;
  /** The drafts of what a machine's action emits (`Transition.emissions`); `subject` where an emission names none. */
  emitted(emissions: readonly Emission[], subject: string): EventDraft[];
};

/**
 * Declares a domain's events once: `defineDomainEvents("case_management", "/case-management",
 * { "case.created": "…" })`. Emitting code can only name declared events, and the platform refuses
 * published events whose type is not declared for their source.
 */
export function defineDomainEvents<const Types extends Record<string, string>>(
  domain: string,
  source: string,
  types: Types,
): DomainEvents<Extract<keyof Types, string>> {
  const declarations = Object.entries(types).map(([name, description]) => ({ type: `${domain}.${name}`, source, description }));
  const draft = (name: Extract<keyof Types, string>, subject: string, data?: unknown): EventDraft => ({
    type: `${domain}.${name}`,
    source,
    subject,
    ...(data !== undefined && { data }),
  });
  return {
    domain,
    source,
    declarations,
    draft,
    emitted: (emissions, subject) =>
      emissions.map((emission) => ({
        ...draft(emission.name as Extract<keyof Types, string>, emission.subject ?? subject, emission.data),
        ...(emission.causationid && { causationid: emission.causationid }),
      })),
  };
}

/** Every event type the platform knows, as a deployment sees them (with its type prefix). */
export class EventCatalog {
  private readonly byType = new Map<string, EventTypeDeclaration>();

  constructor(
    domains: readonly Pick<DomainEvents<string>, "declarations">[],
    readonly typePrefix = "",
  ) {
    for (const domain of domains) {
      for (const declaration of domain.declarations) {
        this.byType.set(typePrefix + declaration.type, { ...declaration, type: typePrefix + declaration.type });
      }
    }
  }

  get declarations(): EventTypeDeclaration[] {
    return [...this.byType.values()];
  }

  /** The source a declared type comes from (with or without the deployment's prefix), or undefined. */
  sourceOf(type: string): string | undefined {
    return (this.byType.get(type) ?? this.byType.get(this.typePrefix + type))?.source;
  }

  /** Why an event of this type may not come from this source, or undefined when it may. */
  problemWith(type: string, source: string): string | undefined {
    const declared = this.byType.get(type);
    if (!declared) return `'${type}' is not a declared event type`;
    if (declared.source !== source) return `'${type}' is declared for source '${declared.source}', not '${source}'`;
    return undefined;
  }
}

/** One field's change in an `updated` event's `data.changes`. */
export type FieldChange = { field: string; before: unknown; after: unknown };

/**
 * The top-level fields that differ between two snapshots of a record, for `.updated` events. Server
 * bookkeeping (updatedAt) is left out: it changes on every update and says nothing about what changed.
 */
export function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: readonly string[] = ["updatedAt"],
): FieldChange[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (ignore.includes(field)) continue;
    const was = before[field] ?? null;
    const now = after[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes.push({ field, before: was, after: now });
  }
  return changes;
}

type CrudAction = "created" | "updated" | "deleted";

/** The declarations of an entity's create/update/delete events (SPEC §6 CRUD events). */
export function crudEventTypes<const Entity extends string>(entity: Entity, label: string): Record<`${Entity}.${CrudAction}`, string> {
  return {
    [`${entity}.created`]: `A ${label} was created; data is the new record.`,
    [`${entity}.updated`]: `A ${label} was changed; data.changes lists each changed field with its value before and after.`,
    [`${entity}.deleted`]: `A ${label} was deleted; there is no data.`,
  } as Record<`${Entity}.${CrudAction}`, string>;
}

/** Drafts of an entity's CRUD events, given snapshots of the record in its API shape. */
export function crudDrafts<Name extends string, Entity extends string>(
  events: DomainEvents<Name | `${Entity}.${CrudAction}`>,
  entity: Entity,
) {
  const name = (action: CrudAction) => `${entity}.${action}` as const;
  return {
    created: (subject: string, snapshot: Record<string, unknown>) => events.draft(name("created"), subject, snapshot),
    updated: (subject: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
      events.draft(name("updated"), subject, { changes: changesBetween(before, after) }),
    deleted: (subject: string) => events.draft(name("deleted"), subject),
  };
}
