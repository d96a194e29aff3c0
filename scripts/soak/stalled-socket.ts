// A TCP connection that never reads, with the small receive window of a phone on bad wifi: made with
// libc through bun:ffi, as Bun's sockets cannot set SO_RCVBUF. Without it the kernel's buffers on
// loopback (megabytes a connection) would take in what the server queues, and hide it. Linux only.
import { dlopen, ptr } from "bun:ffi";

/** Linux's values; MSG_NOSIGNAL: a write to a connection the server has closed fails with EPIPE instead of killing this process. */
const LINUX = { AF_INET: 2, SOCK_STREAM: 1, SOL_SOCKET: 1, SO_RCVBUF: 8, MSG_NOSIGNAL: 0x4000 } as const;
/** the receive window asked for (the kernel doubles it, and keeps a floor of its own) */
const RECEIVE_BYTES = 2048;

const libc = dlopen("libc.so.6", {
  socket: { args: ["i32", "i32", "i32"], returns: "i32" },
  setsockopt: { args: ["i32", "i32", "i32", "ptr", "u32"], returns: "i32" },
  connect: { args: ["i32", "ptr", "u32"], returns: "i32" },
  send: { args: ["i32", "ptr", "u64", "i32"], returns: "i64" },
  recv: { args: ["i32", "ptr", "u64", "i32"], returns: "i64" },
  close: { args: ["i32"], returns: "i32" },
}).symbols;

export class StalledSocket {
  private constructor(private readonly fd: number) {}

  /** Connects to an IPv4 address with a 2 KB receive window (set before connecting, so the handshake announces it). */
  static connect(host: string, port: number): StalledSocket {
    const fd = libc.socket(LINUX.AF_INET, LINUX.SOCK_STREAM, 0);
    if (fd < 0) throw new Error("socket() failed");
    const size = new Int32Array([RECEIVE_BYTES]);
    libc.setsockopt(fd, LINUX.SOL_SOCKET, LINUX.SO_RCVBUF, ptr(size), 4);
    const address = new Uint8Array(16);
    const view = new DataView(address.buffer);
    view.setUint16(0, LINUX.AF_INET, true);
    view.setUint16(2, port, false);
    host.split(".").forEach((part, i) => (address[4 + i] = Number(part)));
    if (libc.connect(fd, ptr(address), 16) !== 0) {
      libc.close(fd);
      throw new Error(`connect to ${host}:${port} failed`);
    }
    return new StalledSocket(fd);
  }

  /** Writes it all; false once the server has closed the connection. */
  write(data: string | Uint8Array): boolean {
    const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
    return Number(libc.send(this.fd, ptr(bytes), bytes.length, LINUX.MSG_NOSIGNAL)) === bytes.length;
  }

  /** Reads (blocking) until `enough` says what came suffices; after this, it never reads again. */
  readUntil(enough: (received: string) => boolean): string {
    const buffer = new Uint8Array(4096);
    let received = "";
    while (!enough(received)) {
      const n = Number(libc.recv(this.fd, ptr(buffer), buffer.length, 0));
      if (n <= 0) throw new Error(`connection ended before what was awaited: ${received.slice(0, 200)}`);
      received += Buffer.from(buffer.subarray(0, n)).toString("latin1");
    }
    return received;
  }

  close(): void {
    libc.close(this.fd);
  }
}
