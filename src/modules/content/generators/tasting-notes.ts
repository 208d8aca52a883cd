/**
 * The aroma and palate sentences of a wine in de/en/fr/it, each in three sentence plans. The tasting
 * notes use one plan and the long description another (`variant + 1`), so that the two fields never
 * repeat each other word for word.
 */
import type { Language } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import { BODY, SUGAR } from "../writing/lexicon/style-words.ts";
import { formatPercent, itPercent, joinList } from "./format.ts";
import {
  acidityPhrase,
  aromaList,
  finishPhrase,
  grapeNames,
  tanninPhrase,
  typicalAromas,
} from "./wine-parts.ts";

/**
 * Sentence on the typical aromas of the grape varieties (or of the style when the varieties are not in
 * the descriptor table), in plan `variant` mod 3: e.g. en "Sangiovese typically brings aromas of …" /
 * "On the nose, Sangiovese typically shows …" / "Sangiovese is typically recognised by aromas of …".
 */
export function aromaSentence(f: WineFacts, lang: Language, variant: number): string {
  const { ids, fromGrapes } = typicalAromas(f);
  const list = aromaList(ids, lang);
  const names = grapeNames(f, lang).slice(0, 3);
  const many = names.length > 1;
  const g = joinList(lang, names);
  const v = variant % 3;
  if (!fromGrapes || names.length === 0) {
    return [
      {
        en: `Wines of this style typically show aromas of ${list}.`,
        de: `Weine dieses Stils zeigen typischerweise Aromen von ${list}.`,
        fr: `Les vins de ce style offrent typiquement des arômes ${list}.`,
        it: `I vini di questo stile offrono tipicamente profumi di ${list}.`,
      },
      {
        en: `On the nose, wines of this style usually offer ${list}.`,
        de: `In der Nase zeigen Weine dieses Stils meist Noten von ${list}.`,
        fr: `Au nez, les vins de ce style évoquent d'ordinaire des accents ${list}.`,
        it: `Al naso i vini di questo stile ricordano di solito sentori di ${list}.`,
      },
      {
        en: `Aromas of ${list} are typical of this style.`,
        de: `Aromen von ${list} sind typisch für diesen Stil.`,
        fr: `Des arômes ${list} sont typiques de ce style.`,
        it: `Profumi di ${list} sono tipici di questo stile.`,
      },
    ][v]?.[lang] as string;
  }
  const bare = joinList(
    lang,
    ids.map((id) => aromaList([id], lang).replace(/^(de |d')/, "")),
  );
  switch (lang) {
    case "en":
      return [
        `${g} typically ${many ? "bring" : "brings"} aromas of ${list}.`,
        `On the nose, ${g} typically ${many ? "show" : "shows"} ${list}.`,
        `${g} ${many ? "are" : "is"} typically recognised by aromas of ${list}.`,
      ][v] as string;
    case "de": {
      const subject = `${many ? "Die Rebsorten" : "Die Rebsorte"} ${g}`;
      return [
        `${subject} ${many ? "stehen" : "steht"} typischerweise für Aromen von ${list}.`,
        `In der Nase ${many ? "zeigen" : "zeigt"} ${subject.replace("Die", "die")} typischerweise Noten von ${list}.`,
        `Typisch für ${many ? "die Rebsorten" : "die Rebsorte"} ${g} sind Aromen von ${list}.`,
      ][v] as string;
    }
    case "fr": {
      const subject = `${many ? "Les cépages" : "Le cépage"} ${g}`;
      return [
        `${subject} ${many ? "apportent" : "apporte"} typiquement des arômes ${list}.`,
        `Au nez, on retrouve les arômes typiques ${many ? "des cépages" : "du cépage"} ${g} : ${bare}.`,
        `On reconnaît d'ordinaire ${many ? "les cépages" : "le cépage"} ${g} à ${many ? "leurs" : "ses"} arômes ${list}.`,
      ][v] as string;
    }
    case "it": {
      const subject = `${many ? "I vitigni" : "Il vitigno"} ${g}`;
      return [
        `${subject} ${many ? "portano" : "porta"} tipicamente profumi di ${list}.`,
        `Al naso si ritrovano i profumi tipici ${many ? "dei vitigni" : "del vitigno"} ${g}: ${bare}.`,
        `Di solito si ${many ? "riconoscono i vitigni" : "riconosce il vitigno"} ${g} dai profumi di ${list}.`,
      ][v] as string;
    }
  }
}

/**
 * Alcohol as a sentence of its own after the palate (" Alcohol is 13%."), worded differently for the
 * long description (`other`) so that no two fields share a sentence; "" without ABV.
 */
function alcoholAside(f: WineFacts, lang: Language, other = false): string {
  if (f.abv === null || !Number.isFinite(f.abv) || f.abv <= 0) return "";
  const pct = formatPercent(lang, f.abv);
  const text = other
    ? {
        en: `It has ${pct} alcohol`,
        de: `Er hat ${pct} Alkohol`,
        fr: `Son degré d'alcool est de ${pct}`,
        it: `Ha una gradazione alcolica ${itPercent(pct, true)}`,
      }
    : {
        en: `Alcohol is ${pct}`,
        de: `Der Alkoholgehalt liegt bei ${pct}`,
        fr: `Il titre ${pct}`,
        it: `La gradazione alcolica è ${itPercent(pct, true)}`,
      };
  return `. ${text[lang]}`;
}

/**
 * Palate sentence in plan `variant` mod 3: acidity, tannins and finish, then the alcohol as an aside
 * (a number is not a sensation). With `withStyle` (tasting notes, which stand alone) it opens with
 * body and sweetness; without it (the long description, whose style sentence already gives them) it
 * does not repeat them.
 */
export function palateSentence(f: WineFacts, lang: Language, variant: number, withStyle = true): string {
  const body = BODY[f.body];
  const sugar = f.residualSugar ? SUGAR[f.residualSugar] : undefined;
  const tannin = tanninPhrase(f, lang) ?? "";
  const finish = finishPhrase(f, lang) ?? "";
  const acid = acidityPhrase(f, lang);
  const rest = joinList(lang, [acid, tannin, finish]);
  const abv = alcoholAside(f, lang, !withStyle);
  const v = variant % 3;
  switch (lang) {
    case "en": {
      const adj = joinList("en", [
        body.en,
        sugar ? (sugar.kind === "label" ? `${sugar.en} in style` : sugar.en) : "",
      ]);
      if (!withStyle)
        return [
          `On the palate it shows ${rest}${abv}.`,
          `The palate offers ${rest}${abv}.`,
          `In the mouth it has ${rest}${abv}.`,
        ][v] as string;
      return [
        `The palate is ${adj}, with ${rest}${abv}.`,
        `On the palate it is ${adj}, with ${rest}${abv}.`,
        `In the mouth it feels ${adj}, with ${rest}${abv}.`,
      ][v] as string;
    }
    case "de": {
      const adj = joinList("de", [
        body.de,
        sugar ? (sugar.kind === "label" ? `in der Geschmacksrichtung ${sugar.de}` : sugar.de) : "",
      ]);
      if (!withStyle)
        return [
          `Am Gaumen punktet er mit ${rest}${abv}.`,
          `Im Mund überzeugt er mit ${rest}${abv}.`,
          `Geschmacklich besticht er mit ${rest}${abv}.`,
        ][v] as string;
      return [
        `Am Gaumen ist er ${adj}, mit ${rest}${abv}.`,
        `Im Mund wirkt er ${adj}, mit ${rest}${abv}.`,
        `Geschmacklich ist er ${adj}, mit ${rest}${abv}.`,
      ][v] as string;
    }
    case "fr": {
      const adj = joinList("fr", [body.fr[0], sugar ? sugar.fr[0] : ""]);
      if (!withStyle)
        return [
          `En bouche, il offre ${rest}${abv}.`,
          `La bouche révèle ${rest}${abv}.`,
          `En bouche, on trouve ${rest}${abv}.`,
        ][v] as string;
      return [
        `En bouche, il se montre ${adj}, avec ${rest}${abv}.`,
        `En bouche, il est ${adj}, avec ${rest}${abv}.`,
        `Il se révèle ${adj} en bouche, avec ${rest}${abv}.`,
      ][v] as string;
    }
    case "it": {
      const adj = joinList("it", [body.it[0], sugar ? sugar.it[0] : ""]);
      if (!withStyle)
        return [
          `Al palato offre ${rest}${abv}.`,
          `In bocca rivela ${rest}${abv}.`,
          `Al gusto mostra ${rest}${abv}.`,
        ][v] as string;
      return [
        `Al palato si presenta ${adj}, con ${rest}${abv}.`,
        `In bocca è ${adj}, con ${rest}${abv}.`,
        `Al gusto risulta ${adj}, con ${rest}${abv}.`,
      ][v] as string;
    }
  }
}
