import { Link } from 'react-router';
import { resourceCategories } from './resources.ts';
import './info.css';

/** Resources (spec §2.3): six categories of external and internal links with descriptions. */
export default function ResourcesScreen() {
  return (
    <section className="page info info-wide" aria-labelledby="resources-title">
      <h1 id="resources-title">Resources</h1>
      <p className="info-lead">
        Places to learn, bands to join, chanters and gear worth knowing about. Links marked
        Chanterlab stay on this site; the others open the maker&apos;s or organisation&apos;s own
        site.
      </p>
      <div className="resources-grid">
        {resourceCategories.map((category) => (
          <section key={category.title} className="card" aria-label={category.title}>
            <h2>{category.title}</h2>
            <ul className="resources-list">
              {category.links.map((link) => (
                <li key={link.href}>
                  {link.internal ? (
                    <>
                      <Link to={link.href}>{link.title}</Link>
                      <span className="resources-internal">
                        {link.comingSoon ? 'Coming soon' : 'Chanterlab'}
                      </span>
                    </>
                  ) : (
                    <a href={link.href} rel="noopener noreferrer" target="_blank">
                      {link.title}
                      <span className="info-visually-hidden"> (opens in a new tab)</span>
                    </a>
                  )}
                  <p>{link.description}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
