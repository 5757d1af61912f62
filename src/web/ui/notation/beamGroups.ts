/**
 * Beam grouping as the tune writes it (issue 6 'correct beaming'): BWW marks each note with the
 * side its beam joins — 'right' (`Er_8`: beamed to the next note), 'left' (`Dl_16`: beamed to
 * the previous one) or none. A group opens on 'right', continues through 'right' notes and
 * closes on 'left'; a rest or an unbeamed note breaks it. Only quavers and shorter can be beamed.
 */

export interface Beamable {
  readonly beam: 'left' | 'right' | null;
  /** Note value as the denominator of a whole note (4 crotchet, 8 quaver …); rests pass null. */
  readonly duration: number | null;
}

/** Groups of indices (two or more, in order) into `notes` that share one beam. */
export function beamGroups(notes: readonly Beamable[]): number[][] {
  const groups: number[][] = [];
  let open: number[] = [];
  const close = () => {
    if (open.length > 1) groups.push(open);
    open = [];
  };
  notes.forEach((note, i) => {
    const beamable = note.duration !== null && note.duration >= 8;
    if (!beamable || note.beam === null) {
      close();
      return;
    }
    if (note.beam === 'right') {
      open.push(i);
      return;
    }
    // 'left': joins the open group and ends it; alone it has nothing to join.
    if (open.length > 0) open.push(i);
    close();
  });
  close();
  return groups;
}
