// The keep-awake video is served by the server itself (a strict page policy allows no data: URI), with
// its media type and in ranges, as Safari asks for video.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.dispose());

test("both clips, whole and in ranges, each a few kilobytes", async () => {
  for (const ext of ["webm", "mp4"]) {
    const whole = await fetch(`${app.url}/keep-awake.${ext}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe(`video/${ext}`);
    const size = (await whole.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(500);
    expect(size).toBeLessThan(8 * 1024);
    const part = await fetch(`${app.url}/keep-awake.${ext}`, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  }
});
