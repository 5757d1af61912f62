import { describe, expect, it } from 'vitest';
import {
  OFFER_AFTER_NOTES,
  shouldOfferChanterRecommended,
  type ListeningSoFar,
} from './shouldOfferChanterRecommended.ts';

const played: ListeningSoFar = {
  chanterName: 'Standard',
  input: 'microphone',
  notesHeard: OFFER_AFTER_NOTES,
  sounding: false,
  atRest: true,
};

describe('issue 22.12 R-2.4.DIALOG-02: when Chanter Recommended is due', () => {
  it('is due once the microphone has heard a few notes on the Standard chanter, at a pause', () => {
    expect(OFFER_AFTER_NOTES).toBe(4);
    expect(shouldOfferChanterRecommended(played)).toBe(true);
  });

  it('is not the first thing on the screen: not before the piper has played', () => {
    expect(shouldOfferChanterRecommended({ ...played, notesHeard: 0 })).toBe(false);
    expect(shouldOfferChanterRecommended({ ...played, notesHeard: OFFER_AFTER_NOTES - 1 })).toBe(
      false,
    );
  });

  it('never opens over a note being played, nor over a game in progress', () => {
    expect(shouldOfferChanterRecommended({ ...played, sounding: true })).toBe(false);
    expect(shouldOfferChanterRecommended({ ...played, atRest: false })).toBe(false);
  });

  it('needs the Standard chanter and the microphone: the keyboard detects nothing', () => {
    expect(shouldOfferChanterRecommended({ ...played, chanterName: 'My Naill' })).toBe(false);
    expect(shouldOfferChanterRecommended({ ...played, chanterName: 'Keyboard' })).toBe(false);
    expect(shouldOfferChanterRecommended({ ...played, input: 'keyboard' })).toBe(false);
  });
});
