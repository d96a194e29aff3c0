// Beside the join QR code: send the join link the way the phone offers (Web Share), or copy it. Both
// APIs exist only in secure contexts; over plain HTTP (a party's wifi) the link is shown in a field,
// selected, and copied by the browser's copy command where it still works (docs/decisions.md "A party
// on a home network").
import { useEffect, useRef, useState } from "react";

export default function ShareJoin({ url }: { url: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const [field, setField] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const copyFromField = () => {
    if (!input.current) return;
    input.current.focus();
    input.current.select();
    // Deprecated, but the one copy a page without the Clipboard API has; false or a throw when refused.
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {}
    setSaid(copied ? "Link copied" : "Copy the link above");
  };
  useEffect(() => {
    if (field) copyFromField();
  }, [field]);

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
    if (copied) setSaid("Link copied");
    else if (field) copyFromField();
    else setField(true);
  }

  return (
    <div className="stack share">
      <button type="button" className="ghost" onClick={() => void share()}>
        Share invite link
      </button>
      {field && <input ref={input} className="share-link" readOnly value={url} aria-label="Invite link" onFocus={(e) => e.currentTarget.select()} />}
      <p className="muted small-print" role="status">
        {said}
      </p>
    </div>
  );
}
