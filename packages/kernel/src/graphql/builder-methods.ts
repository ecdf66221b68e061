import SchemaBuilder, { RootFieldBuilder } from "@pothos/core";
import type {} from "@pothos/plugin-federation";
import type {} from "@pothos/plugin-scope-auth";
import type { CallerContext } from "../auth/caller";
import type { SharedScalars } from "./scalars";
import type { SensitiveReadLog } from "./sensitive-reads";

/**
 * What a subgraph's authorization checks: `permission`: the caller's roles grant it; `authenticated`:
 * a signed-in user or service (what `me` needs); `apiKey`: the identity provider's API key (only the
 * token-claims lookup); `ownPerson`: the given person id is the caller's own (the token's personId),
 * which with a `…:own` permission lets an applicant see their own record and no one else's; `owner`:
 * the given account id (a record's creator) is the caller's account's.
 */
export type PlatformAuthScopes = { permission: string; authenticated: boolean; apiKey: boolean; ownPerson: string; owner: string };

/** An event as the live hub delivers it, as far as a change feed reads it. */
export type LiveEvent = { event: { id: string; type?: string; subject?: string } };

/** The live hub every domain context carries, as far as a change feed needs it. */
export type LiveHub = {
  hub: { subscribe(filter: { source: string; subject?: string; types?: readonly string[] }): Promise<AsyncIterable<LiveEvent>> };
  eventSettings: { typePrefix: string };
};

/**
 * What the kernel's builder methods read of a request's context; every domain's context has it. The
 * sensitive-read log is the audit trail's door (absent where nothing is audited: a unit test's context).
 */
export type KernelContext = CallerContext &
  LiveHub & {
    sensitiveReads?: SensitiveReadLog;
    /**
     * Holds the changes `work` makes to the version an ETag names, as an If-Match header would: what a
     * graph mutation's `ifMatch` argument asks (absent where nothing is written: a unit test's context).
     */
    holdingTo?<T>(etag: string, work: () => Promise<T>): Promise<T>;
  };

/**
 * Nothing when the builder's context has what a method reads of it (every subgraph builder's has),
 * else a property no options object has: the call does not compile, rather than fail at run time.
 */
export type ContextHas<Types extends { Context: object }, Needed> = Types["Context"] extends Needed
  ? unknown
  : { "the builder's context lacks": Needed };

/**
 * The schema types the kernel's builder methods are written against: what every subgraph builder has
 * (its scalars, authorization scopes and non-null default), whatever else its context holds. Written
 * against these concrete types, Pothos checks the methods' fields; each method's signature is generic
 * over the builder's own schema types, so what a subgraph passes in and gets back keeps its types.
 */
export type KernelTypes = PothosSchemaTypes.ExtendDefaultTypes<{
  Context: KernelContext;
  Scalars: SharedScalars;
  DefaultFieldNullability: false;
  AuthScopes: PlatformAuthScopes;
}>;

/**
 * Pothos's builder and field builder prototypes, where the kernel adds its methods as Pothos's own
 * plugins add theirs (`prismaObject`, `asEntity`): every builder then has them.
 */
export const builderMethods: PothosSchemaTypes.SchemaBuilder<KernelTypes> = SchemaBuilder.prototype;
export const fieldBuilderMethods: PothosSchemaTypes.RootFieldBuilder<KernelTypes, unknown, "Object"> = RootFieldBuilder.prototype;
