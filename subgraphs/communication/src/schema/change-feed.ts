import { builder } from "../builder";
import { noticeEvents } from "../domain/notice-events";
import { NoticeRef } from "./notice";
import { noticeScope } from "./notice-scope";

builder.addChangeFeed({
  entity: NoticeRef,
  field: "notice",
  subscription: "noticeChanged",
  noun: "notice",
  domain: "communication domain",
  source: noticeEvents.source,
  permission: "notices:read",
  loader: (context) => context.loaders.noticeById,
  reachable: noticeScope.idInReach,
});
