// The rules of a lobby's own questions (src/game/own-question-rules.ts), as properties over any
// questions held and any batch: never more than OWN_QUESTIONS_MAX, each question once, within both
// quotas, and a refusal exactly when one of those would break.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { addOwn, importRefusal, ownQuestionBytes, serverRoom, updateOwn, type OwnQuota } from "../../src/game/own-question-rules";
import { questionKey } from "../../src/game/same-question";
import { OWN_QUESTIONS_MAX } from "../../src/game/settings";
import type { OwnQuestion, Question } from "../../src/game/types";

const NO_LIMIT: OwnQuota = { lobbyBytes: Number.POSITIVE_INFINITY, totalBytes: Number.POSITIVE_INFINITY };
// Few distinct texts, so batches repeat each other and the held questions (case and spacing apart).
const text = fc.constantFrom("Capital of France?", "capital of  france?", "Largest ocean?", "Tallest mountain?", "Who wrote Hamlet?", "Speed of light?", "Boiling point of water?");
const question: fc.Arbitrary<Question> = fc.record({ category: fc.constantFrom("General", "Science"), question: text, answer: fc.string({ minLength: 1, maxLength: 12 }), aliases: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }) });
/** Questions a lobby may hold: each once, with ids. */
const held = fc.array(question, { maxLength: 6 }).map((qs): OwnQuestion[] => {
  const seen = new Set<string>();
  return qs.filter((q) => !seen.has(questionKey(q.question)) && Boolean(seen.add(questionKey(q.question)))).map((q, i) => ({ id: i + 1, ...q }));
});
const quota = fc.record({ lobbyBytes: fc.integer({ min: 0, max: 2000 }), totalBytes: fc.integer({ min: 0, max: 4000 }) });
const bytes = (qs: readonly Question[]) => qs.reduce((sum, q) => sum + ownQuestionBytes(q), 0);
const keys = (qs: readonly Question[]) => qs.map((q) => questionKey(q.question));

describe("own questions", () => {
  test("adding: each question once, what is added fits the lobby's quota, and a refusal only when it would not", () => {
    fc.assert(
      fc.property(held, fc.array(question, { maxLength: 8 }), quota, (mine, batch, limits) => {
        const outcome = addOwn(mine, batch, limits);
        const unlimited = addOwn(mine, batch, NO_LIMIT);
        if (!unlimited.ok) throw new Error("refused without a limit");
        const all = [...keys(mine), ...keys(unlimited.fresh)];
        expect(new Set(all).size).toBe(all.length);
        expect(unlimited.total).toBe(mine.length + unlimited.fresh.length);
        expect(unlimited.addedBytes).toBe(bytes(unlimited.fresh));
        const fits = unlimited.addedBytes <= 0 || bytes(mine) + unlimited.addedBytes <= limits.lobbyBytes;
        expect(outcome.ok).toBe(fits);
        if (!outcome.ok) expect(outcome.kind).toBe("conflict");
        else expect(outcome).toEqual(unlimited);
      }),
      { numRuns: 500 },
    );
  });

  test("adding the same batch again adds nothing", () => {
    fc.assert(
      fc.property(held, fc.array(question, { maxLength: 8 }), (mine, batch) => {
        const first = addOwn(mine, batch, NO_LIMIT);
        if (!first.ok) throw new Error("refused without a limit");
        const after = [...mine, ...first.fresh.map((q, i) => ({ id: 100 + i, ...q }))];
        expect(addOwn(after, batch, NO_LIMIT)).toEqual({ ok: true, fresh: [], total: after.length, addedBytes: 0 });
      }),
      { numRuns: 300 },
    );
  });

  test("never more than OWN_QUESTIONS_MAX: all of a batch past the limit is refused, the limit itself taken", () => {
    const full = Array.from({ length: OWN_QUESTIONS_MAX - 1 }, (_, i): OwnQuestion => ({ id: i + 1, category: "G", question: `Question number ${i}?`, answer: "A", aliases: [] }));
    const one = { category: "G", question: "One more question?", answer: "B", aliases: [] };
    const two = { ...one, question: "Two more questions?" };
    expect(addOwn(full, [one], NO_LIMIT)).toMatchObject({ ok: true, total: OWN_QUESTIONS_MAX });
    expect(addOwn(full, [one, two], NO_LIMIT)).toMatchObject({ ok: false, kind: "conflict", message: `A lobby holds at most ${OWN_QUESTIONS_MAX} questions: it has ${OWN_QUESTIONS_MAX - 1}, and this would add 2` });
    // A repeat of one held does not count against the limit.
    expect(addOwn(full, [one, { ...full[0]! }], NO_LIMIT)).toMatchObject({ ok: true, total: OWN_QUESTIONS_MAX });
  });

  test("editing: only a question the lobby holds, never into another of its questions, within the quota", () => {
    fc.assert(
      fc.property(held, fc.integer({ min: 0, max: 8 }), question, quota, (mine, id, edit, limits) => {
        const outcome = updateOwn(mine, id, edit, limits);
        const old = mine.find((q) => q.id === id);
        const clash = mine.some((q) => q.id !== id && questionKey(q.question) === questionKey(edit.question));
        const added = old ? ownQuestionBytes(edit) - ownQuestionBytes(old) : 0;
        const fits = added <= 0 || bytes(mine) + added <= limits.lobbyBytes;
        if (!old) expect(outcome).toMatchObject({ ok: false, kind: "notFound" });
        else if (clash) expect(outcome).toMatchObject({ ok: false, kind: "conflict", message: "This lobby already has that question" });
        else expect(outcome.ok ? outcome.addedBytes : null).toBe(fits ? added : null);
      }),
      { numRuns: 500 },
    );
  });

  test("the server's quota: what adds bytes past it is refused as unavailable; what takes none always fits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: -500, max: 500 }), quota, (server, added, limits) => {
        const refusal = serverRoom(server, added, limits);
        expect(refusal === null).toBe(added <= 0 || server + added <= limits.totalBytes);
        if (refusal) expect(refusal.kind).toBe("unavailable");
      }),
    );
  });

  test("a file of more questions than a lobby holds is refused before its rows are read", () => {
    expect(importRefusal(OWN_QUESTIONS_MAX)).toBeNull();
    expect(importRefusal(OWN_QUESTIONS_MAX + 1)).toMatchObject({ ok: false, kind: "invalid", message: `The file holds ${OWN_QUESTIONS_MAX + 1} questions; a lobby holds at most ${OWN_QUESTIONS_MAX}` });
  });
});
