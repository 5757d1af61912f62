/**
 * The simulated players of bench:battle (issue 17 'Measured'), run as a separate process
 * (child_process.fork from bench/battleLoad.ts) so the server under test has its own core.
 * `ws` clients from many loopback addresses (127.0.x.y, so per-client caps see many clients).
 * Bounded: a fixed count of sockets, a deadline, then everything is closed. Modes:
 *  - echo: the bare realtime socket's ping → pong, at the same pace as answers;
 *  - battle: pairs in private rooms playing level-1 matches, answer → own verdict, rematching
 *    until the deadline. With two servers, each room is made on the first and joined on the
 *    second: every match is played across instances.
 * Plain JavaScript on purpose: no TypeScript loader in the load generator.
 */
import WebSocket from 'ws';

process.once('message', (job) => {
  const { bases, players, seconds, mode, hz } = job;
  const urls = bases.map((b) => b.replace(/^http/, 'ws'));
  const address = (i) => '127.0.' + (1 + Math.floor(i / 250)) + '.' + (1 + (i % 250));
  const pause = () => 300 + Math.random() * 500;
  const latencies = [];
  const errors = [];
  let started = 0;
  let finished = 0;
  const sockets = [];
  const deadline = performance.now() + seconds * 1000;
  const live = () => performance.now() < deadline;
  function open(url, path, i) {
    const s = new WebSocket(url + path, { localAddress: address(i) });
    s.on('error', (e) => errors.length < 20 && errors.push(String(e.message)));
    sockets.push(s);
    return s;
  }
  function echo(i) {
    const s = open(urls[i % urls.length], '/api/realtime', i);
    let t0 = 0;
    const next = () => {
      if (live())
        setTimeout(() => {
          t0 = performance.now();
          s.send('{"type":"ping"}');
        }, pause());
    };
    s.on('message', (d) => {
      const m = JSON.parse(d);
      if (m.type === 'welcome') next();
      if (m.type === 'pong') {
        latencies.push(performance.now() - t0);
        next();
      }
    });
  }
  function player(i, url, onCode, code) {
    const s = open(url, '/api/battle', i);
    const localId = '00000000-0000-4000-8000-' + String(i).padStart(12, '0');
    let you = null;
    const sent = new Map();
    let n = 0;
    s.on('message', (d) => {
      const m = JSON.parse(d);
      if (m.type === 'ping') return s.send(JSON.stringify({ type: 'pong', id: m.id }));
      if (m.type === 'hello') {
        if (code) s.send(JSON.stringify({ type: 'join', code, localId }));
        else s.send(JSON.stringify({ type: 'create', level: 1, bestOf: 7, localId }));
      }
      if (m.type === 'waiting' && m.code) onCode(m.code);
      if (m.type === 'match') {
        you = m.you;
        if (you === 'p1') started++;
        s.send('{"type":"ready"}');
      }
      if (m.type === 'prompt')
        setTimeout(() => {
          if (!live()) return;
          const f = hz[m.target];
          sent.set(m.promptId, performance.now());
          s.send(
            JSON.stringify({
              type: 'answer',
              promptId: m.promptId,
              pitch: m.target,
              graces: [],
              clientSentAt: ++n,
              trace: [
                { t: 0, hz: f, clarity: 0.9 },
                { t: 20, hz: f, clarity: 0.9 },
              ],
            }),
          );
        }, pause());
      if (m.type === 'verdict' && m.player === you && sent.has(m.promptId)) {
        latencies.push(performance.now() - sent.get(m.promptId));
        sent.delete(m.promptId);
      }
      if (m.type === 'results') {
        if (you === 'p1') finished++;
        if (live()) s.send('{"type":"rematch"}');
      }
      if (m.type === 'error' && errors.length < 20) errors.push(m.message);
    });
  }
  if (mode === 'echo') for (let i = 0; i < players; i++) echo(i);
  else
    for (let i = 0; i < players; i += 2) {
      const host = urls[0];
      const guest = urls[urls.length - 1];
      player(i, host, (code) => player(i + 1, guest, null, code));
    }
  setTimeout(
    () => {
      for (const s of sockets) s.terminate();
      process.send({ latencies, matchesStarted: started, matchesFinished: finished, errors }, () =>
        process.exit(0),
      );
    },
    seconds * 1000 + 500,
  );
});
