import { builder } from "../builder";
import "./notice";
import "./print-queue";
import "./links";
import "./change-feed";

export const schema = builder.toSubGraphSchema({ linkUrl: "https://specs.apollo.dev/federation/v2.6" });
