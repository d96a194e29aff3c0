// Phones lock their screens mid-round; while `wanted` (a game not yet over) and the page is visible,
// the page keeps the screen awake. Screen Wake Lock where the browser offers it, asked again each time
// the page becomes visible since the browser releases it whenever the page hides. Over plain HTTP (a
// phone on the party's wifi) it does not exist, or it may refuse: then a tiny muted looping video,
// started on the player's tap (browsers play media on a gesture), paused when the page hides or the
// game ends, started again by the next tap (docs/decisions.md "A party on a home network").
import { effect, type ReadonlySignal } from "@preact/signals-react";

interface Sentinel {
  release(): Promise<void>;
}
interface WakeLockNavigator {
  wakeLock?: { request(type: "screen"): Promise<Sentinel> };
}

/** Served by the server itself (src/pages/static.ts): a page's policy allows no other source. */
const SOURCES = [
  ["/keep-awake.webm", "video/webm"],
  ["/keep-awake.mp4", "video/mp4"],
] as const;

function awakeVideo(doc: Document): HTMLVideoElement {
  const video = doc.createElement("video");
  video.muted = video.loop = true;
  // Inline, or iOS would open it full screen.
  video.setAttribute("playsinline", "");
  // Browsers hold the screen only for a video on screen, so it stays in the page, one pixel in a corner.
  video.className = "keep-awake";
  video.setAttribute("aria-hidden", "true");
  for (const [src, type] of SOURCES) video.append(Object.assign(doc.createElement("source"), { src, type }));
  doc.body.append(video);
  return video;
}

export function keepAwake(wanted: ReadonlySignal<boolean>, doc: Document = document, nav: Navigator = navigator): () => void {
  const api = (nav as WakeLockNavigator).wakeLock;
  let useVideo = !api;
  let lock: Sentinel | null = null;
  let video: HTMLVideoElement | null = null;
  /** browsers play media only once the page has been tapped */
  let tapped = false;
  const active = () => wanted.peek() && doc.visibilityState === "visible";

  const stop = () => {
    void lock?.release().catch(() => {});
    lock = null;
    video?.pause();
  };
  const request = () => {
    if (useVideo || !active()) return;
    api!.request("screen").then(
      (sentinel) => {
        lock = sentinel;
        if (!active()) stop();
      },
      // Refused (no secure context, battery saver, policy): the video takes over from the next tap.
      () => void (useVideo = true),
    );
  };
  /** On a tap, and when a game starts again after one. */
  const play = () => {
    if (!useVideo || !tapped || !active()) return;
    video ??= awakeVideo(doc);
    // Refused without a gesture: the next tap tries again.
    if (video.paused) video.play().catch(() => {});
  };
  const onTap = () => {
    tapped = true;
    play();
  };
  const onVisibility = () => (doc.visibilityState === "visible" ? request() : stop());

  doc.addEventListener("visibilitychange", onVisibility);
  for (const tap of ["click", "keydown"]) doc.addEventListener(tap, onTap, true);
  const unfollow = effect(() => (wanted.value ? (request(), play()) : stop()));
  return () => {
    unfollow();
    doc.removeEventListener("visibilitychange", onVisibility);
    for (const tap of ["click", "keydown"]) doc.removeEventListener(tap, onTap, true);
    stop();
    video?.remove();
  };
}
