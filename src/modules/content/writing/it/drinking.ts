/**
 * The Italian drinking period of a wine: `from`/`to` copied from `profile.window` (years after the
 * named vintage, after purchase for a non-vintage wine; 0–0 for a grape spirit, which does not develop
 * in bottle), a statement of the window in years, how the wine shows young and with age (the profile's
 * aromas and aged aromas), and how to keep it. Cellar conditions: 10–14 °C, dark, lying down (OCW
 * "storage of wine", "cellar"); spirits upright, the cork kept from the alcohol (common practice).
 */

import { soldReady } from "../../../../domain/wine/drinking-window.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import type { DrinkingPeriodContent } from "../../content.types.ts";
import { choose } from "../variation.ts";
import { cap, count, prepYear, years } from "./grammar.ts";
import { prepWine, subjectGender, theWine } from "./style.ts";
import { aromaList } from "./tasting.ts";
import { agree } from "./words.ts";

/** Ready styles whose ageing happened in wood before bottling (IVDP; OCW "sherry", "Madeira"). */
const WOOD_AGED = new Set(["tawny_port", "colheita_port", "lbv_port", "fortified"]);

function spirit(p: WineProfile): DrinkingPeriodContent {
  const wine = theWine(p);
  const g = subjectGender(p);
  return {
    from: 0,
    to: 0,
    statement: `${cap(wine)} è un distillato: non evolve in bottiglia e si beve quando si vuole.`,
    young: `È ${agree("pront", g)} già all'acquisto.`,
    ripe: `Gli anni in vetro non ${g === "f" ? "la" : "lo"} cambiano: l'affinamento, se c'è, avviene prima dell'imbottigliamento.`,
    storage: `La bottiglia ${prepWine("di", p)} si conserva in piedi, al riparo da luce e calore.`,
  };
}

/** "dal 2023 al 2034" with the article a year takes ("dall'2018" never: years take il/l'). */
function yearSpan(a: number, b: number): string {
  if (a === b) return `nel ${a}`;
  return `tra il ${a} e il ${b}`;
}

function statement(p: WineProfile, from: number, to: number): string {
  const wine = theWine(p);
  const v = p.facts.vintage;
  if (v !== null) {
    const span = yearSpan(v + from, v + to);
    return choose(p.seed, "w.statement", [
      `${cap(theWine(p, { vintage: true }))} dà il meglio ${span}.`,
      `Per l'annata ${v} ${prepWine("di", p)} il momento migliore cade ${span}.`,
      `Il ${v} ${prepWine("di", p)} si beve al meglio ${span}.`,
    ]);
  }
  const g = subjectGender(p);
  if (to === 0) return `${cap(wine)} va ${agree("bevut", g)} subito, appena ${agree("acquistat", g)}.`;
  if (from === 0)
    return choose(p.seed, "w.statement", [
      `${cap(wine)} è ${agree("pront", g)} da bere e dà il meglio entro ${years(to)} dall'acquisto.`,
      `Da stappare entro ${years(to)} dall'acquisto: ${wine} non chiede attese.`,
    ]);
  return `${cap(wine)} dà il meglio tra ${count(from)} e ${years(to)} dall'acquisto.`;
}

function young(p: WineProfile, from: number): string {
  const wine = theWine(p, { short: true });
  const g = subjectGender(p);
  const fruit = p.aromas.ids.length > 0 ? aromaList(p.aromas.ids, 2) : undefined;
  const k = p.style.kind;
  if (WOOD_AGED.has(k))
    return choose(p.seed, "w.young.wood", [
      `${cap(wine)} arriva in bottiglia già ${agree("pront", g)}: l'affinamento l'ha fatto in legno.`,
      `Gli anni in botte hanno già fatto il loro lavoro${fruit ? `: in primo piano ci sono ${fruit}` : ""}.`,
    ]);
  if (soldReady(k))
    return choose(p.seed, "w.young.ready", [
      `${cap(wine)} arriva in bottiglia già ${agree("pront", g)}${fruit ? `, con ${fruit} in primo piano` : ""}.`,
      `Nessuna attesa: ${wine} è ${agree("pront", g)} da subito.`,
      `${cap(wine)} va ${agree("bevut", g)} giovane${fruit ? `, per goderne i profumi di ${fruit}` : ""}.`,
    ]);
  if (k === "vintage_port")
    return `Da giovane ${wine} è potente, con frutto scuro e tannini serrati: chiede pazienza.`;
  if (from >= 3 && p.facts.color === "red")
    return choose(p.seed, "w.young", [
      `Nei primi anni ${wine} è ancora ${agree("chius", g)}, con tannini serrati${fruit ? `; in primo piano, ${fruit}` : ""}.`,
      `Giovane, ${wine} mostra soprattutto il frutto${fruit ? ` (${fruit})` : ""} e una trama tannica ancora da domare.`,
    ]);
  if (p.palate.sweetness === "sweet")
    return choose(p.seed, "w.young.sweet", [
      `Da giovane ${wine} mette in primo piano dolcezza e frutto${fruit ? ` (${fruit})` : ""}.`,
      `Nei primi anni prevalgono la dolcezza e i profumi${fruit ? ` di ${fruit}` : " del frutto"}.`,
    ]);
  return choose(p.seed, "w.young", [
    `Giovane, ${wine} punta sulla freschezza${fruit ? ` e sulle note di ${fruit}` : ""}.`,
    `Nei primi anni ${wine} si fa apprezzare per ${fruit ? `i suoi profumi di ${fruit}` : "il frutto"}.`,
  ]);
}

function ripe(p: WineProfile, from: number, to: number): string {
  const wine = theWine(p, { short: true });
  const g = subjectGender(p);
  const aged = p.aromas.aged.length > 0 ? aromaList(p.aromas.aged, 3) : undefined;
  const v = p.facts.vintage;
  const entro = v !== null ? `entro il ${v + to}` : `entro ${years(to)} dall'acquisto`;
  const until = v !== null ? `fino ${prepYear("a", v + to)}` : `per ${years(to)} dall'acquisto`;
  if (WOOD_AGED.has(p.style.kind))
    return choose(p.seed, "w.ripe.wood", [
      `In bottiglia non evolve più: è meglio stapparl${g === "f" ? "a" : "o"} ${entro}.`,
      `${cap(wine)} ha già compiuto in botte la sua evoluzione; da bere ${entro}.`,
    ]);
  if (soldReady(p.style.kind) || to - from <= 3)
    return choose(p.seed, "w.ripe.short", [
      `Da una lunga attesa ${wine} non guadagna nulla: meglio ber${g === "f" ? "la" : "lo"} ${entro}.`,
      `${cap(wine)} non è ${agree("fatt", g)} per lunghi invecchiamenti: da bere ${entro}.`,
      `Il bello ${prepWine("di", p, { short: true })} è la freschezza, da godere ${entro}.`,
    ]);
  return aged
    ? choose(p.seed, "w.ripe", [
        `Con gli anni in bottiglia ${wine} si distende e compaiono ${aged}; resta in forma ${until}.`,
        `Più avanti arrivano i profumi terziari (${aged}) e il vino si fa più armonico, ${until}.`,
        `L'affinamento in vetro porta ${aged}: ${wine} tiene ${until}.`,
      ])
    : `Con il tempo ${wine} si fa più ${agree("armonic", g)} e resta in forma ${until}.`;
}

function storage(p: WineProfile, to: number): string {
  const wine = theWine(p, { short: true });
  const v = p.facts.vintage;
  if (soldReady(p.style.kind) || to <= 3)
    return choose(p.seed, "w.store.short", [
      `Per ${wine} non serve una cantina: basta un posto fresco e buio, lontano da fonti di calore.`,
      `Fino all'apertura, ${wine} sta bene in un luogo fresco, al buio.`,
      `In attesa di stappare ${theWine(p)}, meglio tenere la bottiglia al fresco e lontano dalla luce.`,
    ]);
  const until = v !== null ? `Fino al ${v + to}` : "Negli anni di attesa";
  return choose(p.seed, "w.store", [
    `${until}, le bottiglie ${prepWine("di", p, { short: true })} vanno tenute coricate, al buio, a 10–14 °C costanti.`,
    `Per tenere ${theWine(p)} ${v !== null ? `fino al ${v + to}` : "a lungo"} serve una cantina vera: bottiglie coricate, buio, 10–14 °C e nessuna vibrazione.`,
    `${until}, ${wine} va ${agree("conservat", subjectGender(p))} in cantina, ${agree("coricat", subjectGender(p))}, lontano dalla luce e a temperatura costante (10–14 °C).`,
  ]);
}

/** The drinking period of a wine (see the module comment). */
export function drinkingPeriod(p: WineProfile): DrinkingPeriodContent {
  if (p.category === "grape_spirit" || !p.window) return spirit(p);
  const { from, to } = p.window;
  return {
    from,
    to,
    statement: statement(p, from, to),
    young: young(p, from),
    ripe: ripe(p, from, to),
    storage: storage(p, to),
  };
}
