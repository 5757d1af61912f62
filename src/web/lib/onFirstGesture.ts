/**
 * Runs `callback` once, on the page's first pointer press or key press (whichever comes
 * first), in the capture phase so it runs before the control's own handler; returns a function
 * that cancels it. Issue 21 item 3: the first AudioContext of a browser session blocks the main
 * thread (126 ms here, 100 ms of CPU at Lighthouse's 4× slowdown, src/audio/audioContext.ts),
 * so a listening screen must not create it while the page loads or idles, where it counted as a
 * long task against every visitor; a press on 'Start listening' starts with `pointerdown`,
 * before the `click` that resumes the context, so the worklet starts loading a little earlier.
 */
export function onFirstGesture(target: EventTarget, callback: () => void): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  let done = false;
  const cancel = () => {
    done = true;
    for (const type of events) target.removeEventListener(type, fire, true);
  };
  function fire() {
    if (done) return;
    cancel();
    callback();
  }
  for (const type of events) target.addEventListener(type, fire, true);
  return cancel;
}
