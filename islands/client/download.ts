// Files the server writes for a seated player: fetched with the session (a plain link carries none),
// then handed to the browser as a download under the server's file name.
import type { ApiAnswer } from "./api";
import { storedToken } from "./token";

/** Saves a blob as a file the way a download link would. */
function save(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads `path` with the session; answers as an API call does, so a refusal shows like any other. */
export async function downloadWithSession(path: string, fallbackName: string): Promise<ApiAnswer> {
  const res = await fetch(path, { headers: { authorization: `Bearer ${storedToken() ?? ""}` } }).catch(() => null);
  if (!res?.ok) return { success: false, status: res?.status ?? 0, ...((await res?.json().catch(() => ({}))) as object) };
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  save(name, await res.blob());
  return { success: true, status: res.status };
}
