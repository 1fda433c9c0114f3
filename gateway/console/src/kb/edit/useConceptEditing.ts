import { dataOf, type KbSchemas, kb } from "../../api/client";
import { useAsync } from "../../composables/useAsync";
import { useKbChange } from "./useKbChange";

/** The name types an editor chooses from; former and alternate names come from the kb itself. */
export const EDITABLE_NAME_TYPES = ["primary", "synonym", "common"] as const;
export type EditableNameType = (typeof EDITABLE_NAME_TYPES)[number];

export type ConceptName = KbSchemas["m3.kb.v1.RawConceptName"];
export type Rank = KbSchemas["m3.kb.v1.Rank"];

/** The primary name of a concept as a name route answers it (the raw view lists every name). */
function primaryOf(concept: KbSchemas["m3.kb.v1.RawConcept"], fallback: string): string {
  return concept.names.find((name) => name.nameType.toLowerCase() === "primary")?.name ?? fallback;
}

/** A concept's names, each with its type, for the names editor. */
export function useConceptNames() {
  return useAsync((name: string) => dataOf(kb.GET("/v1/raw/names/{name}", { params: { path: { name } } })));
}

/** The valid ranks (level and name), the empty rank first, for the rank editor. */
export function useRanks() {
  return useAsync(() => dataOf(kb.GET("/v1/concept/ranks")));
}

/**
 * The concept edits of the kb editor web app, through the same REST routes: names (add, rename
 * or retype, remove), rank and parent. An administrator's change applies and is approved at once;
 * a maintainer's applies and waits for approval (a removal waits to be carried out).
 */
export function useConceptEditing(changed: (primaryName: string) => void | Promise<void>) {
  const { busy, error, done, apply } = useKbChange(changed);

  const addName = (concept: string, newName: string, nameType: EditableNameType) =>
    apply(`Added ${nameType} name ${newName}`, async () =>
      primaryOf(
        await dataOf(
          kb.POST("/v1/names", { body: { name: concept, new_name: newName, name_type: nameType } }),
        ),
        concept,
      ),
    );

  const updateName = (name: string, newName: string, nameType: EditableNameType) =>
    apply(`Changed ${name} to ${newName} (${nameType})`, async () =>
      primaryOf(
        await dataOf(
          kb.PUT("/v1/names/{name}", {
            params: { path: { name } },
            body: { ...(newName === name ? {} : { new_name: newName }), name_type: nameType },
          }),
        ),
        newName,
      ),
    );

  const removeName = (concept: string, name: string) =>
    apply(
      `Removed the name ${name} (an administrator's removal is immediate, others wait for approval)`,
      async () => {
        await dataOf(kb.DELETE("/v1/names/{name}", { params: { path: { name } } }));
        return concept;
      },
    );

  const setRank = (concept: string, rank: Rank) =>
    apply(
      `Set the rank to ${`${rank.rankLevel ?? ""} ${rank.rankName ?? ""}`.trim() || "none"}`,
      async () => {
        const body = { rank_level: rank.rankLevel ?? "", rank_name: rank.rankName ?? "" };
        const updated = await dataOf(
          kb.PUT("/v1/concept/{name}", { params: { path: { name: concept } }, body }),
        );
        return updated.name;
      },
    );

  const moveTo = (concept: string, parent: string) =>
    apply(`Moved ${concept} under ${parent}`, async () => {
      const body = { parent_name: parent };
      const updated = await dataOf(
        kb.PUT("/v1/concept/{name}", { params: { path: { name: concept } }, body }),
      );
      return updated.name;
    });

  return { busy, error, done, addName, updateName, removeName, setRank, moveTo };
}
