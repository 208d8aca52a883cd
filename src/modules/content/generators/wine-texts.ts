/**
 * Wine texts (description, long description, tasting notes, pairing) in de/en/fr/it, built only from
 * catalogue facts. Phrasings are chosen deterministically from the wine id so that wines of the same
 * grape and style read differently.
 */

import { sweetnessGroup } from "../../../domain/residual-sugar-terms.ts";
import type { Language } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import type { WineTexts } from "../content.types.ts";
import { capitalize, formatPercent, itPercent, joinList, plan, tidy } from "./format.ts";
import { wineNoun } from "./grammar.ts";
import { pairing } from "./pairing.ts";
import { fromPlace, inPlace } from "./places.ts";
import { aromaSentence, palateSentence } from "./tasting-notes.ts";
import { isTypical, typicalPalate } from "./typical-texts.ts";
import {
  acidityPhrase,
  alcoholPhrase,
  byProducer,
  grapePhrase,
  nameHasProducer,
  servingTemperature,
  suggestsDecanting,
  tanninPhrase,
  temperatureRange,
  wineName,
  wineWithProducer,
} from "./wine-parts.ts";

/** Appends ", {appositive}" when the appositive is non-empty. */
function appo(text: string): string {
  return text ? `, ${text}` : "";
}

/** Sentence 1 of the description: what the wine is, who makes it, where from, from which grapes. */
function identity(f: WineFacts, lang: Language): string {
  const place = fromPlace(f, lang, plan(f, "place"));
  const grapes = appo(grapePhrase(f, lang));
  const v = nameHasProducer(f) ? 0 : plan(f, "identity");
  const p = f.producerName;
  const name = wineName(f, lang);
  switch (lang) {
    case "en": {
      const np = wineNoun("en", f, "nom");
      if (v === 1) return `${p} makes ${name}, ${np} ${place}${grapes}.`;
      if (v === 2) return `With ${name}, ${p} offers ${np} ${place}${grapes}.`;
      return `${wineWithProducer(f, lang)} is ${np} ${place}${grapes}.`;
    }
    case "de": {
      const dat = wineName(f, lang, "dat");
      if (v === 1) return `${p} erzeugt mit ${dat} ${wineNoun("de", f, "acc")} ${place}${grapes}.`;
      if (v === 2) return `Mit ${dat} bietet ${p} ${wineNoun("de", f, "acc")} ${place}${grapes}.`;
      return `${wineWithProducer(f, lang)} ist ${wineNoun("de", f, "nom")} ${place}${grapes}.`;
    }
    case "fr": {
      const np = wineNoun("fr", f, "nom");
      if (v === 1) return `Signé ${p}, ${name} est ${np} ${place}${grapes}.`;
      if (v === 2) return `Avec ${name}, ${p} propose ${np} ${place}${grapes}.`;
      return `${wineWithProducer(f, lang)} est ${np} ${place}${grapes}.`;
    }
    case "it": {
      const np = wineNoun("it", f, "nom");
      if (v === 1) return `Firmato da ${p}, ${name} è ${np} ${place}${grapes}.`;
      if (v === 2) return `Con ${name}, ${p} propone ${np} ${place}${grapes}.`;
      return `${wineWithProducer(f, lang)} è ${np} ${place}${grapes}.`;
    }
  }
}

/** The structure sentence of a wine with soft acidity and no tannin: acidity does not give it structure. */
function softStructure(f: WineFacts, lang: Language): string {
  const pct = f.abv !== null && f.abv > 0 ? formatPercent(lang, f.abv) : "";
  const sweet = f.residualSugar !== null && sweetnessGroup(f.residualSugar) === "sweet";
  return {
    en: `Its acidity is soft${sweet ? " and its sweetness generous" : ""}${pct ? `; alcohol is ${pct}` : ""}.`,
    de: `Die Säure ist mild${sweet ? ", die Süße üppig" : ""}${pct ? `; der Alkoholgehalt liegt bei ${pct}` : ""}.`,
    fr: `L'acidité est discrète${sweet ? " et la douceur généreuse" : ""}${pct ? ` ; il titre ${pct}` : ""}.`,
    it: `L'acidità è contenuta${sweet ? " e la dolcezza generosa" : ""}${pct ? `; la gradazione alcolica è ${itPercent(pct, true)}` : ""}.`,
  }[lang];
}

/** Structure sentence: acidity, tannins (reds) and alcohol, in one of three plans. */
function structure(f: WineFacts, lang: Language): string {
  const acid = acidityPhrase(f, lang);
  const tannin = tanninPhrase(f, lang) ?? "";
  const alcohol = alcoholPhrase(f, lang);
  const parts = joinList(lang, [acid, tannin]);
  const v = plan(f, "structure");
  if (f.acidity === "low" && !tannin) return softStructure(f, lang);
  switch (lang) {
    case "en":
      return [
        `On the palate it shows ${parts}${alcohol ? `, at ${alcohol}` : ""}.`,
        `It is built on ${parts}${alcohol ? `, with ${alcohol}` : ""}.`,
        `${capitalize(parts)} ${tannin ? "give" : "gives"} it structure${alcohol ? `; alcohol is ${alcohol.replace(" alcohol", "")}` : ""}.`,
      ][v] as string;
    case "de": {
      const pct = alcohol?.replace(" Alkohol", "");
      return [
        `Am Gaumen punktet er mit ${parts}${pct ? `; sein Alkoholgehalt beträgt ${pct}` : ""}.`,
        `Er überzeugt mit ${parts}${pct ? `; der Alkoholgehalt liegt bei ${pct}` : ""}.`,
        `Seine Struktur verdankt er ${parts}${pct ? `; er hat ${pct} Alkohol` : ""}.`,
      ][v] as string;
    }
    case "fr": {
      const pct = alcohol?.replace(" d'alcool", "");
      return [
        `En bouche, il offre ${parts}${alcohol ? `, pour ${alcohol}` : ""}.`,
        `Il se distingue par ${parts}${pct ? ` ; il titre ${pct}` : ""}.`,
        `Sa structure repose sur ${parts}${alcohol ? `, avec ${alcohol}` : ""}.`,
      ][v] as string;
    }
    case "it": {
      const grad = alcohol ? alcohol.replace(" di alcol", "") : "";
      return [
        `Al palato offre ${parts}${grad ? `, con una gradazione alcolica ${itPercent(grad, true)}` : ""}.`,
        `Si fa notare per ${parts}${grad ? `; la gradazione alcolica è ${itPercent(grad, true)}` : ""}.`,
        `La sua struttura poggia su ${parts}${grad ? `, con ${itPercent(grad)} di alcol` : ""}.`,
      ][v] as string;
    }
  }
}

/** Vintage sentence in one of three plans (`shift` picks another plan than the description's). */
function vintageSentence(f: WineFacts, lang: Language, shift = 0): string {
  if (f.vintage === null) {
    return [
      {
        en: "It is a non-vintage wine.",
        de: "Er wird ohne Jahrgangsangabe angeboten.",
        fr: "Il s'agit d'un vin non millésimé.",
        it: "È un vino senza indicazione di annata.",
      },
      {
        en: "It carries no vintage.",
        de: "Ein Jahrgang ist nicht angegeben.",
        fr: "Il ne porte pas de millésime.",
        it: "Non riporta l'annata in etichetta.",
      },
      {
        en: "It is sold without a vintage.",
        de: "Er wird als jahrgangsloser Wein verkauft.",
        fr: "Il est commercialisé sans millésime.",
        it: "È commercializzato senza annata.",
      },
    ][plan(f, "vintage", shift)]?.[lang] as string;
  }
  const y = f.vintage;
  return [
    {
      en: `The most recent vintage listed is ${y}.`,
      de: `Der jüngste gelistete Jahrgang ist ${y}.`,
      fr: `Le millésime le plus récent référencé est ${y}.`,
      it: `L'annata più recente in catalogo è il ${y}.`,
    },
    {
      en: `The latest vintage available is ${y}.`,
      de: `Aktuell ist der Jahrgang ${y} gelistet.`,
      fr: `Dernier millésime disponible : ${y}.`,
      it: `L'ultima annata disponibile è il ${y}.`,
    },
    {
      en: `The catalogue lists ${y} as its most recent vintage.`,
      de: `Als jüngster Jahrgang ist ${y} verzeichnet.`,
      fr: `Le catalogue indique ${y} comme dernier millésime.`,
      it: `In catalogo figura come annata più recente il ${y}.`,
    },
  ][plan(f, "vintage", shift)]?.[lang] as string;
}

/** The 2–3 sentence description (a typical wine's structure said of its style: typical-texts.ts). */
function description(f: WineFacts, lang: Language): string {
  const palate = isTypical(f) ? typicalPalate(f, lang, 0) : structure(f, lang);
  return tidy(`${identity(f, lang)} ${palate} ${vintageSentence(f, lang)}`);
}

/** Serving advice (temperature; decanting for tannic reds) in one of three plans. */
function servingSentence(f: WineFacts, lang: Language): string {
  const t = temperatureRange(lang, servingTemperature(f));
  const decant = suggestsDecanting(f)
    ? {
        en: "; decanting it an hour before serving helps it open up",
        de: "; dekantiert man ihn eine Stunde vorher, öffnet er sich besser",
        fr: " ; une mise en carafe une heure avant le service l'aide à s'ouvrir",
        it: "; decantarlo un'ora prima del servizio lo aiuta ad aprirsi",
      }[lang]
    : "";
  const fr = t.replace(" à ", " et ");
  return [
    {
      en: `Serve it at ${t}${decant}.`,
      de: `Am besten bei ${t} servieren${decant}.`,
      fr: `À servir entre ${fr}${decant}.`,
      it: `Va servito a ${t}${decant}.`,
    },
    {
      en: `Its ideal serving temperature is ${t}${decant}.`,
      de: `Er entfaltet sich am besten bei ${t}${decant}.`,
      fr: `Il se sert idéalement entre ${fr}${decant}.`,
      it: `Si serve idealmente a ${t}${decant}.`,
    },
    {
      en: `It shows at its best at ${t}${decant}.`,
      de: `Die ideale Serviertemperatur liegt bei ${t}${decant}.`,
      fr: `Sa température de service se situe entre ${fr}${decant}.`,
      it: `La temperatura di servizio consigliata è di ${t}${decant}.`,
    },
  ][plan(f, "serving")]?.[lang] as string;
}

/** First sentence of the long description: producer, wine and place, in one of three plans. */
function longIntro(f: WineFacts, lang: Language): string {
  const where = inPlace(f, lang);
  const p = f.producerName;
  const n = wineName(f, lang);
  const v = plan(f, "intro");
  if (nameHasProducer(f)) {
    return [
      {
        en: `${n} is produced ${where}.`,
        de: `${n} wird ${where} erzeugt.`,
        fr: `${n} est élaboré ${where}.`,
        it: `${n} è prodotto ${where}.`,
      },
      {
        en: `${n} is made ${where}.`,
        de: `${n} entsteht ${where}.`,
        fr: `${n} voit le jour ${where}.`,
        it: `${n} nasce ${where}.`,
      },
      {
        en: `${n} comes from a cellar ${where}.`,
        de: `${n} wird ${where} gekeltert.`,
        fr: `${n} est produit ${where}.`,
        it: `${n} viene prodotto ${where}.`,
      },
    ][v]?.[lang] as string;
  }
  const by = byProducer(p, lang);
  const comma = where.includes(",") ? "," : ""; // closes the apposition: "dans les Langhe, en Italie, que"
  return [
    {
      en: `${p} produces ${n} ${where}.`,
      de: `${p} erzeugt ${wineName(f, lang, "acc")} ${where}.`,
      fr: `${p} élabore ${n} ${where}.`,
      it: `${p} produce ${n} ${where}.`,
    },
    {
      en: `${n} is made ${by} ${where}.`,
      de: `${n} wird ${by} ${where} erzeugt.`,
      fr: `${n} est élaboré par ${p} ${where}.`,
      it: `${n} è prodotto da ${p} ${where}.`,
    },
    {
      en: `${p} makes ${n} ${where}.`,
      de: `${n} stammt ${by} ${where}.`,
      fr: `C'est ${where}${comma} que ${p} élabore ${n}.`,
      it: `È ${where}${comma} che ${p} produce ${n}.`,
    },
  ][v]?.[lang] as string;
}

/** Style sentence of the long description: the style noun phrase and the grapes, in one of three plans. */
function styleSentence(f: WineFacts, lang: Language): string {
  const grapes = appo(grapePhrase(f, lang));
  const nom = wineNoun(lang, f, "nom");
  return [
    {
      en: `It is ${nom}${grapes}.`,
      de: `Es handelt sich um ${wineNoun("de", f, "acc")}${grapes}.`,
      fr: `C'est ${nom}${grapes}.`,
      it: `Si tratta di ${nom}${grapes}.`,
    },
    {
      en: `In the glass, it is ${nom}${grapes}.`,
      de: `Stilistisch ist er ${nom}${grapes}.`,
      fr: `Il s'agit ${nom.replace(/^un /, "d'un ")}${grapes}.`,
      it: `È ${nom}${grapes}.`,
    },
    {
      en: `This is ${nom}${grapes}.`,
      de: `Im Glas zeigt sich ${nom}${grapes}.`,
      fr: `Dans le verre, c'est ${nom}${grapes}.`,
      it: `Nel bicchiere è ${nom}${grapes}.`,
    },
  ][plan(f, "style")]?.[lang] as string;
}

/**
 * Long description: producer and place, style and grapes, aromas and palate (in other plans than the
 * tasting notes), serving, vintage (in another plan than the description). Foods are left to `pairing`.
 */
function descriptionLong(f: WineFacts, lang: Language): string {
  return tidy(
    [
      longIntro(f, lang),
      styleSentence(f, lang),
      aromaSentence(f, lang, plan(f, "aroma", 1)),
      isTypical(f) ? typicalPalate(f, lang, 1) : palateSentence(f, lang, plan(f, "palate", 1), false),
      servingSentence(f, lang),
      vintageSentence(f, lang, 1),
    ].join(" "),
  );
}

/** Tasting notes: typical aromas (grape descriptors) and palate (body, sweetness, acidity, tannins, alcohol, finish). */
function tastingNotes(f: WineFacts, lang: Language): string {
  const palate = isTypical(f) ? typicalPalate(f, lang, 2) : palateSentence(f, lang, plan(f, "palate"));
  return tidy(`${aromaSentence(f, lang, plan(f, "aroma"))} ${palate}`);
}

/**
 * All texts of one wine in one language: `description` (2–3 sentences), `descriptionLong`
 * (a paragraph), `tastingNotes` (typical aromas + palate), `pairing` (foods, aperitif, serving temperature).
 * Deterministic for the same facts and language.
 */
export function buildWineTexts(f: WineFacts, lang: Language): WineTexts {
  return {
    description: capitalize(description(f, lang)),
    descriptionLong: capitalize(descriptionLong(f, lang)),
    tastingNotes: capitalize(tastingNotes(f, lang)),
    pairing: capitalize(pairing(f, lang)),
  };
}
