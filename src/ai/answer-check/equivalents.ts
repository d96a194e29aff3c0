// Other names quiz answers use for one thing: formulas and element symbols of common substances,
// and common abbreviations. A curated table, not rules: each line is one thing, and any name on
// a line answers for any other. The exception is a question that asks for a symbol, formula or
// abbreviation, or that names the thing itself: "gold" does not answer "What is the chemical
// symbol for gold?", and "Au" does not answer "Which metal has the symbol Au?".
// Mercury has no line: "Hg" must not answer "Which planet is closest to the Sun?".
import { canonical } from "./canonical";
import { fold, tokenize } from "./normalize";
import { PEOPLE_LINES } from "./people";
import { containsPhrase, type QuestionContext } from "./question";

const LINES = `
water | h2o
carbon dioxide | co2
carbon monoxide | co
oxygen | o2 | o
hydrogen | h2 | h
nitrogen | n2 | n
ozone | o3
salt | table salt | sodium chloride | nacl
methane | ch4
ammonia | nh3
sulfuric acid | sulphuric acid | h2so4
hydrochloric acid | hcl
sulfur | sulphur | s
aluminium | aluminum | al
gold | au
silver | ag
iron | fe
copper | cu
lead | pb
tin | sn
zinc | zn
sodium | na
potassium | k
calcium | ca
helium | he
neon | ne
carbon | c
uranium | u
platinum | pt
chlorine | cl
dna | deoxyribonucleic acid
rna | ribonucleic acid
tyrannosaurus rex | t rex | trex | tyrannosaurus
new york city | nyc
los angeles | la
united kingdom | uk
united states | us | usa | united states of america
soviet union | ussr
united nations | un
european union | eu
united arab emirates | uae
world war i | ww1 | wwi | first world war | great war
world war ii | ww2 | wwii | second world war
t shirt | tee shirt`;

// Cities renamed in living memory, whose old names players still use. Countries' other names come
// from the data (country-names.ts); no small kept data set holds former names of cities, so these
// few are listed. A question that names either one is about the renaming: then neither answers.
const RENAMED_CITIES = `
mumbai | bombay
chennai | madras
kolkata | calcutta
bengaluru | bangalore
kyiv | kiev
ho chi minh city | saigon
yangon | rangoon
dhaka | dacca`;

const spell = (name: string) => canonical(tokenize(fold(name)));

const GROUPS = [LINES, RENAMED_CITIES, PEOPLE_LINES]
  .flatMap((lines) => lines.trim().split("\n"))
  .map((line) => line.split("|").map(spell));
const GROUP_OF = new Map(GROUPS.flatMap((group) => group.map((name) => [name.join(" "), group] as const)));

/** The other names of the thing `form` names, or none when the question rules them out. */
export function equivalentForms(form: string[], question: QuestionContext): string[][] {
  const group = GROUP_OF.get(form.join(" "));
  if (!group || question.naming || group.some((name) => containsPhrase(question, name))) return [];
  return group;
}
