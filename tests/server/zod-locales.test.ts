// zod is installed without its other languages' messages (patches/zod@4.6.7.patch): about 1 MB of an
// idle server (docs/decisions.md "What a quiet server holds"). An upgrade that loses the patch fails here.
import { expect, test } from "bun:test";
import * as z from "zod";

test("zod exports no locales, and its messages are still English", () => {
  expect("locales" in z).toBe(false);
  expect("locales" in z.core).toBe(false);
  const parsed = z.string().min(2).safeParse("a");
  expect(parsed.error?.issues[0]?.message).toBe("Too small: expected string to have >=2 characters");
});
