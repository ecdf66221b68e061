import type { FastifyInstance } from "fastify";

export type IndexLink = { name: string; path: string; description: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * `GET /`: where everything this process serves is, as a small page for a browser and as JSON for
 * anything else (chosen by `Accept`).
 */
export function registerIndexPage(app: FastifyInstance, links: readonly IndexLink[]): void {
  app.get("/", async (request, reply) => {
    const accept = String(request.headers.accept ?? "");
    if (!accept.includes("text/html")) return { name: "Public Assistance Platform", links };
    const items = links
      .map((link) => `<li><a href="${escapeHtml(link.path)}">${escapeHtml(link.name)}</a> — ${escapeHtml(link.description)}</li>`)
      .join("\n");
    return reply
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Public Assistance Platform</title></head>\n<body><h1>Public Assistance Platform</h1>\n<ul>\n${items}\n</ul></body></html>\n`,
      );
  });
}
