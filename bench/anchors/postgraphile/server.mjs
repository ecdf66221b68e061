// The benchmark's PostGraphile anchor (bench/src/suites/postgraphile.ts starts it with Node 22): PostGraphile 5
// with its amber preset over the platform's own tables, and a JWT role as PostGraphile does it: the
// bearer token is verified here, and the transaction it opens runs as the PostgreSQL role its claims
// name (granted SELECT on the tables it may read), with the claims as `jwt.claims.*` settings.
//
// Environment: DATABASE_URL, PORT, DATABASE_POOL_SIZE; JWT_SECRET, JWT_ISSUER, JWT_AUDIENCE (the same
// key and claims the platform checks, so one token serves both); ROLES, JSON of the token's role →
// the PostgreSQL role it becomes.
import { createServer } from "node:http";
import { jwtVerify } from "jose";
import { postgraphile } from "postgraphile";
import { makePgService } from "postgraphile/adaptors/pg";
import { grafserv } from "postgraphile/grafserv/node";
import { PostGraphileAmberPreset } from "postgraphile/presets/amber";

const env = process.env;
const secret = new TextEncoder().encode(env.JWT_SECRET);
const roles = JSON.parse(env.ROLES ?? "{}");

/** A verified token's settings for the transaction; without one, or with a role not mapped, nothing is read. */
async function pgSettingsOf(authorization) {
  const token = /^Bearer (.+)$/i.exec(authorization ?? "")?.[1];
  if (!token) throw Object.assign(new Error("a bearer token is required"), { statusCode: 401 });
  const { payload } = await jwtVerify(token, secret, { issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE, algorithms: ["HS256"] });
  const role = (payload.roles ?? []).map((name) => roles[name]).find(Boolean);
  if (!role) throw Object.assign(new Error("the token grants no role here"), { statusCode: 403 });
  return { role, "jwt.claims.sub": String(payload.sub) };
}

const preset = {
  extends: [PostGraphileAmberPreset],
  pgServices: [
    makePgService({ connectionString: env.DATABASE_URL, schemas: ["public"], poolConfig: { max: Number(env.DATABASE_POOL_SIZE ?? 20) } }),
  ],
  grafast: {
    context: async (requestContext) => ({ pgSettings: await pgSettingsOf(requestContext.node?.req?.headers?.authorization) }),
  },
  grafserv: { port: Number(env.PORT), host: "127.0.0.1", graphqlPath: "/graphql", graphiql: false },
};

const instance = postgraphile(preset);
const server = createServer();
await instance.createServ(grafserv).addTo(server);
// Schema building happens on the first request otherwise: ask for it now, so readiness means ready.
await instance.getSchema();
server.listen(Number(env.PORT), "127.0.0.1", () => process.stdout.write(`postgraphile listening on ${env.PORT}\n`));
process.once("SIGTERM", () => {
  server.close();
  void instance.release().finally(() => process.exit(0));
});
