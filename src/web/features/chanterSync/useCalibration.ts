import { useCallback, useEffect, useState } from 'react';
import type { NoteReading } from '../../../audio/noteSource.ts';
import {
  EMPTY_CALIBRATION,
  addFrame,
  redoNote,
  type CalibrationState,
} from '../../../music/chanterCalibration.ts';

/**
 * Feeds steady readings into the pure calibration steps (src/music/chanterCalibration.ts):
 * only frames the listener calls steady count ("the median of stable frames", issue 4 point 6).
 */
export function useCalibration(
  reading: NoteReading,
  active: boolean,
  initial: CalibrationState = EMPTY_CALIBRATION,
) {
  const [state, setState] = useState<CalibrationState>(initial);
  useEffect(() => {
    if (!active || !reading.steady || reading.hz === null) return;
    const hz = reading.hz;
    setState((s) => addFrame(s, hz));
  }, [reading, active]);
  return {
    state,
    redo: useCallback((index: number) => setState((s) => redoNote(s, index)), []),
    reset: useCallback(() => setState(EMPTY_CALIBRATION), []),
  };
}
