/**
 * What a wine's label term or style means, in French, in two registers: a short sentence for the
 * description and an explaining one for the long description (never the same sentence twice on a
 * page). Only rules fixed by law or by the category's definition are stated:
 * - Spain, Ley 24/2003 de la Viña y del Vino, art. 3: red crianza ≥ 24 months of ageing (part in
 *   oak), reserva ≥ 36 months (≥ 12 in oak), gran reserva ≥ 60 months (≥ 18 in oak);
 * - Italy, Legge 238/2016 art. 31: riserva, a longer ageing set by each disciplinare; Chianti Classico
 *   disciplinare: Gran Selezione, the top of its pyramid;
 * - France: the 1855 classification (Médoc, Sauternes), Saint-Émilion's, the crus of Burgundy,
 *   Chablis and Champagne (grand cru the highest rank, premier cru the next), cru bourgeois of the
 *   Médoc (OCW "classification", "cru", "cru bourgeois");
 * - Germany, Weingesetz § 20: the Prädikate by ripeness at harvest; VDP: Grosses Gewächs, a dry wine
 *   of a classified top site;
 * - Port, IVDP: vintage bottled in its 2nd or 3rd year, LBV between its 4th and 6th, colheita of a
 *   single harvest after ≥ 7 years in wood, tawny aged in wood, ruby bottled young;
 * - sherry (OCW "sherry", "flor"): fino and manzanilla aged under a veil of flor yeast;
 * - Champagne (cahier des charges; CIVC): non-vintage ≥ 15 months in bottle before release, vintage
 *   ≥ 3 years; blanc de blancs from white grapes only;
 * - botrytised wines (OCW "botrytized wines", "noble rot").
 */
import { choose } from "../variation.ts";
import type { WineParts } from "./parts.ts";
import { demonstrative } from "./style.ts";
import { pronoun } from "./words.ts";

type Register = "d" | "l";

/** The first legal label term that says something, with its two sentences. */
export function labelSentence(w: WineParts, register: Register): string | undefined {
  if (w.p.category === "grape_spirit") return undefined;
  const t = new Set(w.p.terms);
  const red = w.p.facts.color === "red";
  const il = pronoun(w.ref.proper ? w.noun.gender : w.ref.gender);
  const ce = demonstrative(w.noun);
  const pick = (d: string[], l: string[]) => choose(w.seed, `label-${register}`, register === "d" ? d : l);
  if (t.has("premier_grand_cru_classe"))
    return pick(
      [`Il porte la mention premier grand cru classé, le rang le plus haut de son classement.`],
      [`Premier grand cru classé : ${ce} figure au sommet de la hiérarchie de son appellation.`],
    );
  if (t.has("grand_cru_classe"))
    return pick(
      [`${il} porte la mention grand cru classé.`, `Un grand cru classé, rien de moins.`],
      [
        `La mention grand cru classé range ${ce} parmi les crus distingués par le classement de son appellation.`,
      ],
    );
  if (t.has("cru_classe"))
    return pick(
      [`${il} porte la mention cru classé.`],
      [`Cru classé, ${ce} appartient au cercle des propriétés retenues par le classement de sa région.`],
    );
  if (t.has("grand_cru"))
    return pick(
      [`${il} provient d'un grand cru.`, `Il s'agit d'un grand cru.`],
      [
        `Grand cru : c'est le rang le plus élevé de la hiérarchie des vignobles de la région.`,
        `La mention grand cru désigne le sommet de la hiérarchie des vignobles de sa région.`,
      ],
    );
  if (t.has("premier_cru"))
    return pick(
      [`${il} provient d'un premier cru.`, `Il s'agit d'un premier cru.`],
      [
        `Premier cru : le deuxième rang de la hiérarchie, juste en dessous des grands crus.`,
        `La mention premier cru le situe juste en dessous des grands crus.`,
      ],
    );
  if (t.has("cru_bourgeois"))
    return pick(
      [`${il} porte la mention cru bourgeois.`],
      [`Cru bourgeois : une distinction propre aux propriétés du Médoc.`],
    );
  if (t.has("gran_selezione"))
    return pick(
      [`${il} porte la mention Gran Selezione.`],
      [`La Gran Selezione coiffe la hiérarchie du Chianti Classico.`],
    );
  if (t.has("gran_reserva") && red)
    return pick(
      [`${il} porte la mention Gran Reserva.`, `C'est un Gran Reserva.`],
      [
        `Gran Reserva : la loi espagnole impose au moins cinq ans de vieillissement, dont dix-huit mois en fût de chêne.`,
        `La mention Gran Reserva suppose au moins cinq ans d'élevage avant la vente, dont dix-huit mois en barrique.`,
      ],
    );
  if (t.has("reserva") && red)
    return pick(
      [`${il} porte la mention Reserva.`, `C'est un Reserva.`],
      [
        `Reserva : au moins trois ans de vieillissement, dont un an en fût de chêne, selon la loi espagnole.`,
        `La mention Reserva impose trois ans d'élevage au minimum, dont un en barrique.`,
      ],
    );
  if (t.has("crianza") && red)
    return pick(
      [`${il} porte la mention Crianza.`],
      [`Crianza : deux ans de vieillissement au minimum, dont une partie en fût de chêne.`],
    );
  if (t.has("riserva"))
    return pick(
      [`${il} porte la mention Riserva.`, `C'est une Riserva.`],
      [
        `Riserva : le cahier des charges de l'appellation lui impose un élevage plus long qu'à la version de base.`,
        `La mention Riserva signale un vieillissement prolongé, fixé par le règlement de l'appellation.`,
      ],
    );
  if (t.has("grosses_gewachs"))
    return pick(
      [`${il} porte la mention Grosses Gewächs.`],
      [`Grosses Gewächs : le vin sec d'un grand terroir classé par le VDP.`],
    );
  if (t.has("trockenbeerenauslese") || t.has("beerenauslese"))
    return pick(
      [`${il} naît de baies surmûries, cueillies une à une.`],
      [
        `La mention ${t.has("trockenbeerenauslese") ? "Trockenbeerenauslese" : "Beerenauslese"} désigne des baies surmûries, souvent touchées par la pourriture noble, triées une à une.`,
      ],
    );
  if (t.has("eiswein"))
    return pick(
      [`${il} naît de raisins vendangés gelés sur pied.`],
      [`Vin de glace : les raisins sont cueillis et pressés gelés, ce qui concentre sucre et acidité.`],
    );
  if (t.has("auslese"))
    return pick([`${il} porte la mention Auslese.`], [`Auslese : des grappes choisies à pleine maturité.`]);
  if (t.has("spatlese"))
    return pick(
      [`${il} porte la mention Spätlese.`],
      [`Spätlese : une vendange tardive, à maturité avancée.`],
    );
  if (t.has("old_vines"))
    return pick(
      [`${il} provient de vieilles vignes.`, `Les raisins viennent de vieilles vignes.`],
      [`De vieilles vignes donnent ici des rendements faibles et des raisins concentrés.`],
    );
  if (t.has("single_vineyard"))
    return pick(
      [`${il} provient d'un vignoble unique.`],
      [`Le nom désigne une parcelle précise, vinifiée à part.`],
    );
  return undefined;
}

/** One sentence on what the style is, when the style says something a buyer should know. */
export function styleFact(w: WineParts, register: Register): string | undefined {
  const il = pronoun(w.noun.gender);
  const ce = demonstrative(w.noun);
  const pick = (d: string[], l: string[]) => choose(w.seed, `style-${register}`, register === "d" ? d : l);
  switch (w.p.style.kind) {
    case "vintage_port":
      return pick(
        [`Un porto d'une seule année, mis en bouteille jeune.`],
        [
          `Le porto vintage est mis en bouteille dans sa deuxième ou troisième année et mûrit ensuite en bouteille.`,
        ],
      );
    case "lbv_port":
      return pick(
        [`Un porto d'une seule année, embouteillé prêt à boire.`],
        [`Le LBV est mis en bouteille entre sa quatrième et sa sixième année, après un long séjour en fût.`],
      );
    case "colheita_port":
      return pick(
        [`Un tawny d'une seule récolte.`],
        [`Le colheita vieillit au moins sept ans en fût avant sa mise en bouteille.`],
      );
    case "tawny_port":
      return pick(
        [`Un porto élevé longuement en fût.`],
        [
          `Le tawny vieillit en fût, au contact de l'air, qui lui donne sa couleur ambrée et ses notes de fruits secs.`,
        ],
      );
    case "ruby_port":
      return pick(
        [`Un porto jeune et fruité.`],
        [`Le ruby est mis en bouteille jeune pour garder son fruit et sa couleur.`],
      );
    case "fino":
      return pick(
        [`${il} vieillit sous un voile de levures.`],
        [
          `${ce} vieillit sous la flor, un voile de levures qui le protège de l'air et lui donne ses notes salines.`,
        ],
      );
    case "botrytis":
      return pick(
        [`Un vin de pourriture noble.`],
        [`Le botrytis, la pourriture noble, concentre les sucres et l'acidité des raisins.`],
      );
    case "sparkling_nv":
      return w.noun.head === "champagne"
        ? pick(
            [`Un champagne sans année, assemblé pour un style constant.`],
            [
              `Sans année, ${ce} assemble plusieurs récoltes et vieillit au moins quinze mois en bouteille avant sa mise en vente.`,
            ],
          )
        : undefined;
    case "sparkling_vintage":
    case "sparkling_prestige":
      return w.noun.head === "champagne"
        ? pick(
            [`Un champagne d'une seule année.`],
            [`Un champagne millésimé passe au moins trois ans en cave avant sa mise en vente.`],
          )
        : undefined;
    default:
      if (w.p.style.blancDeBlancs)
        return pick(
          [`Un blanc de blancs, issu de raisins blancs seulement.`],
          [`Blanc de blancs : seuls des raisins blancs entrent dans ${ce}.`],
        );
      return undefined;
  }
}
