import { builder } from "../builder";
import "./audit-entry";
import "./event";
import "./policy";
import "./search";

export const schema = builder.toSubGraphSchema({ linkUrl: "https://specs.apollo.dev/federation/v2.6" });
