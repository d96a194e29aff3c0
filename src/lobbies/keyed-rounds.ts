// Migration step 4's change of a stored lobby (migrations.ts): round results move from one field
// per colour (blueAnswer, redSteal, ...; overruled as a list of teams) to a play under each team's
// key. Written against the JSON as it was stored then, not today's types, so it never changes
// once released. Anything not in the old shape is left as it is, for the load check to judge.

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function keyedRound(round: unknown): unknown {
  if (!isObject(round) || "plays" in round || !("blueAnswer" in round)) return round;
  const { blueAnswer, redAnswer, blueSteal, redSteal, blueCorrect, redCorrect, bluePointsGained, redPointsGained, overruled, winner, ...rest } = round;
  const ruled = Array.isArray(overruled) ? overruled : [];
  const play = (answer: unknown, steal: unknown, correct: unknown, points: unknown, team: string) => ({ answer, steal, correct, points, overruled: ruled.includes(team) });
  return {
    ...rest,
    plays: { blue: play(blueAnswer, blueSteal, blueCorrect, bluePointsGained, "blue"), red: play(redAnswer, redSteal, redCorrect, redPointsGained, "red") },
    winner,
  };
}

/** The lobby with its game's rounds keyed by team; the same object when there is nothing to change. */
export function keyRoundsByTeam(state: unknown): unknown {
  if (!isObject(state) || !isObject(state.game) || !Array.isArray(state.game.rounds)) return state;
  const old: unknown[] = state.game.rounds;
  const rounds = old.map(keyedRound);
  if (rounds.every((r, i) => r === old[i])) return state;
  return { ...state, game: { ...state.game, rounds } };
}
