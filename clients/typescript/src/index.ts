import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema";

export type { components, operations, paths } from "./schema";

/** The platform's named schemas: `Schemas["Application"]`, `Schemas["CreateApplicationBody"]`, `Schemas["Error"]`. */
export type Schemas = components["schemas"];

export type PlatformClientOptions = {
  /** Where the platform answers (its PUBLIC_BASE_URL): `http://127.0.0.1:4000` when started with `npm start`. */
  baseUrl: string;
  /** A bearer token (the identity provider's JWT, or a development token from `GET /dev/token`), read before each request. */
  token?: string | (() => string | Promise<string>);
  /** Another fetch (a test's, or one with a proxy agent). */
  fetch?: typeof globalThis.fetch;
};

/**
 * A client of every REST operation, typed from the OpenAPI document: paths, parameters, bodies and
 * answers (the errors' `{ code, message, details }` among them) are checked by the compiler.
 */
export function createPlatformClient({ baseUrl, token, fetch }: PlatformClientOptions): Client<paths> {
  const client = createClient<paths>({ baseUrl, ...(fetch && { fetch }) });
  if (token !== undefined) client.use(bearer(token));
  return client;
}

function bearer(token: NonNullable<PlatformClientOptions["token"]>): Middleware {
  return {
    async onRequest({ request }) {
      request.headers.set("authorization", `Bearer ${typeof token === "string" ? token : await token()}`);
      return request;
    },
  };
}
