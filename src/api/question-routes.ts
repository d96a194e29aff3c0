// The lobby's own questions (DESIGN.md section 4): host only, so the host check comes before the
// body is read, and nobody else learns even whether their body would have passed. A batch with any
// bad row is refused whole, naming every bad row (counted from 1) and why.
import { Elysia } from "elysia";
import type { QuestionCatalog } from "../ai/providers";
import type { Question } from "../game/types";
import type { LobbyService } from "../lobbies/service";
import { accepted, ApiError, readBody } from "./errors";
import { ownQuestion, questionId, questionsBody } from "./schemas";
import type { Claims } from "./tokens";

/**
 * A batch of 500 questions does not fit the API's usual 16 KiB: this allows about 1 KiB a question,
 * four times the bank's longest, and stays under Bun's own 1 MiB limit.
 */
export const QUESTIONS_BODY_BYTES = 512 * 1024;

export interface QuestionDeps {
  service: LobbyService;
  catalog: QuestionCatalog;
  authenticate: (request: Request) => Promise<Claims>;
}

/** Every row valid, or a 400 that lists each bad one. */
function validRows(rows: readonly unknown[]): Question[] {
  const good: Question[] = [];
  const errors: { row: number; message: string }[] = [];
  rows.forEach((row, i) => {
    const parsed = ownQuestion.safeParse(row);
    if (parsed.success) good.push(parsed.data);
    else errors.push({ row: i + 1, message: [...new Set(parsed.error.issues.map((issue) => issue.message))].join("; ") });
  });
  if (errors.length === 0) return good;
  const which = rows.length === 1 ? "The question is" : `${errors.length} of ${rows.length} questions ${errors.length === 1 ? "is" : "are"}`;
  throw new ApiError(400, `${which} not valid, so none was added`, { errors });
}

function id(raw: string): number {
  const parsed = questionId.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, "Question id must be a number");
  return parsed.data;
}

export function questionRoutes({ service, catalog, authenticate }: QuestionDeps) {
  /** The book of the lobby these claims name, when they name its host. */
  const bookFor = (claims: Claims) => accepted(service.questionBook(claims.lobby, claims.sub)).book;

  /** The caller's claims, once they are the host's: nobody else learns even whether a body would pass. */
  async function host(request: Request): Promise<Claims> {
    const claims = await authenticate(request);
    bookFor(claims);
    return claims;
  }

  // A body is read after the host check, and the book taken again once it is in: the lobby may
  // have ended (or the role moved) while it arrived, and rows written for a lobby that is gone would
  // outlive it.
  return new Elysia()
    .get("/questions", async ({ request }) => {
      const book = bookFor(await authenticate(request));
      const questions = book.list().map(({ id, category, question, answer, aliases, asked }) => ({ id, category, question, answer, aliases, asked }));
      return { success: true, questions, bank: catalog.bank, ai: catalog.ai };
    })
    .post("/questions", async ({ request }) => {
      const claims = await host(request);
      const body = await readBody(request, questionsBody, QUESTIONS_BODY_BYTES);
      const { added, total } = accepted(bookFor(claims).add(validRows(body.questions)));
      return { success: true, added, total };
    })
    .put("/questions/:id", async ({ request, params }) => {
      const claims = await host(request);
      const which = id(params.id);
      const question = await readBody(request, ownQuestion);
      return { success: true, question: accepted(bookFor(claims).update(which, question)).question };
    })
    .delete("/questions/:id", async ({ request, params }) => {
      const book = bookFor(await authenticate(request));
      return { success: true, total: accepted(book.remove(id(params.id))).total };
    });
}
