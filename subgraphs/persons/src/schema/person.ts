import { isUuid } from "@pap/core";
import { parseBody, withoutReadOnlyFields } from "@pap/kernel/validation";
import { findPage, listThroughDriver } from "@pap/kernel/list";
import { allOrOwnRecords } from "@pap/kernel/auth";
import { listArguments } from "@pap/kernel/graphql";
import { plainColumnsOf, type Person, type Prisma } from "@pap/db";
import { builder } from "../builder";
import type { PersonsContext } from "../context";
import { person as personResource, type PersonAttributes } from "../contract/person";
import { createPerson, deletePerson, updatePerson } from "../operations/persons";
import { countiesOfNewPerson, loadPerson, personCondition, requirePersonInReach } from "./person-scope";

/** Everyone's records with persons:read; only one's own with persons:read:own. */
const readScopes = { $any: { permission: "persons:read", $all: { permission: "persons:read:own" } } } as const;

export const PersonRef = builder.prismaObject("Person", {
  authScopes: allOrOwnRecords<Person>("persons:read", "persons:read:own", (person) => ({ ownPerson: person.id })),
  description: personResource.declaration.description,
  fields: (t) => t.declaredFields(personResource.declaration.fields),
});

builder.asEntity(PersonRef, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: (reference, context) => loadPerson(context, reference.id),
});

const PersonList = builder.defineListType("PersonList", PersonRef);

/** The person table's columns a list may filter and order by through the driver. */
const personColumns = plainColumnsOf("Person");

builder.queryFields((t) => ({
  person: t.field({
    authScopes: readScopes,
    type: PersonRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => loadPerson(context, String(id)),
  }),
  persons: t.field({
    authScopes: readScopes,
    type: PersonList,
    args: listArguments(t.arg),
    resolve: async (_root, args, context) => {
      const scope = await visiblePersons(context);
      // Through the driver when the query is plain column conditions (the mirrored paths, ids, instants), else through Prisma.
      return findPage(
        personResource.listSpec,
        args,
        listThroughDriver(context.read, "person", personColumns, scope, {
          items: (query) => context.db.person.findMany(query),
          total: (where) => context.db.person.count({ where }),
        }),
      );
    },
  }),
}));

/** The rows a caller's list may hold: all of them (those of their counties, when they are confined), or (an own-records reader) only their own. */
async function visiblePersons(context: PersonsContext): Promise<Prisma.PersonWhereInput> {
  if ((await context.permissions()).has("persons:read")) return personCondition(context);
  const { personId } = await context.principal();
  return personId && isUuid(personId) ? { id: personId } : { id: { in: [] } };
}

const attributesFrom = (value: unknown): PersonAttributes => withoutReadOnlyFields(parseBody(personResource.createBody, value));

builder.mutationFields((t) => ({
  createPerson: t.field({
    authScopes: { permission: "persons:create" },
    type: PersonRef,
    args: { attributes: t.arg({ type: "JSONObject", required: true }) },
    resolve: async (_root, args, context) => {
      const attributes = attributesFrom(args.attributes);
      const counties = await countiesOfNewPerson(context, attributes);
      return createPerson({ transaction: context.sqlTransaction, events: context.events }, attributes, counties);
    },
  }),
  updatePerson: t.field({
    authScopes: { permission: "persons:update" },
    type: PersonRef,
    description: "Applies a JSON merge patch to the person's attributes (null removes a field).",
    args: { id: t.arg.id({ required: true }), patch: t.arg({ type: "JSONObject", required: true }) },
    resolve: async (_root, args, context) => {
      await requirePersonInReach(context, String(args.id));
      return updatePerson(context, String(args.id), attributesFrom(args.patch));
    },
  }),
  deletePerson: t.id({
    authScopes: { permission: "persons:delete" },
    description: "Deletes the person permanently; returns the id deleted.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      await requirePersonInReach(context, String(args.id));
      return deletePerson(context, String(args.id));
    },
  }),
}));
