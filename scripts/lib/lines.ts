// A child process's output read line by line: the benches watch their servers' lines, and a local
// cluster (scripts/cluster/) prefixes each line of its processes with the process's name.

/** Calls `onLine` for each line of a stream; resolves with the whole text (tail kept) at its end. */
export async function lines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<string> {
  const decoder = new TextDecoder();
  let pending = "";
  let all = "";
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    all = (all + text).slice(-50_000);
    pending += text;
    let nl: number;
    while ((nl = pending.indexOf("\n")) >= 0) {
      onLine(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  }
  if (pending) onLine(pending);
  return all;
}
