import type { BoxServiceService } from "../../../../proto/gen/m3/annotation/v1/box_service.js";
import type { CallContext, UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { actorOf, signedInUser } from "../services/box-actor.rules.js";
import type { BoxQueryService } from "../services/box-query.service.js";
import type { BoxReviewService } from "../services/box-review.service.js";
import { toBox, toBoxReviewAction } from "./box.mapper.js";

const claimsOf = (ctx: CallContext) => ctx.claims;

export function boxHandlers(
  queries: BoxQueryService,
  reviews: BoxReviewService,
): UnaryHandlers<typeof BoxServiceService> {
  return {
    listBoxes: async (request, ctx) => ({ boxes: (await queries.list(request, ctx.signal)).map(toBox) }),
    relabelBoxes: async (request, ctx) =>
      toBoxReviewAction(
        await reviews.relabel(request.associationUuids, request.concept, actorOf(claimsOf(ctx))),
      ),
    verifyBoxes: async (request, ctx) =>
      toBoxReviewAction(await reviews.verify(request.associationUuids, signedInUser(claimsOf(ctx)))),
    deleteBoxes: async (request, ctx) =>
      toBoxReviewAction(await reviews.delete(request.associationUuids, actorOf(claimsOf(ctx)))),
    undoBoxReviewAction: async (request) => toBoxReviewAction(await reviews.undo(request.uuid)),
  };
}
