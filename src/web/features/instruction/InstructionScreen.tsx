import { Link } from 'react-router';
import { paths } from '../../../contracts/routes.ts';
import { LearningPath } from './LearningPath.tsx';
import { TutorDirectory } from './TutorDirectory.tsx';
import './instruction.css';

/**
 * /instruction (spec §2.1; issue 16 item 5): the tutor directory, then the learning path that
 * turns the app's tools into lessons.
 */
export default function InstructionScreen() {
  return (
    <section className="page instruction">
      <h1>Instruction</h1>
      <p className="instruction__intro">
        Find a piping tutor near you or online, and follow the learning path from your first note to
        your first tunes. Teach the pipes?{' '}
        <Link to={paths.tutorInvitation}>List yourself as a tutor</Link> — free during the launch
        phase.
      </p>
      <TutorDirectory />
      <LearningPath />
    </section>
  );
}
