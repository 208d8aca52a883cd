/**
 * The drinking period in French: when to drink the wine (years after the named vintage, or after
 * purchase for a non-vintage wine), how it tastes young and with age, and how to keep it. The window
 * and its rule are the domain's (domain/wine/drinking-window.ts); a grape spirit does not develop in
 * bottle (0–0). Storage advice: a cellar at 10–14 °C, bottles lying down, dark and still (OCW
 * "storage of wine"); spirits upright, the high alcohol attacking the cork (OCW "brandy").
 */
import { soldReady } from "../../../../domain/wine/drinking-window.ts";
import type { DrinkingPeriodContent } from "../../content.types.ts";
import { choose } from "../variation.ts";
import { aNp, cap, de, deNp, list, que, years } from "./grammar.ts";
import type { WineParts } from "./parts.ts";
import { demonstrative } from "./style.ts";
import { agree, aromaWords, pronoun } from "./words.ts";

/** The drinking period of a wine. */
export function drinkingPeriod(w: WineParts): DrinkingPeriodContent {
  if (w.p.category === "grape_spirit" || !w.p.window) return spirit(w);
  const { from, to } = w.p.window;
  const v = w.p.facts.vintage;
  return {
    from,
    to,
    statement: statement(w, from, to, v),
    young: young(w),
    ripe: ripe(w, to, v),
    storage: storage(w, to, v),
  };
}

function statement(w: WineParts, from: number, to: number, v: number | null): string {
  const ce = demonstrative(w.noun);
  if (v === null) {
    const span = to <= 1 ? "dans l'année qui suit l'achat" : `dans les ${years(to)} qui suivent l'achat`;
    return choose(w.seed, "statement", [
      `${cap(ce)} se boit ${span}.`,
      `À boire ${span} : ${ce} ne gagne rien à attendre.`,
      `Le mieux est d'ouvrir ${ce} ${span}.`,
    ]);
  }
  const a = v + from;
  const b = v + to;
  const range = a === b ? `en ${a}` : `de ${a} à ${b}`;
  return choose(w.seed, "statement", [
    `Le millésime ${v} ${deNp(w.ref.np)} se boit au mieux ${range}.`,
    `Fenêtre de dégustation ${deNp(w.refYear.np)} : ${range}.`,
    `Pour ${w.refYear.np}, la meilleure période va ${range}.`,
    `${cap(w.refYear.np)} donnera le meilleur de ${w.noun.gender === "f" ? "elle" : "lui"}-même ${range}.`,
  ]);
}

function young(w: WineParts): string {
  const g = w.noun.gender;
  const il = pronoun(g);
  const ar = aromaWords(w.p.aromas.ids.slice(0, 2));
  const fruit = ar.length === 2 ? `${ar[0]} et ${ar[1]}` : (ar[0] ?? "fruit");
  const kind = w.p.style.kind;
  if (kind === "fino")
    return `Un fino se boit jeune et bien frais, pour sa finesse saline et ses notes ${list(ar.map(de))}.`;
  if (kind.endsWith("_port") && kind !== "vintage_port")
    return choose(w.seed, "young", [
      `Élevé par la maison jusqu'à sa mise en bouteille, ${il} est prêt à boire : ${fruit} en tête.`,
      `Prêt dès la mise en bouteille, ${il} offre d'emblée ses notes ${list(ar.map(de))}.`,
    ]);
  if (soldReady(kind) || w.p.window?.rule === "rose")
    return choose(w.seed, "young", [
      `Tout son charme tient à sa jeunesse : ${fruit}, fraîcheur et netteté.`,
      `Jeune, ${il} mise sur le fruit, entre ${fruit}.`,
      `C'est dans sa jeunesse ${que(w.ref.proper ? w.ref.np : w.ref.short)} brille, sur des notes ${list(ar.map(de))}.`,
    ]);
  if (w.p.palate.tannin === "firm")
    return choose(w.seed, "young", [
      `Jeune, ${il} reste ${agree("serré", g)} : ${fruit}, sous des tanins encore fermes.`,
      `Dans ses premières années, ${il} se montre ${agree("ferme", g)} ; le fruit (${fruit}) domine.`,
      `${cap(agree("ouvert", g))} jeune, ${il} gagne à passer en carafe, le fruit (${fruit}) encore tenu par les tanins${w.p.facts.vintage ? ` du ${w.p.facts.vintage}` : ""}.`,
    ]);
  return choose(w.seed, "young", [
    `Jeune, ${il} se montre ${agree("fruité", g)} : ${fruit}.`,
    `Dans ses premières années, le fruit domine : ${fruit}.`,
    `Ses premières années mettent en avant ${fruit}.`,
  ]);
}

function ripe(w: WineParts, to: number, v: number | null): string {
  const name = w.ref.proper ? w.ref.np : w.ref.short;
  const g = w.noun.gender;
  const il = pronoun(g);
  const aged = aromaWords(w.p.aromas.aged.slice(0, 2));
  if (aged.length === 0 && to > 3 && !soldReady(w.p.style.kind)) {
    const end = v !== null ? `${v + to}` : `${years(to)}`;
    return choose(w.seed, "ripe", [
      `${cap(il)} reste à son meilleur jusqu'${v !== null ? `en ${end}` : `à ${end} après l'achat`}.`,
      `Passé ${v !== null ? end : `${end} après l'achat`}, ${il} aura dépassé son meilleur.`,
    ]);
  }
  if (to <= 3 || aged.length === 0 || soldReady(w.p.style.kind)) {
    const until = v !== null ? `après ${v + to}` : "au-delà";
    return choose(w.seed, "ripe", [
      `${cap(name)} ne gagne rien à vieillir : ${until}, le fruit s'estompe.`,
      `Inutile de garder ${name} longtemps : ${until}, ${il} perdrait sa fraîcheur.`,
      `La garde n'ajoute rien ${aNp(name)} ; ${until}, le fruit commence à faiblir.`,
    ]);
  }
  const notes = list(aged.map(de));
  const when = v !== null ? `vers ${v + Math.max(1, Math.round((to * 2) / 3))}` : "avec le temps";
  return choose(w.seed, "ripe", [
    `${cap(when)}, ${il} s'assouplit et développe des notes ${notes}.`,
    `Avec la garde, des notes ${notes} prennent le relais du fruit ; ${il} atteint sa plénitude ${when}.`,
    `À maturité, ${when}, ${il} gagne en complexité, avec des notes ${notes}.`,
  ]);
}

function storage(w: WineParts, to: number, v: number | null): string {
  const ce = demonstrative(w.noun);
  const name = w.ref.proper ? w.ref.np : w.ref.short;
  const _le = pronoun(w.noun.gender) === "il" ? "le" : "la";
  if (to <= 3) {
    return choose(w.seed, "storage", [
      `Nul besoin de cave pour ${ce} : un endroit frais et sombre suffit, à l'abri de la chaleur.`,
      `Gardez ${name} au frais et à l'obscurité, loin de toute source de chaleur, jusqu'à l'ouverture.`,
      `En attendant de servir ${name}, rangez la bouteille dans un endroit frais, sombre et calme.`,
      `${cap(name)} se conserve sans cave, pourvu qu'${pronoun(w.noun.gender)} reste au frais et dans l'obscurité.`,
    ]);
  }
  const until = v !== null ? `jusqu'en ${v + to}` : `${years(to)} durant`;
  return choose(w.seed, "storage", [
    `Pour garder ${name} ${until}, couchez la bouteille dans une cave sombre, entre 10 et 14 °C.`,
    `Une cave fraîche (10 à 14 °C), sombre et sans vibrations permet de garder ${name} ${until}.`,
    `Bouteille couchée, à l'abri de la lumière et à température constante : ainsi ${name} tiendra ${until}.`,
    `${cap(agree("conservé", w.noun.gender))} ${agree("couché", w.noun.gender)} dans une cave fraîche et humide, ${name} se gardera ${until}.`,
  ]);
}

/** A grape spirit: no development in bottle (0–0). */
function spirit(w: WineParts): DrinkingPeriodContent {
  const ce = demonstrative(w.noun);
  const il = pronoun(w.noun.gender);
  return {
    from: 0,
    to: 0,
    statement: `Une eau-de-vie ne vieillit pas en bouteille : ${ce} est ${agree("prêt", w.noun.gender)} à boire dès l'achat.`,
    young: `${cap(il)} se présente ${agree("tel", w.noun.gender)} que le distillateur ${w.noun.gender === "f" ? "l'a mise" : "l'a mis"} en bouteille, sans évoluer ensuite.`,
    ripe: `Attendre n'apporte rien : ${il} ne se bonifie pas avec les années.`,
    storage: `Conservez la bouteille debout, à l'abri de la lumière ; une fois ouverte, ${il} se garde plusieurs mois.`,
  };
}
