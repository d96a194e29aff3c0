// Under the host's tags: where each tag's questions will come from, and a note when the lobby's own
// questions run short, worked out from the tags and rounds as they stand in the panel, unsaved too.
import { tagSources, type QuestionBook } from "../../src/ai/tag-sources";
import { DEFAULT_SETTINGS } from "../../src/game/settings";

export default function TagSources({ tags, rounds, book }: { tags: string[]; rounds: number; book: QuestionBook }) {
  // As the server will read them: no tags means General. (The panel already drops blanks and repeats.)
  const { tags: sources, note } = tagSources(tags.length ? tags : DEFAULT_SETTINGS.tags, rounds, book);
  return (
    <div className="sources">
      <h3 id="sources-title">Where questions come from</h3>
      <ul aria-labelledby="sources-title">
        {sources.map((s) => (
          <li key={s.tag} className={`src-${s.kind}`}>
            <b>
              <bdi>{s.tag}</bdi>
            </b>
            : {s.text}
          </li>
        ))}
      </ul>
      {note && <p className="source-note">{note}</p>}
    </div>
  );
}
