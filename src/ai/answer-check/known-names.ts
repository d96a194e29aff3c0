// Names of distinct things that sit one or two letters apart (Iran/Iraq, Iceland/Ireland,
// Austria/Australia, Mali/Malta, Niger/Nigeria). A guess that is exactly one of these names was
// typed on purpose, so it is never read as a typo of a different answer.
import { fold, tokenize } from "./normalize";

const COUNTRIES = `afghanistan, albania, algeria, andorra, angola, antigua, argentina, armenia, australia,
austria, azerbaijan, bahamas, bahrain, bangladesh, barbados, belarus, belgium, belize, benin, bhutan,
bolivia, bosnia, botswana, brazil, brunei, bulgaria, burkina faso, burundi, cambodia, cameroon, canada,
cape verde, chad, chile, china, colombia, comoros, congo, costa rica, croatia, cuba, cyprus, czechia,
denmark, djibouti, dominica, dominican republic, ecuador, egypt, el salvador, england, eritrea, estonia,
eswatini, ethiopia, fiji, finland, france, gabon, gambia, georgia, germany, ghana, greece, grenada,
guatemala, guinea, guyana, haiti, honduras, hungary, iceland, india, indonesia, iran, iraq, ireland,
israel, italy, jamaica, japan, jordan, kazakhstan, kenya, kiribati, korea, north korea, south korea,
kosovo, kuwait, kyrgyzstan, laos, latvia, lebanon, lesotho, liberia, libya, liechtenstein, lithuania,
luxembourg, madagascar, malawi, malaysia, maldives, mali, malta, mauritania, mauritius, mexico,
micronesia, moldova, monaco, mongolia, montenegro, morocco, mozambique, myanmar, namibia, nauru, nepal,
netherlands, new zealand, nicaragua, niger, nigeria, norway, oman, pakistan, palau, palestine, panama,
paraguay, peru, philippines, poland, portugal, qatar, romania, russia, rwanda, samoa, san marino,
saudi arabia, scotland, senegal, serbia, seychelles, sierra leone, singapore, slovakia, slovenia,
somalia, south africa, south sudan, spain, sri lanka, sudan, suriname, sweden, switzerland, syria,
taiwan, tajikistan, tanzania, thailand, togo, tonga, trinidad, tunisia, turkey, turkmenistan, tuvalu,
uganda, ukraine, uruguay, uzbekistan, vanuatu, venezuela, vietnam, wales, yemen, zambia, zimbabwe,
prussia, persia`;

const US_STATES = `alabama, alaska, arizona, arkansas, california, colorado, connecticut, delaware, florida,
hawaii, idaho, illinois, indiana, iowa, kansas, kentucky, louisiana, maine, maryland, massachusetts,
michigan, minnesota, mississippi, missouri, montana, nebraska, nevada, new hampshire, new jersey,
new mexico, new york, north carolina, north dakota, ohio, oklahoma, oregon, pennsylvania,
rhode island, south carolina, south dakota, tennessee, texas, utah, vermont, virginia, washington,
west virginia, wisconsin, wyoming`;

const CITIES = `paris, london, rome, berlin, madrid, lisbon, vienna, prague, warsaw, budapest, athens, oslo,
stockholm, copenhagen, helsinki, dublin, moscow, kiev, kyiv, cairo, lagos, nairobi, tokyo, kyoto,
osaka, beijing, shanghai, seoul, delhi, mumbai, lima, quito, bogota, caracas, havana, ottawa,
toronto, sydney, melbourne, canberra, perth, boston, austin, dallas, denver, bern, geneva, zurich,
granada`;

// Painters that quiz players famously mix up.
const PEOPLE = `monet, manet`;

const SKY_AND_CONTINENTS = `africa, america, antarctica, asia, europe, oceania, mercury, venus, earth,
mars, jupiter, saturn, uranus, neptune, pluto, ceres, moon, sun`;

const KNOWN = new Set(
  [COUNTRIES, US_STATES, CITIES, PEOPLE, SKY_AND_CONTINENTS]
    .flatMap((list) => list.split(","))
    .map((name) => tokenize(fold(name)).join(" ")),
);

/** True when the tokens spell exactly one of the known distinct names. */
export function isKnownName(tokens: string[]): boolean {
  return KNOWN.has(tokens.join(" "));
}
