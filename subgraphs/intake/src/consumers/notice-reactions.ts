import { reactionConsumer, type ConsumerDefinition } from "@pap/events";
import type { Logger } from "@pap/core";
import { recordDocumentRequest } from "../operations/document-requests";

/** The communication domain's event, named as it declares it (the domains do not import one another). */
const NOTICE_SENT = "communication.notice.sent";

/** Intake's reaction to notices (events.md's reaction table): a document request sent is recorded on its verification. */
export function noticeReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  return reactionConsumer({ name: "intake.notices", logger: options.logger, reactions: { [NOTICE_SENT]: recordDocumentRequest } });
}
