import path from "node:path";

/** Every column of a person row besides id, attributes and the timestamps: mirrors and match keys. */
export type DerivedColumns = Record<string, string | null>;

type PersonDomain = { personColumns?: (attributes: Record<string, unknown>) => DerivedColumns };
type MatchingDomain = {
  identityOf(attributes: unknown): unknown;
  matchKeyer(secret: string): { version: string; keysOf(identity: unknown): { ssnKey: string | null; nameBirthKey: string | null } };
  matchSecretFromEnv(env?: NodeJS.ProcessEnv): { secret: string };
};

/**
 * How the platform derives a person's stored columns from its free-form record, taken from the
 * persons domain's own build: seeded rows and the floor's rows must hold exactly what a create
 * through the platform would store, or index-backed filters would find other rows (or none). The
 * package exports only its contract, so the two domain modules are loaded by path.
 */
export function personColumnsFrom(repositoryRoot: string, env: NodeJS.ProcessEnv = process.env): {
  /** The column names, in a fixed order (for INSERT statements). */
  names: string[];
  of(attributes: Record<string, unknown>): DerivedColumns;
} {
  const domain = path.join(repositoryRoot, "subgraphs", "persons", "dist", "domain");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const person = require(path.join(domain, "person.js")) as PersonDomain;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const matching = require(path.join(domain, "matching.js")) as MatchingDomain;
  const mirrors = person.personColumns;
  if (!mirrors) throw new Error(`${domain}/person.js does not export personColumns: is the persons domain built?`);
  const keyer = matching.matchKeyer(matching.matchSecretFromEnv(env).secret);
  const of = (attributes: Record<string, unknown>): DerivedColumns => ({
    ...mirrors(attributes),
    ...keyer.keysOf(matching.identityOf(attributes)),
    matchKeyVersion: keyer.version,
  });
  return { names: Object.keys(of({})), of };
}
