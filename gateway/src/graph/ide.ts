import type { FastifyInstance, FastifyReply } from "fastify";
import { scriptJson, serveBundle } from "../web-bundle";

const page = (development: boolean) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>GraphQL IDE · Public Assistance Platform</title>
<link rel="stylesheet" href="/graphql-ide/graphiql.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading the GraphQL IDE…</div>
<script type="application/json" id="ide-config">${scriptJson({ development })}</script>
<script src="/graphql-ide/graphiql.js"></script>
</body>
</html>
`;

/**
 * The GraphQL IDE in a browser: `GET /graphql` asked for HTML (and no query) answers GraphiQL's page,
 * whose script and styles this process serves too. Nothing loads from another host.
 */
export function registerGraphqlIde(app: FastifyInstance, options: { development: boolean }): (reply: FastifyReply) => FastifyReply {
  serveBundle(app, { route: "/graphql-ide", directory: "ide", files: ["graphiql.js", "graphiql.css"], what: "IDE" });
  const html = page(options.development);
  return (reply) => reply.type("text/html; charset=utf-8").send(html);
}
