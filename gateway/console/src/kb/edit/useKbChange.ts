import { ref } from "vue";

/**
 * One kb change at a time, as the editing forms run them: busy while it runs, the failure as
 * the API phrased it, and a line saying what was done. `changed` hears the concept's primary
 * name afterwards (a rename of the primary name changes it), so the page can reload it.
 */
export function useKbChange(changed: (primaryName: string) => void | Promise<void>) {
  const busy = ref(false);
  const error = ref<string>();
  const done = ref<string>();
  async function apply(description: string, change: () => Promise<string>): Promise<boolean> {
    busy.value = true;
    error.value = undefined;
    done.value = undefined;
    try {
      const primaryName = await change();
      await changed(primaryName);
      // Said once what shows the change has been reloaded, so what is read next is current.
      done.value = description;
      return true;
    } catch (failure) {
      error.value = (failure as Error).message;
      return false;
    } finally {
      busy.value = false;
    }
  }
  return { busy, error, done, apply };
}
