// Limits and settings rules shared by the server rules and the islands (docs/rules.md "Teams",
// "Names and codes" and "Settings").
import type { Settings, SettingsInput } from "./types";

export const MAX_TEAM_SIZE = 8;
export const NAME_MAX = 32;
/** A seat whose every connection has been gone this long may be taken back from another device (entry-rules.ts). */
export const SEAT_RETURN_MS = 10_000;
export const CODE_LENGTH = 4;
/** A lobby code as typed: letters or digits, any case (docs/rules.md "Names and codes"). */
export const CODE_PATTERN = /^[A-Za-z0-9]{4}$/;
/** How a code is kept and compared: as typed, trimmed and upper-cased. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
export const ROUNDS_MIN = 1;
export const ROUNDS_MAX = 20;
/** The shortest round a host may set; a server's own may be lower (ROUND_LIMIT_MIN_S: tests that must see a real deadline pass). */
export const ROUND_LIMIT_MIN = 15;
export const ROUND_LIMIT_MAX = 120;
export const MAX_TAGS = 10;
export const TAG_MAX = 40;
export const ANSWER_MAX = 200;
export const CHAT_MAX = 500;
/** chat lines a lobby keeps (state, store) and a page holds: the one limit for all of them */
export const CHAT_HISTORY = 100;
/** questions of a lobby's own (docs/decisions.md "Your own questions") */
export const OWN_QUESTIONS_MAX = 500;
/**
 * Questions a lobby remembers having asked, the newest kept: as many as its own questions may be,
 * so every one of those can be told asked, and no more, as the list is in every state written
 * (docs/decisions.md "The holes behind the budgets").
 */
export const ASKED_MAX = OWN_QUESTIONS_MAX;
/**
 * The body of a batch or a file of them: 500 questions do not fit the API's usual 16 KiB. This
 * allows about 1 KiB a question, four times the bank's longest, and stays under Bun's own 1 MiB.
 */
export const OWN_QUESTIONS_BYTES = 512 * 1024;
/** how long a disconnected host keeps the role while someone else is connected (HOST_GRACE_S) */
export const DEFAULT_HOST_GRACE_MS = 30_000;

export const DEFAULT_SETTINGS = { rounds: 7, roundLimit: 60, tags: ["General"] };

/** A non-number becomes the minimum (docs/rules.md "Settings"), so any input yields a playable setting. */
function clamp(value: unknown, min: number, max: number): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, Math.round(n)));
}

export const clampRounds = (value: unknown) => clamp(value, ROUNDS_MIN, ROUNDS_MAX);
export const clampRoundLimit = (value: unknown, min = ROUND_LIMIT_MIN) => clamp(value, min, ROUND_LIMIT_MAX);

/**
 * Text as it is kept and shown: at most `max` UTF-16 units, a lone surrogate (JSON can carry one,
 * UTF-8 cannot) replaced by U+FFFD, and never a cut between an emoji's two halves. Otherwise the
 * HTML would hold U+FFFD while the page's data held the surrogate, and hydration would fail.
 */
export function clip(text: string, max = Number.POSITIVE_INFINITY): string {
  const whole = text.toWellFormed();
  if (whole.length <= max) return whole;
  const cut = whole.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** What a tag is compared by: a tag and a category (or two tags) are the same topic when this is. The one definition. */
export const tagKey = (tag: string) => tag.trim().toLowerCase();

/** Trimmed, blank and case-insensitive duplicates dropped, capped; empty means General. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = clip(raw.trim(), TAG_MAX);
    const key = tagKey(tag);
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
    if (out.length === MAX_TAGS) break;
  }
  return out.length ? out : [...DEFAULT_SETTINGS.tags];
}

/** Whether the lobby's tag input may add this text: not blank, not already a tag in any case (docs/rules.md "Settings"). */
export function canAddTag(tags: readonly string[], text: string): boolean {
  const tag = text.trim();
  return tag.length > 0 && !tags.some((t) => tagKey(t) === tagKey(tag));
}

/** `roundLimitMin`: the server's shortest round, ROUND_LIMIT_MIN unless configured lower. */
export function normalizeSettings(input: SettingsInput, current: Settings, roundLimitMin = ROUND_LIMIT_MIN): Settings {
  return {
    rounds: input.rounds === undefined ? current.rounds : clampRounds(input.rounds),
    roundLimit: input.roundLimit === undefined ? current.roundLimit : clampRoundLimit(input.roundLimit, roundLimitMin),
    tags: input.tags === undefined ? current.tags : normalizeTags(input.tags),
  };
}

/** Characters that show nothing (zero-width spaces, joiners, word joiners, fillers): a name may not hide one. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** A name as kept and shown: compatibility forms folded (NFKC: fullwidth, ligatures), invisibles gone, spaces collapsed. */
export const normalizeName = (name: string) => clip(name.normalize("NFKC").replace(INVISIBLE, "").trim().replace(/\s+/g, " "));
