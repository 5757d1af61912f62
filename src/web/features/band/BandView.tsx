/**
 * A band's public page (issue 16 item 4): who they are, where and when they practise, what
 * they are recruiting, what they offer learners, their links and tunes, and the ways to act —
 * contact the band through the relay (the address stays on the server), add the practice
 * nights to a calendar, report the listing, and for its managers, manage it.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { BAND_CALENDAR_PATTERN, type Band } from '../../../contracts/directory/bandRoutes.ts';
import { BAND_GRADE_LABELS } from '../../../contracts/directory/directoryTerms.ts';
import { paths, pathTo } from '../../../contracts/routes.ts';
import { DirectoryMap } from '../../ui/map/DirectoryMap.tsx';
import { ReportListingDialog } from '../../ui/ReportListingDialog.tsx';
import { SendEmailDialog } from '../../ui/SendEmailDialog.tsx';
import { countryName, linkLabel, practiceLines, recruitingLine } from './bandFacts.ts';

const STATUS_NOTES: Record<string, string> = {
  pending: 'This listing is waiting for a moderator. Only you and the other managers see it.',
  rejected: 'A moderator did not approve this listing. Change it on your band profile.',
  hidden: 'A moderator has hidden this listing. Only its managers see it.',
  public:
    'This listing has not been confirmed for a year, so it is not shown. Confirm it on your band profile.',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export interface BandViewProps {
  readonly band: Band;
  readonly userEmail: string | null;
  readonly fetchImpl?: typeof fetch;
}

export function BandView({ band, userEmail, fetchImpl }: BandViewProps) {
  const [writing, setWriting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const practice = practiceLines(band.practice);
  const recruiting = recruitingLine(band.recruiting);
  const affiliation = [band.association, band.branch].filter(Boolean).join(', ');
  const calendarUrl = pathTo(BAND_CALENDAR_PATTERN, { bandId: band.id });
  const nearby = `${paths.bands}?place=${band.place.id}`;
  const country = countryName(band.country);
  const place = `${band.town}, ${country}`;

  return (
    <article className="band-page-body" aria-labelledby="band-name">
      <header className="band-header">
        {band.logoUrl ? (
          <img
            className="band-logo"
            src={band.logoUrl}
            alt={`${band.name} logo`}
            width={96}
            height={96}
          />
        ) : null}
        <div>
          <h1 id="band-name">{band.name}</h1>
          <p className="band-subtitle">
            {BAND_GRADE_LABELS[band.grade]}
            {affiliation ? ` · ${affiliation}` : ''} · {place}
          </p>
        </div>
      </header>

      {band.manage ? (
        <div className="band-manage" role="note">
          {band.manage.listed ? null : (
            <p>
              {STATUS_NOTES[band.manage.status]}
              {band.manage.statusReason ? ` Reason: ${band.manage.statusReason}` : ''}
            </p>
          )}
          <Link className="button" to={paths.bandProfile}>
            Manage this band
          </Link>
          {/* Spec §1: bands get an AI sheet-music generator (issue 19). */}
          <Link className="button secondary" to={paths.aiSheetNovel}>
            Compose a tune
          </Link>
        </div>
      ) : null}

      <div className="band-actions">
        <button type="button" className="button" onClick={() => setWriting(true)}>
          Contact this band
        </button>
        <a className="button secondary" href={calendarUrl} download={`${band.name} practice.ics`}>
          Add practice nights to your calendar
        </a>
      </div>

      {band.description ? <p className="band-description">{band.description}</p> : null}

      <div className="band-sections">
        <section aria-labelledby="band-practice">
          <h2 id="band-practice">Practice</h2>
          {practice.length > 0 ? (
            <ul className="band-list">
              {practice.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>Ask the band when they practise.</p>
          )}
          <h3>Where</h3>
          {band.exactLocation && band.venue ? (
            <p>
              {band.venue}, {place}
            </p>
          ) : (
            <p>
              Near {place}.{' '}
              <span className="band-muted">
                The band shows its practice place to within about a kilometre; ask them for the
                address.
              </span>
            </p>
          )}
          {/* The same point the finder shows: rounded on the server unless the band chose the
              exact place (issue 16 items 2 and 4). */}
          <DirectoryMap
            label={`Map: where ${band.name} practises`}
            points={[{ id: band.id, lat: band.lat, lon: band.lon, label: band.name, href: '#' }]}
            center={[band.lat, band.lon]}
            zoom={band.exactLocation ? 13 : 11}
            onSelect={() => {}}
          />
          <p className="band-muted">
            Map position {band.lat.toFixed(band.exactLocation ? 5 : 2)},{' '}
            {band.lon.toFixed(band.exactLocation ? 5 : 2)}.{' '}
            <Link to={nearby}>Find other bands near {band.town}</Link>
          </p>
        </section>

        <section aria-labelledby="band-joining">
          <h2 id="band-joining">Joining</h2>
          <dl className="band-facts">
            <dt>Recruiting</dt>
            <dd>{recruiting ?? 'Not recruiting at the moment'}</dd>
            <dt>Learner programme</dt>
            <dd>{yesNo(band.learnerProgramme)}</dd>
            <dt>Loaner instruments</dt>
            <dd>{yesNo(band.loanerInstruments)}</dd>
            <dt>Uniforms provided</dt>
            <dd>{yesNo(band.uniforms)}</dd>
          </dl>
        </section>

        {band.website || band.socials.length > 0 ? (
          <section aria-labelledby="band-links">
            <h2 id="band-links">Links</h2>
            <ul className="band-list">
              {[band.website, ...band.socials].filter(Boolean).map((url) => (
                <li key={url}>
                  <a href={url!} rel="nofollow ugc noopener noreferrer">
                    {linkLabel(url!)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="band-tunes">
          <h2 id="band-tunes">Tunes the band plays</h2>
          {band.tunes.length > 0 ? (
            <ul className="band-list band-tunes">
              {band.tunes.map((tune) => (
                <li key={tune.id}>
                  <Link to={`${paths.sheetShare}?tune=${encodeURIComponent(tune.slug)}`}>
                    {tune.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p>The band has not listed its tunes yet.</p>
          )}
        </section>
      </div>

      <p className="band-footer">
        <button type="button" className="band-link-button" onClick={() => setReporting(true)}>
          Report this listing
        </button>
        {' · '}
        <Link to={paths.bands}>Find more pipe bands</Link>
      </p>

      <SendEmailDialog
        open={writing}
        onClose={() => setWriting(false)}
        title="Contact this band"
        recipientId={`band:${band.id}`}
        recipientName={band.name}
        userEmail={userEmail}
      />
      {reporting ? (
        <ReportListingDialog
          kind="band"
          listingId={band.id}
          name={band.name}
          onClose={() => setReporting(false)}
          {...(fetchImpl ? { fetchImpl } : {})}
        />
      ) : null}
    </article>
  );
}
