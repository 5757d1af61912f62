import { paths } from '../../../contracts/routes.ts';

export interface ResourceLink {
  readonly title: string;
  readonly description: string;
  /** An external URL, or an internal path from the route table. */
  readonly href: string;
  readonly internal?: boolean;
  /**
   * An internal page whose feature has not landed yet: the link says 'Coming soon' and its
   * description what is true today, not what the page will offer (issue 22 item 11).
   */
  readonly comingSoon?: boolean;
}

export interface ResourceCategory {
  readonly title: string;
  readonly links: readonly ResourceLink[];
}

const youtube = (query: string) =>
  `https://www.youtube.com/results?search_query=${encodeURIComponent(query)}`;

/** Spec §2.3 Resources: six categories; internal links go to /instruction, /bands, /band-registration. */
export const resourceCategories: readonly ResourceCategory[] = [
  {
    title: 'Learning Resources',
    links: [
      {
        title: 'Find a tutor',
        description:
          'Piping tutors near you or online, and a learning path through Chanterlab’s tools from the first notes to the first tunes.',
        href: paths.instruction,
        internal: true,
      },
      {
        title: 'The College of Piping',
        description:
          'Glasgow teaching institution and publisher of the green Tutor books most pipers start with.',
        href: 'https://www.collegeofpiping.org',
      },
      {
        title: 'The National Piping Centre',
        description: 'Lessons, courses and the bagpipe museum in Glasgow, with online tuition.',
        href: 'https://www.thepipingcentre.co.uk',
      },
      {
        title: 'Piping Press',
        description: 'News, competition results and articles on technique and history.',
        href: 'https://www.pipingpress.com',
      },
      {
        title: 'Bagpipe Music Writer',
        description: 'The notation program whose .bww files most shared pipe tunes use.',
        href: 'https://www.bagpipesoftware.com',
      },
    ],
  },
  {
    title: 'Bagpipe Bands',
    links: [
      {
        title: 'Find a band',
        description:
          'Pipe bands near you on a map and a list, with their grade, practice nights and what they are recruiting. The associations below list their member bands too.',
        href: paths.bands,
        internal: true,
      },
      {
        title: 'Register your band',
        description:
          'List your band for free during the launch phase, so new pipers near you find it on the band finder.',
        href: paths.bandRegistration,
        internal: true,
      },
      {
        title: 'Royal Scottish Pipe Band Association',
        description: 'The governing body of pipe band competition, with band grades and results.',
        href: 'https://www.rspba.org',
      },
      {
        title: 'Eastern United States Pipe Band Association',
        description: 'Bands, competitions and solo grading in the eastern United States.',
        href: 'https://www.euspba.org',
      },
    ],
  },
  {
    title: 'Practice Chanters',
    links: [
      {
        title: 'Practice chanter (Wikipedia)',
        description:
          'What a practice chanter is, how it differs from the pipe chanter, and why every piper starts on one.',
        href: 'https://en.wikipedia.org/wiki/Practice_chanter',
      },
      {
        title: 'McCallum Bagpipes',
        description: 'Scottish maker of polypenco practice chanters in standard and long sizes.',
        href: 'https://www.mccallumbagpipes.com',
      },
      {
        title: 'Choosing a practice chanter',
        description: 'Video comparisons of short, long and child-size practice chanters.',
        href: youtube('choosing a practice chanter'),
      },
    ],
  },
  {
    title: 'Electronic Bagpipes',
    links: [
      {
        title: 'Fagerstrom Technopipes',
        description:
          'Electronic chanters with headphones for silent practice and many pipe sounds.',
        href: 'https://www.technopipes.com',
      },
      {
        title: 'Deger Pipes',
        description: 'Electronic bagpipes and practice chanters with drones and recording.',
        href: 'https://www.degerpipes.com',
      },
    ],
  },
  {
    title: 'Gear',
    links: [
      {
        title: 'Great Highland bagpipe (Wikipedia)',
        description:
          'The parts of the pipe: bag, blowpipe, drones, chanter and reeds, and their history.',
        href: 'https://en.wikipedia.org/wiki/Great_Highland_bagpipe',
      },
      {
        title: 'Setting up a practice chanter reed',
        description: 'Videos on fitting, moving and replacing a practice chanter reed.',
        href: youtube('practice chanter reed setup'),
      },
      {
        title: 'Bagpipe maintenance',
        description: 'Seasoning the bag, hemping joints and caring for reeds.',
        href: youtube('bagpipe maintenance hemping seasoning'),
      },
    ],
  },
  {
    title: 'YouTube Instruction',
    links: [
      {
        title: 'First lessons on the practice chanter',
        description: 'Holding the chanter, the scale and your first grace notes.',
        href: youtube('practice chanter lesson beginner'),
      },
      {
        title: 'Embellishments',
        description: 'Doublings, throws, grips, taorluaths and birls, slowly explained.',
        href: youtube('bagpipe embellishments tutorial'),
      },
      {
        title: 'Tunes to learn',
        description: 'Scotland the Brave, Amazing Grace and other first tunes, note by note.',
        href: youtube('bagpipe tune tutorial practice chanter'),
      },
    ],
  },
];
