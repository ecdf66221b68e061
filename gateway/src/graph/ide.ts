import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Where the build put the IDE's bundle (`web/`, built by `npm start` and `npm test` like everything else). */
const bundleDirectory = path.join(path.dirname(require.resolve("@pap/web/package.json")), "dist", "ide");
const assets: Record<string, string> = { "graphiql.js": "text/javascript; charset=utf-8", "graphiql.css": "text/css; charset=utf-8" };

const page = (development: boolean) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphQL IDE · Public Assistance Platform</title>
<link rel="stylesheet" href="/graphql-ide/graphiql.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading the GraphQL IDE…</div>
<script type="application/json" id="ide-config">${JSON.stringify({ development })}</script>
<script src="/graphql-ide/graphiql.js"></script>
</body>
</html>
`;

/**
 * The GraphQL IDE in a browser: `GET /graphql` asked for HTML (and no query) answers GraphiQL's page,
 * whose script and styles this process serves too. Nothing loads from another host.
 */
export function registerGraphqlIde(app: FastifyInstance, options: { development: boolean }): (reply: FastifyReply) => FastifyReply {
  app.get<{ Params: { asset: string } }>("/graphql-ide/:asset", async (request, reply) => {
    const type = assets[request.params.asset];
    const file = path.join(bundleDirectory, request.params.asset);
    if (!type || !existsSync(file)) return reply.code(404).send({ code: "NOT_FOUND", message: `No IDE asset ${request.params.asset} (is the build done?).` });
    return reply.type(type).header("cache-control", "no-cache").send(createReadStream(file));
  });
  const html = page(options.development);
  return (reply) => reply.type("text/html; charset=utf-8").send(html);
}
