import { subscriptionExecutions, subscriptionPayloads } from "@pap/core";
import {
  createSourceEventStream,
  getOperationAST,
  Kind,
  print,
  visit,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from "graphql";
import { compiledExecution } from "./compiled-execution";
import { MappedStream } from "./mapped-stream";
import { SharedExecutions } from "./shared-executions";

/**
 * The root-field argument that only says where a subscription's stream starts (the log position to
 * resume after). It chooses which payloads arrive, never what a payload resolves to, so subscribers
 * that differ only in it compute the same result for the same payload and share its execution.
 */
const STREAM_POSITION_ARGUMENT = "after";

export type SharedSubscribeArgs = ExecutionArgs & {
  /** What the caller may see (their credentials): only subscribers alike in it share an execution. */
  visibility: string;
};

type DocumentFacts = { text: string; rootField: string; positionVariables: ReadonlySet<string> };

/**
 * graphql-js `subscribe` with each payload executed once per distinct subscription, however many
 * subscribers it has: subscribers with the same document, variables (but for the stream's start) and
 * visibility that receive the same payload get one result between them. Each subscriber keeps its own
 * source stream, so where it starts, what it catches up on and when it ends are its own, as before.
 */
export function sharedSubscriptions() {
  const executions = new SharedExecutions<ExecutionResult | Promise<ExecutionResult>>();
  // A subscription's document is parsed once and executed for every event: compiled, it is not walked again each time.
  const execute = compiledExecution();
  const documents = new WeakMap<DocumentNode, DocumentFacts>();
  const factsOf = (document: DocumentNode, operationName: string | null | undefined): DocumentFacts => {
    let facts = documents.get(document);
    if (!facts) documents.set(document, (facts = documentFacts(document, operationName)));
    return facts;
  };

  const subscribe = async (args: SharedSubscribeArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> => {
    const { visibility, ...execution } = args;
    const source = await createSourceEventStream(execution);
    if (!(Symbol.asyncIterator in source)) return source;
    const facts = factsOf(args.document, args.operationName);
    const variables = Object.fromEntries(Object.entries(args.variableValues ?? {}).filter(([name]) => !facts.positionVariables.has(name)));
    const membership = executions.join(JSON.stringify([facts.text, args.operationName ?? null, variables, visibility]));
    const labels = { field: facts.rootField };
    const run = (payload: unknown) => () => {
      subscriptionExecutions.inc(labels);
      return execute({ ...execution, rootValue: payload });
    };
    return new MappedStream(
      (source as AsyncIterable<unknown>)[Symbol.asyncIterator](),
      (payload) => {
        subscriptionPayloads.inc(labels);
        if (typeof payload !== "object" || payload === null) return run(payload)();
        return membership.resultFor(payload, run(payload)).result;
      },
      membership.leave,
    );
  };
  return { subscribe, groups: () => executions.size };
}

/** The document's text, its root field, and the variables used only as that field's stream position. */
function documentFacts(document: DocumentNode, operationName: string | null | undefined): DocumentFacts {
  const operation = getOperationAST(document, operationName);
  const root = operation?.selectionSet.selections.find((selection) => selection.kind === Kind.FIELD);
  const rootField = root?.kind === Kind.FIELD ? root.name.value : "unknown";
  const candidates = new Set<string>();
  if (root?.kind === Kind.FIELD)
    for (const argument of root.arguments ?? [])
      if (argument.name.value === STREAM_POSITION_ARGUMENT && argument.value.kind === Kind.VARIABLE)
        candidates.add(argument.value.name.value);
  // A variable used anywhere else may change a payload's result: it stays in the key.
  const uses = new Map<string, number>();
  visit(document, {
    VariableDefinition: () => false,
    Variable: (node) => void uses.set(node.name.value, (uses.get(node.name.value) ?? 0) + 1),
  });
  const positionVariables = new Set([...candidates].filter((name) => uses.get(name) === 1));
  return { text: print(document), rootField, positionVariables };
}
