import { builder } from "../builder";
import "./service";
import "./service-call";
import "./links";
import "./change-feed";

export const schema = builder.toSubGraphSchema({ linkUrl: "https://specs.apollo.dev/federation/v2.6" });
