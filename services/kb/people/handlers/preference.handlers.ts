import type { PreferenceServiceService } from "../../../../proto/gen/m3/kb/v1/preference_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { PreferenceService } from "../services/preference.service.js";
import { checkPreferenceReader } from "../services/preference-access.rules.js";

/** Listing is for admins, or a user's own node; the prefix search is open; writes need any valid token. */
export function preferenceHandlers(
  preferences: PreferenceService,
  principals: PrincipalResolver,
): UnaryHandlers<typeof PreferenceServiceService> {
  return {
    listPreferences: async (request, ctx) => {
      checkPreferenceReader(await principals.resolve(ctx), request.name);
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
