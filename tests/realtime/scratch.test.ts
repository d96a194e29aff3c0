import { test, expect } from "bun:test";
import { Clients } from "../support/sockets";
import { startHarness, seatFour } from "../support/party";

for (const transport of ["websocket", "polling"] as const) {
  test("proto " + transport, async () => {
    const { app } = await startHarness();
    const clients = new Clients(app.url, transport);
    const four = await seatFour(app);
    const c = await clients.connect("host", four.blue1.token);
    console.log(JSON.stringify(c.log).slice(0, 600));
    const evil = await clients.refused({ extraHeaders: { origin: "http://evil.example" } }).catch((e) => e);
    console.log("evil", evil?.message, (evil as any)?.description?.message ?? (evil as any)?.description);
    const same = await clients.connect("same", undefined, { extraHeaders: { origin: app.url } }).then(() => "ok", (e) => e.message);
    console.log("same", same);
    const r = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: "http://evil.example" } });
    console.log("fetch", r.status, await r.text());
    const r2 = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`);
    console.log("fetch2", r2.status, await r2.text());
    clients.closeAll();
    await app.dispose();
  });
}
