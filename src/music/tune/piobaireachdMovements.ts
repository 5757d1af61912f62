/**
 * Piobaireachd (ceòl mór) movements by their Bagpipe Music Writer codes, with the grace notes
 * BMW writes for them; part of the embellishment table in ./embellishments.ts, kept apart for
 * size. Grace notes are spelled in one letter each: g a b c d e f = Low G … F, G = High G,
 * A = High A. Codes prefixed p are BMW's abbreviated notation of the same movement; g/t/h
 * prefixes are the High G, thumb and half forms, as elsewhere.
 * Sources cross-checked: BMW's movement palette as mirrored by PipeScore's BWW importer,
 * bww2abc-style converters, and Ensemble's BMW token table.
 */
import type { EmbellishmentFamily } from './tune.ts';

export type MovementRow = readonly [code: string, family: EmbellishmentFamily, graces: string];

const rows = (family: EmbellishmentFamily, list: string): MovementRow[] =>
  list
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [code = '', graces = ''] = pair.split('=');
      return [code, family, graces] as const;
    });

export const piobaireachdMovements: readonly MovementRow[] = [
  // Cadences: the letters after 'cad' are the gracenotes; f-forms carry a fermata.
  ...rows(
    'cadence',
    `cadged=Ged cadge=Ge caded=ed cade=e cadaed=Aed cadae=Ae cadgf=Gf cadaf=Af
     fcadged=Ged fcadge=Ge fcaded=ed fcade=e fcadaed=Aed fcadae=Ae fcadgf=Gf fcadaf=Af`,
  ),
  // Echo beats: the echoed note is struck with the named gracenote.
  ...rows('echo', 'echolg=g echola=a echob=b echoc=c echod=d echoe=e echof=f echohg=G echoha=A'),
  // E, F and High G throws (edre family), with their G, thumb and half forms.
  ...rows(
    'edre',
    `edre=eafa embari=egfg endari=eafa chedari=feGefe hedari=eGefe dre=afa
     pedre=eafa pembari=egfg pendari=eafa pchedari=feGefe phedari=eGefe
     gedre=Geafa tedre=Aeafa eedre=ebfb dare=feGe gdare=GfeGe tdare=AfeGe
     tchechere=AGeAe hchechere=eAe hedale=eGe
     edrelg=egfg edrela=eafa edreb=ebfb edrec=ecfc edred=edfd
     pedreb=ebfb pedrec=ecfc pedred=edfd`,
  ),
  // High A and D throws.
  ...rows('throw', 'dili=AG pdili=AG tra=gdc ptra=gdc tra8=gdc ptra8=gdc htra=dc phtra=dc'),
  // Piobaireachd grips: deda, enbain, otro, odro, adeda, and their forms.
  ...rows(
    'grip',
    `pgrp=gdg deda=geg enbain=agdg otro=bgdg odro=cgdg adeda=dgeg
     genbain=Gagdg gotro=Gbgdg godro=Gcgdg gadeda=Gdgeg
     tenbain=Aagdg totro=Abgdg todro=Acgdg tadeda=Adgeg
     penbain=agdg potro=bgdg podro=cgdg padeda=dgeg`,
  ),
  ...rows(
    'darodo',
    'darodo=gdgcg darodo16=gdgcg hdarodo=dgcg pdarodo=gdgcg pdarodo16=gdgcg phdarodo=dgcg',
  ),
  ...rows('rodin', 'rodin=gbg'),
  ...rows('hiharin', 'hiharin=dagag phiharin=dagag'),
  ...rows('other', 'din=g chelalho=fde'),
  // Lemluaths (leumluath): the grip (B from D), and the half forms onto Low A or Low G.
  ...rows('lemluath', 'lem=gdg lemb=gbg hlemla=da hlemlg=dg pl=gdge plb=gbge phlla=dae'),
  // Taorluaths as piobaireachd variations, closed (breabach) and a mach forms.
  ...rows(
    'taorluath',
    `htarla=dae htarlg=dge pt=gdge ptb=gbge phtla=dae
     tarbrea=gdge tarbbrea=gbge htarlabrea=dge ptbrea=dge ptbbrea=gdge phtlabrea=gbge
     ptmb=gdge ptmc=gdge ptmd=gdc`,
  ),
  // Triplings: the note struck three times through D (High G, thumb and half forms).
  ...rows(
    'tripling',
    `ptriplg=Ggdge ptripla=Gadae ptripb=Gbdbe ptripc=Gcdce
     pttriplg=gdge pttripla=adae pttripb=bdbe pttripc=cdce
     phtriplg=Agdge phtripla=Aadae phtripb=Abdbe phtripc=Acdce`,
  ),
  // Crunluaths: the taorluath then Low A, F, Low A; closed and a mach forms.
  ...rows(
    'crunluath',
    `crunl=gdgeafa crunlb=gbgeafa hcrunlla=daeafa hcrunllgla=dgeafa
     pc=gdgeafa pcb=gbgeafa phcla=daeafa
     crunlbrea=gbgeafa crunlbbrea=gdgegfg hcrunllabrea=daeafa
     pcbrea=gbgeafa pcbbrea=gdgegfg phclabrea=daeafa
     pcmb=Gbgdgbebfb pcmc=Gcgdgcecfc pcmd=Gbgdcdedfd`,
  ),
];
