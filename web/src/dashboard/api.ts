// How the dashboard talks to the platform: the public GraphQL endpoint over HTTP, with the signed-in
// caller's bearer token. Nothing here is private to the dashboard.

export type Claims = { sub: string; userId?: string; roles: string[]; counties?: string[] };

export type Session = { token: string; claims: Claims };

export type GraphqlError = { message: string; extensions?: { code?: string } };

/** What one operation answered: the data it could read, and what it could not (a field per error). */
export type GraphqlAnswer<T> = { data: T | null; errors: GraphqlError[] };

export const graphqlUrl = () => new URL("/graphql", window.location.href).href;

export async function graphql<T>(session: Session, query: string, variables: Record<string, unknown> = {}): Promise<GraphqlAnswer<T>> {
  const response = await fetch(graphqlUrl(), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: GraphqlError[] } | null;
  if (!body) return { data: null, errors: [{ message: `The platform answered ${response.status} without a GraphQL body.` }] };
  return { data: body.data ?? null, errors: body.errors ?? [] };
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
