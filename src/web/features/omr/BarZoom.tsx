import type { OmrBar, PageBox } from '../../../music/omr/omrTypes.ts';
import type { ShownPage } from './omrScreenState.ts';

/** The region shown around a bar: a little of the page either side, within the page. */
export function zoomBox(region: PageBox, page: { width: number; height: number }): PageBox {
  const padX = Math.round(region.width * 0.06);
  const padY = Math.round(region.height * 0.25);
  const x = Math.max(0, region.x - padX);
  const y = Math.max(0, region.y - padY);
  return {
    x,
    y,
    width: Math.min(page.width, region.x + region.width + padX) - x,
    height: Math.min(page.height, region.y + region.height + padY) - y,
  };
}

/**
 * One bar of the page, enlarged (issue 20 item 2: 'with the image zoomed to that bar'): the
 * same picture, scaled and shifted in CSS so the bar fills the box; the note being corrected
 * is outlined.
 */
export function BarZoom({
  page,
  bar,
  note,
}: {
  readonly page: ShownPage;
  readonly bar: OmrBar;
  readonly note: number | null;
}) {
  const box = zoomBox(bar.region, page);
  if (box.width <= 0 || box.height <= 0 || page.width <= 0) return null;
  // A note the piper added has an empty box: it is nowhere on the page to outline.
  const found = note === null ? null : bar.notes[note];
  const noteBox = found && found.width > 0 ? found : null;
  return (
    <div
      className="omr-zoom"
      // The page's own proportions, at most 14rem tall: a tall bar region is not blown up.
      style={{
        aspectRatio: `${box.width} / ${box.height}`,
        width: `min(100%, ${((14 * box.width) / box.height).toFixed(2)}rem)`,
      }}
      role="img"
      aria-label="This bar on the page, enlarged"
    >
      <img
        src={page.url}
        alt=""
        style={{
          width: `${(page.width / box.width) * 100}%`,
          left: `${(-box.x / box.width) * 100}%`,
          top: `${(-box.y / box.height) * 100}%`,
        }}
      />
      {noteBox && (
        <svg
          viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <rect
            className="omr-zoom-note"
            x={noteBox.x}
            y={noteBox.y}
            width={noteBox.width}
            height={noteBox.height}
          />
        </svg>
      )}
    </div>
  );
}
