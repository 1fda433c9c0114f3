import type { RouteSpec } from "../engine/route-spec.js";

const USERS = "m3.kb.v1.UserService";
const PREFS = "m3.kb.v1.PreferenceService";

/** The .proto files behind the kb's login, user, preference and metrics routes. */
export const KB_PEOPLE_PROTO_FILES = [
  "m3/kb/v1/user_auth_service.proto",
  "m3/kb/v1/user_service.proto",
  "m3/kb/v1/preference_service.proto",
  "m3/common/v1/metrics.proto",
] as const;

const loginAndMetricsRoutes: RouteSpec[] = [
  {
    method: "POST",
    path: "/v1/auth/login",
    rpc: "m3.kb.v1.UserAuthService/Login",
    casing: "snake",
    summary: "Log in with HTTP Basic credentials of an Admin or Maint user; returns a JWT naming the user",
  },
  {
    method: "GET",
    path: "/v1/metrics",
    rpc: "m3.common.v1.MetricsService/GetMetrics",
    render: "http-body",
    summary: "Prometheus metrics of the serving process (text exposition format)",
  },
];

const userRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/users",
    rpc: `${USERS}/ListUsers`,
    responseBody: "users",
    summary: "Every user account, in creation order (never with password digests)",
  },
  {
    method: "GET",
    path: "/v1/users/role/{role}",
    rpc: `${USERS}/ListUsersByRole`,
    responseBody: "users",
    summary: "The user accounts with exactly this role (Admin, Maint or ReadOnly)",
  },
  {
    method: "GET",
    path: "/v1/users/{name}",
    rpc: `${USERS}/GetUser`,
    summary: "One user account, by login name",
  },
  {
    method: "POST",
    path: "/v1/users",
    rpc: `${USERS}/CreateUser`,
    body: "*",
    summary: "Create a user account (Admin only); the role defaults to ReadOnly",
  },
  {
    method: "PUT",
    path: "/v1/users/{name}",
    rpc: `${USERS}/UpdateUser`,
    body: "*",
    summary: "Change a user account's password, role or profile (Admin only)",
  },
  {
    method: "DELETE",
    path: "/v1/users/{name}",
    rpc: `${USERS}/DeleteUser`,
    summary: "Delete a user account (Admin only)",
  },
];

const preferenceRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/prefs",
    rpc: `${PREFS}/ListPreferences`,
    query: ["name", "key"],
    responseBody: "preferences",
    summary: "Preferences, optionally of one node name and key (Admin only)",
  },
  {
    method: "GET",
    path: "/v1/prefs/startswith",
    rpc: `${PREFS}/ListPreferencesByPrefix`,
    query: ["prefix"],
    responseBody: "preferences",
    summary: "Preferences whose node name starts with the prefix (matched literally)",
  },
  {
    method: "POST",
    path: "/v1/prefs",
    rpc: `${PREFS}/CreatePreference`,
    body: "*",
    summary: "Create a preference",
  },
  {
    method: "PUT",
    path: "/v1/prefs",
    rpc: `${PREFS}/UpdatePreference`,
    body: "*",
    query: ["name", "key"],
    summary: "Change a preference's value; name and key come from the body, else from the query",
  },
  {
    method: "DELETE",
    path: "/v1/prefs",
    rpc: `${PREFS}/DeletePreference`,
    query: ["name", "key"],
    summary: "Delete a preference",
  },
];

/** Login, users, preferences and metrics of the kb (kb.routes.ts adds them to the kb table). */
export const kbPeopleRoutes: RouteSpec[] = [...loginAndMetricsRoutes, ...userRoutes, ...preferenceRoutes];
