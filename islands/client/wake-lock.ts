// Phones lock their screens mid-round; during a game the page asks to stay awake (Screen Wake Lock,
// where the browser offers it) and asks again each time it becomes visible, since the browser
// releases the lock whenever the page is hidden.
interface WakeLockNavigator {
  wakeLock?: { request(type: "screen"): Promise<unknown> };
}

export function keepAwake(doc: Document = document, nav: Navigator = navigator): () => void {
  const api = (nav as WakeLockNavigator).wakeLock;
  if (!api) return () => {};
  let released: { release(): Promise<void> } | null = null;
  let on = true;
  const request = () => {
    if (!on || doc.visibilityState !== "visible") return;
    api.request("screen").then(
      (lock) => {
        released = lock as { release(): Promise<void> };
        if (!on) void released.release();
      },
      // Refused (battery saver, no user gesture yet): the game goes on, the screen may dim.
      () => {},
    );
  };
  doc.addEventListener("visibilitychange", request);
  request();
  return () => {
    on = false;
    doc.removeEventListener("visibilitychange", request);
    void released?.release();
  };
}
