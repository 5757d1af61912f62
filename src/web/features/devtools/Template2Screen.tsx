import { DeveloperNote } from './DeveloperNote.tsx';
import './devPages.css';

interface Tip {
  title: string;
  text: string;
}

const tips: readonly Tip[] = [
  {
    title: 'Before you play',
    text: 'Check the top section sits firmly and the reed is seated straight; a loose joint leaks air and makes notes unsteady.',
  },
  {
    title: 'After you play',
    text: 'Take the top off and let the reed and bore air-dry before putting the chanter in its case.',
  },
  {
    title: 'The reed',
    text: 'Hold it by the base, never the blades. Ask your tutor before adjusting a reed that has become too hard or too easy.',
  },
  {
    title: 'Hemp joints',
    text: 'Add a thin layer of waxed hemp when a joint wobbles. Overdoing it can crack a wooden socket.',
  },
  {
    title: 'Cleaning',
    text: 'Many plastic chanters can be rinsed in lukewarm soapy water with the reed removed. Do not soak wood; follow the maker’s advice.',
  },
  {
    title: 'Storage',
    text: 'Keep the chanter away from heat and direct sun, and carry it in a case to protect the reed.',
  },
];

/** Responsive card-grid template: one column on a phone, as many as fit on a desktop. */
export default function Template2Screen() {
  return (
    <section className="page template2">
      <h1>Template 2</h1>
      <DeveloperNote>It shows the card-grid page template with sample content.</DeveloperNote>
      <p className="template-lead">Practice chanter care at a glance.</p>
      <ul className="template-grid">
        {tips.map((tip) => (
          <li key={tip.title} className="card">
            <h2>{tip.title}</h2>
            <p>{tip.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
