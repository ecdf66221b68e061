import { documentHash, isProduction, readSetting, type TrustedDocuments } from "@pap/core";

/** What GRAPHQL_TRUSTED_DOCUMENTS asks of the graph: resolve these hashes, and (in production) run nothing else. */
export type TrustedOperations = { documents: TrustedDocuments; enforced: boolean };

export const trustedOperationsFromEnv = (env: NodeJS.ProcessEnv = process.env): TrustedOperations | undefined => {
  const documents = readSetting("GRAPHQL_TRUSTED_DOCUMENTS", env);
  return documents && { documents, enforced: isProduction(env) };
};

/** The parameters of one GraphQL request (a POST body, or a GET's query string where they are text). */
export type OperationParams = { query?: unknown; documentId?: unknown; extensions?: unknown; [name: string]: unknown };

export type Refusal = { code: string; message: string };
export type Admission = { params: OperationParams } | { refused: Refusal };

const extensionsOf = (params: OperationParams): Record<string, unknown> | undefined => {
  if (typeof params.extensions === "string") {
    try {
      const parsed: unknown = JSON.parse(params.extensions);
      return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  return params.extensions && typeof params.extensions === "object" ? (params.extensions as Record<string, unknown>) : undefined;
};

/** The hash a request names its document by: GraphQL-over-HTTP's `documentId` ("sha256:<hex>") or Apollo's persisted-query extension. */
function hashNamed(params: OperationParams): string | undefined {
  if (typeof params.documentId === "string") return params.documentId.replace(/^sha256:/, "").toLowerCase();
  const persisted = extensionsOf(params)?.persistedQuery as { sha256Hash?: unknown } | undefined;
  return typeof persisted?.sha256Hash === "string" ? persisted.sha256Hash.toLowerCase() : undefined;
}

/** The request with its listed document as the query, and without the hash Apollo would look up in its own cache. */
function withDocument(params: OperationParams, document: string): OperationParams {
  const { documentId: _id, extensions: _extensions, ...rest } = params;
  const { persistedQuery: _persisted, ...others } = extensionsOf(params) ?? {};
  const extensions = Object.keys(others).length
    ? { extensions: typeof params.extensions === "string" ? JSON.stringify(others) : others }
    : {};
  return { ...rest, ...extensions, query: document };
}

/**
 * Lets one request through, resolved, or refuses it. A listed hash runs its document (with or without
 * the text beside it, which must then be that document). Where the list is enforced, an unlisted hash
 * is PERSISTED_QUERY_NOT_FOUND and a text that is not listed PERSISTED_QUERY_NOT_IN_LIST; elsewhere
 * those go on to Apollo as they came (its automatic persisted queries answer an unknown hash).
 */
export function admitOperation(params: OperationParams, trusted: TrustedOperations): Admission {
  const hash = hashNamed(params);
  const text = typeof params.query === "string" ? params.query : undefined;
  const listed = hash === undefined ? undefined : trusted.documents.get(hash);
  if (listed !== undefined) {
    if (text !== undefined && text !== listed)
      return {
        refused: {
          code: "BAD_REQUEST",
          message: "The query is not the document its hash names: send the hash alone, or the document it was made from.",
        },
      };
    return { params: withDocument(params, listed) };
  }
  if (!trusted.enforced) return { params };
  if (hash !== undefined && text === undefined)
    return {
      refused: {
        code: "PERSISTED_QUERY_NOT_FOUND",
        message: "This deployment runs only its trusted documents, and none has this hash.",
      },
    };
  if (text !== undefined && trusted.documents.has(documentHash(text)) && hash === undefined) return { params };
  if (text !== undefined)
    return {
      refused: {
        code: "PERSISTED_QUERY_NOT_IN_LIST",
        message: "This deployment runs only its trusted documents, and this operation is not one of them.",
      },
    };
  return { params };
}
