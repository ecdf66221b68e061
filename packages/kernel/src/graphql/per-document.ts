import type { DocumentNode } from "graphql";

/**
 * A fact about a document worked out once per document rather than once per request: Apollo Server
 * keeps each query text's parsed document, so a guard's walk over it (a number too large, a question
 * about the schema) had been repeated for every request of an unchanging operation. Held weakly: a
 * document Apollo drops is forgotten here too.
 */
export function perDocument<T>(read: (document: DocumentNode) => T): (document: DocumentNode) => T {
  const known = new WeakMap<DocumentNode, { value: T }>();
  return (document) => {
    let found = known.get(document);
    if (!found) known.set(document, (found = { value: read(document) }));
    return found.value;
  };
}
