// What a newcomer meets first (issue 19): `GET /` lists where everything is, as a page for a browser
// and as JSON for anything else, and `/openapi.json` says how to authenticate, for every operation.
import { dereferenced } from "../support/openapi-refs";
import { useTestPlatform } from "../support/platform";

const { url } = useTestPlatform("platform_surface");

it("GET / answers a page of links for a browser and JSON for anything else", async () => {
  const page = await fetch(`${url()}/`, { headers: { accept: "text/html,application/xhtml+xml" } });
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  const html = await page.text();
  for (const path of ["/graphql", "/docs", "/openapi.json", "/platform/events/stream", "/healthz"])
    expect(html).toContain(`href="${path}"`);

  const json = (await (await fetch(`${url()}/`)).json()) as { links: Array<{ path: string }> };
  expect(json.links.map((link: { path: string }) => link.path)).toEqual(
    expect.arrayContaining(["/graphql", "/docs", "/openapi.json", "/platform/events", "/platform/events/stream", "/healthz", "/readyz"]),
  );
  // Every link answers (the stream and the graph to a plain GET as they do: not with 404).
  for (const link of json.links as Array<{ path: string }>) {
    if (link.path.endsWith("/stream")) continue;
    expect([200, 400, 401]).toContain((await fetch(`${url()}${link.path}`)).status);
  }
});

it("declares how callers authenticate, and every operation's security, 401, 403, 429 and 503 (the event stream's too)", async () => {
  const document = (await (await fetch(`${url()}/openapi.json`)).json()) as {
    components: { securitySchemes: Record<string, any>; responses: Record<string, any>; headers: Record<string, any> };
    paths: Record<string, any>;
  };
  expect(Object.keys(document.components.securitySchemes).sort()).toEqual(expect.arrayContaining(["ApiKey"]));
  expect(
    Object.values(document.components.securitySchemes).some((scheme: any) => scheme.type === "http" && scheme.scheme === "bearer"),
  ).toBe(true);
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, any>).map(([method, operation]) => ({ path, method, operation })),
  );
  expect(operations.length).toBeGreaterThan(100);
  const limited = { $ref: "#/components/responses/TooManyRequests" };
  const unavailable = { $ref: "#/components/responses/ServiceUnavailable" };
  for (const { path, method, operation } of operations) {
    expect({
      path,
      method,
      security: operation.security?.length > 0,
      has401: "401" in operation.responses,
      has403: "403" in operation.responses,
      on429: operation.responses["429"],
      on503: operation.responses["503"],
    }).toEqual({
      path,
      method,
      security: true,
      has401: true,
      has403: true,
      on429: limited,
      on503: unavailable,
    });
  }
  for (const answer of [document.components.responses.TooManyRequests, document.components.responses.ServiceUnavailable])
    expect(answer).toMatchObject({
      headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
  expect(document.components.headers.RetryAfter).toMatchObject({ schema: { type: "integer" } });
  expect(document.paths["/platform/events/stream"].get.description).toContain("events:read");
  // A submission that finds its call pending answers 200 with it; a create takes no list filters.
  expect(Object.keys(document.paths["/data-exchange/service-calls"].post.responses)).toEqual(expect.arrayContaining(["200", "201"]));
  expect(
    document.paths["/document-management/document-links"].post.parameters.map((parameter: { name: string }) => parameter.name),
  ).toEqual(["Idempotency-Key"]);
  expect(document.paths["/document-management/document-links"].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
    expect.arrayContaining(["documentId", "subjectId", "subjectType"]),
  );
  const claims = operations.find(({ path }) => path.includes("/token/claims/"))!;
  expect(claims.operation.security).toEqual([{ ApiKey: [] }]);
  const upload = dereferenced(document).paths["/document-management/documents"].post;
  expect(upload.requestBody.content["multipart/form-data"].schema.properties.file).toMatchObject({ type: "string" });
  expect(
    Object.keys(document.paths["/document-management/document-versions/{documentVersionId}/content"].get.responses["200"].content),
  ).toEqual(["application/octet-stream"]);
});
