import type { FastifyInstance, FastifyReply } from "fastify";
import { bundlePage, serveBundle } from "../web-bundle";

const page = (development: boolean) =>
  bundlePage({
    title: "GraphQL IDE",
    root: { id: "graphiql", loading: "Loading the GraphQL IDE…" },
    config: { id: "ide-config", value: { development } },
    stylesheets: ["/graphql-ide/graphiql.css"],
    style: "html, body, #graphiql { height: 100%; margin: 0; }",
    scripts: ["/graphql-ide/graphiql.js"],
  });

/**
 * The GraphQL IDE in a browser: `GET /graphql` asked for HTML (and no query) answers GraphiQL's page,
 * whose script and styles this process serves too. Nothing loads from another host.
 */
export function registerGraphqlIde(app: FastifyInstance, options: { development: boolean }): (reply: FastifyReply) => FastifyReply {
  serveBundle(app, { route: "/graphql-ide", directory: "ide", files: ["graphiql.js", "graphiql.css"], what: "IDE" });
  const html = page(options.development);
  return (reply) => reply.type("text/html; charset=utf-8").send(html);
}
