import { fingeringOf } from '../../../music/fingering.ts';
import { notes } from '../../../music/notes.ts';
import { ChanterDiagram } from '../../ui/ChanterDiagram.tsx';
import './chanterRender.css';

/**
 * The chanter diagram screen (spec §2.3 'Chanter diagram', route /chanter-render): a fingering
 * chart of the nine notes, Low G to High A, each with its name and standard frequency.
 */
export default function ChanterRenderScreen() {
  return (
    <section className="page chanter-render">
      <h1>Chanter Fingering Chart</h1>
      <p className="chanter-render__intro">
        Standard Highland fingering, seen from the front. Filled holes are covered, hollow holes are
        open; the dashed hole is the thumb hole on the back of the chanter.
      </p>
      <ul className="chanter-render__grid" aria-label="Fingering of each chanter note">
        {notes.map((note) => (
          <li key={note.pitch} className="chanter-render__card">
            <ChanterDiagram fingering={fingeringOf(note.pitch)} noteName={note.name} />
            <p className="chanter-render__name">{note.name}</p>
            <p className="chanter-render__hz">{note.frequency} Hz</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
