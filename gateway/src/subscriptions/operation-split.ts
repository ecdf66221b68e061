import {
  getNamedType,
  getOperationAST,
  Kind,
  print,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/** The variable carrying the entity's id into the per-event query. */
export const ENTITY_ID_VARIABLE = "__subscriptionEntityId";

/**
 * A client subscription split in two: the source stream (the root field, answered by the subgraph
 * that owns it, selecting only the payload's id) and the query that resolves the client's whole
 * selection for one payload through the federated graph.
 */
export type SplitSubscription = {
  rootField: string;
  /** The key the payload appears under in the client's result (alias or field name). */
  responseKey: string;
  /** The root query field that looks a payload up by id (`event` for `Event`). */
  lookupField: string;
  sourceDocument: string;
  payloadDocument: string;
  /** The client's variables the payload query uses (all but the entity's id): what its result depends on besides the id. */
  payloadVariables: readonly string[];
  /** The client's operation alone (with the fragments it uses), for a subgraph that can answer all of it. */
  wholeDocument: DocumentNode;
};

export class SubscriptionShapeError extends Error {}

/**
 * Splits a validated subscription. The payload type must be an entity with an `id` and a root query
 * field named after it (`Event` → `event(id:)`): that is how each payload is looked up again through
 * the gateway, which is what lets the client select fields of any subgraph on it.
 */
export function splitSubscription(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): SplitSubscription {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== "subscription") throw new SubscriptionShapeError("the operation is not a subscription");
  const [selection] = operation.selectionSet.selections;
  if (operation.selectionSet.selections.length !== 1 || selection?.kind !== Kind.FIELD) {
    throw new SubscriptionShapeError("a subscription selects exactly one root field, without fragments at the root");
  }
  const field = selection;
  const definition = schema.getSubscriptionType()?.getFields()[field.name.value];
  if (!definition) throw new SubscriptionShapeError(`unknown subscription field '${field.name.value}'`);
  const payloadType = getNamedType(definition.type);
  const lookupName = payloadType.name.charAt(0).toLowerCase() + payloadType.name.slice(1);
  const lookup = schema.getQueryType()?.getFields()[lookupName];
  if (!lookup?.args.some((arg) => arg.name === "id")) {
    throw new SubscriptionShapeError(
      `subscription payload ${payloadType.name} has no root query field '${lookupName}(id:)' to resolve it with`,
    );
  }
  const responseKey = field.alias?.value ?? field.name.value;
  const fragments = document.definitions.filter(
    (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
  );

  const idOnly: SelectionSetNode = { kind: Kind.SELECTION_SET, selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: "id" } }] };
  const sourceField: FieldNode = { ...field, selectionSet: idOnly, directives: [] };
  const sourceOperation = withUsedVariables(operation, { kind: Kind.SELECTION_SET, selections: [sourceField] }, "subscription", []);

  const payloadField: FieldNode = {
    kind: Kind.FIELD,
    alias: { kind: Kind.NAME, value: responseKey },
    name: { kind: Kind.NAME, value: lookupName },
    arguments: [
      {
        kind: Kind.ARGUMENT,
        name: { kind: Kind.NAME, value: "id" },
        value: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: ENTITY_ID_VARIABLE } },
      },
    ],
    directives: field.directives,
    selectionSet: field.selectionSet,
  };
  const payloadSelection: SelectionSetNode = { kind: Kind.SELECTION_SET, selections: [payloadField] };
  const usedFragments = fragmentsUsedBy(payloadSelection, fragments);
  const payloadOperation = withUsedVariables(operation, payloadSelection, "query", usedFragments, ENTITY_ID_VARIABLE);

  const wholeOperation = withUsedVariables(
    operation,
    operation.selectionSet,
    "subscription",
    fragmentsUsedBy(operation.selectionSet, fragments),
  );
  return {
    rootField: field.name.value,
    responseKey,
    lookupField: lookupName,
    wholeDocument: { kind: Kind.DOCUMENT, definitions: [wholeOperation, ...fragmentsUsedBy(operation.selectionSet, fragments)] },
    sourceDocument: print({ kind: Kind.DOCUMENT, definitions: [sourceOperation] }),
    payloadDocument: print({ kind: Kind.DOCUMENT, definitions: [payloadOperation, ...usedFragments] }),
    payloadVariables: (payloadOperation.variableDefinitions ?? [])
      .map((definition) => definition.variable.name.value)
      .filter((name) => name !== ENTITY_ID_VARIABLE),
  };
}

/** The operation with a new selection, declaring only the variables that selection (and its fragments) uses. */
function withUsedVariables(
  operation: OperationDefinitionNode,
  selectionSet: SelectionSetNode,
  kind: "query" | "subscription",
  fragments: readonly FragmentDefinitionNode[],
  entityIdVariable?: string,
): OperationDefinitionNode {
  const used = new Set<string>();
  for (const node of [selectionSet, ...fragments]) visit(node, { Variable: (variable) => void used.add(variable.name.value) });
  const variableDefinitions = (operation.variableDefinitions ?? []).filter((definition) => used.has(definition.variable.name.value));
  if (entityIdVariable) {
    variableDefinitions.push({
      kind: Kind.VARIABLE_DEFINITION,
      variable: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: entityIdVariable } },
      type: { kind: Kind.NON_NULL_TYPE, type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: "ID" } } },
    });
  }
  return { ...operation, operation: kind as OperationDefinitionNode["operation"], variableDefinitions, selectionSet };
}

function fragmentsUsedBy(selectionSet: SelectionSetNode, fragments: readonly FragmentDefinitionNode[]): FragmentDefinitionNode[] {
  const byName = new Map(fragments.map((fragment) => [fragment.name.value, fragment]));
  const used = new Map<string, FragmentDefinitionNode>();
  const pending: (SelectionSetNode | FragmentDefinitionNode)[] = [selectionSet];
  while (pending.length) {
    visit(pending.pop()!, {
      FragmentSpread: (node) => {
        const fragment = byName.get(node.name.value);
        if (fragment && !used.has(fragment.name.value)) {
          used.set(fragment.name.value, fragment);
          pending.push(fragment);
        }
      },
    });
  }
  return [...used.values()];
}
