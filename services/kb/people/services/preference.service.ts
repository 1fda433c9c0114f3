import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import type { PreferenceEntity } from "../entities/preference.entity.js";
import { type PreferenceFilter, PreferenceRepository } from "../repositories/preference.repository.js";
import { checkLength } from "./user-input.rules.js";

export interface Preference {
  name: string;
  key: string;
  value: string;
}

/** The Java-Preferences-style store: one value per (node name, key). */
export class PreferenceService {
  constructor(private readonly storage: DomainStorage) {}

  async list(filter: PreferenceFilter): Promise<Preference[]> {
    const rows = await this.storage.read((manager) => new PreferenceRepository(manager).list(filter));
    return rows.map(toPreference);
  }

  async listByPrefix(prefix: string | undefined): Promise<Preference[]> {
    const rows = await this.storage.read((manager) =>
      new PreferenceRepository(manager).listByPrefix(prefix ?? ""),
    );
    return rows.map(toPreference);
  }

  async create(input: Partial<Preference>): Promise<Preference> {
    const preference = checked(input);
    await this.storage.transaction(async (manager) => {
      const preferences = new PreferenceRepository(manager);
      if (await preferences.find(preference.name, preference.key)) {
        throw DomainError.alreadyExists(
          "PREFERENCE_EXISTS",
          `PrefNode with name ${preference.name} and key ${preference.key} already exists`,
          { name: preference.name, key: preference.key },
        );
      }
      await preferences.insert({
        nodeName: preference.name,
        prefKey: preference.key,
        prefValue: preference.value,
      });
    });
    return preference;
  }

  async update(input: Partial<Preference>): Promise<Preference> {
    const preference = checked(input);
    await this.storage.transaction(async (manager) => {
      const preferences = new PreferenceRepository(manager);
      const row = await requireExisting(preferences, preference.name, preference.key);
      await preferences.updateValue(row.id, preference.value);
    });
    return preference;
  }

  async delete(name: string, key: string): Promise<void> {
    requireText(name, "name");
    requireText(key, "key");
    await this.storage.transaction(async (manager) => {
      const preferences = new PreferenceRepository(manager);
      const row = await requireExisting(preferences, name, key);
      await preferences.delete(row.id);
    });
  }
}

function checked(input: Partial<Preference>): Preference {
  const name = checkLength(requireText(input.name, "name"), 1024, "name");
  const key = checkLength(requireText(input.key, "key"), 256, "key");
  if (input.value === undefined) {
    throw DomainError.invalidArgument("MISSING_FIELD", "value is required", { field: "value" });
  }
  return { name, key, value: checkLength(input.value, 256, "value") };
}

async function requireExisting(
  preferences: PreferenceRepository,
  name: string,
  key: string,
): Promise<PreferenceEntity> {
  const row = await preferences.find(name, key);
  if (!row) throw DomainError.notFound(`PrefNode with name ${name} and key ${key} does not exist`);
  return row;
}

function toPreference(row: PreferenceEntity): Preference {
  return { name: row.nodeName, key: row.prefKey, value: row.prefValue };
}
