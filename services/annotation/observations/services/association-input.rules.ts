import { DomainError } from "../../../kit/errors/domain-error.js";
import type { AssociationOverwrite } from "../repositories/association.repository.js";
import { checkLength, MAX_LENGTH, requireText, requireUuid } from "./observation-input.rules.js";

/** The link fields of an association as they come in; absent means not given. */
export interface AssociationFields {
  linkName?: string;
  toConcept?: string;
  linkValue?: string;
  mimeType?: string;
}

/**
 * Checks widths; a link name or MIME type, when given, must not be blank. `complete` (a
 * create or a bulk overwrite) also requires link name, to-concept and link value, as the
 * legacy decoder did. `prefix` names the item in a list (`associations[2].`).
 */
export function checkAssociationFields(
  input: AssociationFields,
  options: { complete: boolean; prefix?: string },
): AssociationFields {
  const name = (field: string) => `${options.prefix ?? ""}${field}`;
  if (options.complete || input.linkName !== undefined) requireText(input.linkName, name("link_name"));
  if (options.complete) {
    requirePresent(input.toConcept, name("to_concept"));
    requirePresent(input.linkValue, name("link_value"));
  }
  if (input.mimeType !== undefined) requireText(input.mimeType, name("mime_type"));
  return {
    linkName: checkLength(input.linkName, MAX_LENGTH.linkName, name("link_name")),
    toConcept: checkLength(input.toConcept, MAX_LENGTH.toConcept, name("to_concept")),
    linkValue: checkLength(input.linkValue, MAX_LENGTH.linkValue, name("link_value")),
    mimeType: checkLength(input.mimeType, MAX_LENGTH.mimeType, name("mime_type")),
  };
}

/** The bulk overwrite rows: items without a UUID are skipped; a repeated UUID keeps its last item. */
export function checkOverwrites(
  items: readonly (AssociationFields & { uuid?: string })[],
): AssociationOverwrite[] {
  const rows = new Map<string, AssociationOverwrite>();
  items.forEach((item, index) => {
    if (item.uuid === undefined) return;
    const prefix = `associations[${index}].`;
    const uuid = requireUuid(item.uuid, `${prefix}uuid`);
    const fields = checkAssociationFields(item, { complete: true, prefix });
    rows.delete(uuid);
    rows.set(uuid, {
      uuid,
      linkName: fields.linkName ?? "",
      toConcept: fields.toConcept ?? "",
      linkValue: fields.linkValue ?? "",
      mimeType: fields.mimeType,
    });
  });
  return [...rows.values()];
}

function requirePresent(value: string | undefined, field: string): void {
  if (value === undefined) {
    throw DomainError.invalidArgument("MISSING_FIELD", `${field} is required`, { field });
  }
}
