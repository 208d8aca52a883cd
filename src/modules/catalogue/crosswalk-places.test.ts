import assert from "node:assert/strict";
import { test } from "node:test";
import { enclosingPlaces, placeKey } from "./crosswalk-places.ts";

const chain = (name: string) => enclosingPlaces(placeKey(name));

test("a place's chain climbs the region records' `within`, nearest first", () => {
  assert.deepEqual(chain("Pauillac"), ["haut medoc", "medoc", "bordeaux"]);
  assert.deepEqual(chain("Barolo"), ["langhe", "piemonte"]);
  assert.ok(chain("Brauneberg").includes("mosel"));
  assert.ok(chain("Hermitage").includes("rhone valley"), "a Rhône cru beyond the catalogue's regions");
  assert.ok(chain("Piesport").includes("mosel"), "a Mosel village beyond the catalogue's regions");
  assert.ok(chain("Howell Mountain").includes("napa valley"));
  assert.deepEqual(chain("Nowhere Valley"), []);
});

test("a record's names in every language and its aliases are one place", () => {
  const groups = [
    ["Rhone Valley", "Rhône", "Vallée du Rhône", "Rhônetal", "Valle del Rodano"],
    ["Toscana", "Tuscany", "Toscane", "Toskana"],
    ["Loire Valley", "Loire", "Vallée de la Loire", "Val de Loire"],
    ["Douro", "Douro Valley", "Vale do Douro"],
    ["Jerez-Xérès-Sherry", "Jerez", "Sherry", "Xérès"],
    ["Porto", "Port", "Oporto"],
  ];
  for (const names of groups) assert.equal(new Set(names.map(placeKey)).size, 1, names.join(" = "));
});

test("two places that share a region stay apart", () => {
  assert.notEqual(placeKey("Pauillac"), placeKey("Margaux"));
  assert.ok(!chain("Pauillac").includes(placeKey("Margaux")));
});
