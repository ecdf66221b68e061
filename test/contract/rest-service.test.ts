/**
 * The REST surface depends on the domains' contracts, not on their subgraphs: the distributed mode's
 * REST process (the compiled one, so this needs the build) starts, serves its OpenAPI document and
 * turns away a caller without a credential, all without building any subgraph's GraphQL schema.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

const probe = `
  const { startRestService } = require(${JSON.stringify(path.join(__dirname, "../../gateway/dist/modes/rest-service.js"))});
  (async () => {
    // No gateway listens here: nothing this probe asks needs one.
    const service = await startRestService({ graphqlUrl: "http://127.0.0.1:9/graphql", host: "127.0.0.1", port: 0 });
    const { port } = service.app.server.address();
    const openapi = await fetch("http://127.0.0.1:" + port + "/openapi.json");
    const refused = await fetch("http://127.0.0.1:" + port + "/persons");
    const schemaModules = Object.keys(require.cache).filter((file) => /subgraphs[\\\\/][^\\\\/]+[\\\\/]dist[\\\\/](schema|builder|context)/.test(file));
    console.log(JSON.stringify({ openapi: openapi.status, paths: Object.keys((await openapi.json()).paths).length, refused: refused.status, schemaModules }));
    await service.close();
    process.exit(0);
  })().catch((error) => { console.error(error); process.exit(1); });
`;

describe("the REST process", () => {
  it("serves and refuses without loading any subgraph schema", () => {
    const output = execFileSync(process.execPath, ["-e", probe], {
      env: { ...process.env, NODE_OPTIONS: "", LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    const result = JSON.parse(output.trim().split("\n").at(-1)!);
    expect(result).toEqual({ openapi: 200, paths: expect.any(Number), refused: 401, schemaModules: [] });
    expect(result.paths).toBeGreaterThan(20);
  });
});
