// Questions for a lobby from its sources (its own first, then the bank or the AI by tag), none it has
// asked: a game's at its start, one more when the host skips a question. Outside the lobby's command
// flow, as an AI may take seconds; a source that fails gives none, and the rules say so.
import type { LobbyState, Question } from "../game/types";
import type { QuestionSource } from "./seams";
import type { LobbyStorePort } from "./store-port";

export async function pickQuestions(store: LobbyStorePort, source: QuestionSource, state: LobbyState, count: number, log: (line: string) => void): Promise<Question[]> {
  const own = await store.ownQuestions(state.code).catch((err: unknown) => {
    log(`questions: could not read the own questions of ${state.code}: ${String(err)}`);
    return [];
  });
  return source.pick({ tags: state.settings.tags, count, exclude: state.asked, own }).catch((err: unknown) => {
    log(`questions: could not pick for ${state.code}: ${String(err)}`);
    return [];
  });
}
