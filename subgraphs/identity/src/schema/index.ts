import { builder } from "../builder";
import "./user";
import "./claims";
import "./person";
import "./event";

export const schema = builder.toSubGraphSchema({ linkUrl: "https://specs.apollo.dev/federation/v2.6" });
