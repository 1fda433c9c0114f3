/**
 * Imported first by the `m3` command's entry, before any module that fills the heap: the heap
 * grows as in the image (HEAP_GROWTH_OPTION), also when `m3` runs from a checkout with plain node.
 */
import v8 from "node:v8";
import { HEAP_GROWTH_OPTION } from "../image/image-commands.js";

v8.setFlagsFromString(HEAP_GROWTH_OPTION);
