/**
 * Reads rows in pages by ascending integer id (keyset paging): `readPage(after)` returns at most one
 * page of the rows whose id is greater than `after`, in id order. Pages are yielded until one comes
 * back empty; the next page is read only when the caller asks for it. Memory stays bounded by one page
 * whatever the table's size, each page is one short statement, and a deep page costs no more than the
 * first (no `OFFSET` walk). Used where a whole catalogue is read (search index, label matcher, list
 * positions).
 */
export async function* keysetPages<R extends { id: number }>(
  readPage: (after: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after = 0;
  for (;;) {
    const rows = await readPage(after);
    const last = rows.at(-1)?.id;
    if (last === undefined) return;
    yield rows;
    after = last;
  }
}
