// How the dashboard talks to the platform: the public GraphQL endpoint over HTTP, with the signed-in
// caller's bearer token. Nothing here is private to the dashboard.

import { pageConfig } from "./page-config";

export type Claims = { sub: string; userId?: string; roles: string[]; counties?: string[] };

export type Session = { token: string; claims: Claims };

export type GraphqlError = { message: string; extensions?: { code?: string } };

/** What one operation answered: the data it could read, and what it could not (a field per error). */
export type GraphqlAnswer<T> = { data: T | null; errors: GraphqlError[] };

export const graphqlUrl = () => new URL("/graphql", window.location.href).href;

const hashes = new Map<string, Promise<string>>();
/** The SHA-256 (hex) a document is listed under in the build's trusted-documents manifest. */
const hashOf = (query: string) => {
  let hash = hashes.get(query);
  if (!hash) {
    hash = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(query))
      .then((digest) => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join(""));
    hashes.set(query, hash);
  }
  return hash;
};

// The Web Crypto digest exists only in secure contexts (https, localhost): elsewhere the text goes, which
// a trusted deployment also runs when it is listed.
const sendsByHash = () => pageConfig.byHash && globalThis.isSecureContext && crypto.subtle !== undefined;

async function post<T>(session: Session, params: Record<string, unknown>): Promise<GraphqlAnswer<T>> {
  const response = await fetch(graphqlUrl(), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${session.token}` },
    body: JSON.stringify(params),
  });
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: GraphqlError[] } | null;
  if (!body) return { data: null, errors: [{ message: `The platform answered ${response.status} without a GraphQL body.` }] };
  return { data: body.data ?? null, errors: body.errors ?? [] };
}

/**
 * Runs one operation. Where the platform runs trusted documents, it is sent by its hash alone, as an
 * automatic persisted query; a hash the platform does not know (another build's manifest) is sent
 * again with its text, as persisted-query clients do.
 */
export async function graphql<T>(session: Session, query: string, variables: Record<string, unknown> = {}): Promise<GraphqlAnswer<T>> {
  if (!sendsByHash()) return post(session, { query, variables });
  const persistedQuery = { version: 1, sha256Hash: await hashOf(query) };
  const byHash = await post<T>(session, { variables, extensions: { persistedQuery } });
  if (!byHash.errors.some((error) => error.extensions?.code === "PERSISTED_QUERY_NOT_FOUND")) return byHash;
  return post(session, { query, variables, extensions: { persistedQuery } });
}

/** A short sentence for a panel that could not load, telling a refusal from a failure. */
export function describeErrors(errors: readonly GraphqlError[]): string | null {
  if (!errors.length) return null;
  const codes = new Set(errors.map((error) => error.extensions?.code));
  if (codes.has("FORBIDDEN")) return "Your role may not read this.";
  if (codes.has("UNAUTHENTICATED")) return "Your sign-in has expired: sign in again.";
  return errors[0]!.message;
}

/** The claims of a token, read (not verified: the platform verifies) to show who is signed in. */
export function claimsOf(token: string): Claims | null {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
    const claims = JSON.parse(json) as Partial<Claims>;
    return typeof claims.sub === "string"
      ? { sub: claims.sub, userId: claims.userId, roles: claims.roles ?? [], counties: claims.counties }
      : null;
  } catch {
    return null;
  }
}
