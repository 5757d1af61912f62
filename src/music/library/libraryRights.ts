/**
 * The rights of each built-in tune, stated per tune (issue 15, item 10): who made the melody and
 * when they died, or 'Traditional' with the oldest printed source we know, and a one-line
 * verdict. The server seeds the built-in tunes as public-domain settings from this table (issue
 * 15, item 2), so it is plain data: no Vite glob, nothing but this module, importable from Node.
 *
 * The rule is the one uploads follow (issue 15, item 3): a melody is public domain when it is
 * traditional, or when everyone who made it died more than 70 years ago. Only melodies matter
 * here: the library has no words, so a song's lyricist is named in `notes` only to say that the
 * words are not used. A tune whose melody may still be in copyright somewhere left the library:
 * 'Mairi's Wedding' (the tune is credited to J. R. Bannerman, died 1938, and was first printed in
 * 1936, which the USA may protect until 95 years after publication) and 'Salt Creek' (an American
 * old-time tune known from 20th-century recordings, with no printed source we could name) were
 * replaced by 'The Reel of Tulloch' and 'Stalker Castle'. 'Loch Lomond' left because only its
 * verse was set and no printed source of the chorus air was at hand; 'Down by the Sally Gardens'
 * was set again, whole, from the printed air.
 */

/** Where a melody was first printed, as far as we know. */
export interface PrintedSource {
  /** Book, sheet or manuscript, with the title the tune has there. */
  readonly title: string;
  /** Compiler, editor or publisher, and the place. */
  readonly by: string;
  /** Year of that printing; null when it could not be confirmed (`notes` say what is known). */
  readonly year: number | null;
  /** The year is approximate ('c. 1757'). */
  readonly circa?: boolean;
}

export interface LibraryRights {
  /** The tune's id in the library catalogue (`libraryTunes.ts`). */
  readonly id: string;
  /** 'Traditional', or the melody's composer(s) as the sources name them. */
  readonly composer: string;
  /**
   * Year the named composer died (the last of them where all are known; `notes` say when one
   * is not); null for 'Traditional'.
   */
  readonly composerDied: number | null;
  /** The oldest printed source of the melody we know. */
  readonly source: PrintedSource;
  readonly licence: 'public-domain';
  /** One line, e.g. 'public domain: composer died 1905' or 'traditional, printed 1869'. */
  readonly verdict: string;
  /** Words not used, other attributions, what could not be confirmed. */
  readonly notes: string;
}

/** The composer marker for melodies with no known maker. */
export const TRADITIONAL = 'Traditional';

/** Years after the composer's death when a melody is public domain (issue 15, item 3). */
export const PUBLIC_DOMAIN_TERM_YEARS = 70;

/**
 * Whether the record meets the project's public-domain rule in `year`: traditional, or the last
 * named composer died more than the term before `year`.
 */
export function isPublicDomainIn(rights: LibraryRights, year: number): boolean {
  if (rights.composer === TRADITIONAL) return true;
  return rights.composerDied !== null && year - rights.composerDied > PUBLIC_DOMAIN_TERM_YEARS;
}

const ross1869 = (number: number, title: string): PrintedSource => ({
  title: `Ross's Collection of Pipe Music, No. ${number} ('${title}')`,
  by: 'William Ross, London',
  year: 1869,
});

export const libraryRights: readonly LibraryRights[] = [
  {
    id: 'amazing-grace',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title:
        "The Columbian Harmony ('Gallaher' and 'St. Mary's', the tune later named 'New Britain')",
      by: 'Benjamin Shaw and Charles H. Spilman, Cincinnati',
      year: 1829,
    },
    licence: 'public-domain',
    verdict: 'traditional, printed in The Columbian Harmony 1829',
    notes:
      "Joined to John Newton's hymn as 'New Britain' in William Walker's The Southern Harmony (1835). Newton's words (he died 1807) are not used.",
  },
  {
    id: 'atholl-highlanders',
    composer: TRADITIONAL,
    composerDied: null,
    source: ross1869(22, "The Athole Highlanders' March"),
    licence: 'public-domain',
    verdict: "traditional, printed in Ross's Collection 1869",
    notes: "Also known as 'The Duke of Atholl's March'.",
  },
  {
    id: 'auld-lang-syne',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: 'A Select Collection of Original Scottish Airs',
      by: 'George Thomson, Edinburgh',
      year: 1799,
    },
    licence: 'public-domain',
    verdict: "traditional, printed in Thomson's Select Collection 1799",
    notes: "Robert Burns's words (he died 1796) are not used.",
  },
  {
    id: 'barren-rocks-of-aden',
    composer: 'James Mauchline / Alexander MacKellar',
    composerDied: 1895,
    source: ross1869(56, 'The Barren Rocks of Edan'),
    licence: 'public-domain',
    verdict: 'public domain: composer died 1895; printed 1869',
    notes:
      "Skinner (1904) credits P/M Alexander MacKellar (1824-1895) of the 78th Highlanders; Murray (Music of the Scottish Regiments, 1994) credits piper James Mauchline of the 78th, whose death year is not known: he was serving at Aden in the 1840s-50s and the tune was in print by 1869, so he cannot have lived into the 1950s. Andy Stewart's words (1963) are not used.",
  },
  {
    id: 'bonnie-dundee',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: "'Bonnie Dundee', a Scotch air 'sung by Miss Dolby' (sheet music)",
      by: 'Boosey & Sons, London',
      year: 1850,
      circa: true,
    },
    licence: 'public-domain',
    verdict: 'traditional, printed c. 1850 (Boosey)',
    notes:
      "Sir Walter Scott's words (he died 1832) are not used. Boosey named no composer; the arrangement is credited to Charlotte Sainton-Dolby (died 1885). The older minor-key 'Bonny Dundee' (Skene manuscript, Playford 1688) is a different tune.",
  },
  {
    id: 'brown-haired-maiden',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title:
        "'Ho-ro, my nut-brown maiden': the Gaelic air with John Stuart Blackie's English words",
      by: 'John Stuart Blackie',
      year: null,
    },
    licence: 'public-domain',
    verdict: 'traditional Gaelic air; 19th century, first printing not confirmed',
    notes:
      "Gaelic 'Ho-ro mo nighean donn bhoidheach'. No source names a composer. We could not confirm where the air was first printed; it was sung with Blackie's English words in his lifetime (he died 1895), which are not used here. For the pipe it is in Logan's Complete Tutor.",
  },
  {
    id: 'campbeltown-loch',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title:
        "The Caledonian Repository of Music Adapted for the Bagpipes, p. 91 ('Loch Chilliciaran')",
      by: 'William Gunn, Glasgow',
      year: 1848,
    },
    licence: 'public-domain',
    verdict: "traditional, printed in Gunn's Caledonian Repository 1848",
    notes:
      "The old 6/8 quickstep of this name, not Andy Stewart's 1960s song 'Campbeltown Loch', which is sung to another pipe march ('The Glendaruel Highlanders'); neither that song's words nor its tune are used. Gunn (died 1867) adapted the tunes of his book for the pipe.",
  },
  {
    id: 'cock-o-the-north',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: "A collection of pipe music ('Gairm nan Coileach')",
      by: 'Donald MacDonald, Edinburgh',
      year: 1822,
    },
    licence: 'public-domain',
    verdict: 'traditional, printed for the pipe 1822',
    notes:
      "A violin print of 1816 is earlier; the tune is kin to the 17th-century English 'Jumping Joan' (Playford's Dancing Master, 1686).",
  },
  {
    id: 'erchless-castle',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: "A Selection of Music for the Highland Bagpipe, vol. 1 ('Erchless Castle')",
      by: 'Donald MacPhee, Glasgow',
      year: 1876,
    },
    licence: 'public-domain',
    verdict: "traditional, printed in MacPhee's Selection 1876",
    notes:
      "Played in the 42nd Highlanders' Long Reveille by 1853; also in David Glen's Collection, book 10.",
  },
  {
    id: 'forbes-march',
    composer: 'Alexander Walker',
    composerDied: 1905,
    source: ross1869(100, "The Forbes' March"),
    licence: 'public-domain',
    verdict: 'public domain: composer died 1905; printed 1869',
    notes:
      'Ross credits "A. Walker": Alexander Walker (1819-1905), fiddler and gardener to Sir Charles Forbes at Castle Newe, who died at Williamstown, Massachusetts.',
  },
  {
    id: 'green-hills-of-tyrol',
    composer: 'Gioachino Rossini',
    composerDied: 1868,
    source: {
      title: "Henderson's Collection of Marches, Strathspeys, Reels and Jigs, p. 90",
      by: 'Peter Henderson, Glasgow',
      year: 1900,
    },
    licence: 'public-domain',
    verdict: 'public domain: Rossini died 1868; pipe setting 1854',
    notes:
      "An air from Rossini's Guillaume Tell (1829), put on the pipe by John MacLeod, pipe major of the 93rd, in the Crimea in 1854. MacLeod's death year is not known; serving in 1854, he cannot have lived into the 1950s. Andy Stewart's song 'A Scottish Soldier' (1961) is sung to this tune; its words are not used.",
  },
  {
    id: 'high-road-to-linton',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: "Collection of Strathspey Reels &c., p. 28 ('The Highway to Linton')",
      by: 'Archibald Duff',
      year: 1794,
    },
    licence: 'public-domain',
    verdict: "traditional, printed in Duff's Collection 1794",
    notes: '',
  },
  {
    id: 'hundred-pipers',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: "'The Hundred Pipers', song sheet arranged by Elizabeth Rainforth",
      by: 'Edinburgh',
      year: 1852,
      circa: true,
    },
    licence: 'public-domain',
    verdict: 'traditional air, printed c. 1852',
    notes:
      "Lady Nairne's words (she died 1845; printed 1846 in Lays from Strathearn) are not used. The air's maker is not known; Rainforth, who arranged the first sheet, died 1877.",
  },
  {
    id: 'minstrel-boy',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: "A Selection of Irish Melodies, No. 5 (air 'The Moreen')",
      by: 'Thomas Moore and Sir John Stevenson, Dublin and London',
      year: 1813,
    },
    licence: 'public-domain',
    verdict: "traditional Irish air, printed in Moore's Irish Melodies 1813",
    notes: "Thomas Moore's words (he died 1852) are not used.",
  },
  {
    id: 'mrs-macleod-of-raasay',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title:
        "Fifth Collection of Strathspey Reels ('Mrs McLeod of Raasay, an original Isle of Skye reel')",
      by: 'Nathaniel Gow, Edinburgh',
      year: 1809,
    },
    licence: 'public-domain',
    verdict: "traditional, printed in Gow's Fifth Collection 1809",
    notes: '',
  },
  {
    id: 'reel-of-tulloch',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: 'A Collection of Scots Reels or Country Dances, p. 4',
      by: 'Robert Bremner, Edinburgh',
      year: 1757,
      circa: true,
    },
    licence: 'public-domain',
    verdict: 'traditional, printed by Bremner c. 1757',
    notes:
      'A 17th-century pipe reel by tradition. Set here from the melody as William Vickers noted it (Northumberland manuscript, 1770); the chanter has no low E, so the low E of that setting is played an octave up, as pipers do.',
  },
  {
    id: 'sally-gardens',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title:
        "Ancient Music of Ireland, from the Petrie Collection ('The Maids of the Mourne Shore')",
      by: 'Francis Hoffmann, from George Petrie, Dublin',
      year: 1877,
    },
    licence: 'public-domain',
    verdict: 'traditional Irish air, printed 1877 (Petrie collection)',
    notes:
      "Noted in Co. Derry in 1834. Herbert Hughes (died 1937) set W. B. Yeats's poem to it in Irish Country Songs (1909); Yeats's words (he died 1939) are not used. The whole air is set, both halves, in G so it stays within the chanter's nine notes.",
  },
  {
    id: 'scotland-the-brave',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: 'Utah Musical Bouquet (January issue)',
      by: 'Salt Lake City',
      year: 1878,
    },
    licence: 'public-domain',
    verdict: 'traditional, printed 1878 (in Scotland 1891)',
    notes:
      "Printed in Scotland in The National Choir (1891) and as 'Scotland for Ever' in K. N. MacDonald's Gesto Collection (1895). Cliff Hanley's words (1950; he died 1999) are still in copyright and are not used: only the melody is here.",
  },
  {
    id: 'skye-boat-song',
    composer: 'Anne Campbell MacLeod',
    composerDied: 1921,
    source: {
      title: "Songs of the North, vol. 1 ('Skye Boat Song', arranged by Malcolm Lawson)",
      by: 'A. C. MacLeod and Harold Boulton, London',
      year: 1884,
    },
    licence: 'public-domain',
    verdict: 'public domain: composer died 1921; printed 1884',
    notes:
      "Anne Campbell MacLeod (Lady Wilson) heard the first half, a Gaelic rowing song, on Skye in 1879 and added the second half herself. Sir Harold Boulton's words (he died 1935) and R. L. Stevenson's are not used; Lawson, the arranger, died 1918.",
  },
  {
    id: 'stalker-castle',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: "The Piper's Assistant ('Stalker Castle', a slow march)",
      by: 'John McLachlan (ed.), Glasgow',
      year: 1854,
    },
    licence: 'public-domain',
    verdict: "traditional, printed in McLachlan's Piper's Assistant 1854",
    notes: 'Castle Stalker stands on an islet in Loch Linnhe. Set in 3/4, as the book prints it.',
  },
  {
    id: 'water-is-wide',
    composer: TRADITIONAL,
    composerDied: null,
    source: {
      title: "Folk Songs from Somerset ('O Waly, Waly')",
      by: 'Cecil J. Sharp, London',
      year: 1906,
    },
    licence: 'public-domain',
    verdict: 'traditional English air, noted 1905, printed 1906',
    notes:
      'Sharp (died 1924) noted the tune from Caroline Cox of High Ham, Somerset, in 1905 and printed it again in One Hundred English Folksongs (1916). The words are not used.',
  },
];

/** The rights record of a library tune, if it has one. */
export function rightsOf(id: string): LibraryRights | undefined {
  return libraryRights.find((r) => r.id === id);
}
