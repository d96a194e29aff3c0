// Spellings of one word that differ by convention, not by mistake: British and American English
// ("colour"/"color"), Wade-Giles and pinyin ("Mao Tse-tung"/"Mao Zedong"), and the many ways
// Russian and Arabic names, and Hebrew words, are written in Latin letters ("Khrushchov",
// "Tschaikowsky", "Mohammed", "Qaddafi", "Chanukah"). Both sides of a comparison are folded to one spelling; a match found
// only this way is a reading that can misfire, so the caller keeps it below the AI threshold.
// Curated rather than rule-based for English: "-our"/"-or" would also pair "four" with "for".

// One line a word: every spelling on it folds to the first.
const LINES = `
color colour | flavor flavour | honor honour | humor humour | labor labour | neighbor neighbour
harbor harbour | favorite favourite | armor armour | behavior behaviour | odor odour | rumor rumour
vapor vapour | valor valour | glamor glamour | parlor parlour | savior saviour
center centre | theater theatre | meter metre | liter litre | fiber fibre | caliber calibre
saber sabre | somber sombre | specter spectre | luster lustre | meager meagre | maneuver manoeuvre
airplane aeroplane | aluminum aluminium | gray grey | jewelry jewellery | tire tyre | program programme
defense defence | offense offence | license licence | pretense pretence | mold mould | plow plough
mustache moustache | pajamas pyjamas | sulfur sulphur | catalog catalogue | dialog dialogue
analog analogue | doughnut donut | medieval mediaeval | archeology archaeology | cozy cosy | ax axe
aging ageing | yogurt yoghurt | skeptic sceptic | skeptical sceptical | draft draught
esophagus oesophagus | estrogen oestrogen | fetus foetus | edema oedema | hemoglobin haemoglobin
anemia anaemia | anesthesia anaesthesia | leukemia leukaemia | pediatric paediatric | encyclopedia encyclopaedia
paleontology palaeontology | paleontologist palaeontologist | hemorrhage haemorrhage | diarrhea diarrhoea
organize organise | realize realise | recognize recognise | apologize apologise | civilization civilisation
organization organisation | colonization colonisation | analyze analyse | paralyze paralyse | catalyze catalyse
traveler traveller | jeweler jeweller | counselor counsellor | woolen woollen | fulfill fulfil | enroll enrol
whiskey whisky | artifact artefact | storey story | curb kerb | tidbit titbit
beijing peking | nanjing nanking | chongqing chungking | tianjin tientsin | qingdao tsingtao
sichuan szechuan szechwan | guangzhou kwangchow | guomindang kuomintang | daoism taoism | dao tao
ze tse | zi tzu tze | dong tung | xiao hsiao | xi hsi | de te | xu hsu | xin hsin | xiang hsiang | xue hsueh
zhou chou | deng teng | jiang chiang | jing ching | guo kuo | gong kung | zhong chung | zhu chu
muhammad mohammed mohammad muhammed mohamed mohamad muhamad mohamet mehmet mahomet
hussein husain hussain husayn hossein | gaddafi qaddafi gadhafi kadhafi qadhafi khadafy gaddafy
quran koran | qaeda qaida | mecca makkah | medina madinah | osama usama | abdul abdel abdal | yusuf youssef yousef
omar umar | hassan hasan | saladin salahuddin
hanukkah chanukah hanukah chanukkah hannukah
sergei sergey | alexei alexey aleksei | nikolai nikolay | andrei andrey | dmitri dmitry dmitriy
yuri yury yuriy iouri | peter pyotr petr | fyodor fedor | leo lev`;

const KEY_OF = new Map<string, string>();
for (const group of LINES.trim().split(/\s*[|\n]\s*/)) {
  const [key, ...others] = group.trim().split(/\s+/);
  for (const spelling of others) KEY_OF.set(spelling, key!);
}

// The endings Russian names take in English, French and German spellings, each with the one kept.
const RUSSIAN_ENDINGS: [RegExp, string][] = [
  [/w(?:skiy|skii|skij|skyi|ski|sky)$/, "vsky"],
  [/(?:skiy|skii|skij|skyi|ski)$/, "sky"],
  [/(?:off|ow)$/, "ov"],
  [/(?:yev|iev|jev|yov|jov|ev)$/, "ov"],
  [/(?:ey|ej)$/, "ei"],
  [/([^aeiouy])(?:iya|ija|ya|ja)$/, "$1ia"],
];

/** The words in their folded spelling; the same array when no word changes. */
export function variantSpelling(tokens: string[]): string[] {
  const out = tokens.map((token, i) => {
    const listed = KEY_OF.get(token);
    if (listed) return listed;
    // "el"/"ul" before a name is the Arabic article "al" ("Al-Qaeda", "El-Sisi").
    if ((token === "el" || token === "ul") && i < tokens.length - 1) return "al";
    return token.length >= 6 ? russianSpelling(token) : token;
  });
  return out.every((token, i) => token === tokens[i]) ? tokens : out;
}

/** "Tschaikowsky" -> "chaikovsky", "Dostoyevsky" -> "dostoevsky", "Khrushchyov" -> "khrushchov". */
function russianSpelling(token: string): string {
  let word = token.replace(/^t?sch(?=[aeiou])|^tch/, "ch");
  for (const [ending, kept] of RUSSIAN_ENDINGS) {
    if (ending.test(word)) {
      word = word.replace(ending, kept).replace(/([aeiou])y(?=[aeiou])/g, "$1");
      break;
    }
  }
  // A trailing "h" after a vowel is silent in Arabic names ("Fatimah", "Aishah").
  return word.replace(/([aeiou])h$/, "$1");
}
