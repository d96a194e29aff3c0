// What a stranger may send is bounded before it is read: both REST bodies and the fallback's posted
// frames go through here.

/** The body's bytes, or null when it is over `max` bytes (declared or actual). */
export async function readCapped(request: Request, max: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get("content-length") ?? 0) > max) return null;
  // Bytes, not characters: a chunked body has no Content-Length, and "é" is one character in two bytes.
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength > max ? null : bytes;
}
