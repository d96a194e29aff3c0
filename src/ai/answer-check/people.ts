// Well-known people by their other names: nicknames ("Ike"), short forms ("Bill Clinton" for
// William Jefferson Clinton), initials ("JFK") and birth or pen names. One line a person; any name
// on a line answers for any other (read with the equivalents). The lines also name namesakes
// ("John Adams" beside "John Quincy Adams"), so a short form is never taken for another person.
// Curated: a nickname is a fact about one person, not a rule.

export const PEOPLE_LINES = `
dwight d eisenhower | dwight eisenhower | dwight david eisenhower | ike
william jefferson clinton | bill clinton | william clinton | bill jefferson clinton
hillary clinton | hillary rodham clinton
john f kennedy | jfk | john fitzgerald kennedy | jack kennedy
robert f kennedy | rfk | bobby kennedy | robert kennedy
edward kennedy | ted kennedy | edward m kennedy | teddy kennedy
martin luther king | mlk
franklin d roosevelt | fdr | franklin roosevelt | franklin delano roosevelt
theodore roosevelt | teddy roosevelt | tr
eleanor roosevelt | anna eleanor roosevelt
abraham lincoln | abe lincoln | honest abe
lyndon b johnson | lbj | lyndon johnson | lyndon baines johnson
andrew johnson
boris johnson | alexander boris de pfeffel johnson
george w bush | dubya | george bush junior | bush junior | george walker bush
george h w bush | george bush | george bush senior | bush senior | george herbert walker bush
john adams
john quincy adams | jqa
samuel adams | sam adams
richard nixon | tricky dicky | richard milhous nixon
ronald reagan | the gipper | ronald wilson reagan
jimmy carter | james earl carter | james carter
margaret thatcher | maggie thatcher | the iron lady | margaret hilda thatcher
winston churchill | winston leonard spencer churchill
tony blair | anthony blair | anthony charles lynton blair
napoleon bonaparte | napoleon | napoleon i | boney
che guevara | che | ernesto guevara | ernesto che guevara
mahatma gandhi | mohandas gandhi | mohandas karamchand gandhi | bapu
william shakespeare | the bard | bard of avon
galileo galilei | galileo
michelangelo buonarroti | michelangelo
rembrandt van rijn | rembrandt
dante alighieri | dante
vladimir lenin | lenin | vladimir ilyich lenin | vladimir ulyanov
joseph stalin | josef stalin | iosif stalin | uncle joe
mao zedong | chairman mao | mao
diana princess of wales | princess diana | lady di | diana spencer
elvis presley | elvis | the king of rock and roll
michael jackson | mj | jacko | the king of pop
muhammad ali | cassius clay
babe ruth | george herman ruth | the bambino
pele | edson arantes do nascimento
cristiano ronaldo | cr7
lionel messi | leo messi
lady gaga | stefani germanotta
elton john | reginald dwight
freddie mercury | farrokh bulsara
bono | paul hewson
sting | gordon sumner
marilyn monroe | norma jeane mortenson | norma jean baker
john wayne | the duke | marion morrison
bill gates | william gates | william henry gates
lewis carroll | charles dodgson | charles lutwidge dodgson
george eliot | mary ann evans
voltaire | francois marie arouet
mother teresa | teresa of calcutta | saint teresa of calcutta
buzz aldrin | edwin aldrin
johann sebastian bach | js bach
johann strauss
richard strauss
charlotte bronte
emily bronte
anne bronte`;

// Short forms of given names: "Bill" answers for "William" before a surname, never alone.
const GIVEN_NAMES = `
william bill billy will willie | robert bob bobby rob robbie bert | james jim jimmy jamie
thomas tom tommy | edward ed eddie ted teddy ned | theodore ted teddy theo | richard dick rick ricky
anthony tony | michael mike mick mickey | christopher chris kit | alexander alex sandy | abraham abe
benjamin ben benny | daniel dan danny | david dave davy | joseph joe joey | john jack johnny
nicholas nick nicky | peter pete | samuel sam sammy | stephen steve | steven steve | frederick fred freddie
henry harry hal hank | harold harry | lawrence larry | gerald jerry gerry | gregory greg | matthew matt
andrew andy drew | charles charlie chuck | ronald ron ronnie | donald don donnie | jeffrey jeff
elizabeth liz lizzie beth betty bess | margaret maggie meg peggy | catherine kate katie cathy
katherine kate katie kathy | susan sue susie | victoria vicky | albert al bert | alfred alf fred
patrick pat paddy | timothy tim | kenneth ken kenny | leonard leo len | vincent vince | francis frank
franklin frank`;

const FULL_NAMES_OF = new Map<string, string[]>();
for (const group of GIVEN_NAMES.trim().split(/\s*[|\n]\s*/)) {
  const [full, ...short] = group.trim().split(/\s+/);
  for (const form of short) FULL_NAMES_OF.set(form, [...(FULL_NAMES_OF.get(form) ?? []), full!]);
}

/** True when `given` is a short form of the given name `full` ("bill"/"william"). */
export function isShortGivenName(given: string, full: string): boolean {
  return FULL_NAMES_OF.get(given)?.includes(full) ?? false;
}
