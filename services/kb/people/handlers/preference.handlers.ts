import type { PreferenceServiceService } from "../../../../proto/gen/m3/kb/v1/preference_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { PreferenceService } from "../services/preference.service.js";

export const PREFERENCE_PUBLIC_METHODS = ["listPreferencesByPrefix"] as const;

/** Listing every node is for admins; the prefix search is open; writes need any valid token. */
export function preferenceHandlers(
  preferences: PreferenceService,
  principals: PrincipalResolver,
): UnaryHandlers<typeof PreferenceServiceService> {
  return {
    listPreferences: async (request, ctx) => {
      await principals.requireAdmin(ctx);
      return { preferences: await preferences.list({ nodeName: request.name, prefKey: request.key }) };
    },
    listPreferencesByPrefix: async (request) => ({
      preferences: await preferences.listByPrefix(request.prefix),
    }),
    createPreference: (request) => preferences.create(request),
    updatePreference: (request) => preferences.update(request),
    deletePreference: async (request) => {
      await preferences.delete(request.name, request.key);
      return {};
    },
  };
}
