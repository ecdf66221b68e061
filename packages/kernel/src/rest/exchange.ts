/** What a route sees of the HTTP request, already parsed by Fastify. */
export type RestRequest = {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** An upload route's staged file: the token naming the bytes already in the content store. */
  content?: string;
};

/** How a graph result becomes an HTTP answer. */
export type RestResponse = { status: number; body?: unknown; headers?: Record<string, string>; content?: ContentAnswer };

/** Bytes the transport streams from the content store as the answer (a version's, by its id). */
export type ContentAnswer = { key: string; fileName: string; mimeType: string; sizeBytes: number; contentHash: string };
