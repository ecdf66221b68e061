import { actionEnumValue, crudRoutes, machineActionRoutes, notFound, requireObjectBody, withListFilters, type RestRequest, type RestRoute } from "@pap/kernel";
import { decisionMachine } from "../domain/decision-machine";
import { determinationMachine } from "../domain/determination-machine";
import { z } from "zod";
import { decision } from "./decision";
import { determination } from "./determination";

const tag = "Eligibility";
const determinations = "/eligibility/determinations";
const determinationPath = `${determinations}/{determinationId}`;
const decisionPath = `${determinationPath}/decisions/{decisionId}`;

/** `GET /determinations` takes `applicationId` beside the list parameters (SPEC §4.6). */
const withApplicationFilter = (route: RestRoute) =>
  withListFilters(route, [{ name: "applicationId", values: "uuid", description: "Only the determination of this application (the same as `q=applicationId:<id>`)." }]);

/**
 * The spec's determination-level forms of the decision actions (§4.6): `POST
 * /determinations/{determinationId}/approve|deny` naming the decision in the body's `decisionId`,
 * answering the determination. They run the same decision action as the decision-level path, in the
 * same order of checks (a missing or unknown `decisionId` is a decision not found: 404).
 */
function determinationLevel(action: "approve" | "deny"): RestRoute {
  const definition = decisionMachine.actions[action]!;
  return {
    method: "POST",
    path: `${determinationPath}/${action}`,
    operationId: `${action}DeterminationDecision`,
    summary: `${definition.description} The decision is named by \`decisionId\` in the body; answers its determination.`,
    tag,
    document: `mutation ($id: ID!, $action: DecisionAction!, $body: JSONObject, $parentId: ID) {
    result: performDecisionAction(id: $id, action: $action, body: $body, determinationId: $parentId) { determination { ${determination.selection} } } }`,
    variables: (request: RestRequest) => {
      const sent = request.body === undefined || request.body === null || request.body === "" ? {} : requireObjectBody(request.body);
      const { decisionId, ...body } = sent as Record<string, unknown>;
      return { id: typeof decisionId === "string" ? decisionId : "", action: actionEnumValue(action), body, parentId: request.params.determinationId ?? "" };
    },
    respond: (result, request) => {
      const found = (result as { determination?: unknown } | null)?.determination;
      if (!found) throw notFound("Determination", request.params.determinationId ?? "");
      return { status: 200, body: found };
    },
    docs: {
      body: z.strictObject({ decisionId: z.uuid().describe("The decision to act on, one of this determination's."), ...(definition.body as z.ZodObject).shape }),
      response: determination.response,
      successStatus: 200,
      errorStatuses: [400, 403, 404, 409, 422, 500],
    },
  };
}

/** The eligibility domain (SPEC §4.6): determinations and their decisions, read by staff and moved by the system's actions. */
export const eligibilityRoutes: RestRoute[] = [
  ...crudRoutes({ resource: determination, tag, collectionPath: determinations, idParam: "determinationId", only: ["list", "get"] }).map((route) =>
    route.method === "GET" && route.path === determinations ? withApplicationFilter(route) : route,
  ),
  ...machineActionRoutes({ machine: determinationMachine, resource: determination, tag, itemPaths: [determinationPath], idParam: "determinationId" }),
  determinationLevel("approve"),
  determinationLevel("deny"),
  ...crudRoutes({ resource: decision, tag, collectionPath: `${determinationPath}/decisions`, idParam: "decisionId", parentParam: "determinationId", only: ["list", "get"] }).map((route) =>
    route.path.endsWith("/decisions") ? { ...route, docs: { ...route.docs, errorStatuses: [400, 404, 500] } } : route,
  ),
  ...machineActionRoutes({ machine: decisionMachine, resource: decision, tag, itemPaths: [decisionPath], idParam: "decisionId", parentParam: "determinationId" }),
];
