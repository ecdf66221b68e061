import { ApiError, stateWide, type Jurisdiction } from "@pap/core";
import { countyReachOf, type CountyReach } from "./county-reach";
import { agreementOf, type Agreement } from "./partner-agreement";
import type { Authenticator } from "./authenticate";
import type { Principal } from "./principal";
import { permissionsHeldBy } from "./held";
import type { PermissionTable } from "./roles";

/** The platform's user account a caller's credential names: what an applicant's own records belong to. */
export type CallerAccount = { id: string };

/** Finds the active account a principal's credential names (by user id, or by the identity provider's subject it links). */
export type AccountFinder = (principal: Principal) => Promise<CallerAccount | null>;

/** The caller of one request, as a domain sees it: established once, on first use. */
export type CallerContext = {
  principal(): Promise<Principal>;
  /** What the caller may do in this domain, by its permission table. */
  permissions(): Promise<ReadonlySet<string>>;
  /**
   * The caller's active user account, or null: looked up once, and only when asked (records owned by
   * their creator ask it of a caller who may read only their own), since the credential's id may be
   * the identity provider's subject rather than the account's id.
   */
  account(): Promise<CallerAccount | null>;
  /** The counties whose records the caller reaches (undefined: all), under the deployment's COUNTY_SCOPING. */
  countyReach(): Promise<CountyReach>;
  /** A partner's data-sharing agreement (undefined: the caller reads under none), which narrows what it reads to its programs. */
  agreement(): Promise<Agreement | undefined>;
  /** The principal if it has been established already (authorization errors need it synchronously). */
  knownPrincipal(): Principal | undefined;
  /** The account (or null: none) if it has been looked up already; undefined if it has not. */
  knownAccount(): CallerAccount | null | undefined;
  /** The permissions if they have been worked out already (a type's scopes, checked for each object, read them synchronously). */
  knownPermissions(): ReadonlySet<string> | undefined;
};

export function callerContext(
  headers: Record<string, string | undefined>,
  authenticate: Authenticator,
  table: PermissionTable,
  findAccount: AccountFinder,
  jurisdiction: Jurisdiction = stateWide,
): CallerContext {
  let known: Principal | undefined;
  let principal: Promise<Principal> | undefined;
  let permissions: Promise<ReadonlySet<string>> | undefined;
  let knownPermissions: ReadonlySet<string> | undefined;
  let account: Promise<CallerAccount | null> | undefined;
  let knownAccount: CallerAccount | null | undefined;
  let reach: Promise<CountyReach> | undefined;
  const establish = () => (principal ??= authenticate(headers).then((caller) => (known = caller)));
  return {
    principal: establish,
    permissions: () => (permissions ??= establish().then((caller) => (knownPermissions = permissionsHeldBy(caller, table)))),
    account: () =>
      (account ??= establish()
        .then((caller) => (caller.kind === "user" || caller.kind === "service_account" ? findAccount(caller) : null))
        .then((found) => (knownAccount = found))),
    // Asked for every record a page shows: worked out once.
    countyReach: () => (reach ??= establish().then((caller) => countyReachOf(caller, jurisdiction))),
    agreement: () => establish().then(agreementOf),
    knownPrincipal: () => known,
    knownAccount: () => knownAccount,
    knownPermissions: () => knownPermissions,
  };
}

/**
 * The 403 for a caller who may act only on records of their own and whose credential names no user
 * account to own them: `reason` says what needs the account, and the message says what was looked for
 * and how an account comes to be linked, so the caller knows what to ask for.
 */
export function accountRequired(principal: Principal, reason: string): ApiError {
  const named = [...new Set([principal.id, principal.subject].filter(Boolean))].map((name) => `'${name}'`).join(" or ");
  return new ApiError(
    403,
    "FORBIDDEN",
    `${reason}, and no active user account has the id or identity-provider subject ${named || "of this credential"}: an administrator creates one linked to the subject (POST /identity-access/users with its idpSubject).`,
    [{ field: "authorization", message: "names no active user account" }],
  );
}
