import { Prisma, type PrismaClient } from "../../generated/client/client";
import { bindSealed } from "./sealed-json";
import type { Sealer } from "./sealer";

/** The model operations whose arguments carry values to store, and the arguments that do. */
const writes = new Set(["create", "createMany", "createManyAndReturn", "update", "updateMany", "updateManyAndReturn", "upsert"]);
const valueArguments = ["data", "create", "update"] as const;

function sealedArguments(args: Record<string, unknown>, sealer: Sealer): Record<string, unknown> {
  const sealed = { ...args };
  for (const name of valueArguments) if (sealed[name] !== undefined) sealed[name] = sealer.seal(sealed[name]);
  return sealed;
}

/** A raw statement's arguments (a `Prisma.sql` fragment, or a template's strings and values) with `SealedJson` values bound sealed. */
function sealedRaw(args: unknown, sealer: Sealer): unknown {
  if (args instanceof Prisma.Sql) return new Prisma.Sql(args.strings, bindSealed(args.values, sealer));
  if (Array.isArray(args) && args.length > 1) return [args[0], ...bindSealed(args.slice(1), sealer)];
  return args;
}

/**
 * Prisma's client with sealing at its one seam: every model write has its sensitive fields sealed
 * (nested writes too, found by name at any depth), raw statements bind `sealedJson` values sealed,
 * and every answer, of a model query or a raw one, comes back with its sealed values unsealed. The
 * extended client has the client's whole API but `$on` (registered before extending), so it stands
 * where a `PrismaClient` is expected.
 */
export function sealingClient(client: PrismaClient, sealer: Sealer): PrismaClient {
  return client.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        const given =
          model && writes.has(operation)
            ? sealedArguments(args as Record<string, unknown>, sealer)
            : model
              ? args
              : sealedRaw(args, sealer);
        return sealer.unseal(await query(given));
      },
    },
  }) as PrismaClient;
}
