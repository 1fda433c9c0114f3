import type { HistoryServiceService } from "../../../../proto/gen/m3/kb/v1/history_service.js";
import type { ExtendedHistory } from "../../../../proto/gen/m3/kb/v1/resources.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { HistoryService, NamedHistory } from "../services/history.service.js";
import { historyPageQuery } from "../services/history-query.rules.js";

/** Deleting, approving and rejecting need an Admin user. */
export function historyHandlers(
  histories: HistoryService,
  principals: PrincipalResolver,
): UnaryHandlers<typeof HistoryServiceService> {
  return {
    listPendingHistories: async (request) => {
      const page = historyPageQuery(request);
      const found = await histories.listPending(page);
      return { content: found.map(toExtendedHistory), limit: page.limit, offset: page.offset };
    },
    countPendingHistories: async () => ({ count: await histories.countPending() }),
    listApprovedHistories: async (request) => {
      const page = historyPageQuery(request);
      const found = await histories.listApproved(page);
      return { content: found.map(toExtendedHistory), limit: page.limit, offset: page.offset };
    },
    countApprovedHistories: async () => ({ count: await histories.countApproved() }),
    listConceptHistories: async (request) => ({
      histories: (await histories.listByConceptName(request.name)).map(toExtendedHistory),
    }),
    getHistory: async (request) => toExtendedHistory(await histories.get(request.id)),
    deleteHistory: async (request, ctx) => {
      await principals.requireAdmin(ctx);
      await histories.delete(request.id);
      return {};
    },
    approveHistory: async (request, ctx) =>
      toExtendedHistory(await histories.process(request.id, "approve", await principals.requireAdmin(ctx))),
    rejectHistory: async (request, ctx) =>
      toExtendedHistory(await histories.process(request.id, "reject", await principals.requireAdmin(ctx))),
  };
}

export function toExtendedHistory({ record, concept }: NamedHistory): ExtendedHistory {
  return {
    concept,
    creationTimestamp: record.creationTime.toTimestamp(),
    creatorName: record.creatorName,
    action: record.action,
    field: record.field,
    oldValue: record.oldValue ?? undefined,
    newValue: record.newValue ?? undefined,
    approved: record.approved === true,
    processedTimestamp: record.processedTime?.toTimestamp(),
    processorName: record.processorName ?? undefined,
    id: record.id,
  };
}
