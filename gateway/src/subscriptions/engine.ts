import type { ApolloServer } from "@apollo/server";
import { MappedStream, SharedExecutions, visibilityOf, type GraphResult, type GraphSubscriber } from "@pap/kernel/graphql";
import { GraphQLError, print, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema } from "graphql";
import { gatewayContextFromHeaders, type GatewayContext } from "../graph/context";
import { DocumentCache } from "../graph/document-cache";
import { ENTITY_ID_VARIABLE, splitSubscription, SubscriptionShapeError, type SplitSubscription } from "./operation-split";
import type { SourceStreams } from "./source-streams";

export type SubscribeArgs = {
  document: DocumentNode;
  variableValues?: Record<string, unknown> | null;
  operationName?: string | null;
  contextValue: GatewayContext;
};

/**
 * Subscriptions across the federated graph, which Apollo Gateway does not execute. The root field is
 * subscribed to on the subgraph that owns it (in this process or over graphql-ws), which yields the
 * id of each payload; every payload is then resolved with the client's full selection as a query
 * through the gateway, so the client may select linked fields from any subgraph.
 */
export class SubscriptionEngine {
  private readonly documents = new DocumentCache();
  /** Linked payloads resolved once per source result for all subscribers of the same subscription. */
  private readonly payloads = new SharedExecutions<Promise<ExecutionResult>>();

  constructor(
    private readonly apollo: ApolloServer<GatewayContext>,
    readonly schema: () => GraphQLSchema,
    private readonly sources: SourceStreams,
  ) {}

  async subscribe(args: SubscribeArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
    let split: ReturnType<typeof splitSubscription>;
    try {
      split = splitSubscription(this.schema(), args.document, args.operationName);
    } catch (error) {
      if (error instanceof SubscriptionShapeError)
        return { errors: [new GraphQLError(error.message, { extensions: { code: "BAD_REQUEST", status: 400 } })] };
      throw error;
    }
    const owner = this.sources.ownerOf(split.rootField);
    if (!owner) return { errors: [new GraphQLError(`no subgraph serves the subscription field '${split.rootField}'`)] };
    const variables = args.variableValues ?? {};
    if (this.ownerAnswersAlone(owner, split)) {
      // The owner serves the payload type itself and every selected field: its stream is the answer.
      return this.sources.open(owner, print(split.wholeDocument), variables, args.contextValue.headers) as Promise<
        AsyncIterableIterator<ExecutionResult>
      >;
    }
    const source = await this.sources.open(owner, split.sourceDocument, variables, args.contextValue.headers);
    const payloadVariables = Object.fromEntries(split.payloadVariables.map((name) => [name, variables[name]]));
    // Subscribers of the same subscription in this process receive the same source result object.
    const membership = this.payloads.join(
      JSON.stringify([split.payloadDocument, payloadVariables, visibilityOf(args.contextValue.headers)]),
    );
    const resolvePayload = async (result: GraphResult): Promise<ExecutionResult> => {
      if (result.errors?.length) return { errors: result.errors } as ExecutionResult;
      const id = (result.data?.[split.responseKey] as { id?: unknown } | null | undefined)?.id;
      // A fresh context per payload: DataLoader caches must not serve one event's entities to the next.
      const response = await this.apollo.executeOperation(
        { query: split.payloadDocument, variables: { ...payloadVariables, [ENTITY_ID_VARIABLE]: id } },
        { contextValue: { headers: args.contextValue.headers } },
      );
      if (response.body.kind !== "single") throw new Error("incremental delivery is not used by subscriptions");
      return response.body.singleResult as ExecutionResult;
    };
    return new MappedStream(source, (result) => membership.resultFor(result, () => resolvePayload(result)).result, membership.leave);
  }

  /**
   * True when the owning subgraph looks the payload type up itself (so it owns its fields rather than
   * extending it) and the client's selection is valid against that subgraph alone, so no field of
   * another subgraph is asked for. The event stream (SSE, `events { … }` without links) takes this path.
   */
  private ownerAnswersAlone(owner: string, split: SplitSubscription): boolean {
    const schema = this.sources.schemaOf(owner);
    if (!schema?.getQueryType()?.getFields()[split.lookupField]) return false;
    return validate(schema, split.wholeDocument).length === 0;
  }

  /** The engine as rest-compat's subscriber: a query string and HTTP headers in, results out. */
  asGraphSubscriber(): GraphSubscriber {
    return async ({ query, variables, headers }) => {
      const document = this.documents.parse(query);
      const invalid = validate(this.schema(), document);
      if (invalid.length) return once({ errors: invalid });
      const result = await this.subscribe({ document, variableValues: variables, contextValue: gatewayContextFromHeaders(headers) });
      return Symbol.asyncIterator in result ? (result as AsyncIterableIterator<GraphResult>) : once(result as GraphResult);
    };
  }

  close(): Promise<void> {
    return this.sources.close();
  }
}

function once<T>(value: T): AsyncIterableIterator<T> {
  let delivered = false;
  return {
    next: async () => (delivered ? { value: undefined, done: true } : ((delivered = true), { value, done: false })),
    return: async () => ({ value: undefined, done: true }),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
