/**
 * The layout tuple BWW writers put after a tune's title (`"Title",(T,L,0,0,…)`): its leading `T`
 * is what tells a reader the text is the title (parseBww's roleByLetter), so a title written
 * without one reads back as a free text. Bagpipe Music Writer's default: Times New Roman 16 bold.
 */
export const TITLE_FORMAT = 'T,L,0,0,Times New Roman,16,700,0,0,18,0,0,0';
