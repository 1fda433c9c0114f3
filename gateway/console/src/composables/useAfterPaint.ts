import { type Ref, ref, watch } from "vue";

/**
 * True once what `source` holds has been painted: false again whenever it changes, true after
 * the next frame. Lets a screen show its main part first and draw slower parts (plots, maps)
 * behind it, instead of making the person wait for all of them.
 */
export function useAfterPaint(source: Ref<unknown>): Ref<boolean> {
  const painted = ref(false);
  let change = 0;
  watch(
    source,
    (value) => {
      const mine = ++change;
      painted.value = false;
      if (value === undefined) return;
      // The frame after this one: the browser has drawn what the change rendered by then.
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (mine === change) painted.value = true;
        }),
      );
    },
    { immediate: true },
  );
  return painted;
}
