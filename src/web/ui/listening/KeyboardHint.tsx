/** The keyboard chanter's keys in one line (spec §5 'Keyboard chanter' key map). */
export function KeyboardHint() {
  return (
    <p className="listening-hint">
      Keys <kbd>g</kbd> <kbd>a</kbd> <kbd>b</kbd> <kbd>c</kbd> <kbd>d</kbd> <kbd>e</kbd>{' '}
      <kbd>f</kbd> play Low G to F; <kbd>Shift</kbd>+<kbd>G</kbd> and <kbd>Shift</kbd>+<kbd>A</kbd>{' '}
      play High G and High A.
    </p>
  );
}
