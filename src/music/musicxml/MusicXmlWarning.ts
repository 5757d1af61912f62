/** Something in a MusicXML score the importer could not keep, and where (issue 15 item 4). */
export type MusicXmlWarningKind =
  | 'other-part'
  | 'other-voice'
  | 'chord'
  | 'off-chanter'
  | 'note-value'
  | 'grace'
  | 'tuplet'
  | 'key'
  | 'clef'
  | 'time'
  | 'notation'
  | 'direction'
  | 'element';

export interface MusicXmlWarning {
  /** The measure's number as the score writes it ('1', '12', 'X1'); null for the whole score. */
  readonly measure: string | null;
  readonly kind: MusicXmlWarningKind;
  readonly message: string;
}
