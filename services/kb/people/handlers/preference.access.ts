import { PreferenceServiceService } from "../../../../proto/gen/m3/kb/v1/preference_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** The prefix search is open; the rest needs a JWT (the handlers then check whose node it is). */
export const PREFERENCE_ACCESS = declareAccess(PreferenceServiceService, {
  listPreferences: "jwt",
  listPreferencesByPrefix: "none",
  createPreference: "jwt",
  updatePreference: "jwt",
  deletePreference: "jwt",
});
