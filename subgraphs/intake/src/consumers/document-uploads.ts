import { documentManagementEvents } from "@pap/document-management/contract";
import { reactionConsumer, type ConsumerDefinition } from "@pap/events";
import type { Logger } from "@pap/core";
import { recordDocumentEvidence } from "../operations/document-evidence";

/** Intake's upload handler (events.md): a version uploaded for a verification is its evidence, and satisfies it. */
export function documentUploadReactions(options: { logger?: Logger } = {}): ConsumerDefinition {
  return reactionConsumer({
    name: "intake.document-uploads",
    logger: options.logger,
    reactions: {
      [documentManagementEvents.draft("document_version.uploaded", "").type]: recordDocumentEvidence,
    },
  });
}
