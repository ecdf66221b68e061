import { builder } from "../builder";
import "./application";
import "./member";
import "./links";
import "./records";
import "./verification";
import "./service-calls";
import "./lifecycle";
import "./change-feed";

export const schema = builder.toSubGraphSchema({ linkUrl: "https://specs.apollo.dev/federation/v2.6" });
