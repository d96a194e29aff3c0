// Beside the join QR code: send the join link the way the phone offers (Web Share), or copy it.
import { useState } from "react";

export default function ShareJoin({ url }: { url: string }) {
  const [said, setSaid] = useState<string | null>(null);

  async function share() {
    if (typeof navigator.share === "function") {
      // A dismissed share sheet rejects; nothing to say then.
      await navigator.share({ title: "Join my Stealmate game", url }).catch(() => {});
      return;
    }
    const copied = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    setSaid(copied ? "Link copied" : `Copy this link: ${url}`);
  }

  return (
    <div className="stack share">
      <button type="button" className="ghost" onClick={() => void share()}>
        Share invite link
      </button>
      <p className="muted small-print" role="status">
        {said}
      </p>
    </div>
  );
}
