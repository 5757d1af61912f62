import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { playlistRoutes, type PlaylistItem } from '../../../contracts/library/playlistRoutes.ts';
import { TUNE_TYPE_LABELS } from '../../../contracts/library/libraryTerms.ts';
import { PLAYLIST_LIMITS, playlistMessages } from '../../../contracts/library/playlistTerms.ts';
import { callApi } from '../../lib/apiClient.ts';
import { dropIndex, moveItem } from './moveItem.ts';

export interface PlaylistItemsProps {
  readonly playlistId: string;
  readonly items: readonly PlaylistItem[];
  /**
   * Sets the items from the latest ones: an answer that arrives after a later move must change
   * only its own item, never put back the order it was sent with.
   */
  readonly onItems: (next: (latest: readonly PlaylistItem[]) => readonly PlaylistItem[]) => void;
  readonly onError: (message: string | null) => void;
  /** After a failed reorder: the server's order is the truth. */
  readonly onReload: () => void;
}

interface Drag {
  readonly from: number;
  readonly middles: readonly number[];
  readonly pointerId: number;
  to: number;
}

/**
 * A playlist's tunes (issue 15 item 7): title, type, tempo and repeats editable; reordered by
 * dragging the handle (pointer: mouse, pen or touch) or from the keyboard (Move up / Move
 * down buttons, or Alt+Arrow on a focused row), each move announced in a live region.
 */
export function PlaylistItems({
  playlistId,
  items,
  onItems,
  onError,
  onReload,
}: PlaylistItemsProps) {
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<Drag | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());
  const handles = useRef(new Map<string, HTMLButtonElement>());

  // Saves go one after another: two quick moves must reach the server in the order made.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const [pending, setPending] = useState(0);

  function move(from: number, to: number, focusId?: string) {
    const next = moveItem(items, from, to);
    const at = next.findIndex((i) => i.id === items[from]?.id);
    if (at === from || at < 0) return;
    onItems(() => next);
    setAnnouncement(`Moved “${next[at]!.title}” to position ${at + 1} of ${next.length}.`);
    if (focusId) requestAnimationFrame(() => handles.current.get(focusId)?.focus());
    setPending((n) => n + 1);
    saving.current = saving.current.then(async () => {
      const answer = await callApi(playlistRoutes.reorder, {
        params: { playlistId },
        body: { itemIds: next.map((i) => i.id) },
      });
      setPending((n) => n - 1);
      if (answer.error) {
        onError(answer.error.message);
        onReload();
      } else {
        onError(null);
      }
    });
  }

  /** On the handle: Up/Down (with or without Alt, as the hint says) move the tune. */
  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, items[index]!.id);
  }

  function startDrag(event: PointerEvent<HTMLElement>, index: number) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const middles = items.map((i) => {
      const box = rows.current.get(i.id)?.getBoundingClientRect();
      return box ? box.top + box.height / 2 : 0;
    });
    setDrag({ from: index, to: index, middles, pointerId: event.pointerId });
  }
  function dragMove(event: PointerEvent<HTMLElement>) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const to = dropIndex(drag.middles, drag.from, event.clientY);
    if (to !== drag.to) setDrag({ ...drag, to });
  }
  function endDrag(event: PointerEvent<HTMLElement>) {
    if (!drag || event.pointerId !== drag.pointerId) return;
    setDrag(null);
    if (drag.to !== drag.from) move(drag.from, drag.to);
  }

  async function change(item: PlaylistItem, patch: { tempo?: number | null; repeats?: number }) {
    const answer = await callApi(playlistRoutes.updateItem, {
      params: { playlistId, itemId: item.id },
      body: patch,
    });
    if (answer.error) return onError(answer.error.message);
    onError(null);
    onItems((latest) => latest.map((i) => (i.id === item.id ? answer.data : i)));
  }

  async function remove(item: PlaylistItem) {
    const answer = await callApi(playlistRoutes.removeItem, {
      params: { playlistId, itemId: item.id },
    });
    if (answer.error) return onError(answer.error.message);
    onError(null);
    onItems((latest) => latest.filter((i) => i.id !== item.id));
    setAnnouncement(`Removed “${item.title}”.`);
  }

  const shown = drag ? moveItem(items, drag.from, drag.to) : items;

  return (
    <div className="playlist-items-wrap">
      <h2 id="playlist-items-title">Tunes</h2>
      <p className="playlist-muted playlist-hint" id="playlist-reorder-hint">
        Drag a tune by its handle ⠿, or focus the handle and press Alt+Up or Alt+Down (or use Move
        up and Move down), to change the order.
      </p>
      <p className="playlist-sr" aria-live="assertive">
        {announcement}
      </p>
      {items.length === 0 ? (
        <p className="playlist-muted">
          No tunes yet: add some from the library or your files below.
        </p>
      ) : (
        <ol
          className="playlist-items"
          aria-labelledby="playlist-items-title"
          aria-busy={pending > 0}
        >
          {shown.map((item, index) => {
            const original = items.indexOf(item);
            return (
              <li
                key={item.id}
                ref={(el) => {
                  if (el) rows.current.set(item.id, el);
                  else rows.current.delete(item.id);
                }}
                className={`card playlist-item${drag && drag.from === original ? ' is-dragging' : ''}`}
              >
                <button
                  type="button"
                  ref={(el) => {
                    if (el) handles.current.set(item.id, el);
                    else handles.current.delete(item.id);
                  }}
                  className="playlist-handle"
                  aria-label={`Reorder “${item.title}”, position ${index + 1} of ${items.length}`}
                  aria-describedby="playlist-reorder-hint"
                  title="Drag to reorder"
                  onKeyDown={(e) => onHandleKey(e, original)}
                  onPointerDown={(e) => startDrag(e, original)}
                  onPointerMove={dragMove}
                  onPointerUp={endDrag}
                  onPointerCancel={() => setDrag(null)}
                >
                  <span aria-hidden="true">⠿</span>
                </button>
                <div className="playlist-item-what">
                  <span className="playlist-item-title">
                    {index + 1}. {item.title}
                  </span>
                  <span className="playlist-muted">
                    {item.type
                      ? TUNE_TYPE_LABELS[item.type]
                      : item.source === 'file'
                        ? 'Own file'
                        : ''}
                    {!item.available && (
                      <strong className="playlist-unavailable">
                        {' '}
                        {playlistMessages.unavailable}
                      </strong>
                    )}
                  </span>
                </div>
                <ItemNumbers item={item} onChange={(patch) => void change(item, patch)} />
                <div
                  className="playlist-item-buttons"
                  role="group"
                  aria-label={`Move or remove “${item.title}”`}
                >
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={`Move up “${item.title}”`}
                    disabled={original === 0}
                    onClick={() => move(original, original - 1, item.id)}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={`Move down “${item.title}”`}
                    disabled={original === items.length - 1}
                    onClick={() => move(original, original + 1, item.id)}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={`Remove “${item.title}”`}
                    onClick={() => void remove(item)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** Tempo (empty: the tune's own) and repeats, saved when the field is left. */
function ItemNumbers({
  item,
  onChange,
}: {
  item: PlaylistItem;
  onChange: (patch: { tempo?: number | null; repeats?: number }) => void;
}) {
  const [tempo, setTempo] = useState(item.tempo === null ? '' : String(item.tempo));
  const [repeats, setRepeats] = useState(String(item.repeats));

  function saveTempo() {
    const value = tempo.trim() === '' ? null : Math.round(Number(tempo));
    if (value !== null && !Number.isFinite(value))
      return setTempo(item.tempo === null ? '' : String(item.tempo));
    if (value === item.tempo) return;
    onChange({ tempo: value });
  }
  function saveRepeats() {
    const value = Math.round(Number(repeats));
    if (!Number.isFinite(value) || value === item.repeats) return setRepeats(String(item.repeats));
    onChange({ repeats: value });
  }

  return (
    <div className="playlist-item-numbers">
      <label>
        Tempo <span className="playlist-sr">of “{item.title}”</span>
        <input
          type="number"
          inputMode="numeric"
          min={PLAYLIST_LIMITS.minTempo}
          max={PLAYLIST_LIMITS.maxTempo}
          placeholder="Own"
          value={tempo}
          onChange={(e) => setTempo(e.target.value)}
          onBlur={saveTempo}
        />
      </label>
      <label>
        Repeats <span className="playlist-sr">of “{item.title}”</span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={PLAYLIST_LIMITS.maxRepeats}
          value={repeats}
          onChange={(e) => setRepeats(e.target.value)}
          onBlur={saveRepeats}
        />
      </label>
    </div>
  );
}
