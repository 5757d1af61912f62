import { describe, expect, it } from 'vitest';
import { directoryMessages as m } from '../../../contracts/directory/directoryTerms.ts';
import { emptyTutorForm, tutorInputOf } from './tutorForm.ts';

const glasgow = {
  id: 2648579,
  name: 'Glasgow',
  country: 'GB',
  region: 'SCT',
  lat: 55.86,
  lon: -4.25,
};

describe('issue 16.5 the profile’s tutor form', () => {
  it('issue 16.5: a filled form becomes the save body; one fee is a fixed price', () => {
    const result = tutorInputOf({
      ...emptyTutorForm('Morag'),
      place: glasgow,
      languages: 'English, Gàidhlig ,',
      feeMin: '25',
    });
    expect(result).toEqual({
      ok: true,
      input: expect.objectContaining({
        displayName: 'Morag',
        placeId: glasgow.id,
        languages: ['English', 'Gàidhlig'],
        feeMin: 25,
        feeMax: 25,
        currency: 'GBP',
      }),
    });
    const noFee = tutorInputOf({ ...emptyTutorForm('Morag'), place: glasgow });
    expect(noFee.ok && noFee.input.currency).toBeNull();
  });

  it('issue 16.5: the server’s messages, by field, before sending', () => {
    expect(tutorInputOf(emptyTutorForm('Morag'))).toEqual({
      ok: false,
      errors: { place: m.placeRequired },
    });
    const bad = tutorInputOf({
      ...emptyTutorForm(''),
      place: glasgow,
      levels: [],
      inPerson: false,
      feeMin: '40',
      feeMax: '30',
      website: 'example.org',
    });
    expect(bad).toEqual({
      ok: false,
      errors: expect.objectContaining({
        displayName: m.tutorNameRequired,
        levels: m.tutorLevels,
        website: m.urlInvalid,
      }),
    });
  });
});
