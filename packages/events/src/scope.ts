import {
  calendarFromEnv,
  preconditionOf,
  preconditionSetting,
  systemClock,
  type BusinessCalendar,
  type Clock,
  type Jurisdiction,
} from "@pap/core";
import { callerContext, type Authenticator, type CallerContext, type PermissionTable } from "@pap/kernel/auth";
import type { RequestScope } from "@pap/kernel/domain";
import type { SensitiveReadLog } from "@pap/kernel/graphql";
import { findActiveAccount, type PrismaClient, type RowReader } from "@pap/db";
import type { EventRecorder, SqlTransaction } from "./append";
import type { EventHub } from "./hub";
import { claimFence } from "./idempotency-fence";
import type { EventRuntime, Transaction } from "./runtime";
import type { EventSettings } from "./settings";

/** The services every domain subgraph is given by the process that runs it. */
export type DomainServices = {
  db: PrismaClient;
  read: RowReader;
  eventRuntime: EventRuntime;
  authenticate: Authenticator;
  /** Whether staff are held to their counties, and how addresses name counties (COUNTY_SCOPING, COUNTY_TABLE). */
  jurisdiction: Jurisdiction;
};

/**
 * What every domain's request context starts from: the caller (established on first use, with what
 * this domain's permission table lets them do), the database, the headers, the request's event
 * recorder (stamped with the caller), and the live hub (for subscriptions) with its type settings.
 */
export type DomainContext = CallerContext & {
  db: PrismaClient;
  /** The driver's direct read path beside Prisma, for the hottest lookups (`Database.read`). */
  read: RowReader;
  /** One transaction for a change and its events; the events are delivered once it commits. */
  transaction: EventRuntime["transaction"];
  /** The same on the driver, for a change made of raw SQL alone (the hottest writes). */
  sqlTransaction: EventRuntime["sqlTransaction"];
  /** Records events produced elsewhere, on their own (held to the request's Idempotency-Key claim, if it has one). */
  publish(events: Parameters<EventRuntime["publish"]>[0]): Promise<void>;
  headers: Record<string, string | undefined>;
  events: EventRecorder;
  hub: EventHub;
  /** Where the request's reads of sensitive fields are recorded; none when the deployment keeps no trail. */
  sensitiveReads: SensitiveReadLog | undefined;
  eventSettings: EventSettings;
  jurisdiction: Jurisdiction;
  /** Now, as the process's clock says (a test's manual clock, or the system's). */
  clock: Clock;
  /** The platform's calendar: business days, local dates, durations (PLATFORM_TIME_ZONE, holidays). */
  calendar: BusinessCalendar;
  /** Holds the changes `work` makes to the version `etag` names, as If-Match does (a graph mutation's `ifMatch`). */
  holdingTo<T>(etag: string, work: () => Promise<T>): Promise<T>;
};

/**
 * The request's context for one domain, with what the domain adds to it (`extra`: its loaders). Built
 * with Object.assign, not spreads: on Node 20 an object spread followed by further properties takes
 * V8's slow path (about half a microsecond each), and every GraphQL request builds one of these.
 */
export function domainContext<Extra extends object = object>(
  scope: RequestScope<DomainServices>,
  permissions: PermissionTable,
  extra?: Extra,
): DomainContext & Extra {
  const runtime = scope.eventRuntime;
  // The caller's account is looked up when first asked, which may be inside the request's transaction
  // (an applicant's right to the record just locked): it is read through that transaction then. The
  // embedded store has one session, so a read beside an open transaction would wait for it to end, and
  // the transaction for the read, until the transaction's time ran out.
  let open: Transaction | undefined;
  const caller = callerContext(
    scope.headers,
    scope.authenticate,
    permissions,
    (principal) => findActiveAccount(open ?? scope.db, principal),
    scope.jurisdiction,
  );
  // If-Match holds every change this request makes to the version the client read (record_version
  // trigger). Read when a change begins: a read with an If-Match that names no version is not refused.
  // A graph mutation's `ifMatch` argument holds its own changes the same way, while it runs (the
  // mutations of one request run one after another).
  let ifMatch = scope.headers["if-match"];
  const holdingTo = async <T>(etag: string, work: () => Promise<T>): Promise<T> => {
    const before = ifMatch;
    ifMatch = etag;
    try {
      return await work();
    } finally {
      ifMatch = before;
    }
  };
  const transaction: EventRuntime["transaction"] = (work, options) =>
    runtime.transaction(async (tx) => {
      open = tx;
      try {
        await holdTo(tx, ifMatch);
        return await work(tx);
      } finally {
        open = undefined;
      }
    }, options);
  const sqlTransaction: EventRuntime["sqlTransaction"] = (work) =>
    ifMatch === undefined
      ? runtime.sqlTransaction(work)
      : runtime.sqlTransaction(async (tx) => {
          await holdTo(tx, ifMatch);
          return work(tx);
        });
  return Object.assign(
    caller,
    {
      db: scope.db,
      read: scope.read,
      transaction,
      sqlTransaction,
      publish: (events: Parameters<EventRuntime["publish"]>[0]) => runtime.publish(events, claimFence(scope.headers, caller.principal)),
      headers: scope.headers,
      events: runtime.recorderFor(scope.headers, caller.principal),
      hub: runtime.hub,
      sensitiveReads: runtime.audit.forRequest(scope.headers, caller.principal),
      eventSettings: runtime.settings,
      jurisdiction: scope.jurisdiction,
      clock: runtime.settings.clock ?? systemClock,
      calendar: runtime.settings.calendar ?? calendarFromEnv(),
      holdingTo,
    },
    extra,
  ) as DomainContext & Extra;
}

/** Puts the If-Match's precondition, if it names one, where the `record_version` trigger reads it, for this transaction only. */
async function holdTo(tx: Pick<SqlTransaction, "$executeRaw">, ifMatch: string | undefined): Promise<void> {
  const precondition = preconditionOf(ifMatch);
  if (precondition) await tx.$executeRaw`SELECT set_config('pap.if_match', ${preconditionSetting(precondition)}, true)`;
}
