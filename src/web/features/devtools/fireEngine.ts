/**
 * The flame effect a game shows when a note is blasted, as a small engine: the canvas
 * context, clock, random source and frame scheduler are passed in (DESIGN habits 2 and 3),
 * so tests drive it with fake time and count what it draws.
 */

/** The parts of CanvasRenderingContext2D the effect draws with. */
export interface FireCanvas {
  fillStyle: string | CanvasGradient | CanvasPattern;
  globalCompositeOperation: GlobalCompositeOperation;
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  fill(): void;
}

export interface FireEngineOptions {
  ctx: FireCanvas;
  width: number;
  height: number;
  /** Milliseconds, monotonic (performance.now in the browser). */
  now: () => number;
  /** [0, 1), like Math.random. */
  random: () => number;
  requestFrame?: (callback: () => void) => number;
  cancelFrame?: (id: number) => void;
}

export interface FireEngine {
  start(): void;
  stop(): void;
  readonly running: boolean;
  /** Particles alive now; exposed for tests and the demo's counter. */
  readonly particleCount: number;
  /** Simulates a second of burning and draws it once: the still frame for reduced motion. */
  drawStill(): void;
  dispose(): void;
}

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Seconds left to live. */
  life: number;
  maxLife: number;
  size: number;
}

const SPAWN_PER_SECOND = 500;
const MAX_PARTICLES = 900;
/** After a background tab resumes, one huge step would dump a burst of particles: cap it. */
const MAX_STEP_SECONDS = 0.05;
const BACKGROUND = '#1d232b';

/** Yellow-white at birth through orange to deep red as a particle dies. */
function colour(t: number): string {
  const green = Math.round(30 + 200 * t * t);
  const blue = Math.round(90 * t * t * t);
  // Faint particles: additive blending adds them up into a bright core.
  return `rgba(255, ${green}, ${blue}, ${(0.06 + 0.34 * t).toFixed(3)})`;
}

export function createFireEngine(options: FireEngineOptions): FireEngine {
  const { ctx, width, height, now, random } = options;
  const requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
  const cancelFrame = options.cancelFrame ?? ((id) => cancelAnimationFrame(id));
  let particles: Particle[] = [];
  let spawnDebt = 0;
  let frame: number | null = null;
  let last = 0;
  let disposed = false;

  function spawn() {
    const maxLife = 0.5 + random() * 0.6;
    particles.push({
      x: width / 2 + (random() - 0.5) * width * 0.2,
      y: height - 8,
      vx: (random() - 0.5) * 40,
      vy: -(height * 0.3 + random() * height * 0.5),
      life: maxLife,
      maxLife,
      size: 8 + random() * 14,
    });
  }

  function step(dt: number) {
    spawnDebt += dt * SPAWN_PER_SECOND;
    while (spawnDebt >= 1) {
      spawnDebt -= 1;
      if (particles.length < MAX_PARTICLES) spawn();
    }
    for (const p of particles) {
      p.life -= dt;
      // Hot air rises and the flame narrows towards its tip.
      p.vx += (width / 2 - p.x) * 2.5 * dt;
      p.x += p.vx * dt;
      p.y += p.vy * dt;
    }
    particles = particles.filter((p) => p.life > 0 && p.y > -p.size);
  }

  function draw() {
    ctx.globalCompositeOperation = 'source-over';
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, width, height);
    // Additive blending makes overlapping particles glow like a flame's core.
    ctx.globalCompositeOperation = 'lighter';
    for (const p of particles) {
      const t = p.life / p.maxLife;
      ctx.fillStyle = colour(t);
      ctx.beginPath();
      ctx.arc(p.x, p.y, p.size * (0.25 + 0.75 * t), 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalCompositeOperation = 'source-over';
  }

  function stop() {
    if (frame !== null) cancelFrame(frame);
    frame = null;
  }

  function tick() {
    frame = null;
    const t = now();
    step(Math.min(MAX_STEP_SECONDS, Math.max(0, (t - last) / 1000)));
    last = t;
    draw();
    frame = requestFrame(tick);
  }

  return {
    start() {
      if (disposed || frame !== null) return;
      last = now();
      frame = requestFrame(tick);
    },
    stop,
    get running() {
      return frame !== null;
    },
    get particleCount() {
      return particles.length;
    },
    drawStill() {
      for (let i = 0; i < 60; i++) step(1 / 60);
      draw();
    },
    dispose() {
      stop();
      particles = [];
      disposed = true;
    },
  };
}
