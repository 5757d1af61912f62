import { Link } from 'react-router';
import { learningPath } from './learningPath.ts';

/**
 * The learning path (issue 16 item 5): the app's tools as lessons in order, each opening its
 * tool at the right exercise and saying what 'done' looks like.
 */
export function LearningPath() {
  return (
    <section className="learning-path" aria-labelledby="learning-path-title">
      <h2 id="learning-path-title">The learning path</h2>
      <p className="learning-path__intro">
        No tutor nearby yet, or practising between lessons? Work through these steps in order. Each
        opens the right tool and says when you are ready for the next.
      </p>
      <ol className="learning-path__steps">
        {learningPath.map((step) => (
          <li key={step.id} className="learning-path__step card">
            <h3>{step.title}</h3>
            <p>{step.practise}</p>
            <ul className="learning-path__links" aria-label={`Tools for ${step.title}`}>
              {step.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
            <p className="learning-path__done">
              <strong>Done when:</strong> {step.done}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
