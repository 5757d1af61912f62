/**
 * The prompt, big and clear (issue 17 item 1): a note name; a bare staff position (its name
 * shown once the point is decided); or a gracenote or embellishment with its name, its notes
 * in words and on the staff (the existing staff components, spec §2.3).
 */
import { memo } from 'react';
import { noteOf } from '../../../music/notes.ts';
import { GraceStaff } from '../../ui/notation/GraceStaff.tsx';
import { NoteStaff } from '../../ui/notation/NoteStaff.tsx';
import type { PromptView } from './battleView.ts';

export const BattlePrompt = memo(function BattlePrompt({
  prompt,
  decided,
}: {
  prompt: PromptView;
  /** The point is decided: a staff prompt may show its name. */
  decided: boolean;
}) {
  const name = noteOf(prompt.target).name;
  return (
    <div
      className={`battle-prompt battle-prompt-${prompt.kind}`}
      data-testid="battle-prompt"
      data-prompt-id={prompt.id}
      data-target={prompt.target}
      data-graces={prompt.graces.join(' ')}
    >
      {prompt.kind === 'name' && (
        <p className="battle-prompt-name" aria-label={`Play ${name}`}>
          {name}
        </p>
      )}
      {prompt.kind === 'staff' && (
        <>
          <p className="battle-prompt-ask">{decided ? name : 'Play this note'}</p>
          <NoteStaff pitch={prompt.target} width={220} height={150} />
        </>
      )}
      {(prompt.kind === 'grace' || prompt.kind === 'embellishment') && (
        <>
          <p className="battle-prompt-movement">{prompt.label}</p>
          <p className="battle-prompt-notes">
            {prompt.graces.map((g) => noteOf(g).name).join(', ')}, then <strong>{name}</strong>
          </p>
          <GraceStaff melody={prompt.target} graces={prompt.graces} />
        </>
      )}
    </div>
  );
});
