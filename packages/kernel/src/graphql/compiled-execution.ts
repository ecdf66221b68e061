import {
  execute,
  getOperationAST,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLSchema,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";

type Compiled = Pick<CompiledQuery, "query"> | null;

/** Operations remembered per document: a document names few, and a client that sends others is bounded by it. */
const MOST_OPERATIONS_PER_DOCUMENT = 16;

/**
 * Executes operations compiled once per schema, document and operation name (graphql-jit), instead of
 * graphql-js walking the document again for every execution: collecting each selection's fields,
 * coercing the variables and building the execution context anew. A subscription's document is
 * executed once per event, and at a thousand events a second that walk was most of what an event cost
 * the process after the socket writes.
 *
 * A search answering a page of 25 hits ran some 700 fields through graphql-js each time, a third of
 * what the request cost.
 *
 * Only documents that stay the same object are worth compiling: a subscription's for its life, a REST
 * route's and the gateway's subgraph fetches' kept parsed by their text. A document that cannot be
 * compiled runs on graphql-js, which reports what is wrong with it as before.
 *
 * Differences from graphql-js, and what is done about them:
 * - A field without a resolver is read as a property, and a function or a promise found there is not
 *   called or awaited. Fields that compute (a loader, a lookup) have resolvers, as every Pothos field
 *   does once its plugins wrap it.
 * - Every failing field is reported, where graphql-js stops at the first failure that nulls an object:
 *   an object refused to the caller would come back with one error per field asked for. The answer
 *   keeps graphql-js's one error per nulled position (`oneErrorPerNulledPosition`).
 * - Variables are coerced by graphql-jit's own code. Mutations run on graphql-js: compiled, their
 *   uploads with an idempotency key were refused. A mutation runs once per request anyway; the queries
 *   a screen or a search sends many times a second are what the compilation pays for.
 */
export function compiledExecution(): (args: ExecutionArgs) => ReturnType<typeof execute> {
  const bySchema = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, Compiled>>>();

  const compiledFor = (schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): Compiled => {
    let byDocument = bySchema.get(schema);
    if (!byDocument) bySchema.set(schema, (byDocument = new WeakMap()));
    let byOperation = byDocument.get(document);
    if (!byOperation) byDocument.set(document, (byOperation = new Map()));
    const name = operationName ?? "";
    let compiled = byOperation.get(name);
    if (compiled === undefined) {
      compiled = compile(schema, document, operationName);
      if (byOperation.size >= MOST_OPERATIONS_PER_DOCUMENT) byOperation.clear();
      byOperation.set(name, compiled);
    }
    return compiled;
  };

  return (args) => {
    const compiled = compiledFor(args.schema, args.document, args.operationName);
    if (!compiled) return execute(args);
    const result = compiled.query(args.rootValue, args.contextValue, args.variableValues ?? {});
    return (isPromiseLike(result) ? result.then(oneErrorPerNulledPosition) : oneErrorPerNulledPosition(result)) as ReturnType<
      typeof execute
    >;
  };
}

function compile(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): Compiled {
  // Mutations run on graphql-js (see compiledExecution); a document without the operation asked for too, which says so.
  const kind = getOperationAST(document, operationName)?.operation;
  if (kind !== OperationTypeNode.QUERY && kind !== OperationTypeNode.SUBSCRIPTION) return null;
  try {
    const compiled = compileQuery(schema, document, operationName ?? undefined);
    return isCompiledQuery(compiled) ? compiled : null;
  } catch {
    return null;
  }
}

const isPromiseLike = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  typeof (value as PromiseLike<T> | null)?.then === "function";

/**
 * The position an error left null: the first null on the way down its path (the field itself when it
 * may be null, else the nearest ancestor the null travelled up to; the whole data at worst).
 */
function nulledPosition(data: unknown, path: readonly (string | number)[]): string {
  let value = data;
  for (let depth = 0; depth < path.length; depth++) {
    if (value === null || value === undefined) return JSON.stringify(path.slice(0, depth));
    value = (value as Record<string | number, unknown>)[path[depth]!];
  }
  return JSON.stringify(path);
}

const documentOrder = (error: GraphQLError) => {
  const at = error.locations?.[0];
  return at ? at.line * 1e6 + at.column : Number.MAX_SAFE_INTEGER;
};

/**
 * One error per position left null, the first field of the document among those that failed there,
 * as graphql-js reports: it stops completing an object at its first failing field that may not be null.
 */
export function oneErrorPerNulledPosition<T extends ExecutionResult>(result: T): T {
  const errors = result.errors;
  if (!errors || errors.length < 2) return result;
  const kept = new Map<string, GraphQLError>();
  // Errors without a path (variables refused, say) are all the request's, each its own.
  const requestErrors = errors.filter((error) => !error.path);
  for (const error of errors) {
    if (!error.path) continue;
    const position = nulledPosition(result.data, error.path);
    const earlier = kept.get(position);
    if (!earlier || documentOrder(error) < documentOrder(earlier)) kept.set(position, error);
  }
  if (kept.size + requestErrors.length === errors.length) return result;
  const chosen = new Set<GraphQLError>([...requestErrors, ...kept.values()]);
  return { ...result, errors: errors.filter((error) => chosen.has(error)) };
}
