/**
 * Every wine's list item columns in memory, per catalogue version, so that a cold `GET /wines` page
 * (without a producer filter) reads no row from the database: at 300,000 wines a page's statement
 * cost random page reads for 10–30 rows spread over the table (SQLite and PostgreSQL alike;
 * bench/results/list-page-sql.md), against microseconds here. Kept compact (packed-columns.ts):
 * about 60 bytes a wine and 70 a producer.
 */
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";
import { CodeColumn, indexOfId, type TextColumn, TextColumnBuilder } from "./packed-columns.ts";
import type { WineListRow } from "./wines.repository.ts";

/** One wine as loaded for the list: a list row without its producer's names. */
export type WineListSource = Omit<WineListRow, "producer_name" | "producer_title" | "producer_display_name">;

/** A producer's names as a list item shows them. */
export interface ProducerNames {
  id: number;
  name: string;
  title: string | null;
  display_name: string;
}

/** Stands for a null vintage (non-vintage wines) in the vintage column. */
const NO_VINTAGE = -1;

/** Columns being filled, wine by wine in id order; {@link build} adds the producers. */
export class WineListColumnsBuilder {
  private readonly display = new TextColumnBuilder();
  private readonly sourceKeys = new TextColumnBuilder();
  private readonly color = new CodeColumn<Color>();
  private readonly subType = new CodeColumn<SubType>();
  private readonly type = new CodeColumn<WineType>();
  private readonly residualSugar = new CodeColumn<string | null>();
  private readonly updatedAt = new CodeColumn<string>();
  private vintages: number[] = [];
  private producers: number[] = [];

  /** Appends the next wine (ids ascending). */
  add(w: WineListSource): void {
    this.display.add(w.display_name);
    this.sourceKeys.add(w.source_keys);
    this.color.add(w.color);
    this.subType.add(w.sub_type);
    this.type.add(w.type);
    this.residualSugar.add(w.residual_sugar);
    this.updatedAt.add(w.updated_at);
    this.vintages.push(w.vintage ?? NO_VINTAGE);
    this.producers.push(w.producer_id);
  }

  /**
   * The columns of the wines added (`ids`: theirs, ascending, `regions`: their regions) with the names
   * of `producers` (any order).
   */
  build(ids: Int32Array, regions: Int32Array, producers: readonly ProducerNames[]): WineListColumns {
    const sorted = [...producers].sort((a, b) => a.id - b.id);
    const name = new TextColumnBuilder();
    const title = new TextColumnBuilder();
    const display = new TextColumnBuilder();
    for (const p of sorted) {
      name.add(p.name);
      title.add(p.title);
      display.add(p.display_name);
    }
    const columns = new WineListColumns(
      ids,
      regions,
      this.display.build(),
      this.sourceKeys.build(),
      this.color.seal(),
      this.subType.seal(),
      this.type.seal(),
      this.residualSugar.seal(),
      this.updatedAt.seal(),
      Int32Array.from(this.vintages),
      Int32Array.from(this.producers),
      {
        ids: Int32Array.from(sorted, (p) => p.id),
        name: name.build(),
        title: title.build(),
        display: display.build(),
      },
    );
    this.vintages = [];
    this.producers = [];
    return columns;
  }
}

/** The list rows of every wine of one catalogue version. */
export class WineListColumns {
  constructor(
    private readonly ids: Int32Array,
    private readonly regions: Int32Array,
    private readonly display: TextColumn,
    private readonly sourceKeys: TextColumn,
    private readonly color: CodeColumn<Color>,
    private readonly subType: CodeColumn<SubType>,
    private readonly type: CodeColumn<WineType>,
    private readonly residualSugar: CodeColumn<string | null>,
    private readonly updatedAt: CodeColumn<string>,
    private readonly vintages: Int32Array,
    private readonly producerOf: Int32Array,
    private readonly producers: { ids: Int32Array; name: TextColumn; title: TextColumn; display: TextColumn },
  ) {}

  /**
   * The list rows of wines `ids`, in that order; a wine not in this version, or whose producer was
   * not loaded (an import between the two reads), is left out.
   */
  rows(ids: readonly number[]): WineListRow[] {
    const out: WineListRow[] = [];
    for (const id of ids) {
      const i = indexOfId(this.ids, id);
      if (i < 0) continue;
      const producerId = this.producerOf[i] as number;
      const p = indexOfId(this.producers.ids, producerId);
      if (p < 0) continue;
      const vintage = this.vintages[i] as number;
      out.push({
        id,
        display_name: this.display.get(i) as string,
        vintage: vintage === NO_VINTAGE ? null : vintage,
        color: this.color.get(i),
        type: this.type.get(i),
        sub_type: this.subType.get(i),
        residual_sugar: this.residualSugar.get(i),
        updated_at: this.updatedAt.get(i),
        producer_id: producerId,
        producer_name: this.producers.name.get(p) as string,
        producer_title: this.producers.title.get(p),
        producer_display_name: this.producers.display.get(p) as string,
        region_id: this.regions[i] as number,
        source_keys: this.sourceKeys.get(i),
      });
    }
    return out;
  }
}
