/** What a new user needs to start using the running platform, printed once at start-up. */
export function startupBanner(options: {
  baseUrl: string;
  apiKey: string;
  admin: { username: string; password: string };
  secretsFile: string;
  secretsCreated: boolean;
  basePaths: readonly { domain: string; basePath: string }[];
  /** With --demo: what the demo data holds and what to try with it. */
  demoLines?: readonly string[];
}): string {
  const { baseUrl, apiKey } = options;
  const lines = [
    "",
    `m3 is running at ${baseUrl}`,
    ...options.basePaths.map(
      ({ domain, basePath }) =>
        `  ${domain.padEnd(10)} ${baseUrl}${basePath}  (docs: ${baseUrl}${basePath}/docs)`,
    ),
    "",
    options.secretsCreated
      ? `Generated secrets in ${options.secretsFile}:`
      : `Secrets (from ${options.secretsFile} or the environment):`,
    `  API key: ${apiKey}`,
    `  kb administrator: ${options.admin.username} / ${options.admin.password}`,
    "",
    "Try it:",
    `  TOKEN=$(curl -s -X POST -H 'Authorization: APIKEY ${apiKey}' ${baseUrl}/vam/v1/auth | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -s -X POST -H "Authorization: Bearer $TOKEN" ${baseUrl}/vam/v1/media \\`,
    "    -d video_sequence_name=Dive-001 -d camera_id=ROV-1 -d video_name=Dive-001-0001 \\",
    "    -d uri=http://example.org/Dive-001-0001.mp4 -d start_timestamp=2024-05-01T10:00:00Z -d duration_millis=600000",
    `  curl -s ${baseUrl}/vam/v1/videosequences/names`,
    `  KB_TOKEN=$(curl -s -X POST -u '${options.admin.username}:${options.admin.password}' ${baseUrl}/kb/v1/auth/login | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -s ${baseUrl}/kb/v1/concept/query/root`,
    ...(options.demoLines ?? []),
    "",
  ];
  return lines.join("\n");
}
