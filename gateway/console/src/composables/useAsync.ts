import { type Ref, ref, shallowRef } from "vue";

/** A value loaded by `load`, with its loading flag and the error that stopped it, for components to render. */
export function useAsync<T, A extends unknown[]>(load: (...args: A) => Promise<T>) {
  const data = shallowRef<T>() as Ref<T | undefined>;
  const error = ref<string>();
  const loading = ref(false);
  let generation = 0;
  async function run(...args: A): Promise<void> {
    const mine = ++generation;
    loading.value = true;
    error.value = undefined;
    try {
      const value = await load(...args);
      if (mine === generation) data.value = value;
    } catch (failure) {
      if (mine === generation) error.value = (failure as Error).message;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }
  return { data, error, loading, run };
}
