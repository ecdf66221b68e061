import { defineSubgraph } from "@pap/kernel/domain";
import { caseLinkReactions } from "./consumers/case-links";
import { documentUploadReactions } from "./consumers/document-uploads";
import { electronicCheckReactions } from "./consumers/electronic-checks";
import { eligibilityReactions } from "./consumers/eligibility-reactions";
import { lifecycleReactions } from "./consumers/lifecycle-reactions";
import { noticeReactions } from "./consumers/notice-reactions";
import { personMatchReactions } from "./consumers/person-match";
import { createContext } from "./context";
import { intakeDomain } from "./contract";
import { schema } from "./schema";

/** The intake subgraph: applications, their lifecycle and household records, verifications; and its reactions to other domains. */
export const subgraph = defineSubgraph(intakeDomain, {
  schema,
  createContext,
  consumers: [
    lifecycleReactions(),
    personMatchReactions(),
    eligibilityReactions(),
    caseLinkReactions(),
    electronicCheckReactions(),
    documentUploadReactions(),
    noticeReactions(),
  ],
});
