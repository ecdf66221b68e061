import { parse, type DocumentNode } from "graphql";

/**
 * Parsed GraphQL documents by their text. The gateway sends subgraphs a bounded set of operations
 * (one per client operation shape), and every stream of one shape shares one tree instead of holding
 * its own; the bound only guards against clients that generate endless shapes.
 */
export class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(private readonly maxDocuments = 1000) {}

  parse(text: string): DocumentNode {
    let document = this.documents.get(text);
    if (!document) {
      document = parse(text);
      if (this.documents.size >= this.maxDocuments) this.documents.clear();
      this.documents.set(text, document);
    }
    return document;
  }
}
