// The join link as a QR code, drawn on the server as inline SVG (the qrcode package), so it costs
// the phones no script. Dark modules on a white quiet zone: what every camera app reads.
import QRCode from "qrcode";
import { render } from "qrcode/lib/renderer/svg-tag";

/** `<origin>/?join=CODE`: the home page opens the join dialog for that lobby. */
export const joinUrl = (origin: string, code: string) => `${origin}/?join=${encodeURIComponent(code)}`;

export function JoinQr({ url, className }: { url: string; className?: string }) {
  const svg = render(QRCode.create(url, { errorCorrectionLevel: "M" }), { margin: 2, color: { dark: "#000000ff", light: "#ffffffff" } });
  return <div className={`qr ${className ?? ""}`} role="img" aria-label={`QR code to join: ${url}`} dangerouslySetInnerHTML={{ __html: svg }} />;
}
