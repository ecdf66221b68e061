/**
 * The build writes the supergraph with placeholder subgraph URLs (`http://<name>.subgraph.invalid/graphql`):
 * our gateway is told where each subgraph runs at start. Hive Gateway reads the URLs from the SDL, so
 * the comparison gets a copy pointing at the very subgraph processes our gateway calls.
 */
export function withSubgraphUrls(supergraphSdl: string, urls: Record<string, string>): string {
  const named = new Set<string>();
  const rewritten = supergraphSdl.replace(/@join__graph\(name: "([^"]+)", url: "[^"]*"\)/g, (whole, name: string) => {
    const url = urls[name];
    if (!url) throw new Error(`the supergraph names subgraph ${name}, but no process serves it`);
    named.add(name);
    return `@join__graph(name: "${name}", url: "${url}")`;
  });
  if (!named.size) throw new Error("no @join__graph(name:, url:) found in the supergraph");
  return rewritten;
}

/** The launcher's banner lists each subgraph process ("  subgraph persons   http://127.0.0.1:4802/graphql"). */
export function subgraphUrlsFromBanner(output: string): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const match of output.matchAll(/^\s+subgraph (\S+)\s+(http:\/\/\S+)\s*$/gm)) urls[match[1]!] = match[2]!;
  if (!Object.keys(urls).length) throw new Error(`the distributed launcher's banner lists no subgraph URLs:\n${output}`);
  return urls;
}
