/**
 * What other packages may know of this domain without loading its GraphQL schema: its resource
 * declarations, its event declarations and its REST surface (`@pap/communication/contract`); the
 * subgraph itself is the package's main entry.
 */
export { notice, noticeDelivery } from "./notice";
export { noticeEvents } from "../domain/notice-events";
export { communicationRoutes } from "./rest";
export { communicationDomain } from "./domain";
export { noticeTypes, noticeStatuses } from "../domain/vocabulary";
export { noticeMachine } from "../domain/notice-machine";
