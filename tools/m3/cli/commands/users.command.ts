import { randomBytes } from "node:crypto";
import type { Command } from "commander";
import { UserAccountService } from "../../../../services/kb/people/services/user-account.service.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import { openKbImportStorage } from "../../kb-import/kb-import.js";
import { type CliSettings, cliSettings, domainTarget, printResult } from "../cli-settings.js";

interface UserOptions {
  databaseUrl?: string;
  json?: boolean;
}

async function withUsers<T>(
  settings: CliSettings,
  work: (users: UserAccountService) => Promise<T>,
): Promise<T> {
  const storage: DomainStorage = await openKbImportStorage(domainTarget(settings, "kb"));
  try {
    return await work(new UserAccountService(storage));
  } finally {
    await storage.close();
  }
}

const generatedPassword = () => randomBytes(12).toString("base64url");

/** `m3 users list|add|reset-password`: the kb's users, straight in its database (no token needed). */
export function registerUsers(program: Command): void {
  const users = program.command("users").description("the kb's users (Admin, Maint, Annotator, ReadOnly)");
  users
    .command("list")
    .description("every user with its role")
    .option("--database-url <url>", "the kb's database (default: the settings of m3 start)")
    .option("--json", "print the users as JSON")
    .action(async (options: UserOptions) => {
      const list = await withUsers(cliSettings(options), (service) => service.list());
      const rows = list.map(({ username, role, email }) => ({ username, role, email }));
      printResult(
        options.json === true,
        rows,
        rows.map((row) => `${row.username.padEnd(24)} ${row.role}`).join("\n"),
      );
    });
  users
    .command("add")
    .description("create a user; prints the password when one is generated")
    .argument("<username>")
    .option("--role <role>", "Admin, Maint, Annotator or ReadOnly", "ReadOnly")
    .option("--password <password>", "the password (default: generated and printed)")
    .option("--email <email>")
    .option("--database-url <url>", "the kb's database (default: the settings of m3 start)")
    .option("--json", "print the user as JSON")
    .action(
      async (
        username: string,
        options: UserOptions & { role: string; password?: string; email?: string },
      ) => {
        const password = options.password ?? generatedPassword();
        const user = await withUsers(cliSettings(options), (service) =>
          service.create({ username, password, role: options.role, email: options.email }),
        );
        const shown = { username: user.username, role: user.role, ...(options.password ? {} : { password }) };
        printResult(
          options.json === true,
          shown,
          `created ${user.username} (${user.role})${options.password ? "" : `, password: ${password}`}`,
        );
      },
    );
  users
    .command("reset-password")
    .description("set a user's password; prints it when one is generated")
    .argument("<username>")
    .option("--password <password>", "the new password (default: generated and printed)")
    .option("--database-url <url>", "the kb's database (default: the settings of m3 start)")
    .option("--json", "print the result as JSON")
    .action(async (username: string, options: UserOptions & { password?: string }) => {
      const password = options.password ?? generatedPassword();
      await withUsers(cliSettings(options), (service) => service.update(username, { password }));
      printResult(
        options.json === true,
        { username, ...(options.password ? {} : { password }) },
        `password of ${username} reset${options.password ? "" : `: ${password}`}`,
      );
    });
}
