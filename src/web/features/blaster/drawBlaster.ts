/**
 * Draws Blaster on a 2D canvas (issue 7 part 4: a staff drawn by us, not VexFlow, so a frame
 * costs well under a millisecond). The static parts — sky, staff, clef, blaster line — are
 * painted once per size into an offscreen canvas; each frame copies it and draws the targets
 * and effects. No shadowBlur (slow without a GPU); glows are translucent discs.
 * With reduced motion there are no particles, beams or floating text: a blast simply fades.
 */
import type { BlasterEvent, BlasterState } from '../../../music/game/blasterGame.ts';
import { blasterDesign } from '../../../music/game/blasterDesign.ts';
import type { BlasterLevel } from '../../../music/game/blasterRules.ts';
import { noteOf, scaleIndex, type Pitch } from '../../../music/notes.ts';

export interface BlasterPainter {
  resize(): void;
  draw(state: Readonly<BlasterState>, now: number): void;
  event(event: BlasterEvent, now: number): void;
  /** True while an effect is still fading. */
  busy(now: number): boolean;
}

interface Effect {
  readonly kind: 'hit' | 'miss' | 'wrong';
  readonly x: number;
  readonly y: number;
  readonly t0: number;
  readonly text: string;
  readonly hue: number;
}

const EFFECT_SECONDS = 0.6;
const PARTICLES = 14;
/** Steps above the staff's bottom line (E4): Low G sits on the second line (spec §3). */
const stepOf = (pitch: Pitch) => scaleIndex(pitch) + 2;
/** Short names for the target bubbles: what pipers call the notes (spec §3). */
const label = (pitch: Pitch) => noteOf(pitch).name;

/**
 * A treble clef as strokes (no music font is guaranteed on the player's device): the spiral
 * curls around the G line, the stem rises above the staff, loops and falls below it.
 */
function drawClef(c: CanvasRenderingContext2D, x: number, gLine: number, u: number) {
  c.strokeStyle = 'rgba(226,232,255,0.85)';
  c.fillStyle = c.strokeStyle;
  c.lineWidth = Math.max(2, u * 0.32);
  c.lineCap = 'round';
  c.beginPath();
  c.moveTo(x + 0.4 * u, gLine + 0.1 * u);
  c.bezierCurveTo(
    x - 0.6 * u,
    gLine - 0.4 * u,
    x - 0.5 * u,
    gLine + 1.5 * u,
    x + 0.5 * u,
    gLine + 1.6 * u,
  );
  c.bezierCurveTo(
    x + 2 * u,
    gLine + 1.7 * u,
    x + 2.2 * u,
    gLine - 2 * u,
    x + 0.4 * u,
    gLine - 2.1 * u,
  );
  c.bezierCurveTo(
    x - 1.8 * u,
    gLine - 2.1 * u,
    x - 2.6 * u,
    gLine + 0.8 * u,
    x - 1.2 * u,
    gLine + 2.4 * u,
  );
  c.moveTo(x - 1.2 * u, gLine + 2.4 * u);
  c.bezierCurveTo(
    x + 0.2 * u,
    gLine + 3.6 * u,
    x + 3 * u,
    gLine + 2.6 * u,
    x + 2.4 * u,
    gLine - 0.2 * u,
  );
  c.stroke();
  c.beginPath();
  c.moveTo(x - 1.4 * u, gLine - 3.2 * u);
  c.bezierCurveTo(
    x - 1.6 * u,
    gLine - 6 * u,
    x + 1.6 * u,
    gLine - 7 * u,
    x + 1.2 * u,
    gLine - 9.6 * u,
  );
  c.bezierCurveTo(
    x + 1 * u,
    gLine - 11.2 * u,
    x - 0.6 * u,
    gLine - 10.4 * u,
    x - 0.3 * u,
    gLine - 7.5 * u,
  );
  c.lineTo(x + 0.9 * u, gLine + 4.6 * u);
  c.bezierCurveTo(
    x + 1 * u,
    gLine + 6 * u,
    x - 1.2 * u,
    gLine + 6.2 * u,
    x - 1.1 * u,
    gLine + 5 * u,
  );
  c.stroke();
  c.beginPath();
  c.arc(x - 0.6 * u, gLine + 5 * u, 0.55 * u, 0, Math.PI * 2);
  c.fill();
  c.lineCap = 'butt';
}

export function createBlasterPainter(
  canvas: HTMLCanvasElement,
  options: { level: BlasterLevel; reducedMotion: boolean },
): BlasterPainter {
  const ctx = canvas.getContext('2d');
  const backdrop = document.createElement('canvas');
  const showNames = blasterDesign[options.level].showNames;
  const effects: Effect[] = [];
  let width = 0;
  let height = 0;
  let dpr = 1;
  let half = 10;
  let base = 0;
  let lineX = 60;
  let lastMissAt = -10;

  const yOf = (step: number) => base - step * half;
  const xOf = (x: number) => lineX + x * (width + half * 3 - lineX);

  function paintBackdrop() {
    backdrop.width = canvas.width;
    backdrop.height = canvas.height;
    const b = backdrop.getContext('2d');
    if (!b) return;
    b.setTransform(dpr, 0, 0, dpr, 0, 0);
    const sky = b.createLinearGradient(0, 0, 0, height);
    sky.addColorStop(0, '#0a1330');
    sky.addColorStop(1, '#1b2b5e');
    b.fillStyle = sky;
    b.fillRect(0, 0, width, height);
    // A fixed scatter of stars (the same every time: no flicker between sizes).
    b.fillStyle = 'rgba(255,255,255,0.55)';
    for (let i = 0; i < 70; i++) {
      const sx = ((i * 7919) % 1000) / 1000;
      const sy = ((i * 104729) % 997) / 997;
      b.fillRect(sx * width, sy * height, i % 5 === 0 ? 2 : 1, i % 5 === 0 ? 2 : 1);
    }
    // The staff: five lines, E4 to F5.
    b.strokeStyle = 'rgba(226,232,255,0.45)';
    b.lineWidth = 1.5;
    for (let line = 0; line <= 8; line += 2) {
      b.beginPath();
      b.moveTo(half * 0.6, yOf(line));
      b.lineTo(width, yOf(line));
      b.stroke();
    }
    drawClef(b, half * 2.7, yOf(2), half * 0.82);
    // The blaster line: where the piper's notes meet the targets.
    const glow = b.createLinearGradient(lineX - half * 2, 0, lineX + half * 2, 0);
    glow.addColorStop(0, 'rgba(94,234,212,0)');
    glow.addColorStop(0.5, 'rgba(94,234,212,0.28)');
    glow.addColorStop(1, 'rgba(94,234,212,0)');
    b.fillStyle = glow;
    b.fillRect(lineX - half * 2, yOf(12), half * 4, yOf(-3) - yOf(12));
    b.strokeStyle = '#5eead4';
    b.lineWidth = 2;
    b.beginPath();
    b.moveTo(lineX, yOf(12));
    b.lineTo(lineX, yOf(-3));
    b.stroke();
  }

  function resize() {
    dpr = Math.min(2, window.devicePixelRatio || 1);
    width = Math.max(1, canvas.clientWidth);
    height = Math.max(1, canvas.clientHeight);
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    // Steps -3 (below the staff) to 13 (above High A's ledger line) fill the height.
    half = height / 17;
    base = height - half * 3.2;
    // Room for the clef on the left, then the blaster line.
    lineX = Math.max(half * 6.2, Math.min(width * 0.14, 150));
    paintBackdrop();
  }

  function head(c: CanvasRenderingContext2D, x: number, y: number, scale: number) {
    c.beginPath();
    c.ellipse(x, y, half * 1.3 * scale, half * 0.95 * scale, -0.35, 0, Math.PI * 2);
    c.fill();
  }

  function ledger(c: CanvasRenderingContext2D, x: number, step: number, scale: number) {
    if (step < 10) return;
    c.beginPath();
    c.moveTo(x - half * 2 * scale, yOf(10));
    c.lineTo(x + half * 2 * scale, yOf(10));
    c.stroke();
  }

  function drawTarget(c: CanvasRenderingContext2D, state: Readonly<BlasterState>, i: number) {
    const t = state.targets[i]!;
    const x = xOf(t.x);
    const step = stepOf(t.pitch);
    const y = yOf(step);
    // Gold far away, turning to red as it nears the line.
    const danger = Math.max(0, Math.min(1, (0.35 - t.x) / 0.35));
    const hue = 45 - danger * 45;
    c.fillStyle = `hsla(${hue}, 95%, 60%, 0.18)`;
    c.beginPath();
    c.arc(x, y, half * 2.6, 0, Math.PI * 2);
    c.fill();
    c.strokeStyle = 'rgba(226,232,255,0.8)';
    c.lineWidth = 1.5;
    ledger(c, x, step, 1);
    c.fillStyle = `hsl(${hue}, 95%, 62%)`;
    if (showNames) {
      const text = label(t.pitch);
      c.font = `700 ${Math.round(half * 1.35)}px system-ui, sans-serif`;
      const w = c.measureText(text).width + half * 1.6;
      c.beginPath();
      c.roundRect(x - w / 2, y - half * 1.15, w, half * 2.3, half * 1.15);
      c.fill();
      c.fillStyle = '#111827';
      c.textAlign = 'center';
      c.textBaseline = 'middle';
      c.fillText(text, x, y + 1);
    } else {
      head(c, x, y, 1);
      c.strokeStyle = c.fillStyle;
      c.lineWidth = 2;
      c.beginPath();
      const stemX = x + half * 1.15;
      c.moveTo(stemX, y - half * 0.3);
      c.lineTo(stemX, y - half * 6);
      c.stroke();
    }
    if (t.grace) {
      const gStep = stepOf(t.grace);
      const gx = x - half * 3.2;
      const gy = yOf(gStep);
      c.fillStyle = t.graceHeardAt !== null ? '#5eead4' : `hsl(${hue}, 95%, 72%)`;
      c.strokeStyle = c.fillStyle;
      c.lineWidth = 1.5;
      ledger(c, gx, gStep, 0.6);
      head(c, gx, gy, 0.6);
      c.beginPath();
      c.moveTo(gx + half * 0.7, gy);
      c.lineTo(gx + half * 0.7, gy - half * 4);
      c.stroke();
    }
  }

  function drawEffects(c: CanvasRenderingContext2D, now: number) {
    let kept = 0;
    for (const e of effects) {
      const age = now - e.t0;
      if (age > EFFECT_SECONDS || age < 0) continue;
      effects[kept++] = e;
      const p = age / EFFECT_SECONDS;
      const alpha = 1 - p;
      if (e.kind === 'hit') {
        if (!options.reducedMotion) {
          // The beam from the blaster line, gone in a tenth of a second.
          if (age < 0.12) {
            c.strokeStyle = `rgba(94,234,212,${1 - age / 0.12})`;
            c.lineWidth = 3;
            c.beginPath();
            c.moveTo(lineX, e.y);
            c.lineTo(e.x, e.y);
            c.stroke();
          }
          c.fillStyle = `hsla(${e.hue}, 95%, 65%, ${alpha})`;
          for (let k = 0; k < PARTICLES; k++) {
            const a = (k / PARTICLES) * Math.PI * 2 + e.t0;
            const r = half * (1 + p * 5) * (0.7 + (k % 3) * 0.2);
            c.fillRect(e.x + Math.cos(a) * r - 2, e.y + Math.sin(a) * r - 2, 4, 4);
          }
        }
        c.strokeStyle = `rgba(94,234,212,${alpha})`;
        c.lineWidth = 3;
        c.beginPath();
        c.arc(e.x, e.y, half * (options.reducedMotion ? 2 : 1.5 + p * 3), 0, Math.PI * 2);
        c.stroke();
        c.fillStyle = `rgba(255,255,255,${alpha})`;
        c.font = `700 ${Math.round(half * 1.5)}px system-ui, sans-serif`;
        c.textAlign = 'center';
        c.textBaseline = 'middle';
        c.fillText(e.text, e.x, e.y - half * (2.5 + (options.reducedMotion ? 0 : p * 2)));
      } else {
        c.strokeStyle = `rgba(248,113,113,${alpha})`;
        c.lineWidth = 3;
        const r = half * 1.2;
        c.beginPath();
        c.moveTo(e.x - r, e.y - r);
        c.lineTo(e.x + r, e.y + r);
        c.moveTo(e.x + r, e.y - r);
        c.lineTo(e.x - r, e.y + r);
        c.stroke();
      }
    }
    effects.length = kept;
  }

  resize();

  return {
    resize,
    draw(state, now) {
      if (!ctx) return;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(backdrop, 0, 0);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      // A missed target reddens the blaster line for a moment (a fade, not a flash).
      const missAge = now - lastMissAt;
      if (missAge >= 0 && missAge < 0.5) {
        ctx.fillStyle = `rgba(248,113,113,${0.35 * (1 - missAge / 0.5)})`;
        ctx.fillRect(0, 0, lineX, height);
      }
      for (let i = state.targets.length - 1; i >= 0; i--) drawTarget(ctx, state, i);
      drawEffects(ctx, now);
    },
    event(event, now) {
      if (event.type === 'hit') {
        const y = yOf(stepOf(event.target.pitch));
        effects.push({
          kind: 'hit',
          x: xOf(event.target.x),
          y,
          t0: now,
          text: event.multiplier > 1 ? `+${event.points} ×${event.multiplier}` : `+${event.points}`,
          hue: 45,
        });
      } else if (event.type === 'miss') {
        lastMissAt = now;
        effects.push({
          kind: 'miss',
          x: lineX,
          y: yOf(stepOf(event.target.pitch)),
          t0: now,
          text: '',
          hue: 0,
        });
      }
    },
    busy(now) {
      return effects.some((e) => now - e.t0 <= EFFECT_SECONDS) || now - lastMissAt < 0.5;
    },
  };
}
