import { type RestRoute, crudRoutes, machineActionRoutes, partActionRoutes } from "@pap/kernel/rest";
import { decisionMachine, decisionsAtDetermination } from "../domain/decision-machine";
import { determinationMachine } from "../domain/determination-machine";
import { decision } from "./decision";
import { determination } from "./determination";

const tag = "Eligibility";
const determinations = "/eligibility/determinations";
const determinationPath = `${determinations}/{determinationId}`;
const decisionPath = `${determinationPath}/decisions/{decisionId}`;

/** The eligibility domain (SPEC §4.6): determinations and their decisions, read by staff and moved by the system's actions. */
export const eligibilityRoutes: RestRoute[] = [
  // `GET /determinations` takes `applicationId` beside the list parameters (SPEC §4.6).
  ...crudRoutes({
    resource: determination,
    tag,
    collectionPath: determinations,
    idParam: "determinationId",
    only: ["list", "get"],
    filters: [
      {
        name: "applicationId",
        values: "uuid",
        description: "Only the determination of this application (the same as `q=applicationId:<id>`).",
      },
    ],
  }),
  ...machineActionRoutes({
    machine: determinationMachine,
    resource: determination,
    tag,
    itemPaths: [determinationPath],
    idParam: "determinationId",
  }),
  // The specification's table forms of approve and deny (§4.6): the decision named in the body, or the only pending one; answering the determination.
  ...partActionRoutes({
    ...decisionsAtDetermination,
    machine: decisionMachine,
    part: decision,
    parent: determination,
    tag,
    parentPath: determinationPath,
    parentParam: "determinationId",
  }),
  ...crudRoutes({
    resource: decision,
    tag,
    collectionPath: `${determinationPath}/decisions`,
    idParam: "decisionId",
    parentParam: "determinationId",
    only: ["list", "get"],
  }).map((route) => (route.path.endsWith("/decisions") ? { ...route, docs: { ...route.docs, errorStatuses: [400, 404, 500] } } : route)),
  ...machineActionRoutes({
    machine: decisionMachine,
    resource: decision,
    tag,
    itemPaths: [decisionPath],
    idParam: "decisionId",
    parentParam: "determinationId",
  }),
];
