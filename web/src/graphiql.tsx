// The platform's GraphQL IDE: GraphiQL bundled from this repository (no CDN), talking to the gateway
// over HTTP and, for subscriptions, over graphql-ws on the same path. In development the page fetches a
// case worker's development token and fills the headers and the socket's credential with it.
import { createGraphiQLFetcher, type Fetcher } from "@graphiql/toolkit";
import { GraphiQL } from "graphiql";
import { parse, type DocumentNode } from "graphql";
import "graphiql/style.css";
import { createElement } from "react";
import { createRoot } from "react-dom/client";

type PageConfig = { development: boolean };

const config = JSON.parse(document.getElementById("ide-config")?.textContent ?? "{}") as PageConfig;

async function developmentToken(): Promise<string | undefined> {
  if (!config.development) return undefined;
  const response = await fetch("/dev/token?role=case_worker");
  return response.ok ? ((await response.json()) as { token?: string }).token : undefined;
}

function parsed(query: string): DocumentNode | undefined {
  try {
    return parse(query);
  } catch {
    return undefined;
  }
}

async function start() {
  const token = await developmentToken();
  const url = new URL("/graphql", window.location.href).href;
  const toPlatform = createGraphiQLFetcher({
    url,
    // Sent with every request, the schema's introspection included; the headers pane adds to them.
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    subscriptionUrl: url.replace(/^http/, "ws"),
    // graphql-ws cannot send headers from a browser: the credential travels in the connection's init payload.
    wsConnectionParams: token ? { authorization: `Bearer ${token}` } : undefined,
  });
  // The toolkit sends an operation over the socket when the editor's parsed document says it is a
  // subscription; that document lags behind fast typing, and a subscription run at once went over HTTP.
  // The text being sent decides instead.
  const fetcher: Fetcher = (params, options) =>
    toPlatform(params, { ...options, documentAST: parsed(params.query) ?? options?.documentAST });
  const headers = token ? JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2) : "";
  createRoot(document.getElementById("graphiql")!).render(
    createElement(GraphiQL, { fetcher, defaultHeaders: headers, shouldPersistHeaders: false }),
  );
}

void start();
