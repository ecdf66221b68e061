import { execute, type DocumentNode, type ExecutionArgs, type GraphQLSchema } from "graphql";
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
 * Only documents that stay the same object are worth compiling, as a subscription's does for its life.
 * A document that cannot be compiled runs on graphql-js, which reports what is wrong with it as before.
 *
 * One difference from graphql-js: a field without a resolver is read as a property, and a function or
 * a promise found there is not called or awaited. Fields that compute (a loader, a lookup) have
 * resolvers, as every Pothos field that is not `expose`d does. Queries and mutations stay on
 * graphql-js: compiled, they differed from it in ways the REST suites caught (uploads with an
 * idempotency key, preconditions), so they wait for a change of their own.
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
    return compiled.query(args.rootValue, args.contextValue, args.variableValues ?? {}) as ReturnType<typeof execute>;
  };
}

function compile(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): Compiled {
  try {
    const compiled = compileQuery(schema, document, operationName ?? undefined);
    return isCompiledQuery(compiled) ? compiled : null;
  } catch {
    return null;
  }
}
