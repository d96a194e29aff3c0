// One confirmation step before an action that cannot be undone (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"): End
// Lobby, Kick, Leave Lobby, ending a game. The native <dialog> opened with showModal is what makes it
// accessible without code of our own: the rest of the page is inert (focus stays inside), Escape
// cancels, and focus goes back to the button that asked once it closes.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

export interface ConfirmRequest {
  /** the question, also the dialog's accessible name: "End the lobby for everyone?" */
  title: string;
  /** what happens, in a sentence */
  body: string;
  /** the confirming button's label, a verb: "End Lobby" */
  action: string;
  run: () => void;
}

/** `ask` opens the dialog for one request; render `dialog` once in the island that asks. */
export function useConfirm(): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  return { ask: setRequest, dialog: request && <ConfirmDialog request={request} onClose={() => setRequest(null)} /> };
}

function ConfirmDialog({ request, onClose }: { request: ConfirmRequest; onClose: () => void }) {
  const box = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = box.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const confirm = () => {
    box.current?.close();
    request.run();
  };
  return (
    // Closing by Escape, Cancel or the action all end in the close event, which forgets the request.
    // (No layout class on the <dialog> itself: a display of ours would show it while closed.)
    <dialog ref={box} className="card dialog confirm" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`} onClose={onClose}>
      <div className="stack">
        <h2 id={`${id}-title`}>{request.title}</h2>
        <p id={`${id}-body`}>{request.body}</p>
        <div className="row spread">
          {/* First, so it takes focus when the dialog opens: a stray Enter cancels rather than destroys. */}
          <button type="button" className="ghost" onClick={() => box.current?.close()}>
            Cancel
          </button>
          <button type="button" className="danger" onClick={confirm}>
            {request.action}
          </button>
        </div>
      </div>
    </dialog>
  );
}
