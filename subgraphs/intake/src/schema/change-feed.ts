import { badRequest } from "@pap/core";
import { filtered, reachableOnly } from "@pap/kernel/graphql";
import type { Application } from "@pap/db";
import { builder } from "../builder";
import { application, applicationStatuses, type ApplicationStatus } from "../contract/application";
import { applicationRecords } from "../contract/records";
import { movesOf } from "../domain/application-machine";
import { intakeEvents } from "../domain/events";
import { ApplicationRef } from "./application";
import { applicationScope } from "./application-scope";

/** Intake's events whose subject is an application: its own, its members' and records' (an income's name its member, a verification's itself). */
const aboutApplications = [
  "intake.application.*",
  "intake.application_member.*",
  "intake.determination.*",
  ...applicationRecords.filter((kind) => kind.eventSubject !== "member").map((kind) => `intake.${kind.event}.*`),
];

const EventRef = builder.addChangeFeed({
  entity: ApplicationRef,
  field: "application",
  subscription: "applicationChanged",
  noun: "application",
  domain: "intake domain",
  source: intakeEvents.source,
  permission: "applications:subscribe",
  types: aboutApplications,
  loader: (context) => context.loaders.applicationById,
  reachable: applicationScope.idInReach,
});

/**
 * A live list of the applications in one state (a supervisor's "submitted" queue): the actions that
 * bring an application into `status` or take it out (so a list can add or drop it), and any other
 * change of one in it, its state read as it is now (not from the connection's cache).
 */
builder.subscriptionField("applicationsChanged", (t) =>
  t.field({
    authScopes: { permission: "applications:subscribe" },
    type: EventRef,
    description:
      "Every change of the applications in `status` (all applications without it) as it commits: the actions that bring one into that state or take one out of it, and any other change of one in it; select `application { … }` for it as it is now.",
    args: { status: t.arg({ type: builder.enumTypeOf(application.declaration.fields.status) }) },
    subscribe: async (_root, args, context) => {
      const status = args.status ?? undefined;
      if (status !== undefined && !applicationStatuses.includes(status as ApplicationStatus))
        throw badRequest("Invalid 'status' argument.", [{ field: "status", message: `must be one of: ${applicationStatuses.join(", ")}` }]);
      const types = aboutApplications.map((type) => `${context.eventSettings.typePrefix}${type}`);
      const events = await reachableOnly(context.hub.subscribe({ source: intakeEvents.source, types }), (id) =>
        applicationScope.idInReach(context, id),
      );
      if (status === undefined) return events;
      const named = (names: ReadonlySet<string>) => new Set([...names].map((name) => `${context.eventSettings.typePrefix}intake.${name}`));
      const moves = movesOf(status as ApplicationStatus);
      const [touching, moving] = [named(moves.touching), named(moves.moving)];
      const statusOf = async (id: string) =>
        ((await context.db.application.findUnique({ where: { id }, select: { status: true } })) as Pick<Application, "status"> | null)
          ?.status;
      // A move is judged by its event (into or out of the state); any other change by where the application is now.
      return filtered(
        events,
        async ({ event }) => touching.has(event.type) || (!moving.has(event.type) && (await statusOf(event.subject)) === status),
      );
    },
    resolve: (logged) => ({ id: logged.event.id }),
  }),
);
