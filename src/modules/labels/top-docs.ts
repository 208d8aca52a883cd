/** Selecting the best-scored documents of a label's candidates without sorting them all. */

/**
 * The `k` documents of `docs` with the highest `scores`, in no particular order: a bounded min-heap,
 * so a label touching much of a large catalogue is not sorted whole.
 */
export function topDocs(docs: readonly number[], scores: Float32Array, k: number): number[] {
  const heap: number[] = [];
  const less = (a: number, b: number) => (scores[a] ?? 0) < (scores[b] ?? 0);
  const down = (from: number) => {
    for (let i = from; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let min = i;
      if (l < heap.length && less(heap[l] as number, heap[min] as number)) min = l;
      if (r < heap.length && less(heap[r] as number, heap[min] as number)) min = r;
      if (min === i) return;
      [heap[i], heap[min]] = [heap[min] as number, heap[i] as number];
      i = min;
    }
  };
  for (const doc of docs) {
    if (heap.length < k) {
      heap.push(doc);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!less(heap[i] as number, heap[parent] as number)) break;
        [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
        i = parent;
      }
    } else if (less(heap[0] as number, doc)) {
      heap[0] = doc;
      down(0);
    }
  }
  return heap;
}
